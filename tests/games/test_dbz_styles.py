"""DBZ Martial Arts Styles: only a style as the first word of a card's title counts for or against
a Tokui-Waza (rulings v1.5.0, Tokui-Waza), so a catalogue cannot give a card another style."""

import pytest

from catalogue.models import Card
from catalogue.services import import_catalogue_file
from core.errors import DomainError
from tests.conftest import write_catalogue

pytestmark = pytest.mark.django_db


def document(*cards):
    return {
        "game": "dbz-ccg",
        "set": {"code": "T2", "name": "Style Test Saga", "released_on": "2004-01-01"},
        "cards": [{"number": str(number), **card} for number, card in enumerate(cards, 1)],
    }


def test_a_style_the_title_does_not_start_with_is_refused(tmp_path):
    named = {"name": "Tien's Physical Attack", "type": "physical_combat", "attributes": {"style": "black"}}
    with pytest.raises(DomainError) as caught:
        import_catalogue_file(write_catalogue(tmp_path, document(named)))
    assert caught.value.field == "attributes.style"
    assert "Tien's Physical Attack" in caught.value.message and "black" in caught.value.message
    other = {"name": "Saiyan Truce Card", "type": "combat", "attributes": {"style": "red"}}
    with pytest.raises(DomainError):
        import_catalogue_file(write_catalogue(tmp_path, document(other)))
    assert not Card.objects.exists()


def test_a_style_that_agrees_with_the_title_is_kept(tmp_path):
    cards = (
        {"name": "Red Test Punch", "type": "physical_combat", "attributes": {"style": "Red"}},
        {"name": "Namek Test Ball", "type": "dragon_ball"},
    )
    import_catalogue_file(write_catalogue(tmp_path, document(*cards)))
    styles = {card.name: card.attributes.get("style") for card in Card.objects.all()}
    assert styles == {"Red Test Punch": "red", "Namek Test Ball": None}
