"""The examples in the package's docstrings are tests too. A module listed in WITH_EXAMPLES must
have examples that ran (a module whose examples were deleted fails here), and a module with
examples must be listed, so none goes unchecked."""

from __future__ import annotations

import doctest
import importlib
import pkgutil

import pytest

import piquet_widgets

MODULES = sorted(
    info.name
    for info in pkgutil.walk_packages(piquet_widgets.__path__, "piquet_widgets.")
    if not info.name.endswith("__main__")
)
WITH_EXAMPLES = {
    f"piquet_widgets.{name}"
    for name in (
        "i18n", "engine.cards", "engine.codes", "engine.combinations", "engine.deal", "engine.records", "engine.rules",
        "analysis.advisor", "analysis.evaluator", "analysis.kernels_pure", "analysis.observation", "analysis.odds", "analysis.players", "analysis.review", "analysis.mistakes",
        "analysis.closed_help", "analysis.closed_review", "analysis.ahead",
        "teach.drills", "teach.glossary", "teach.lessons", "teach.meter", "teach.narration", "teach.session", "teach.steps", "teach.count",
        "widgets.cards", "widgets.mistake_flag", "widgets.drill", "widgets.language", "widgets.lazy", "widgets.lesson", "widgets.odds", "widgets.practice", "widgets.quiz", "widgets.walkthrough",
        "app.lessons", "app.page", "app.params", "compat.batch",
    )
}


def test_every_module_listed_exists():
    assert WITH_EXAMPLES <= set(MODULES)


@pytest.mark.parametrize("name", MODULES)
def test_docstring_examples(name):
    module = importlib.import_module(name)
    failures, attempted = doctest.testmod(module, optionflags=doctest.ELLIPSIS | doctest.NORMALIZE_WHITESPACE)
    assert failures == 0
    if name in WITH_EXAMPLES:
        assert attempted > 0, f"{name} is listed as having examples, but none ran"
    else:
        assert attempted == 0, f"{name} has examples: list it in WITH_EXAMPLES"
