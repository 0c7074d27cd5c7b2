"""Rule references in the reader's language: the format files cite rules by their English section
names ("Deck Composition 2"); violations show them as the reader's rules document names them
("Composition du Deck 2", "Composizione del Mazzo 2"). A label we do not know is shown as is."""

import re

from django.utils.translation import gettext_lazy as _
from django.utils.translation import pgettext_lazy

SECTIONS = {
    "Deck Composition": _("Deck Composition"),
    "Banned / Restricted Card List": _("Banned / Restricted Card List"),
    "Deck Building Clarifications": _("Deck Building Clarifications"),
    "General Guidelines": _("General Guidelines"),
    "Game Play Clarifications": _("Game Play Clarifications"),
    "Pre-release Ruleset": _("Pre-release Ruleset"),
}
TOPICS = {
    "Banned": pgettext_lazy("rule section", "Banned"),
    "Restricted": pgettext_lazy("rule section", "Restricted"),
    "Allies": _("Allies"),
    "Deck Size": _("Deck Size"),
    "Mastery Cards": _("Mastery Cards"),
    "Named Cards": _("Named Cards"),
    "Tokui-Waza": _("Tokui-Waza"),
    "a total of three": _("a total of three"),
    "only one card from each group": _("only one card from each group"),
    "Battle Simulator Cards": _("Battle Simulator Cards"),
    "Card Eligibility": _("Card Eligibility"),
    "Anger and Main Personality Levels": _("Anger and Main Personality Levels"),
    "the site's product model": _("the site's product model"),  # a sealed product: the rules describe none
}
NUMBERED = re.compile(r"^(?P<section>.+?)\s+(?P<number>\d+(?:\.\d+)*)$")


def rule_label(rule):
    """'Deck Composition 2' -> its name in the active language; 'Section: Topic' part by part."""
    section, separator, topic = rule.partition(": ")
    numbered = NUMBERED.match(section)
    if numbered and numbered["section"] in SECTIONS:
        section = f"{SECTIONS[numbered['section']]} {numbered['number']}"
    else:
        section = str(SECTIONS.get(section, section))
    if not separator:
        return section
    return _("%(section)s: %(topic)s") % {"section": section, "topic": TOPICS.get(topic, topic)}
