"""Dust Collectorz cards: champions with a tribe, a rank, an ability and four stats, and Counter
type cards (plain Python)."""

from django.utils.translation import gettext_lazy as _

from core.errors import DomainError, define_messages

from ..cards import CardSchema, common_fields, search_key, text_field
from ..cards import whole_number as card_number

define_messages(
    {
        "card.unknown_tribe": _("Unknown tribe “%(tribe)s”; known tribes: %(known)s."),
        "card.unknown_rank": _("Unknown rank “%(rank)s”; expected one of %(expected)s."),
        "card.stats_shape": _("“%(name)s” must be an object with power, speed, health and cunning."),
        "card.unknown_stat": _("Unknown stat “%(stat)s”."),
    }
)

SLUG = "dust-collectorz"

RANKS = {
    "bronze": _("Bronze"),
    "silver": _("Silver"),
    "gold": _("Gold"),
    "platinum": _("Platinum"),
    "epic": _("Epic"),
}
STATS = ("power", "speed", "health", "cunning")
STAT_LABELS = {"power": _("Power"), "speed": _("Speed"), "health": _("Health"), "cunning": _("Cunning")}
MAX_STAT = 99


class DustCollectorzSchema(CardSchema):
    """Champions have a tribe, a rank, an ability and four stats; Counter type cards have none."""

    key = SLUG
    label = _("Dust Collectorz (tribes, ranks, stats)")
    uses_tribes = True
    tribe_count = 5
    card_types = {"champion": _("Champion"), "counter": _("Counter")}
    ranks = RANKS
    stats = STATS
    stat_labels = STAT_LABELS

    def clean(self, raw, tribes):
        card = common_fields(raw)
        self.check_type(card["type"])
        card["ability"] = text_field(raw, "ability", max_length=120)
        card["attributes"] = {}
        if card["type"] == "champion":
            card.update(self._champion_fields(raw, tribes))
        else:
            card.update({"tribe": None, "rank": "", **dict.fromkeys(STATS)})
        return card

    def _champion_fields(self, raw, tribes):
        tribe = text_field(raw, "tribe", required=True, max_length=60)
        matches = [name for name in tribes if search_key(name) == search_key(tribe)]
        if not matches:
            raise DomainError("card.unknown_tribe", "tribe", tribe=tribe, known=list(tribes) or "—")
        rank = text_field(raw, "rank", required=True, max_length=16).lower()
        if rank not in RANKS:
            raise DomainError("card.unknown_rank", "rank", rank=rank, expected=list(RANKS))
        return {"tribe": matches[0], "rank": rank, **self._stats(raw)}

    def _stats(self, raw):
        stats = raw.get("stats")
        if not isinstance(stats, dict):
            raise DomainError("card.stats_shape", "stats", name="stats")
        unknown = set(stats) - set(STATS)
        if unknown:
            raise DomainError("card.unknown_stat", "stats", stat=sorted(unknown)[0])
        return {stat: card_number(stats.get(stat), f"stats.{stat}", 0, MAX_STAT) for stat in STATS}
