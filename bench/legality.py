"""Deck validation speed.

1. The pure engine: dc-prerelease validations per second on one core, beside a peer that
   only walks the same deck once (the floor any validator pays), in the same run.
2. The validate endpoint's median latency beside trivial JSON views (plain Django, and DRF
   posting the same body), through the same WSGI stack in the same run.
"""

import datetime
import json
import statistics
import time
import timeit

from .setup import django_with_sample_data

ENGINE_RUNS = 20000
HTTP_RUNS = 1000


def legal_sample_decklist():
    from collections import Counter

    from catalogue.models import Card, Tribe

    lines, shared = [], Counter()
    for tribe in Tribe.objects.filter(game__slug="dust-collectorz").values_list("name", flat=True):
        for rank, count in (("bronze", 2), ("silver", 2), ("gold", 1), ("platinum", 1)):
            chosen = []
            for card in Card.objects.filter(card_set__code="PR1", tribe__name=tribe, rank=rank).order_by("number"):
                if len(chosen) < count and (shared[card.ability] < 2 or rank not in ("bronze", "silver")):
                    chosen.append(card)
                    shared[card.ability] += rank in ("bronze", "silver")
            lines += [f"1 {card.name}" for card in chosen]
    lines += [f"1 {card.name}" for card in Card.objects.filter(card_set__code="PR1", type="counter")[:2]]
    return "\n".join(lines)


def bench_engine(decklist):
    from catalogue.models import Game
    from decks.legality import validate
    from decks.services.legality import card_index, deck_from_lines, format_for, resolve_decklist

    game = Game.objects.get(slug="dust-collectorz")
    day = datetime.date(2024, 1, 1)
    parsed = resolve_decklist(decklist, game)
    deck = deck_from_lines(parsed.lines, parsed.declarations)
    _row, compiled = format_for("dc-prerelease", day)
    domains = card_index(game).domains
    assert validate(deck, compiled, day, domains).legal

    def walk_once():
        return sum(entry.qty for entry in deck.entries)

    engine = min(timeit.repeat(lambda: validate(deck, compiled, day, domains), number=ENGINE_RUNS, repeat=3))
    floor = min(timeit.repeat(walk_once, number=ENGINE_RUNS, repeat=3))
    return ENGINE_RUNS / engine, engine / floor


def bench_endpoint(decklist):
    from django.http import JsonResponse
    from django.test import Client, override_settings
    from django.urls import path
    from rest_framework.permissions import AllowAny
    from rest_framework.response import Response
    from rest_framework.views import APIView

    from config.urls import urlpatterns as site_urlpatterns

    def trivial(request):
        return JsonResponse({"ok": True})

    class TrivialApi(APIView):
        permission_classes = [AllowAny]

        def post(self, request):
            return Response({"ok": True})

    urlpatterns = [path("bench/trivial/", trivial), path("bench/trivial-api/", TrivialApi.as_view()), *site_urlpatterns]
    body = json.dumps({"format": "dc-prerelease", "decklist": decklist, "as_of": "2024-01-01"})
    client = Client(HTTP_HOST="127.0.0.1")
    with override_settings(ROOT_URLCONF=type("BenchUrls", (), {"urlpatterns": urlpatterns})):
        calls = {
            "validate": lambda: client.post("/api/v1/decks/validate/", body, content_type="application/json"),
            "trivial": lambda: client.get("/bench/trivial/"),
            "trivial_api": lambda: client.post("/bench/trivial-api/", body, content_type="application/json"),
        }
        medians = _interleaved_medians(calls)
    return medians["validate"], medians["trivial"], medians["trivial_api"]


def _interleaved_medians(calls):
    """Time the calls in turn, round after round, so machine noise hits all of them alike."""
    samples = {name: [] for name in calls}
    for call in calls.values():
        call()  # warm caches
    for _ in range(HTTP_RUNS):
        for name, call in calls.items():
            start = time.perf_counter()
            response = call()
            samples[name].append(time.perf_counter() - start)
            assert response.status_code == 200, response.content[:200]
    return {name: statistics.median(values) for name, values in samples.items()}


def main():
    django_with_sample_data()
    decklist = legal_sample_decklist()
    per_second, ratio_to_floor = bench_engine(decklist)
    validate, trivial, trivial_api = bench_endpoint(decklist)
    print("legality engine (dc-prerelease, legal 32-card deck, one core)")
    print(f"  validations per second: {per_second:,.0f}  (target >= 20,000)")
    print(f"  time per validation / time to walk the deck once: {ratio_to_floor:.1f}x")
    print(f"validate endpoint vs trivial JSON view (in-process WSGI, median of {HTTP_RUNS})")
    print(f"  validate {validate * 1000:.2f} ms")
    print(f"  trivial Django JSON view {trivial * 1000:.2f} ms: ratio {validate / trivial:.2f}x  (target <= 3x)")
    print(f"  trivial DRF JSON view (same body) {trivial_api * 1000:.2f} ms: ratio {validate / trivial_api:.2f}x")
