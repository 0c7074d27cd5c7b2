"""A sample event for `make run`: 12 players with registered decklists, two rounds played, the
third paired. Everything is fixed (the pairing seed, the results, the lists), so every load is
the same event and tests can check its metagame against a count made by hand."""

import random

from django.contrib.auth import get_user_model
from django.utils import timezone

from catalogue.models import Card
from decks.models import Visibility
from decks.services.decks import create_deck
from games import dust_collectorz
from tournaments.models import Event, EventSettings
from tournaments.services import decklists, entrants, events, results, rounds

SAMPLE_NAME = "Sample prerelease (demo)"
WALK_INS = ["Ada", "Bruno", "Chiara", "Dmitri", "Elodie", "Femi", "Greta", "Hugo", "Ines"]
PAIRING_SEED = 2026
FORMAT = "dc-prerelease"

# Pre-release decks (Deck Composition 1-3): per tribe 2 Bronze, 2 Silver, 1 Gold and the Platinum
# below unless the deck plays that tribe's Epic instead; two Counter type cards.
CORE = [
    "Fluffnip", "Pocket Puff", "Vent Skulker", "Fuzzball Matron", "Lint Trap Warden",
    "Bolt Nibbler", "Hinge Hopper", "Scrap Sentry", "Gearjaw", "Rustback Foreman",
    "Corner Creeper", "Threadling", "Web Warden", "Dangleleg", "Matriarch of Corners",
    "Muck Mite", "Puddle Pest", "Grate Grabber", "Sludge Bruiser", "Clogmaster",
    "Mothball Monk", "Cardboard Squire", "Heirloom Keeper", "Rafter Owl", "Grandfather Clockwork",
    "Dustpan Trap", "Feather Duster",
]  # fmt: skip
PLATINUM = {
    "Lintlings": "Great Tangle of Lint",
    "Rustbacks": "Junkyard Juggernaut",
    "Cobweavers": "Chandelier Lurker",
    "Gutter Gremlins": "The Storm Drain Baron",
    "Attic Hoarders": "The Grand Hoarder",
}
# Deck name -> the Epic cards it plays, by tribe; and who plays which deck.
DECKS = {
    "Rust and Lint": {"Lintlings": "Omnifluff the Endless", "Rustbacks": "King Corrode"},
    "The Weaver": {"Cobweavers": "Arachnerva the Weaver"},
    "Five Platinum": {},
    "Heirloom Tide": {"Gutter Gremlins": "Bilgewater Bess", "Attic Hoarders": "The Last Heirloom"},
}
PLAYS = {
    "Rust and Lint": ("Alice", "Ada", "Dmitri", "Greta"),
    "The Weaver": ("Bob", "Bruno", "Elodie"),
    "Five Platinum": ("Charlie", "Chiara", "Hugo"),
    "Heirloom Tide": ("Femi", "Ines"),
}


def load_sample_event():
    """Creates the sample event once; running again changes nothing."""
    if Event.objects.filter(name=SAMPLE_NAME).exists():
        return None
    User = get_user_model()
    organiser = User.objects.get(username="organiser")
    starts = timezone.localtime().replace(hour=10, minute=0, second=0, microsecond=0)
    event = events.create_event(
        organiser, SAMPLE_NAME, dust_collectorz.SLUG, best_of=3, top_cut=8, swiss_rounds=4, starts_at=starts,
        venue="Arcobaleno", capacity=16, format_slug=FORMAT,
    )  # fmt: skip
    # A fixed seed instead of a drawn one: the demo pairs the same way on every load.
    EventSettings.objects.filter(event=event).update(seed=PAIRING_SEED)
    event.settings.seed = PAIRING_SEED
    for username in ("alice", "bob", "charlie"):  # players with an account enter themselves
        entrants.register_player(event, User.objects.get(username=username))
    for name in WALK_INS:
        entrants.add_entrant(event, organiser, name=name)
    _register_decks(event, organiser)
    entrants.check_in_many(event, organiser)  # everyone is at the desk
    events.start_event(event, organiser)
    rng = random.Random(2026)
    for _round in range(2):
        round_ = rounds.pair_next_round(event, organiser)
        for match in round_.matches.filter(is_bye=False).order_by("table").prefetch_related("seats"):
            first, second = (seat.entrant_id for seat in sorted(match.seats.all(), key=lambda seat: seat.pk))
            score = rng.choice([(2, 0), (2, 1), (1, 2), (0, 2)])
            results.record_result(match, organiser, wins={first: score[0], second: score[1]})
    rounds.pair_next_round(event, organiser)
    return event


def _register_decks(event, organiser):
    """Each player registers their deck: account holders their own, the organiser the walk-ins'."""
    cards = {card.name: card.pk for card in Card.objects.filter(card_set__game=event.game)}
    for deck_name, epics in DECKS.items():
        chosen = [*CORE, *(epics.get(tribe, platinum) for tribe, platinum in PLATINUM.items())]
        for player in PLAYS[deck_name]:
            entrant = event.entrants.select_related("user").get(name=player)
            owner = entrant.user or organiser
            deck = create_deck(
                owner, deck_name, event.game, FORMAT, Visibility.PRIVATE, {cards[name]: 1 for name in chosen}
            )
            decklists.submit_deck(entrant, deck.latest_version(), owner)
