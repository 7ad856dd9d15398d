"""The tutorial app's one page: lessons, the walkthrough, the practice table and a glossary.

The app notebook is two lines (`from piquet_widgets.app.page import show; show()`); everything
else is here, so that it is tested like any module. Only the section on screen is in the page:
the others are built when first opened, which keeps the first paint fast and keeps one
walkthrough (one `.pw-next`) in the page at a time.

>>> app = App(parse_query("lesson=2"))
>>> app.section, app.lesson_number
('lesson', 2)
>>> app.show_section("glossary")
>>> "pw-glossary" in app.content.children[0]._dom_classes
True
"""

from __future__ import annotations

import json
import os
import random
from collections.abc import Callable
from html import escape

import anywidget
import ipywidgets as widgets

from piquet_widgets.app.params import AppParams, app_link, parse_query
from piquet_widgets.engine import Deal, PiquetError, deal_code, deal_from_code
from piquet_widgets.i18n import _, set_language
from piquet_widgets.teach.glossary import GLOSSARY
from piquet_widgets.teach.lesson_deals import CAVENDISH
from piquet_widgets.teach.lessons import LESSONS, text
from piquet_widgets.widgets.lesson import LessonView, html_box

SECTIONS = ("lesson", "walkthrough", "practice", "glossary")
STYLE = """
<style>
.pw-app { max-width: 1100px; margin: 0 auto; }
.pw-app h1 { font-size: 1.6em; margin: 0.3em 0; }
.pw-header .widget-html-content, .pw-messages .widget-html-content, .pw-glossary .widget-html-content,
.pw-walkthrough-caption .widget-html-content, .pw-share .widget-html-content { line-height: 1.5; }
.pw-app .pw-message p { margin: 0.3em 0; padding: 0.5em 0.8em; border-radius: 4px; background: #eef5fb; border-left: 4px solid #3b7dd8; }
.pw-app .pw-error p { background: #fdf0ef; border-left-color: #c0392b; }
.pw-lesson-list { min-width: 15em; max-width: 16em; }
.pw-app .pw-lesson-list button.widget-button { width: 100%; text-align: left; white-space: normal; height: auto; min-height: var(--jp-widgets-inline-height); line-height: 1.35; padding: 0.35em 0.6em; }
.pw-lesson-content { flex: 1 1 30em; min-width: 0; }
.pw-glossary table { border-collapse: collapse; }
.pw-glossary td, .pw-glossary th { padding: 0.3em 0.7em; border-bottom: 1px solid #ddd; text-align: left; vertical-align: top; }
</style>
"""


_request_received = False


def query_string() -> str:
    """The page's query string, as Voilà gives it to the kernel.

    A preheated kernel runs the notebook before anyone visits; it waits here for the visitor's
    request, whose details Voilà then sends it.
    """
    global _request_received
    if os.environ.get("VOILA_PREHEAT") == "True" and not _request_received:
        # whatever QUERY_STRING the kernel inherited from the server is not the visitor's
        os.environ.pop("QUERY_STRING", None)
        _wait_for_request()
        _request_received = True
    return os.environ.get("QUERY_STRING", "")


def _wait_for_request() -> None:
    """Wait for the visitor's request and put its details (`QUERY_STRING`…) in the environment.

    This is what `voila.utils.wait_for_request` does, without importing Voilà's server into
    every kernel (that import alone costs a kernel some 40 MB).
    """
    from websockets.exceptions import WebSocketException
    from websockets.sync.client import connect

    base = os.environ.get("VOILA_WS_BASE_URL", os.environ.get("VOILA_SERVER_URL", "/"))
    url = "{protocol}://{ip}:{port}{base}voila/query/{kernel}".format(
        protocol=os.environ.get("VOILA_WS_PROTOCOL", "ws"),
        ip=os.environ.get("VOILA_APP_IP", "127.0.0.1"),
        port=os.environ.get("VOILA_APP_PORT", "8866"),
        base=base,
        kernel=os.environ.get("VOILA_KERNEL_ID", ""),
    )
    try:
        with connect(url, open_timeout=5) as socket:
            info = json.loads(socket.recv())
    except (OSError, ValueError, WebSocketException):  # the app then opens as it does with no link
        return
    os.environ.update({str(key): str(value) for key, value in info.items()})


def _button(label: str, *classes: str, on_click: Callable[[], None]) -> widgets.Button:
    button = widgets.Button(description=label, tooltip=label, layout=widgets.Layout(width="auto"))
    for name in classes:
        button.add_class(name)
    button.on_click(lambda _button: on_click())
    return button


