"""`serve`'s options and the pieces of its server that need no running server: which options are
refused, the default cap on visitors, the messages the kernel websocket keeps from the page, and
the page of a full table. (The running server: tests/load/test_untrusted_visitor.py.)"""

from __future__ import annotations

import json
import subprocess
import sys
from html import escape

import pytest

from piquet_widgets import cli
from piquet_widgets.app import server
from piquet_widgets.app.page_messages import hidden
from piquet_widgets.app.voila_app import full_page, share_page, without_versions
from piquet_widgets.i18n import _, ngettext, set_language


@pytest.mark.parametrize(("options", "problem"), [
    ({"port": 0}, "1 to 65535"),
    ({"class_size": -1}, "class size"),
    ({"class_size": 201}, "class size"),
    ({"max_visitors": 0}, "most visitors"),
    ({"allow_hosts": ["evil example"]}, "evil example is not a host name"),
    ({"allow_hosts": ["http://piquet.example.org"]}, "is not a host name"),
    ({"allow_hosts": ["a" * 64 + ".example.org"]}, "is not a host name"),
    ({"max_per_client": 0}, "most pages for one visitor"),
    ({"max_per_client": 1001}, "most pages for one visitor"),
    ({"trusted_proxies": ["proxy.example.org"]}, "proxy.example.org is not an address or a network"),
    ({"trusted_proxies": ["10.0.0.0/40"]}, "is not an address or a network"),
])
def test_bad_serve_options_are_refused_in_a_sentence(options: dict, problem: str, capsys: pytest.CaptureFixture[str]) -> None:
    arguments = {"port": 8866, "open_browser": False} | options
    assert server.serve(**arguments) == 2
    error = capsys.readouterr().err
    assert problem in error and "Traceback" not in error and len(error.splitlines()) == 1


@pytest.mark.parametrize("host", ["piquet.example.org", "school-server", "192.168.1.20", "[::1]", "fe80::1"])
def test_host_names_and_addresses_may_be_allowed(host: str) -> None:
    assert server.serve_problem(8866, 1, None, [host]) is None


def test_the_command_line_passes_serves_options(monkeypatch: pytest.MonkeyPatch) -> None:
    received = {}
    monkeypatch.setattr(server, "serve", lambda **options: received.update(options) or 0)
    assert cli.main(["serve", "--no-browser", "--class-size", "30", "--max-visitors", "45",
                     "--allow-host", "piquet.example.org", "--allow-host", "10.1.2.3", "--max-per-client", "5",
                     "--trusted-proxy", "127.0.0.1", "--trusted-proxy", "10.0.0.0/24"]) == 0
    assert received == {"port": 8866, "open_browser": False, "class_size": 30, "max_visitors": 45,
                        "allow_hosts": ["piquet.example.org", "10.1.2.3"], "max_per_client": 5,
                        "trusted_proxies": ["127.0.0.1", "10.0.0.0/24"]}
    assert cli.main(["serve"]) == 0
    assert received["class_size"] == server.CLASS_SIZE and received["max_visitors"] is None and received["allow_hosts"] == []
    assert received["max_per_client"] == server.MAX_PER_CLIENT == 3 and received["trusted_proxies"] == []


def test_serve_passes_the_share_and_the_trusted_proxies_to_the_server() -> None:
    arguments = server.voila_arguments(9001, False, max_per_client=5, trusted_proxies=["127.0.0.1", "10.0.0.0/24"])
    assert "--PiquetVoila.max_per_client=5" in arguments
    assert "--PiquetVoila.trusted_proxies=127.0.0.1" in arguments and "--PiquetVoila.trusted_proxies=10.0.0.0/24" in arguments
    assert f"--PiquetVoila.max_per_client={server.MAX_PER_CLIENT}" in server.voila_arguments(9001, False)
    assert not [argument for argument in server.voila_arguments(9001, False) if "trusted_proxies" in argument]  # none by default


def test_a_page_that_left_gives_its_place_back_within_a_minute() -> None:
    """`serve`'s own settings: a kernel whose page never connected or left is shut down at the
    first round of the culler after `unclaimed_timeout`, so within 60 s."""
    from piquet_widgets.app.kernels import ClassKernelManager

    unclaimed = server.SERVE_SETTINGS["ClassKernelManager"]["unclaimed_timeout"]
    interval = server.SETTINGS["MappingKernelManager"]["cull_interval"]
    assert unclaimed + interval <= 60
    assert ClassKernelManager.unclaimed_timeout.default_value == unclaimed
    # Long enough for a page whose connection dropped to come back: the page's kernel connection
    # (JupyterLab's) tries again five times within 26 s at most (after up to 0, 1, 3, 7 and 15 s).
    assert unclaimed > 26


def test_the_default_cap_keeps_the_kernels_within_half_the_memory() -> None:
    import os

    memory_mb = os.sysconf("SC_PAGE_SIZE") * os.sysconf("SC_PHYS_PAGES") / 2**20
    for class_size in (1, 30):
        cap = server.default_max_visitors(class_size)
        assert cap >= 1
        assert (cap + class_size) * server.KERNEL_MB <= memory_mb / 2 or cap == 1


def message(msg_type: str, **content: object) -> dict:
    return {"header": {"msg_type": msg_type, "msg_id": "1"}, "parent_header": {}, "metadata": {}, "content": content, "channel": "iopub"}


