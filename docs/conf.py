"""Sphinx settings for the project's documentation: MyST Markdown pages, the PyData theme, and
API pages from the docstrings. Build: python -m sphinx -W -b html docs docs/_build/html"""

from __future__ import annotations

import sys
from pathlib import Path

# The documented package is this checkout's, installed or not.
sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

project = "piquet_widgets"
author = "the piquet_widgets authors"
copyright = "the piquet_widgets authors"

extensions = ["myst_parser", "sphinx.ext.autodoc", "sphinx.ext.napoleon"]
source_suffix = {".md": "markdown"}
exclude_patterns = ["_build"]
myst_enable_extensions = ["colon_fence", "deflist"]
myst_heading_anchors = 3

# Docstrings write `name` for code, as the Markdown pages do.
default_role = "code"
autodoc_member_order = "bysource"
autodoc_typehints = "description"
autodoc_default_options = {"members": True}

html_theme = "pydata_sphinx_theme"
html_title = "piquet_widgets"
html_theme_options = {
    "navigation_with_keys": False,
    # Everything the pages need ships with the theme: no fonts or icons from other hosts.
    "icon_links": [],
}
# Every page in the top bar: no left-hand section navigation.
html_sidebars = {"**": []}
html_static_path: list[str] = []
# Examples in docstrings and pages keep their straight quotes, so that they can be copied and run.
smartquotes = False

# "The lessons" page is written from the lesson files at each build (the page is not kept in git).
from piquet_widgets.app.lessons import lessons_markdown  # noqa: E402

(Path(__file__).parent / "lessons.md").write_text(lessons_markdown(), encoding="utf-8")
