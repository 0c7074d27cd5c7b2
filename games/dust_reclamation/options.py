"""What an event of Dust: Reclamation may choose."""

from django.utils.translation import gettext_lazy as _

from ..options import GameOption

# The rules' text says the Work Order bonus is shared among the qualifying players; some groups play
# it as 2 points to each of them. Shared is the default; each event may choose (docs/scoring.md).
SPLIT_WORK_ORDER = GameOption(
    "split_work_order",
    _("Reclamation: share the Work Order points"),
    default=True,
    help=_(
        "Ticked (the rules' reading): the 2 points are shared among the players who meet the quota, rounded "
        "half up (1 each for 2 to 4 of them). Unticked: each of them gets the full 2 points."
    ),
    shown=(
        _("Work Order: the 2 points are shared among the players who meet the quota"),
        _("Work Order: each player who meets the quota gets 2 points"),
    ),
)

OPTIONS = (SPLIT_WORK_ORDER,)
