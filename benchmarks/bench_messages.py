"""Widget messages a kernel sends the page: a widget built with its final state (its traits given
to its constructor) is opened with that state and sends no update; one whose traits are set after
construction sends an update for each. Counted for one Button both ways, for the app's shared
builders (a button whose words follow the language, an HTML text that does), and for the app's
frame and its lessons section as a page first gets them.

    python benchmarks/bench_messages.py

Counted with a comm that records what it would publish (no kernel, no page); the figures are
written to benchmarks/results/messages.json. They do not vary from run to run.
"""

from __future__ import annotations

import sys
from collections.abc import Callable
from pathlib import Path

import comm
from comm.base_comm import BaseComm
from figures import figure, machine, write_results

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))


class RecordingComm(BaseComm):
    """A comm that counts the messages it would publish, by kind."""

    opened = 0
    updates = 0

    def publish_msg(self, msg_type, data=None, metadata=None, buffers=None, **keys):  # noqa: ANN001
        if msg_type == "comm_open":
            RecordingComm.opened += 1
        elif msg_type == "comm_msg" and (data or {}).get("method") == "update":
            RecordingComm.updates += 1


def count(build: Callable[[], object]) -> tuple[int, int]:
    """The widgets opened and the updates sent while `build()` runs."""
    RecordingComm.opened = RecordingComm.updates = 0
    build()
    return RecordingComm.opened, RecordingComm.updates


def button_set_after() -> None:
    import ipywidgets as widgets

    button = widgets.Button()
    button.add_class("pw-nav")
    button.description = button.tooltip = "Deal"


def button_constructed() -> None:
    import ipywidgets as widgets

    widgets.Button(description="Deal", tooltip="Deal", _dom_classes=("pw-nav",))


def page_button() -> None:
    from piquet_widgets.app.page import _button
    from piquet_widgets.widgets.language import Texts

    _button(lambda: "Lessons", "pw-nav", "pw-nav-lessons", on_click=lambda: None, texts=Texts())


def texts_html() -> None:
    from piquet_widgets.widgets.language import Texts

    Texts().html(lambda: "<p>Elder leads.</p>", "pw-caption")


KEPT: list[object] = []  # the apps built, kept alive until the counts are taken


def app_frame() -> None:
    from piquet_widgets.app.page import build

    KEPT.append(build("", deferred=True))


def lessons_section() -> None:
    KEPT[-1].show_section("lesson")


CASES = [
    ("button_set_after", "one Button, its class, words and tooltip set after construction", button_set_after),
    ("button_constructed", "one Button, its class, words and tooltip given to its constructor", button_constructed),
    ("page_button", "the app's button whose words follow the language (app/page.py _button)", page_button),
    ("texts_html", "the app's HTML text that follows the language (widgets/language.py Texts.html)", texts_html),
    ("app_frame", "the app's frame, as a page first gets it", app_frame),
    ("lessons_section", "the lessons section, shown in that frame", lessons_section),
]


def main() -> None:
    started = machine()
    comm.create_comm = lambda **kwargs: RecordingComm(**kwargs)
    written = []
    for key, label, build in CASES:
        opened, updates = count(build)
        print(f"{label}: {opened} widgets opened, {updates} updates")
        written.append(figure(f"{key}_updates", f"updates sent: {label}", updates, "messages"))
        written.append(figure(f"{key}_opened", f"widgets opened: {label}", opened, "messages"))
    write_results("messages", written, started=started)


if __name__ == "__main__":
    main()
