"""Feeds the checker: the current documents of a game, the admin's confirmed terms, the game's own
words and names, and the engine's values; marks the findings a person accepted."""

import dataclasses
import hashlib
import json
import threading

from django.core.cache import cache
from django.utils import translation

from catalogue.models import Card

from .alignment import align
from .checker import CheckInput, check
from .models import FindingReview, Terminology
from .parsing import parse_rules
from .quick_reference import rules_expectations
from .services import current_documents, pairings_of, reference_language, stale_rules

CACHE_SECONDS = 24 * 3600
CHECKER_VERSION = "6"
# The last few results this process computed, in front of the shared cache: a translator's check
# page, its reloads and the command ask the same question again, and the answer is a few thousand
# findings that unpickling would rebuild each time. Keyed by content, so never stale.
RECENT_KEPT = 4
_recent: dict[str, tuple] = {}
_recent_lock = threading.Lock()


def check_game(game):
    """(findings, languages) for the game's current rules documents; accepted ones carry their note."""
    documents = current_documents(game)
    if not documents:
        return [], []
    reference = reference_language(documents)
    confirmed = confirmed_terms(game, reference)
    stale = stale_rules(documents)
    names = names_of(game)
    key = _cache_key(game, documents, confirmed, stale, names)
    findings, languages = _remembered(key) or _computed(
        key, lambda: _check(game, documents, reference, confirmed, stale, names)
    )
    reviews = dict(FindingReview.objects.filter(game=game).values_list("key", "note"))
    return [dataclasses.replace(finding, accepted=reviews.get(finding.key)) for finding in findings], languages


def _remembered(key):
    with _recent_lock:
        found = _recent.get(key)
    if found is None and (found := cache.get(key)) is not None:
        _remember(key, found)
    return found


def _computed(key, compute):
    found = compute()
    cache.set(key, found, CACHE_SECONDS)
    _remember(key, found)
    return found


def _remember(key, found):
    with _recent_lock:
        _recent[key] = found
        while len(_recent) > RECENT_KEPT:
            del _recent[next(iter(_recent))]


def _check(game, documents, reference, confirmed, stale, names):
    parsed = {language: parse_rules(doc.source_text, language) for language, doc in documents.items()}
    alignment = align(parsed, reference=reference, pairings=pairings_of(documents))
    glossary_index = parsed[reference].glossary_section
    source = CheckInput(
        rows=list(alignment.rows()),
        reference=reference,
        glossary_key=alignment.section_key_of(reference, glossary_index) if glossary_index is not None else None,
        expectations=rules_expectations(game),
        vocabulary=game_words(game, reference),
        names=names,
        confirmed=confirmed,
        stale=stale,
        ranks=rank_labels(game, alignment.languages),
        moved={
            language: [problem.anchor for problem in alignment.problems(language) if problem.kind == "reordered"]
            for language in alignment.languages[1:]
        },
    )
    return check(source), alignment.languages


def _cache_key(game, documents, confirmed, stale, names):
    hashes = sorted((language, doc.content_hash, sorted(doc.pairing.items())) for language, doc in documents.items())
    stale = sorted((language, sorted(s["anchors"]), s["version"], s["since"]) for language, s in stale.items())
    expectations = rules_expectations(game)
    payload = json.dumps([CHECKER_VERSION, game.slug, hashes, confirmed, stale, expectations, names], default=str)
    return "rules-check:" + hashlib.sha256(payload.encode()).hexdigest()


def game_words(game, reference):
    """The game's own words in the reference language: its ranks and card types."""
    schema = game.definition.card_schema
    with translation.override(reference):
        return tuple(str(label) for label in [*schema.ranks.values(), *schema.card_types.values()])


def rank_labels(game, languages):
    """{language: {rank: label}}: the game's ranks as this site names them in each language."""
    ranks = game.definition.card_schema.ranks
    labels = {}
    for language in languages:
        with translation.override(language):
            labels[language] = {rank: str(label) for rank, label in ranks.items()}
    return labels


def names_of(game):
    """Names the translations keep as written: the game's, its tribes' and its cards'."""
    tribes = [tribe.name for tribe in game.wheel()]
    cards = Card.objects.filter(card_set__game=game).values_list("name", flat=True).distinct().order_by("name")
    return (game.definition.name or game.name, *tribes, *cards)


def confirmed_terms(game, reference):
    """{source term: {language: ([accepted forms], [other words seen])}} from the admin's table."""
    rows = list(Terminology.objects.filter(game=game))
    sources = {row.concept: row.term for row in rows if row.language == reference}
    table = {}
    for row in rows:
        if row.language == reference:
            continue
        source = sources.get(row.concept, row.concept.replace("-", " "))
        accepted = [row.term, *_split(row.variants)]
        table.setdefault(source, {})[row.language] = (accepted, _split(row.alternatives))
    return table


def _split(text):
    return [part.strip() for part in text.split(",") if part.strip()]
