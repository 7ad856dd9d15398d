"""The app's page and server without a browser: what a link opens, the sections built when
first shown, the query string of a preheated kernel, and the server's arguments."""

from __future__ import annotations

import json
import os
import socket
import subprocess
import sys
import threading
from pathlib import Path

import pytest

from piquet_widgets.app import page, server
from piquet_widgets.app.page import App, build, query_string
from piquet_widgets.app.params import encode_record, parse_query
from piquet_widgets.engine import Deal, deal_code, deal_from_record
from piquet_widgets.i18n import get_language
from piquet_widgets.teach.lesson_deals import PIQUE


def classes(widget) -> set[str]:
    return set(widget._dom_classes)


def shown(app: App):
    (content,) = app.content.children
    return content


def descendants(widget):
    yield widget
    for child in getattr(widget, "children", ()):
        yield from descendants(child)


def count_class(widget, name: str) -> int:
    return sum(name in getattr(item, "_dom_classes", ()) for item in descendants(widget))


def all_of(widget, name: str) -> list:
    return [item for item in descendants(widget) if name in getattr(item, "_dom_classes", ())]


def one(widget, name: str):
    """The one widget of the page carrying the CSS class `name`, as a visitor finds it."""
    (found,) = all_of(widget, name)
    return found


def page_sends(widget, content) -> None:
    """What the page's view of `widget` sends: a custom message on its comm."""
    widget._handle_msg({"content": {"data": {"method": "custom", "content": content}}, "buffers": []})


def test_landing_page_is_lesson_one_and_nothing_else_is_built() -> None:
    app = build("")
    assert app.section == "lesson" and "pw-section-lessons" in classes(shown(app))
    assert count_class(app.root, "pw-lesson-1") == 1
    assert not hasattr(app, "walkthrough") and not hasattr(app, "practice")  # built when first shown
    assert app.nav_buttons["lesson"].button_style == "info"
    assert app.messages.children == ()


def test_record_link_opens_one_walkthrough_of_that_deal() -> None:
    app = build("record=" + encode_record(PIQUE))
    assert app.section == "walkthrough"
    assert count_class(app.root, "pw-walkthrough") == 1 and count_class(app.root, "pw-next") == 1
    app.walkthrough.last()
    assert app.walkthrough.score_labels() == {"elder": "74", "younger": "5"}
    assert app.walkthrough.deal.scores == deal_from_record(PIQUE).scores
    assert "?record=" in one(app.root, "pw-share").value


def test_deal_code_and_seed_links() -> None:
    deal = Deal.from_seed(8)
    app = build("deal=" + deal_code(deal))
    assert app.section == "walkthrough" and app.walkthrough.code == deal_code(deal)
    practice = build("seed=8")
    assert practice.section == "practice"
    (table,) = shown(practice).children
    assert table.deal.dealt(0) == deal.dealt(0)


def test_bad_parameters_show_messages_and_the_landing_page() -> None:
    app = build("lesson=0&seed=x")
    assert app.section == "lesson" and app.lesson_number == 1
    assert [classes(message) >= {"pw-message", "pw-error"} for message in app.messages.children] == [True, True]
    assert "lessons 1 to 11" in app.messages.children[0].value


def test_navigation_builds_each_section_once() -> None:
    app = build("lesson=4")
    first: dict[str, object] = {}
    for section in ("glossary", "walkthrough", "practice", "lesson", "walkthrough", "practice", "glossary"):
        app.nav_buttons[section].click()
        assert app.section == section and len(app.content.children) == 1
        assert first.setdefault(section, shown(app)) is shown(app)  # the same section, not a new one
    assert set(first) == {"lesson", "walkthrough", "practice", "glossary"}
    app.show_section("walkthrough")
    assert shown(app) is first["walkthrough"]
    assert "Cavendish" in one(app.root, "pw-walkthrough-caption").value
    with pytest.raises(ValueError):
        app.show_section("kitchen")


def test_lesson_links_switch_the_lesson() -> None:
    app = build("lesson=2")
    one(app.root, "pw-lesson-link-7").click()
    assert app.lesson_number == 7 and count_class(app.root, "pw-lesson-7") == 1 and count_class(app.root, "pw-lesson-2") == 0
    assert [button.button_style for button in all_of(app.root, "pw-lesson-link")].index("info") == 6
    app.show_section("glossary")
    app.show_lesson(3)
    assert app.section == "lesson" and count_class(app.root, "pw-lesson-3") == 1


