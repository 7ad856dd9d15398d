"""What the app costs the page in a real kernel: the section a link opens reaches the page in
one message per widget (each opened with its final state, never updated while it is built), and
every card row's code travels once (issue 16: the server relays each message to each visitor).
"""

from __future__ import annotations

from pathlib import Path

import pytest
from jupyter_client.manager import start_new_kernel
from support import isolated_environment


@pytest.fixture(scope="module")
def kernel(tmp_path_factory: pytest.TempPathFactory):
    home = tmp_path_factory.mktemp("kernel")
    manager, client = start_new_kernel(kernel_name="python3", env=isolated_environment(Path(home)), extra_arguments=[])
    yield client
    client.stop_channels()
    manager.shutdown_kernel(now=True)


def run(client, code: str) -> list[dict]:
    """Execute `code`; the comm messages it caused (failing with the traceback on an error)."""
    msg_id = client.execute(code)
    messages = []
    while True:
        message = client.get_iopub_msg(timeout=120)
        if message["parent_header"].get("msg_id") != msg_id:
            continue
        kind = message["msg_type"]
        if kind == "error":
            pytest.fail("\n".join(message["content"]["traceback"]))
        if kind in ("comm_open", "comm_msg", "comm_close"):
            messages.append(message)
        if kind == "status" and message["content"]["execution_state"] == "idle":
            return messages


@pytest.mark.parametrize("query", ["", "lesson=5", "section=walkthrough", "section=practice&seed=7"])
def test_the_first_section_is_one_message_per_widget(kernel, query: str) -> None:
    run(kernel, f"from piquet_widgets.app.page import App, parse_query\napp = App(parse_query({query!r}), deferred=True)")
    messages = run(kernel, "app._first_paint()")
    opened = [m for m in messages if m["msg_type"] == "comm_open"]
    updates = [m for m in messages if m["msg_type"] == "comm_msg"]
    assert len(opened) > 100  # a whole section was built
    assert len({m["content"]["comm_id"] for m in opened}) == len(opened)
    # no widget of the section is updated while it is built; the few updates are to the frame
    # already on the page (the section put in, the lit navigation button)
    new = {m["content"]["comm_id"] for m in opened}
    assert not new & {m["content"]["comm_id"] for m in updates}
    assert len(updates) <= 8
    sources = [m["content"]["data"]["state"]["name"] for m in opened if "code" in m["content"]["data"]["state"]]
    assert len(sources) == len(set(sources)) <= 2  # the card rows' code and the lazy placeholders', once each
    for message in opened:
        state = message["content"]["data"]["state"]
        if state.get("_model_name") == "AnyModel":
            assert len(state.get("_esm", "")) < 4000, "an anywidget carries a whole module"


SCROLL_THROUGH = """
from piquet_widgets.widgets.lazy import LazyBox
def lazy_boxes(widget):
    if isinstance(widget, LazyBox):
        yield widget
    for child in getattr(widget, "children", ()):
        yield from lazy_boxes(child)
boxes = list(lazy_boxes(app.root))
for box in boxes:
    box.build_now()
"""


@pytest.mark.parametrize("query", ["", "lesson=5"])
def test_a_lesson_sends_under_200_messages_and_the_rest_as_the_page_scrolls(kernel, query: str) -> None:
    """Issue 16: the walkthroughs, exercises and drills of a lesson are built when the page
    scrolls near them (lesson 1 sent 439 messages at once, lesson 5 747)."""
    run(kernel, f"from piquet_widgets.app.page import App, parse_query\napp = App(parse_query({query!r}), deferred=True)")
    first = run(kernel, "app._first_paint()")
    assert len(first) < 200
    later = run(kernel, SCROLL_THROUGH)
    opened = [m for m in later if m["msg_type"] == "comm_open"]
    assert len(first) + len(opened) > 400  # the rest of the lesson, built
    updates = [m for m in later if m["msg_type"] == "comm_msg"]
    assert not {m["content"]["comm_id"] for m in opened} & {m["content"]["comm_id"] for m in updates}
    closed = [m for m in later if m["msg_type"] == "comm_close"]
    assert len(updates) <= len(closed) // 2  # each placeholder's box shows its content: one update for the placeholder and its layout closed
