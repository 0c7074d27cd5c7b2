"""What an event of Dust: Reclamation may choose."""

from django.utils.translation import gettext_lazy as _

from ..options import GameOption

# The rules leave open whether the Work Order points go to each player who meets the quota or are
# shared between them; each event says which (docs/scoring.md).
SPLIT_WORK_ORDER = GameOption("split_work_order", _("Reclamation: share the Work Order points"), default=False)

OPTIONS = (SPLIT_WORK_ORDER,)
