"""What an event of Dust Collectorz may choose: Young Champions, the rules' game mode for young
players, instead of the capture-pile game."""

from django.utils.translation import gettext_lazy as _

from core.errors import define_messages

from ..options import GameOption

define_messages(
    {
        "game.young_champions_teams": _(
            "Young Champions is played by each player for themselves, not by teams: choose versus or "
            "free-for-all for a Young Champions event."
        ),
    }
)

# Game Mode: Young Champions (rules V202310.09). A game's result is the cards each player has left
# and who made the last successful play, so the event's score sheet and scoring follow this choice.
YOUNG_CHAMPIONS = GameOption(
    "young_champions",
    _("Dust Collectorz: play Young Champions"),
    default=False,
    help=_(
        "The rules' game mode for players from 4 years old. Players in turn beat the card in the centre by "
        "the tribe wheel, with one card or a tribal chain (each card beating the one before it), and draw "
        "when they cannot. The first to have no cards left in deck and hand wins; otherwise the fewest "
        "cards in hand, a tie going to the player who made the last successful play. The score sheet then "
        "asks for each player's cards left and that last play. Versus or free-for-all, not teams."
    ),
    shown=(
        _("Young Champions (age 4+): the player left with the fewest cards wins"),
        _("The standard game: capture piles and the last round score"),
    ),
    modes=("versus", "ffa"),
    refusal="game.young_champions_teams",
)

OPTIONS = (YOUNG_CHAMPIONS,)


def plays_young_champions(options):
    """Whether an event with these options (as stored, possibly without the key) plays Young Champions."""
    return bool((options or {}).get(YOUNG_CHAMPIONS.key, YOUNG_CHAMPIONS.default))