class PageReady(anywidget.AnyWidget):
    """An invisible widget whose view tells Python that the page has drawn its first widgets.

    Everything a page first shows must reach the browser before anything is drawn; what it
    shows later arrives as it is made. So the app sends its frame first and builds what the
    link opens (a walkthrough, a lesson's cards) only once the browser says the frame is drawn.
    """

    _esm = "export default { render({ model }) { model.send({ type: 'ready' }); } };"

    def __init__(self, callback: Callable[[], None]) -> None:
        super().__init__(layout=widgets.Layout(display="none"))
        self._callback: Callable[[], None] | None = callback
        self.on_msg(self._on_message)

    def _on_message(self, _widget: object, content: object, _buffers: object) -> None:
        if isinstance(content, dict) and content.get("type") == "ready" and self._callback is not None:
            callback, self._callback = self._callback, None
            callback()


class App:
    """The page of the tutorial app, opened as a link's parameters ask.

    With `deferred`, only the frame (title, navigation, messages) is built at first, and the
    section the link opens is built when the page says it is drawn (`PageReady`).
    """

    def __init__(self, params: AppParams, deferred: bool = False) -> None:
        self.params = params
        set_language(params.lang)
        self.lesson_number = params.lesson or 1
        self._built: dict[str, widgets.Widget] = {}
        self._lessons: dict[int, widgets.Widget] = {}
        self.messages = widgets.VBox([html_box(f"<p>{escape(message)}</p>", "pw-message", "pw-error") for message in params.messages])
        self.messages.add_class("pw-messages")
        self.nav_buttons = {
            "lesson": _button(_("Lessons"), "pw-nav", "pw-nav-lessons", on_click=lambda: self.show_section("lesson")),
            "walkthrough": _button(_("Walkthrough"), "pw-nav", "pw-nav-walkthrough", on_click=lambda: self.show_section("walkthrough")),
            "practice": _button(_("Practice table"), "pw-nav", "pw-nav-practice", on_click=lambda: self.show_section("practice")),
            "glossary": _button(_("Glossary"), "pw-nav", "pw-nav-glossary", on_click=lambda: self.show_section("glossary")),
        }
        title = _("Piquet with open hands")
        welcome = _("Learn the classic card game for two: lessons from the first card to a whole partie, deals stepped through and explained, and a table to practise with both hands face up.")
        header = html_box(f"{STYLE}<h1>{escape(title)}</h1><p>{escape(welcome)}</p>", "pw-header")
        nav = widgets.HBox(list(self.nav_buttons.values()), layout=widgets.Layout(flex_flow="row wrap"))
        nav.add_class("pw-nav-bar")
        self.content = widgets.Box(layout=widgets.Layout(width="100%"))
        self.content.add_class("pw-content")
        self.root = widgets.VBox([header, nav, self.messages, self.content])
        self.root.add_class("pw-app")
        self.section = ""
        if deferred:
            loading = _("Loading…")
            waiting = html_box(f"<p>{escape(loading)}</p>", "pw-loading")
            self.content.children = (waiting, PageReady(self._first_paint))
        else:
            self.show_section(params.section)

    # -- navigation --------------------------------------------------------------------------
    def _first_paint(self) -> None:
        """The page has drawn its frame: build what the link opens (unless the visitor has
        already chosen a section)."""
        if not self.section:
            self.show_section(self.params.section)

    def show_section(self, section: str) -> None:
        """Put one section on the page (building it the first time)."""
        if section not in SECTIONS:
            raise ValueError(f"unknown section {section!r}")
        if section not in self._built:
            self._built[section] = getattr(self, f"_build_{section}")()
        for name, button in self.nav_buttons.items():
            button.button_style = "info" if name == section else ""
            (button.add_class if name == section else button.remove_class)("pw-nav-active")
        self.section = section
        self.content.children = (self._built[section],)

    def show_lesson(self, number: int) -> None:
        """Open lesson `number` in the lessons section."""
        self.lesson_number = number
        if "lesson" in self._built:
            self._lesson_box.children = (self._lesson_page(number),)
            for index, button in enumerate(self._lesson_buttons, 1):
                button.button_style = "info" if index == number else ""
        self.show_section("lesson")

    # -- sections ----------------------------------------------------------------------------
    def _lesson_page(self, number: int) -> widgets.Widget:
        if number not in self._lessons:
            self._lessons[number] = LessonView(number).page()
        return self._lessons[number]

    def _build_lesson(self) -> widgets.Widget:
        self._lesson_buttons = []
        for lesson in LESSONS:
            label = _("{number}. {title}").format(number=lesson.number, title=text(lesson.title))
            button = _button(label, "pw-lesson-link", f"pw-lesson-link-{lesson.number}", on_click=lambda n=lesson.number: self.show_lesson(n))
            button.layout = widgets.Layout(width="100%")
            button.button_style = "info" if lesson.number == self.lesson_number else ""
            self._lesson_buttons.append(button)
        heading = _("Lessons")
        listing = widgets.VBox([html_box(f"<strong>{escape(heading)}</strong>")] + self._lesson_buttons)
        listing.add_class("pw-lesson-list")
        self._lesson_box = widgets.Box([self._lesson_page(self.lesson_number)])
        self._lesson_box.add_class("pw-lesson-content")
        box = widgets.HBox([listing, self._lesson_box], layout=widgets.Layout(flex_flow="row wrap", align_items="flex-start"))
        box.add_class("pw-section-lessons")
        return box

    def _walkthrough_deal(self) -> tuple[object, str]:
        """What the walkthrough opens first: the link's deal, or Cavendish's example."""
        if self.params.record is not None:
            return self.params.record, _("The deal of the link.")
        if self.params.code is not None:
            return deal_from_code(self.params.code), _("The deal {code}.").format(code=self.params.code)
        return CAVENDISH, _("Cavendish's example deal (1882). Open another below.")

    def _build_walkthrough(self) -> widgets.Widget:
        source, caption = self._walkthrough_deal()
        self._walk_caption = html_box(f"<p>{escape(caption)}</p>", "pw-walkthrough-caption")
        from piquet_widgets.widgets.walkthrough import DealWalkthrough

        self.walkthrough = DealWalkthrough(source)
        self._code_input = widgets.Text(placeholder=_("a deal code, such as 5CNQ-67ZA-80EH-Y"), layout=widgets.Layout(width="16em"))
        self._code_input.add_class("pw-deal-code-input")
        self._open_message = html_box("", "pw-open-message")
        opener = widgets.HBox([
            self._code_input,
            _button(_("Open this deal"), "pw-open-deal", on_click=self._open_code),
            _button(_("Shuffle a new deal"), "pw-shuffle-deal", on_click=self._shuffle),
        ], layout=widgets.Layout(flex_flow="row wrap"))
        self._share = html_box("", "pw-share")
        self._show_share(source)
        box = widgets.VBox([self._walk_caption, self.walkthrough, opener, self._open_message, self._share])
        box.add_class("pw-section-walkthrough")
        return box

    def _show_share(self, source: object) -> None:
        if isinstance(source, Deal):
            link = app_link("", deal=deal_code(source))
        else:
            link = app_link("", record=source)
        words, label = _("A link to this deal:"), _("share")
        self._share.value = f"<p>{escape(words)} <a href='{escape(link)}' target='_blank'>{escape(label)}</a></p>"

    def _open(self, source: object, caption: str) -> None:
        self.walkthrough.load(source)
        self._walk_caption.value = f"<p>{escape(caption)}</p>"
        self._show_share(source)

    def _open_code(self) -> None:
        code = self._code_input.value
        try:
            deal = deal_from_code(code[:64])
        except PiquetError as error:
            self._open_message.value = f"<p>{escape(str(error))}</p>"
            self._open_message.add_class("pw-error")
            return
        self._open_message.value = ""
        self._open_message.remove_class("pw-error")
        self._open(deal, _("The deal {code}.").format(code=deal_code(deal)))

    def _shuffle(self) -> None:
        seed = random.SystemRandom().randrange(2**31)
        self._open(Deal.from_seed(seed), _("A new deal, shuffled from {seed}.").format(seed=seed))

    def _build_practice(self) -> widgets.Widget:
        from piquet_widgets.widgets.practice import PracticeTable

        table = PracticeTable(deal=self.params.seed) if self.params.seed is not None else PracticeTable()
        box = widgets.VBox([table])
        box.add_class("pw-section-practice")
        return box

    def _build_glossary(self) -> widgets.Widget:
        rows = []
        for term, meaning, number in GLOSSARY:
            where = _("lesson {number}").format(number=number)
            rows.append(f"<tr><th>{escape(_(term))}</th><td>{escape(_(meaning))}</td><td>{escape(where)}</td></tr>")
        heading = _("Glossary")
        return html_box(f"<h2>{escape(heading)}</h2><table><tbody>{''.join(rows)}</tbody></table>", "pw-glossary")


def build(query: str | None = None, deferred: bool = False) -> App:
    """The app for a query string (the page's own when None)."""
    return App(parse_query(query_string() if query is None else query), deferred=deferred)


def show(query: str | None = None) -> App:
    """Show the app in the page this runs in; returns it.

    In Voilà the frame is shown first and the rest once the page has drawn it; elsewhere (a
    notebook, a headless run) everything is built at once.
    """
    from IPython.display import display

    app = build(query, deferred="VOILA_KERNEL_ID" in os.environ or "VOILA_PREHEAT" in os.environ)
    display(app.root)
    return app

