"""Every reach into another library (`piquet_widgets.compat`) checks the library's version: within
the verified versions it does its work; outside them it leaves the library's own behaviour, says so
once in the log, and `piquet-widgets serve` refuses to start with a sentence saying why."""

from __future__ import annotations

import logging
import subprocess
import sys
import tomllib

import ipywidgets as widgets
import pytest
from support import REPO
from test_batch import kinds, published  # noqa: F401  (a fixture)

import piquet_widgets.compat as compat
from piquet_widgets.app import server
from piquet_widgets.compat.activity import HeaderActivityWatch, header_activity_watch
from piquet_widgets.compat.batch import one_message_each

pytestmark = pytest.mark.compat


@pytest.fixture
def unverified(monkeypatch: pytest.MonkeyPatch):
    """`unverified(library)`: the installed version of `library` made one no reach was verified with."""
    monkeypatch.setattr(compat, "_said", set())

    def make(library: str) -> None:
        monkeypatch.setitem(compat.VERIFIED, library, ("99", "100"))

    return make


def test_the_app_extras_bounds_are_the_verified_versions() -> None:
    extra = tomllib.loads((REPO / "pyproject.toml").read_text())["project"]["optional-dependencies"]["app"]
    for library in compat.SERVED_WITH:
        low, high = compat.VERIFIED[library]
        assert f"{library}>={low},<{high}" in extra, (library, extra)


def test_versions_are_compared_by_their_release_numbers() -> None:
    assert compat.within("voila", "0.5.13") and compat.within("voila", "0.5.8")
    assert not compat.within("voila", "0.5.7") and not compat.within("voila", "0.6.0") and not compat.within("voila", None)
    assert compat.within("anywidget", "0.11.0rc1") and not compat.within("anywidget", "0.12.0")
    assert compat.release("10.2.3.post1") == (10, 2, 3)


def test_an_unverified_version_is_said_once_in_the_log(caplog: pytest.LogCaptureFixture, unverified) -> None:
    unverified("ipywidgets")
    with caplog.at_level(logging.WARNING, logger="piquet_widgets.compat"):
        assert not compat.verified("ipywidgets")
        assert not compat.verified("ipywidgets")
    said = [record.getMessage() for record in caplog.records]
    assert len(said) == 1 and "ipywidgets" in said[0] and "(99 to before 100)" in said[0] and "ipywidgets's own behaviour" in said[0]


def test_serve_refuses_an_unverified_voila_with_a_sentence(capsys: pytest.CaptureFixture[str], unverified) -> None:
    assert compat.refusal() is None  # the installed libraries are the verified ones
    unverified("voila")
    assert server.serve(8866, open_browser=False) == 2
    err = capsys.readouterr().err
    assert "needs voila 99 or later, before 100" in err and "pip install 'piquet-widgets[app]'" in err
    assert "Traceback" not in err


def test_a_missing_library_is_named() -> None:
    versions = {library: compat.VERIFIED[library][0] for library in compat.SERVED_WITH} | {"anywidget": None}
    assert "anywidget 0.11 or later, before 0.12, which is not installed" in compat.refusal(versions)
    assert compat.refusal({library: compat.VERIFIED[library][0] for library in compat.SERVED_WITH}) is None


def test_an_unverified_ipywidgets_gets_no_batch(published, unverified) -> None:  # noqa: F811
    unverified("ipywidgets")
    with one_message_each():
        label = widgets.HTML()
        label.add_class("pw-caption")
        label.value = "Elder"
    assert kinds(published, label.model_id) == ["comm_open", "update", "update"]  # as ipywidgets sends them


def test_an_unverified_jupyter_server_keeps_its_own_activity_watch(unverified) -> None:
    assert header_activity_watch() == (HeaderActivityWatch,)
    unverified("jupyter_server")
    assert header_activity_watch() == ()


def test_an_unverified_voila_waits_for_the_request_its_own_way(monkeypatch: pytest.MonkeyPatch, unverified) -> None:
    import voila.utils

    from piquet_widgets.compat import query

    asked: list[str] = []
    monkeypatch.setattr(voila.utils, "wait_for_request", lambda: asked.append("voila"))
    unverified("voila")
    query.wait_for_request()
    assert asked == ["voila"]


GRAMMARS = ("import sys, piquet_widgets.compat as c\n{patch}\nfrom piquet_widgets.compat.grammars import skip_iri_grammars\n"
            "print(skip_iri_grammars(), sys.modules.get('rfc3987_syntax', 'absent'))")


@pytest.mark.parametrize(("patch", "expected"), [("", "True None"), ("c.VERIFIED['jsonschema'] = ('99', '100')", "False absent")])
def test_jsonschemas_grammars_are_skipped_only_in_its_verified_versions(patch: str, expected: str) -> None:
    done = subprocess.run([sys.executable, "-c", GRAMMARS.format(patch=patch)], capture_output=True, text=True, check=True, cwd=REPO)
    assert done.stdout.strip() == expected
    assert ("jsonschema" in done.stderr) == bool(patch)
