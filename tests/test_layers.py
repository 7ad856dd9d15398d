"""The layering of design.md: each layer imports only the layers above it (and i18n), and the
engine imports nothing heavy."""

from __future__ import annotations

import ast
import subprocess
import sys
from pathlib import Path

import pytest

PACKAGE = Path(__file__).parents[1] / "piquet_widgets"
# compat: the reaches into other libraries (imports only i18n), for the widgets and the app alike.
ORDER = ["i18n", "compat", "engine", "analysis", "teach", "widgets", "app", "cli"]
ALLOWED_EXTRA = {"cli": {"app"}}  # cli imports the app, only to serve


def layer_of(module: str) -> str | None:
    parts = module.split(".")
    if parts[0] != "piquet_widgets" or len(parts) < 2:
        return None
    return parts[1]


def imports_of(path: Path) -> set[str]:
    found = set()
    for node in ast.walk(ast.parse(path.read_text())):
        if isinstance(node, ast.Import):
            found |= {alias.name for alias in node.names}
        elif isinstance(node, ast.ImportFrom) and node.module:
            found.add(node.module)
    return found


SOURCES = sorted(p for p in PACKAGE.rglob("*.py") if p.parent != PACKAGE or p.stem in ORDER)


@pytest.mark.parametrize("path", SOURCES, ids=lambda p: str(p.relative_to(PACKAGE)))
def test_module_imports_only_layers_above(path):
    relative = path.relative_to(PACKAGE)
    own = relative.parts[0].removesuffix(".py")
    if own not in ORDER:
        pytest.fail(f"{relative} belongs to no layer of design.md")
    for module in imports_of(path):
        layer = layer_of(module)
        if layer is None or layer == own:
            continue
        assert ORDER.index(layer) < ORDER.index(own) or layer in ALLOWED_EXTRA.get(own, set()), f"{relative} imports {module}"


def test_engine_and_replay_import_nothing_heavy():
    code = "import sys, piquet_widgets.engine, piquet_widgets.cli, piquet_widgets.teach.events; print(sorted(m for m in ('numpy','ipywidgets','anywidget','voila','traitlets') if m in sys.modules))"
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert done.stdout.strip() == "[]"