def test_opening_a_deal_code_typed_in_the_page() -> None:
    app = build("")
    app.show_section("walkthrough")
    before = app.walkthrough.code
    box, message = one(app.root, "pw-deal-code-input"), one(app.root, "pw-open-message")
    box.value = "not a code"
    one(app.root, "pw-open-deal").click()
    assert "pw-error" in classes(message) and "deal code" in message.value
    assert app.walkthrough.code == before
    code = deal_code(Deal.from_seed(99))
    box.value = code.lower()
    one(app.root, "pw-open-deal").click()
    assert app.walkthrough.code == code and "pw-error" not in classes(message)
    assert f"?deal={code}" in one(app.root, "pw-share").value
    one(app.root, "pw-shuffle-deal").click()
    assert app.walkthrough.code != code and "shuffled" in one(app.root, "pw-walkthrough-caption").value


def test_the_language_of_the_link_is_set() -> None:
    App(parse_query("lang=fr"))
    assert get_language() == "fr"


def test_query_string_from_the_environment(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(os, "environ", {key: value for key, value in os.environ.items() if not key.startswith("VOILA_")})
    os.environ["QUERY_STRING"] = "lesson=5"
    assert query_string() == "lesson=5"
    del os.environ["QUERY_STRING"]
    assert query_string() == ""


def test_preheated_kernel_waits_for_the_visitors_request(monkeypatch: pytest.MonkeyPatch) -> None:
    """Voilà sends a preheated kernel the request's details over a websocket when a visitor comes."""
    from websockets.sync.server import serve

    asked = []

    def handler(connection) -> None:
        asked.append(connection.request.path)
        connection.send(json.dumps({"QUERY_STRING": "lesson=6", "SERVER_PORT": "8866"}))

    with serve(handler, "127.0.0.1", 0) as websocket_server:
        port = websocket_server.socket.getsockname()[1]
        thread = threading.Thread(target=websocket_server.serve_forever, daemon=True)
        thread.start()
        monkeypatch.setattr(os, "environ", dict(os.environ))  # the request's details land in the environment
        monkeypatch.setattr(page, "_request_received", False)
        os.environ.update(QUERY_STRING="lesson=1", VOILA_PREHEAT="True", VOILA_APP_PORT=str(port), VOILA_SERVER_URL="/base/", VOILA_KERNEL_ID="k-1")
        assert query_string() == "lesson=6"  # not the one the kernel inherited
        assert query_string() == "lesson=6"  # and it waits only once
        websocket_server.shutdown()
    assert asked == ["/base/voila/query/k-1"]


def test_preheated_kernel_without_voila_opens_the_landing_page(monkeypatch: pytest.MonkeyPatch) -> None:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        port = sock.getsockname()[1]
    monkeypatch.setattr(os, "environ", dict(os.environ))
    monkeypatch.setattr(page, "_request_received", False)
    os.environ.update(VOILA_PREHEAT="True", VOILA_APP_PORT=str(port))
    assert query_string() == ""


# -- the server ------------------------------------------------------------------------------------


def test_voila_arguments() -> None:
    arguments = server.voila_arguments(9001, open_browser=False)
    assert arguments[0] == str(server.APP_NOTEBOOK) and Path(arguments[0]).is_file()
    for expected in (
        "--port=9001", "--Voila.ip=127.0.0.1", "--Voila.port_retries=0", "--Voila.open_browser=False",
        "--VoilaConfiguration.strip_sources=True", "--MappingKernelManager.cull_idle_timeout=300",
        "--MappingKernelManager.cull_interval=10", "--MappingKernelManager.cull_connected=False",
        "--VoilaConfiguration.multi_kernel_manager_class=piquet_widgets.app.kernels.ClassKernelManager",
        "--ClassKernelManager.unclaimed_timeout=50",
    ):
        assert expected in arguments
    assert ("--VoilaConfiguration.preheat_kernel=True" in arguments) == (server.CLASS_SIZE > 0)
    assert "--VoilaConfiguration.preheat_kernel=True" not in server.voila_arguments(9001, True, class_size=0)
    for_a_class = server.voila_arguments(9001, False, class_size=30, max_visitors=40, allow_hosts=["piquet.example.org", "10.0.0.5"])
    assert "--VoilaConfiguration.default_pool_size=30" in for_a_class and "--PiquetVoila.max_visitors=40" in for_a_class
    assert "--PiquetVoila.allow_hosts=piquet.example.org" in for_a_class and "--PiquetVoila.allow_hosts=10.0.0.5" in for_a_class
    # Every option given once: traitlets refuses a setting given twice.
    names = [argument.split("=")[0] for argument in for_a_class[1:]]
    assert len(names) - names.count("--PiquetVoila.allow_hosts") == len(set(names)) - 1


def test_the_app_template_is_found_and_links_nowhere_else(monkeypatch: pytest.MonkeyPatch) -> None:
    from piquet_widgets.app import APP_DATA

    assert f"--VoilaConfiguration.template={server.TEMPLATE}" in server.voila_arguments(9001, open_browser=False)
    folder = APP_DATA / "voila" / "templates" / server.TEMPLATE
    template = (folder / "index.html.j2").read_text(encoding="utf-8").replace("http://www.w3.org/2000/svg", "")  # a namespace, not a link
    assert "http://" not in template and "https://" not in template and "//cdn" not in template
    assert json.loads((folder / "conf.json").read_text(encoding="utf-8"))["base_template"] == "lab"
    monkeypatch.setenv("JUPYTER_PATH", os.pathsep.join(["/elsewhere", str(APP_DATA)]))
    server.share_template()
    server.share_template()
    assert os.environ["JUPYTER_PATH"].split(os.pathsep) == [str(APP_DATA), "/elsewhere"]


def test_serve_refuses_a_busy_port_or_a_bad_one(capsys: pytest.CaptureFixture[str]) -> None:
    with socket.socket() as busy:
        busy.bind(("127.0.0.1", 0))
        busy.listen()
        port = busy.getsockname()[1]
        assert not server.port_is_free(port)
        assert server.serve(port, open_browser=False) == 2
    assert f"port {port} is already in use" in capsys.readouterr().err
    assert server.serve(70000, open_browser=False) == 2
    assert "1 to 65535" in capsys.readouterr().err


def test_jupyter_config_for_binder_is_merged(tmp_path: Path) -> None:
    target = tmp_path / "jupyter_server_config.json"
    target.write_text(json.dumps({"ServerApp": {"ip": "0.0.0.0"}, "MappingKernelManager": {"buffer_offline_messages": True}}))
    assert server.write_jupyter_config(tmp_path) == target
    config = json.loads(target.read_text())
    assert config["ServerApp"] == {"ip": "0.0.0.0"}
    assert config["MappingKernelManager"] == {"buffer_offline_messages": True, **server.SETTINGS["MappingKernelManager"]}
    assert config["VoilaConfiguration"] == server.SETTINGS["VoilaConfiguration"]


def test_the_page_does_not_import_voilas_server() -> None:
    """Every visitor's kernel imports the page: Voilà's server modules would cost each some 40 MB."""
    code = "import sys, piquet_widgets.app.page; print(sorted({m.split('.')[0] for m in sys.modules} & {'voila', 'jupyter_server', 'nbconvert', 'numpy'}))"
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert done.stdout.strip() == "[]"


def test_deferred_page_builds_what_the_link_opens_once_the_browser_has_drawn_the_frame() -> None:
    app = App(parse_query("lesson=4"), deferred=True)
    assert app.section == "" and count_class(app.root, "pw-section-lessons") == 0
    waiting, ready = app.content.children
    assert "pw-loading" in classes(waiting) and ready.layout.display == "none"
    page_sends(ready, {"type": "something else"})
    assert app.section == "" and app.content.children == (waiting, ready)
    page_sends(ready, {"type": "ready"})
    assert app.section == "lesson" and count_class(app.root, "pw-lesson-4") == 1
    lesson = shown(app)
    page_sends(ready, {"type": "ready"})  # a second view of it changes nothing
    assert app.content.children == (lesson,)


def test_show_defers_only_under_voila(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(os, "environ", {key: value for key, value in os.environ.items() if not key.startswith("VOILA_")})
    assert page.show("lesson=2").section == "lesson"
    os.environ.update(VOILA_KERNEL_ID="k", QUERY_STRING="lesson=2")
    assert page.show().section == ""


def referenced_ids(state: object) -> set[str]:
    """The widgets a widget's state names (`IPY_MODEL_<id>`), however deep."""
    if isinstance(state, str):
        return {state.removeprefix("IPY_MODEL_")} if state.startswith("IPY_MODEL_") else set()
    if isinstance(state, dict):
        return set().union(*map(referenced_ids, state.values()))
    if isinstance(state, (list, tuple)):
        return set().union(*map(referenced_ids, state))
    return set()


def test_the_page_is_written_with_the_state_of_every_widget_its_frame_shows() -> None:
    app = App(parse_query("lesson=4"), deferred=True)
    bundle = page.with_widget_state(app.root)
    shown_id = bundle["application/vnd.jupyter.widget-view+json"]["model_id"]
    states = bundle[page.WIDGET_STATE]["state"]
    # From the root, every widget named is there, with what the front end needs to make it.
    found, todo = set(), [shown_id]
    while todo:
        model_id = todo.pop()
        if model_id in found:
            continue
        found.add(model_id)
        assert {"model_name", "model_module", "model_module_version", "state"} <= set(states[model_id])
        todo.extend(referenced_ids(states[model_id]["state"]))
    assert len(found) > 20 and states[shown_id]["model_name"] == "VBoxModel"
    assert json.loads(json.dumps(bundle))[page.WIDGET_STATE]["state"].keys() == states.keys()  # into the page as JSON


def test_a_widget_with_binary_state_leaves_the_page_to_ask_the_kernel() -> None:
    import ipywidgets

    app = App(parse_query(""), deferred=True)
    picture = ipywidgets.Image(value=b"\x89PNG")
    try:
        assert page.WIDGET_STATE not in page.with_widget_state(app.root)
    finally:
        picture.close()
    assert page.WIDGET_STATE in page.with_widget_state(app.root)


def test_a_section_chosen_before_the_first_paint_is_kept() -> None:
    app = App(parse_query("lesson=4"), deferred=True)
    ready = app.content.children[1]
    app.nav_buttons["glossary"].click()
    glossary = shown(app)
    page_sends(ready, {"type": "ready"})
    assert app.section == "glossary" and app.content.children == (glossary,)
    assert count_class(app.root, "pw-section-lessons") == 0


def test_a_closed_mode_link_opens_the_practice_table_with_the_computers_cards_face_down() -> None:
    app = build("mode=closed&seed=8")
    assert app.section == "practice"
    (table,) = shown(app).children
    assert table.session.mode == "closed" and table.mode_select.value == "closed"
    computer = next(seat for seat in table.felt.hands if seat not in table.learner_seats)
    assert not table.felt.hands[computer].face_up and not table.felt.talon.face_up
    bad = build("mode=shut")
    assert bad.section == "lesson" and "shut" in bad.messages.children[0].value


def test_practise_this_deal_puts_the_walkthroughs_deal_on_the_practice_table() -> None:
    from widget_helpers import find

    app = build("deal=" + deal_code(Deal.from_seed(11)))
    walk = app.walkthrough
    walk.last()
    find(walk, "pw-practise-deal").click()
    assert app.section == "practice" and app.practice.code == deal_code(Deal.from_seed(11))
    assert app.practice.deal.phase.value == "exchange"  # the deal from its start, to be played


def test_a_lessons_walkthrough_leads_to_the_practice_table_and_the_next_lesson() -> None:
    from widget_helpers import find, find_all, scroll_through

    app = build("lesson=2")
    walk = find_all(scroll_through(app._lessons[2]), "pw-walkthrough")[-1]  # Cavendish's exchange
    walk.last()
    find(walk, "pw-next-step-lesson").click()
    assert app.section == "lesson" and app.lesson_number == 3
    assert "pw-lesson-3" in app._lesson_box.children[0]._dom_classes
    app.show_lesson(2)
    find(walk, "pw-practise-deal").click()
    assert app.section == "practice" and app.practice.code == walk.code


def test_in_a_notebook_a_lessons_walkthrough_names_the_next_lessons_notebook() -> None:
    from widget_helpers import find, find_all, text_of

    from piquet_widgets.teach.lessons import LESSONS
    from piquet_widgets.widgets.lesson import LessonView

    view = LessonView("carte-blanche-and-the-exchange", notebook=True)
    walk = find_all(view.part(3), "pw-walkthrough")[0]
    walk.last()
    find(walk, "pw-next-step-lesson").click()
    note = text_of(find(walk, "pw-next-step-note").value)
    assert "Lesson 3: The point" in note and "03-the-point.ipynb" in note
    find(walk, "pw-practise-deal").click()  # no app: a practice table of the deal opens under it
    assert find(walk, "pw-practice").code == walk.code
    assert LessonView(len(LESSONS))._next_lesson() is None  # after the last lesson there is none
