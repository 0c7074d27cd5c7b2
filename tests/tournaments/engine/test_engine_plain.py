"""The engine (tournaments/engine/) is plain Python: every module imports with Django absent and
none imports Django or the rest of the tournaments app (docs/architecture.md)."""

import ast
import os
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[3]
ENGINE = ROOT / "tournaments" / "engine"

# Django made unimportable before the module loads: any import of it, however indirect, fails.
WITHOUT_DJANGO = """
import importlib, sys
sys.modules["django"] = None
importlib.import_module(sys.argv[1])
"""


def module_name(path):
    parts = path.relative_to(ROOT).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


ENGINE_MODULES = sorted(module_name(path) for path in ENGINE.rglob("*.py"))


def imported_names(source, package):
    """Every module a file of `package` imports, at any depth, relative imports made absolute."""
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Import):
            yield from (alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            base = package.rsplit(".", node.level - 1)[0] if node.level else ""
            module = ".".join(part for part in (base, node.module) if part)
            yield module
            yield from (f"{module}.{alias.name}" for alias in node.names)


def package_of(path):
    name = module_name(path)
    return name if path.name == "__init__.py" else name.rpartition(".")[0]


def outside_the_engine(imported):
    top = imported.split(".")[0]
    in_app = top == "tournaments" and imported != "tournaments"
    return top == "django" or (in_app and not imported.startswith("tournaments.engine"))


def test_the_engine_has_modules():
    assert {"tournaments.engine.pairing", "tournaments.engine.standings", "tournaments.engine.lifecycle"} <= set(
        ENGINE_MODULES
    )


@pytest.mark.parametrize("module", ENGINE_MODULES)
def test_imports_without_django(module):
    env = {key: value for key, value in os.environ.items() if key != "DJANGO_SETTINGS_MODULE"}
    run = subprocess.run(
        [sys.executable, "-c", WITHOUT_DJANGO, module], cwd=ROOT, env=env, capture_output=True, text=True
    )
    assert run.returncode == 0, f"{module} does not import without Django:\n{run.stderr}"


@pytest.mark.parametrize("path", sorted(ENGINE.rglob("*.py")), ids=module_name)
def test_imports_neither_django_nor_the_rest_of_the_app(path):
    names = imported_names(path.read_text(encoding="utf-8"), package_of(path))
    assert sorted({name for name in names if outside_the_engine(name)}) == []


def test_the_import_check_sees_every_way_out_of_the_engine():
    source = (
        "from ...models import Event\n"
        "from ... import services\n"
        "from .. import standings\n"
        "def later():\n"
        "    from django.utils import translation\n"
    )
    names = set(imported_names(source, "tournaments.engine.pairing"))
    assert {"tournaments.models", "tournaments.services", "django.utils"} <= names
    assert sorted(name for name in names if outside_the_engine(name)) == [
        "django.utils",
        "django.utils.translation",
        "tournaments.models",
        "tournaments.models.Event",
        "tournaments.services",
    ]
