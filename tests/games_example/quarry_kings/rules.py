"""Quarry Kings' deck rule: a deck's cards carry at most so many crowns in all."""

from django.utils.translation import gettext_lazy as _

from games.deck_rules import Constraint


class CrownTotal(Constraint):
    """{"kind": "crown_total", "max": 3}: the `crowns` of every copy, added up, stay within `max`."""

    kind = "crown_total"
    message = _("The deck carries %(actual)s crowns; at most %(max)s are allowed.")

    def __init__(self, spec, place):
        super().__init__(spec, place)
        self.max = self.number(spec, "max", place, 0)

    def check(self, deck, ctx):
        crowned = [entry for entry in ctx.entries if entry.card.attributes.get("crowns")]
        total = sum(entry.card.attributes["crowns"] * entry.qty for entry in crowned)
        if total > self.max:
            yield self.violation({"max": self.max}, [entry.card.name for entry in crowned], self.max, total)
