"""Dust: Reclamation quick reference: the scoring, with the shares of the Work Order points worked out."""

from django.utils.translation import gettext_lazy as _
from django.utils.translation import ngettext

from .. import quick
from .scoring import CARDS_DEALT, DUST_CARDS, DUST_POINTS, ROUNDS, TRICK_POINTS, WORK_ORDER_POINTS, work_order_share

SHARE_EXAMPLES = (2, 3, 4)  # qualifier counts the rules page works out


def quick_reference(source):
    shares = ", ".join(
        ngettext(
            "%(each)s point each when %(players)s players meet it",
            "%(each)s points each when %(players)s players meet it",
            work_order_share(count),
        )
        % {"each": work_order_share(count), "players": count}
        for count in SHARE_EXAMPLES
    )
    return [
        quick.heading(_("Scoring")),
        quick.paragraph(
            ngettext(
                "A game lasts %(rounds)s round. In each round every player scores:",
                "A game lasts %(rounds)s rounds. In each round every player scores:",
                ROUNDS,
            )
            % {"rounds": ROUNDS}
        ),
        quick.items(
            [
                _("+%(points)s per trick won;") % {"points": TRICK_POINTS},
                _("±%(points)s per Dust card won in tricks, plus or minus as the round's Dust Value card says;")
                % {"points": DUST_POINTS},
                _("+%(points)s for meeting the Work Order quota.") % {"points": WORK_ORDER_POINTS},
            ]
        ),
        quick.paragraph(
            _(
                "Events score the Work Order in one of two ways. By default, as the rules say, the players who "
                "meet the quota share the %(points)s points, rounded to the nearest whole point, halves up: "
                "%(shares)s. An event may instead give each of them %(points)s points; its page says which."
            )
            % {"points": WORK_ORDER_POINTS, "shares": shares}
        ),
        quick.paragraph(
            _(
                "A round is %(tricks)s tricks (%(tricks)s cards are dealt to each player) and the deck holds "
                "%(dust)s Dust cards: a report with more tricks or more Dust cards in a round is refused. Two "
                "rounds have a + Dust Value and two a −."
            )
            % {"tricks": CARDS_DEALT, "dust": DUST_CARDS}
        ),
        quick.paragraph(
            _("The highest total after the last round wins; equal totals share the victory. There is no deck building.")
        ),
    ]
