"""tournaments/ is cut by kind, then by the same nouns in every layer (issue 24, docs/architecture.md):
open services/entrants.py and you know the names of views/entrants.py and api/entrants.py. These
checks keep it so: no module over 400 lines, no noun module named outside the list, and no file or
folder named in docs/architecture.md that does not exist."""

import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
APP = ROOT / "tournaments"
MAX_LINES = 400
# The pairing engine's matching algorithms are long by nature; migrations are generated.
LONG_ALLOWED = ("tournaments/engine/pairing/", "/migrations/")

# The one list of nouns. A module of a layer is a noun, a part of one (`results_reports`), or shared.
NOUNS = (
    "events",
    "entrants",
    "decklists",
    "rounds",
    "results",
    "standings",
    "judging",
    "prizes",
    "sealed",
    "staff",
    "public",
    "audit",
    "interchange",
    "webhooks",
    "metagame",
)
SHARED = {"__init__", "common"}
LAYERS = {
    "models": set(),
    "services": set(),
    "presenters": set(),
    "forms": set(),
    "views": set(),
    "api": {"urls", "serializers"},
}


def _modules():
    for path in sorted(APP.rglob("*.py")):
        relative = path.relative_to(ROOT).as_posix()
        if not any(part in f"/{relative}" for part in LONG_ALLOWED):
            yield relative


def is_noun_module(stem, extra=frozenset()):
    return stem in NOUNS or stem in SHARED or stem in extra or any(stem.startswith(f"{noun}_") for noun in NOUNS)


@pytest.mark.parametrize("relative", list(_modules()))
def test_no_module_is_over_400_lines(relative):
    lines = (ROOT / relative).read_text(encoding="utf-8").count("\n")
    assert lines <= MAX_LINES, f"{relative} has {lines} lines: cut it by noun"


@pytest.mark.parametrize("layer", sorted(LAYERS))
def test_each_layer_is_one_module_per_noun(layer):
    folder = APP / layer
    assert (folder / "__init__.py").exists(), f"tournaments/{layer}/ is a package"
    strangers = sorted(path.name for path in folder.glob("*.py") if not is_noun_module(path.stem, LAYERS[layer]))
    assert strangers == [], f"tournaments/{layer}/ modules named outside NOUNS: {strangers}"


def test_the_noun_check_refuses_a_stranger():
    assert is_noun_module("results_reports") and is_noun_module("common")
    assert not is_noun_module("utils") and not is_noun_module("views_organiser")


ARCHITECTURE = ROOT / "docs" / "architecture.md"
# `path/like/this.py` or `folder/`: relative to the repository, or to an app the paragraph is about.
NAMED_PATH = re.compile(r"`([\w.-]+(?:/[\w.-]+)*(?:\.py|/))`")


def _named_paths():
    return sorted(set(NAMED_PATH.findall(ARCHITECTURE.read_text(encoding="utf-8"))))


# The worked example of adding a game names the file the reader would write.
EXAMPLES = {"games/quarry_kings.py"}


def _exists(named):
    apps = [path for path in ROOT.iterdir() if path.is_dir() and (path / "__init__.py").exists()]
    if (ROOT / named).exists():
        return True
    if "/" not in named.rstrip("/"):  # a bare name, in the paragraph of its app
        return any(next(app.rglob(named.rstrip("/")), None) for app in apps)
    return any((base / named).exists() for base in [ROOT, *apps])


def test_architecture_names_no_missing_file():
    assert _named_paths(), "the pattern finds the paths the page names"
    missing = [named for named in _named_paths() if named not in EXAMPLES and not _exists(named)]
    assert missing == [], f"docs/architecture.md names files that do not exist: {missing}"


TESTS = ROOT / "tests"
TEST_FOLDERS = {"accounts", "api", "bench", "catalogue", "decks", "games", "rules", "site", "tournaments"}


def test_tests_mirror_the_code():
    """Tests live beside the app and noun they test (tests/<app>/, tests/tournaments/<noun>/): none at
    the top, none under a name the code does not use."""
    loose = sorted(path.name for path in TESTS.glob("test_*.py"))
    assert loose == [], f"put these under tests/<app>/: {loose}"
    apps = {path.name for path in TESTS.iterdir() if path.is_dir() and (path / "__init__.py").exists()}
    assert apps - {"games_example"} <= TEST_FOLDERS, apps
    nouns = {path.name for path in (TESTS / "tournaments").iterdir() if path.is_dir() and path.name != "__pycache__"}
    assert nouns <= {*NOUNS, "engine"}, f"tests/tournaments/ folders named outside NOUNS: {nouns - {*NOUNS, 'engine'}}"
