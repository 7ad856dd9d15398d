"""The examples in the package's docstrings are tests too."""

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


@pytest.mark.parametrize("name", MODULES)
def test_docstring_examples(name):
    module = importlib.import_module(name)
    failures, _ = doctest.testmod(module, optionflags=doctest.ELLIPSIS | doctest.NORMALIZE_WHITESPACE)
    assert failures == 0
