"""Fixtures for the JupyterHub test: Debian's Chromium and the screenshot folder — the browser
tests' own fixtures, loaded from `tests/browser/conftest.py` under another module name."""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path

_path = Path(__file__).resolve().parent.parent / "browser" / "conftest.py"
_spec = importlib.util.spec_from_file_location("piquet_browser_fixtures", _path)
browser_fixtures = importlib.util.module_from_spec(_spec)
sys.modules[_spec.name] = browser_fixtures
_spec.loader.exec_module(browser_fixtures)

browser = browser_fixtures.browser  # a pytest fixture, re-exported
artifacts = browser_fixtures.artifacts