def v1_frame(msg: dict) -> bytes:
    """A message as jupyter_server's v1 websocket protocol frames it."""
    from jupyter_server.services.kernels.connection.base import serialize_msg_to_ws_v1

    parts = [json.dumps(msg[part]).encode() for part in ("header", "parent_header", "metadata", "content")]
    return serialize_msg_to_ws_v1(parts, msg["channel"])


@pytest.mark.parametrize(("msg", "kept"), [
    (message("error", ename="TraitError", evalue="x", traceback=["File /site-packages/ipywidgets/widget.py"]), False),
    (message("stream", name="stderr", text="No such comm: x\n"), False),
    (message("stream", name="stdout", text="hello\n"), True),
    (message("comm_msg", comm_id="c", data={"method": "update", "state": {"value": "error"}}), True),
    (message("status", execution_state="idle"), True),
])
def test_the_page_gets_no_error_and_no_stderr(msg: dict, kept: bool) -> None:
    assert hidden(json.dumps(msg), v1=False) is not kept
    assert hidden(msg, v1=False) is not kept
    assert hidden(v1_frame(msg), v1=True) is not kept


def test_the_full_page_speaks_the_links_language() -> None:
    page = full_page("fr")
    set_language("fr")
    assert _("The table is full — try again in a minute.") in page and '<html lang="fr">' in page
    set_language("en")
    assert "The table is full — try again in a minute." in full_page("")
    assert '<html lang="en">' in full_page("xx<script>")  # an unknown language: English
    assert "<script>" not in full_page("xx<script>")


def test_the_share_page_speaks_the_links_language_and_counts() -> None:
    one = "You already have {count} page of the app open, the most one visitor may have at once: close it, then try again in a minute."
    many = "You already have {count} pages of the app open, the most one visitor may have at once: close one, then try again in a minute."
    set_language("pt")
    words = ngettext(one, many, 3).format(count=3)
    set_language("en")
    assert "3" in words and words != many.format(count=3)
    assert escape(words) in share_page("pt-BR", 3) and '<html lang="pt">' in share_page("pt-BR", 3)
    assert escape(one.format(count=1)) in share_page("", 1)
    assert escape(many.format(count=2)) in share_page("xx", 2)


def test_the_page_settings_name_no_version() -> None:
    config = {"appVersion": "0.5.13", "appUrl": "voila/", "baseUrl": "/"}
    assert without_versions(config, base_url="/", settings={}, log=None, voila_configuration=None, notebook_path="app.ipynb") == {"appUrl": "voila/", "baseUrl": "/"}


def test_the_server_starts_without_compiling_the_iri_grammars() -> None:
    """Importing the server (Voilà, Jupyter Server, its event schemas) in a fresh process leaves
    jsonschema's IRI checker unloaded, the grammars it would compile (1.5 s) with it, while the
    formats Jupyter's event schemas use are still checked."""
    code = (
        "import sys, json; import piquet_widgets.app.voila_app; from jsonschema import Draft7Validator; "
        "checker = Draft7Validator.FORMAT_CHECKER; "
        "print(json.dumps(['lark' in sys.modules, checker.conforms('2026-12-02T07:00:00Z', 'date-time'), "
        "checker.conforms('not a date', 'date-time'), 'iri' in checker.checkers]))"
    )
    result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=120, check=True)
    assert json.loads(result.stdout) == [False, True, False, False]


def test_the_serving_limits_page_keeps_in_step_with_serve() -> None:
    """docs/serving-limits.md gives `serve`'s defaults and flags as they are."""
    from piquet_widgets.cli import _parser
    from support import REPO

    page = " ".join((REPO / "docs" / "serving-limits.md").read_text(encoding="utf-8").split())
    unclaimed = server.SERVE_SETTINGS["ClassKernelManager"]["unclaimed_timeout"]
    interval = server.SETTINGS["MappingKernelManager"]["cull_interval"]
    assert f"(default **{server.MAX_PER_CLIENT}**" in page
    assert f"idle {unclaimed} s" in page and f"{unclaimed} s after it left" in page and f"every {interval} s" in page
    serve_options = next(a for a in _parser()._actions if a.dest == "command").choices["serve"]._option_string_actions
    for flag in ("--max-visitors", "--max-per-client", "--trusted-proxy", "--class-size"):
        assert f"`{flag}" in page and flag in serve_options


def test_refills_wait_voilas_own_fill_delay_and_start_apart() -> None:
    """The pool's replacements wait Voilà's `fill_delay` (what `serve` sets for the class size,
    on Voilà's pool class), one `refill_spacing` after the other."""
    import asyncio

    from voila.voila_kernel_manager import voila_kernel_manager_factory

    from piquet_widgets.app.kernels import ClassKernelManager

    arguments = server.voila_arguments(9001, False, class_size=30)
    assert f"--VoilaKernelManager.fill_delay={server.refill_after(30)}" in arguments
    pool = voila_kernel_manager_factory(ClassKernelManager, True, 1)
    assert pool.__name__ == "VoilaKernelManager" and pool.class_traits()["fill_delay"].metadata.get("config")

    async def delays() -> list[float]:
        manager = ClassKernelManager(refill_spacing=3.0)
        manager.fill_delay = 60.0  # as on Voilà's pool class
        return [round(manager.refill_delay()) for _ in range(3)]

    assert asyncio.run(delays()) == [60, 63, 66]
