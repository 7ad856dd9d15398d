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

import os
import random
from collections.abc import Callable
from html import escape

import anywidget
import ipywidgets as widgets
import traitlets

from piquet_widgets.app.params import PARAMETERS, SECTIONS, AppParams, app_link, parse_query, place_query
from piquet_widgets.engine import Deal, PiquetError, deal_code, deal_from_code
from piquet_widgets.i18n import DEFAULT_LANGUAGE, _, get_language
from piquet_widgets.teach.glossary import GLOSSARY
from piquet_widgets.teach.lesson_deals import CAVENDISH
from piquet_widgets.teach.lessons import LESSONS, text
from piquet_widgets.teach.lessons import lesson as script_lesson
from piquet_widgets.teach.progress import MAX_KEPT_BYTES, KeptProgress
from piquet_widgets.compat.batch import one_message_each
from piquet_widgets.compat.query import wait_for_request
from piquet_widgets.widgets.address import Address
from piquet_widgets.widgets.board import set_shown
from piquet_widgets.widgets.browser_store import progress_store
from piquet_widgets.widgets.focus import FocusKeeper
from piquet_widgets.widgets.language import LanguageSelector, Texts, change_language
from piquet_widgets.widgets.lesson import LessonView
from piquet_widgets.widgets.owned_state import PythonOwnedState

STYLE = """
<style>
.pw-app { max-width: 1100px; margin: 0 auto; font-size: 0.9375rem; color: #1f2328; }
.pw-app .widget-html-content, .pw-app .widget-label, .pw-app .jupyter-button, .pw-app .widget-dropdown select,
.pw-app .widget-text input, .pw-app .pw-root { font-size: 0.9375rem; }
.pw-app h1 { font-size: 1.6em; margin: 0.3em 0; }
.pw-header .widget-html-content, .pw-messages .widget-html-content, .pw-glossary .widget-html-content,
.pw-walkthrough-caption .widget-html-content, .pw-share .widget-html-content { line-height: 1.5; }
.pw-app .pw-message p { margin: 0.3em 0; padding: 0.5em 0.8em; border-radius: 4px; background: #eef5fb; border-left: 4px solid #3b7dd8; }
.pw-app .pw-error p, .pw-app .pw-connection-lost p { margin: 0.3em 0; padding: 0.5em 0.8em; border-radius: 4px; background: #fdf0ef; border-left: 4px solid #b3261e; color: #8c1d18; }
.pw-app .pw-connection-lost { display: none; }
body.pw-disconnected .pw-app .pw-connection-lost { display: block; position: fixed; top: 0.5em; left: 0.5em; right: 0.5em; z-index: 10; }
.pw-app .jupyter-button.mod-info, .pw-app .jupyter-button.pw-nav-active { background: #1d4a31; color: #fff; }
/* A focus ring of 3:1 at least, never clipped: it wins over ipywidgets' `outline: none !important`
   on menus and fields. A button's, menu's or field's ring is drawn inside its edge, blue on a band
   of white, so that no box around it (Lumino's boxes hide what overflows) can cut it; a link's,
   a slider handle's, a check box's and a heading's ring goes around it, and the boxes whose
   buttons it surrounds leave it room. A card's ring is the cards' own (widgets/cards.css). */
.pw-app .jupyter-button:focus-visible, .pw-app select:focus-visible, .pw-app input:not([type=checkbox]):focus-visible {
  outline: 3px solid #1d4ed8 !important; outline-offset: -3px; box-shadow: inset 0 0 0 5px #fff !important;
}
.pw-app a:focus-visible, .pw-app .noUi-handle:focus-visible, .pw-app input[type=checkbox]:focus-visible,
.pw-app [tabindex]:not(.pw-card):focus-visible { outline: 3px solid #1d4ed8 !important; outline-offset: 2px; }
.pw-app .widget-checkbox input[type=checkbox] { margin-left: 6px; }
.pw-app .pw-nav-bar.lm-Widget, .pw-app .pw-lesson-list.lm-Widget, .pw-app .pw-toolbar.lm-Widget { overflow: visible; }
.pw-app .pw-nav-bar, .pw-app .pw-lesson-list { padding: 5px; }
.pw-app .pw-skip { position: absolute; left: -999rem; }
/* shown over the title, not in the page's flow: when it goes at the next click, nothing under the pointer moves */
.pw-app .pw-skip:focus { left: 0.3em; top: 0.3em; z-index: 20; display: inline-block; padding: 0.3em 0.6em; background: #fff; color: #1d4ed8; text-decoration: underline; }
.pw-app .pw-content { margin-top: 0.6em; }
.pw-app .pw-content > * { flex: 1 1 auto; min-width: 0; width: 100%; }
.pw-app .pw-loading .widget-html-content { display: flex; flex-direction: column; align-items: center; gap: 0.6em; padding: 3em 0; }
.pw-section-lessons { gap: 1.2em; }
.pw-lesson-list { min-width: 15em; max-width: 16em; }
.pw-app .pw-lesson-list button.widget-button { width: 100%; text-align: left; white-space: normal; height: auto; min-height: var(--jp-widgets-inline-height); line-height: 1.35; padding: 0.35em 0.6em; }
.pw-app .pw-lesson-menu { display: none; }
.pw-lesson-content { flex: 1 1 30em; min-width: 0; }
.pw-glossary table { border-collapse: collapse; width: 100%; }
.pw-glossary td, .pw-glossary th { padding: 0.3em 0.7em; border-bottom: 1px solid #ddd; text-align: left; vertical-align: top; }
.pw-nav-bar .pw-page-language { margin-left: auto; }
.pw-glossary td:last-child { white-space: nowrap; }
/* Reduced motion, everywhere in the app (the widgets' own transitions and ipywidgets' too): no
   movement, the new state at once. */
@media (prefers-reduced-motion: reduce) {
  .pw-app *, .pw-app *::before, .pw-app *::after {
    transition-duration: 0s !important; transition-delay: 0s !important;
    animation-duration: 0s !important; animation-delay: 0s !important; animation-iteration-count: 1 !important;
    scroll-behavior: auto !important;
  }
}
@media (max-width: 640px) {
  .pw-app h1 { font-size: 1.3em; }
  .pw-app:not(.pw-on-lesson) .pw-welcome { display: none; }
  .pw-app .pw-lesson-menu { display: block; }
  .pw-app .pw-lesson-list { display: none; min-width: 0; max-width: none; width: 100%; }
  .pw-app.pw-lessons-open .pw-lesson-list { display: flex; }
  .pw-section-lessons { gap: 0.6em; }
  .pw-lesson-content { flex-basis: 100%; }
  .pw-glossary td:last-child { font-size: 0.85em; }
  .pw-glossary th, .pw-glossary td { padding: 0.3em 0.4em; }
  /* a finger's target: every button, menu, field, check box (its label is its target) and
     slider handle at least 44 px tall, the skip link and a link standing alone too */
  .pw-app .jupyter-button, .pw-app .pw-root .jupyter-button, .pw-app .widget-dropdown, .pw-app .widget-text,
  .pw-app .widget-dropdown select, .pw-app .pw-root .widget-dropdown select, .pw-app .widget-text input, .pw-app .pw-root .widget-text input,
  .pw-app .pw-lesson-list button.widget-button, .pw-app .widget-checkbox, .pw-app .widget-checkbox label.widget-label-basic {
    height: auto; min-height: 44px;
  }
  .pw-app .widget-checkbox label.widget-label-basic { display: flex; align-items: center; gap: 0.5em; }
  .pw-app .widget-checkbox input[type=checkbox] { width: 1.25rem; height: 1.25rem; margin: 0 0 0 6px; }
  .pw-app .widget-slider.widget-hslider { height: auto; min-height: 44px; overflow: visible; }
  .pw-app .widget-hslider .noUi-handle { width: 24px; height: 44px; top: -20px; right: -12px; border-radius: 12px; }
  .pw-app .widget-hslider.widget-slider .slider-container { margin-left: 18px; margin-right: 18px; }
  .pw-app .pw-skip:focus, .pw-app .pw-share a { display: inline-flex; align-items: center; min-height: 44px; }
}
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
        wait_for_request()
        _request_received = True
    return os.environ.get("QUERY_STRING", "")


def _button(label: Callable[[], str], *classes: str, on_click: Callable[[], None], texts: Texts) -> widgets.Button:
    """A button whose words (`label()`, also its tooltip) follow the language."""
    words = label()  # built with its words: the page gets the button whole, and no update
    button = widgets.Button(description=words, tooltip=words, layout=widgets.Layout(width="auto"), _dom_classes=classes)
    button.on_click(lambda _button: on_click())

    def render() -> None:
        words = label()
        button.description = words
        button.tooltip = words

    texts.add(render, now=False)
    return texts.keep(button)


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


class PageLanguage(PythonOwnedState, anywidget.AnyWidget):
    """An invisible widget that tells the browser the page's language (`<html lang>`, so that a
    screen reader reads French as French) and its title (the browser tab)."""

    _esm = """
    function apply(model) {
      const lang = model.get("lang");
      if (/^[a-z]{2}$/.test(lang)) document.documentElement.lang = lang;
      const title = model.get("title");
      if (title) document.title = title;
    }
    export default {
      render({ model }) {
        apply(model);
        model.on("change:lang", () => apply(model));
        model.on("change:title", () => apply(model));
      }
    };
    """
    lang = traitlets.Unicode(DEFAULT_LANGUAGE).tag(sync=True)
    title = traitlets.Unicode("").tag(sync=True)

    def __init__(self, title: Callable[[], str]) -> None:
        super().__init__(layout=widgets.Layout(display="none"))
        self._title = title

    def show(self) -> None:
        """The language and the title now spoken."""
        with self.hold_sync():
            self.lang = get_language()
            self.title = self._title()


class App:
    """The page of the tutorial app, opened as a link's parameters ask.

    With `deferred`, only the frame (title, navigation, messages) is built at first, and the
    section the link opens is built when the page says it is drawn (`PageReady`).

    The language is the link's (`lang=`) until the visitor chooses another in the menu
    (`pw-language`, `language_select`): every text of the page — the sections already built
    included — is then re-rendered in place, and the walkthrough stays at its step, the practice
    table at its move, the exercises as answered.

    With `follow_address` (the app's own page) the page's address follows the place shown
    (`widgets.address.Address`, `place`): each place opened is a new entry of the browser's
    history, Back and Forward reopen the place of theirs (`go`), and the address the page was
    opened at wins over `params` when the two differ (a static site, where no server read it).
    """

    def __init__(self, params: AppParams, deferred: bool = False, follow_address: bool = False) -> None:
        self.params = params
        if params.lang != get_language():
            change_language(params.lang)  # the menus and widgets already shown follow
        self.texts = Texts()  # every text of the page outside the widgets that follow the language themselves
        self.lesson_number = params.lesson or 1
        self._going = False  # opening the place an address names: the address is rewritten, not added to
        self._moved_early = False  # the learner opened a place before the page said its address
        self._walk_source: object = None  # the deal the walkthrough shows
        self._practice_seed: int | None = None  # the seed the practice table opened with
        self._built: dict[str, widgets.Widget] = {}
        self._lessons: dict[int, widgets.Widget] = {}
        # The lessons' progress lives in the visitor's browser: no two visitors share it.
        self.progress = KeptProgress(keep=lambda text: setattr(self.progress_store, "record", text))
        self.progress_store = progress_store(self.progress.restore, MAX_KEPT_BYTES)
        self.progress.on_change(self._show_lesson_progress)
        self.messages = widgets.VBox(_dom_classes=("pw-messages",))
        self._problems: tuple[PiquetError, ...] = ()
        self._show_problems(params.problems)
        self.texts.add(self._render_problems)
        self.nav_buttons = {
            "lesson": self._button(lambda: _("Lessons"), "pw-nav", "pw-nav-lessons", on_click=lambda: self.show_section("lesson")),
            "walkthrough": self._button(lambda: _("Walkthrough"), "pw-nav", "pw-nav-walkthrough", on_click=lambda: self.show_section("walkthrough")),
            "practice": self._button(lambda: _("Practice table"), "pw-nav", "pw-nav-practice", on_click=lambda: self.show_section("practice")),
            "glossary": self._button(lambda: _("Glossary"), "pw-nav", "pw-nav-glossary", on_click=lambda: self.show_section("glossary")),
        }
        self.section = ""
        self._practice_mode = params.mode
        self._header = header = self.texts.html(self._header_html, "pw-header")
        self.page_language = PageLanguage(self._title)
        self.texts.add(self.page_language.show)
        self.language_select = LanguageSelector(_dom_classes=("pw-page-language",))
        nav = widgets.HBox([*self.nav_buttons.values(), self.language_select], layout=widgets.Layout(flex_flow="row wrap"),
                           _dom_classes=("pw-nav-bar",))
        self.content = widgets.Box(layout=widgets.Layout(width="100%"), _dom_classes=("pw-content",))
        # Shown by the page's front end while it has lost its kernel (js/src/page.js): the words are
        # the kernel's, sent with the page, in its language.
        connection_lost = self.texts.html(
            lambda: "<p role='alert'>{}</p>".format(escape(_("The page has lost its connection to the server: reload the page to go on."))),
            "pw-connection-lost",
        )
        # a lesson replaced by the next, or picked from the phone's menu: the focus on its title
        keeper = FocusKeeper(".pw-app", (".pw-lesson-content h2", ".pw-content h2", ".pw-nav-active"))
        self.address = Address(PARAMETERS, self._on_address) if follow_address else None
        self.texts.add(lambda: self._keep_place(replace=True))  # a new language: the same place, in its words
        frame = [header, nav, self.messages, *([self.address] if self.address is not None else []), self.content]
        parts = [*frame, connection_lost, self.page_language, self.progress_store, keeper]
        self.root = self.texts.keep(widgets.VBox(parts, _dom_classes=("pw-app",)))
        self.root._pw_app = self  # type: ignore[attr-defined]  # the page keeps its App alive
        if deferred:
            # the fan of cards of the app's Voilà template, which draws it (pw-dealing)
            fan = '<div class="pw-dealing" aria-hidden="true"><span></span><span></span><span></span></div>'
            waiting = self.texts.html(lambda: "{}<p role='status'>{}</p>".format(fan, escape(_("Loading…"))), "pw-loading")
            self.content.children = (waiting, PageReady(self._first_paint))
        else:
            self.go(params)

    def _button(self, label: Callable[[], str], *classes: str, on_click: Callable[[], None]) -> widgets.Button:
        return _button(label, *classes, on_click=on_click, texts=self.texts)

    def _at_closed_table(self) -> bool:
        """The page shows the practice table playing closed piquet."""
        return self.section == "practice" and self._practice_mode == "closed"

    def _title(self) -> str:
        """The page's title: it follows the game on the table."""
        return _("Piquet: the real, closed game") if self._at_closed_table() else _("Piquet with open hands")

    def _header_html(self) -> str:
        if self._at_closed_table():
            welcome = _("Each player sees only his own hand: you learn the other from what is said aloud and from the cards played.")
        else:
            welcome = _("Learn the classic card game for two: lessons from the first card to a whole partie, deals stepped through and explained, and a table to practise with both hands face up.")
        skip = _("Skip to the content")
        return f"{STYLE}<a class='pw-skip' href='#pw-main'>{escape(skip)}</a><h1>{escape(self._title())}</h1><p class='pw-welcome'>{escape(welcome)}</p>"

    def _show_title(self) -> None:
        """The title and the header again, after a change of section or of the table's game
        (only these two: the page's other texts change with the language alone)."""
        self._header.value = self._header_html()
        self.page_language.show()

    def play_closed(self) -> None:
        """"Play a real game": the practice table with closed hands (a new closed partie if the
        table was playing with open hands)."""
        self._practice_mode = "closed"
        if "practice" in self._built:
            self.practice.set_mode("closed")
        self.show_section("practice")

    def _show_problems(self, problems: tuple[PiquetError, ...]) -> None:
        """Say what is wrong with the address (nothing, if nothing is)."""
        if [str(each) for each in problems] == [str(each) for each in self._problems]:
            return  # the same words: nothing drawn anew
        old = self.messages.children
        self._problems = problems
        views = []
        for _problem in problems:
            view = widgets.HTML()
            view.add_class("pw-message")
            view.add_class("pw-error")
            views.append(view)
        self.messages.children = tuple(views)
        for view in old:
            view.close()
        self._render_problems()

    def _render_problems(self) -> None:
        for view, problem in zip(self.messages.children, self._problems):
            view.value = f"<p>{escape(str(problem))}</p>"

    # -- navigation --------------------------------------------------------------------------
    def _first_paint(self) -> None:
        """The page has drawn its frame: build what the link opens (unless the visitor has
        already chosen a section)."""
        if not self.section:
            self.go(self.params)

    def place(self) -> str:
        """The address of the place the page shows ('?lesson=the-point', …; '' before any)."""
        if not self.section:
            return ""
        source = None
        if self.section == "walkthrough" and self._walk_source is not CAVENDISH:
            source = _source_params(self._walk_source)
        elif self.section == "practice" and self._practice_seed is not None:
            source = {"seed": self._practice_seed}
        return place_query(self.section, self.lesson_number, self._practice_mode, get_language(), source)

    def _keep_place(self, replace: bool = False) -> None:
        """The address follows the place now shown: a new entry of the history, unless `replace`
        or the place is the one an address named."""
        if self.address is None or not self.section:
            return
        if not self.address.opened:
            self._moved_early = self._moved_early or not self._going
            return
        self.address.show(self.place(), replace=replace or self._going)

    def _on_address(self, query: str, first: bool) -> None:
        """The page said its address: where it was opened (`first`), or where Back or Forward went."""
        params = parse_query(query)
        if not self.section:  # the frame is not drawn yet: the first paint opens this place
            self._adopt(params)
        elif first and self._moved_early:  # the learner's own choice wins over the address
            self._keep_place(replace=True)
        else:
            self.go(params)

    def _adopt(self, params: AppParams) -> None:
        """Take the place `params` name as the page's: its messages, its language, its lesson,
        and (for the section that opens it) its deal or its table's game."""
        self.params = params
        self._show_problems(params.problems)
        if params.lang != get_language():
            change_language(params.lang)
        if params.section == "lesson":
            self.lesson_number = params.lesson or 1
        if params.section == "practice":
            self._practice_mode = params.mode

    def go(self, params: AppParams) -> None:
        """Open the place an address names (the link, or where Back or Forward went), the
        sections already built brought to it; the address is then rewritten, never added to."""
        self._going = True
        try:
            with one_message_each():
                self._adopt(params)
                if params.section == "walkthrough" and "walkthrough" in self._built:
                    source, caption = self._walkthrough_deal()
                    if _source_params(source) != _source_params(self._walk_source):
                        self._open(source, caption)
                if params.section == "practice" and "practice" in self._built and self.practice.session.mode != params.mode:
                    self.practice.set_mode(params.mode)
                if params.section == "lesson":
                    self._show_lesson(self.lesson_number)
                    if params.problems:  # a bad address: the list to choose from (a phone's menu opened)
                        self.root.add_class("pw-lessons-open")
                else:
                    self._show_section(params.section)
                self._keep_place(replace=True)  # the first time, and for a place not changed
        finally:
            self._going = False

    def show_section(self, section: str) -> None:
        """Put one section on the page (building it the first time, its widgets sent to the
        page in one message each)."""
        if section not in SECTIONS:
            raise ValueError(f"unknown section {section!r}")
        with one_message_each():
            self._show_section(section)

    def _show_section(self, section: str) -> None:
        if section not in self._built:
            self._built[section] = self.texts.keep(getattr(self, f"_build_{section}")())
        for name, button in self.nav_buttons.items():
            button.button_style = "info" if name == section else ""
            (button.add_class if name == section else button.remove_class)("pw-nav-active")
        self.section = section
        (self.root.add_class if section == "lesson" else self.root.remove_class)("pw-on-lesson")
        self.content.children = (self._built[section],)
        self._show_title()
        self._keep_place()

    def show_lesson(self, number: int) -> None:
        """Open lesson `number` in the lessons section."""
        with one_message_each():
            self._show_lesson(number)

    def _show_lesson(self, number: int) -> None:
        self.lesson_number = number
        if "lesson" in self._built:
            self._lesson_box.children = (self._lesson_page(number),)
            for index, button in enumerate(self._lesson_buttons, 1):
                button.button_style = "info" if index == number else ""
        self.root.remove_class("pw-lessons-open")
        self.show_section("lesson")

    def toggle_lesson_list(self) -> None:
        """Open or close the list of lessons (a menu on a narrow screen)."""
        classes = self.root._dom_classes
        (self.root.remove_class if "pw-lessons-open" in classes else self.root.add_class)("pw-lessons-open")

    # -- sections ----------------------------------------------------------------------------
    def _lesson_page(self, number: int) -> widgets.Widget:
        if number not in self._lessons:
            view = LessonView(number, on_next=self.show_lesson, on_progress=self._show_lesson_progress, progress=self.progress,
                              on_practise=self.practise_deal, on_play_closed=self.play_closed, lazy=True)
            self._lessons[number] = view.page()  # it follows the language itself
        return self._lessons[number]

    def _build_lesson(self) -> widgets.Widget:
        self._lesson_buttons = []
        for lesson in LESSONS:
            button = self._button(
                lambda lesson=lesson: self._lesson_label(lesson.number),
                "pw-lesson-link", f"pw-lesson-link-{lesson.number}",
                on_click=lambda n=lesson.number: self.show_lesson(n),
            )
            button.layout = widgets.Layout(width="100%")
            button.button_style = "info" if lesson.number == self.lesson_number else ""
            self._lesson_buttons.append(button)
        heading = self.texts.html(lambda: "<strong>{}</strong>".format(escape(_("Lessons"))))
        self._share_done = self.texts.html(self._share_done_html, "pw-lesson-share")
        # Offered on the first screen to a learner who has finished every lesson.
        self._graduate = self._button(lambda: _("All done: play a real game →"), "pw-play-closed", on_click=self.play_closed)
        set_shown(self._graduate, self.progress.share_done() >= 1)
        listing = widgets.VBox([heading, self._share_done, self._graduate] + self._lesson_buttons)
        listing.add_class("pw-lesson-list")
        menu = self._button(lambda: _("All lessons ▾"), "pw-lesson-menu", on_click=self.toggle_lesson_list)
        self._lesson_box = widgets.Box([self._lesson_page(self.lesson_number)])
        self._lesson_box.add_class("pw-lesson-content")
        box = widgets.HBox([menu, listing, self._lesson_box], layout=widgets.Layout(flex_flow="row wrap", align_items="flex-start"))
        box.add_class("pw-section-lessons")
        return box

    def _lesson_label(self, number: int) -> str:
        """'3. The point', with a tick once every exercise and drill of the lesson is solved."""
        shown = script_lesson(number)
        label = _("{number}. {title}").format(number=number, title=text(shown.title))
        return f"✓ {label}" if self.progress.finished(shown.slug) else label

    def _share_done_html(self) -> str:
        share = self.progress.share_done()
        return "<small>{}</small>".format(escape(_("{percent}% done").format(percent=round(100 * share))))

    def _show_lesson_progress(self) -> None:
        """Something was solved: the ticks and the share done are said again."""
        if "lesson" not in self._built:
            return
        for number, button in enumerate(self._lesson_buttons, 1):
            button.description = button.tooltip = self._lesson_label(number)
        self._share_done.value = self._share_done_html()
        set_shown(self._graduate, self.progress.share_done() >= 1)

    def _walkthrough_deal(self) -> tuple[object, Callable[[], str]]:
        """What the walkthrough opens first — the link's deal, or Cavendish's example — and its
        caption (a function, so that it is said again in each new language)."""
        if self.params.record is not None:
            return self.params.record, lambda: _("The deal of the link.")
        code = self.params.code
        if code is not None:
            return deal_from_code(code), lambda: _("The deal {code}.").format(code=code)
        return CAVENDISH, lambda: _("Cavendish's example deal (1882). Open another below.")

    def _build_walkthrough(self) -> widgets.Widget:
        source, self._caption = self._walkthrough_deal()
        self._walk_caption = self.texts.html(lambda: f"<p>{escape(self._caption())}</p>", "pw-walkthrough-caption")
        from piquet_widgets.widgets.walkthrough import DealWalkthrough

        self.walkthrough = DealWalkthrough(source, language_selector=False, on_practise=self.practise_deal)  # the page has the menu
        self._code_input = widgets.Text(layout=widgets.Layout(width="16em"))
        self._code_input.add_class("pw-deal-code-input")
        self.texts.add(lambda: setattr(self._code_input, "placeholder", _("a deal code, such as 5CNQ-67ZA-80EH-Y")))
        self._open_error: PiquetError | None = None
        self._open_message = self.texts.html(self._open_message_html, "pw-open-message")
        opener = widgets.HBox([
            self._code_input,
            self._button(lambda: _("Open this deal"), "pw-open-deal", on_click=self._open_code),
            self._button(lambda: _("Shuffle a new deal"), "pw-shuffle-deal", on_click=self._shuffle),
        ], layout=widgets.Layout(flex_flow="row wrap"))
        self._link = ""
        self._share = self.texts.html(self._share_html, "pw-share")
        self._show_share(source)
        box = widgets.VBox([self._walk_caption, self.walkthrough, opener, self._open_message, self._share])
        box.add_class("pw-section-walkthrough")
        return box

    def _share_html(self) -> str:
        if not self._link:
            return ""
        words, label = _("A link to this deal:"), _("share")
        return f"<p>{escape(words)} <a href='{escape(self._link)}' target='_blank'>{escape(label)}</a></p>"

    def _show_share(self, source: object) -> None:
        self._walk_source = source
        self._link = app_link("", **_source_params(source))
        self._share.value = self._share_html()

    def _open_message_html(self) -> str:
        return f"<p>{escape(str(self._open_error))}</p>" if self._open_error is not None else ""

    def _open(self, source: object, caption: Callable[[], str]) -> None:
        self.walkthrough.load(source)
        self._caption = caption
        self._walk_caption.value = f"<p>{escape(caption())}</p>"
        self._show_share(source)
        self._keep_place()

    def _open_code(self) -> None:
        code = self._code_input.value
        try:
            deal = deal_from_code(code[:64])
        except PiquetError as error:
            self._open_error = error  # the engine's reason, said again in each new language
            self._open_message.value = self._open_message_html()
            self._open_message.add_class("pw-error")
            return
        self._open_error = None
        self._open_message.value = ""
        self._open_message.remove_class("pw-error")
        opened = deal_code(deal)
        self._open(deal, lambda: _("The deal {code}.").format(code=opened))

    def _shuffle(self) -> None:
        seed = random.SystemRandom().randrange(2**31)
        self._open(Deal.from_seed(seed), lambda: _("A new deal, shuffled from {seed}.").format(seed=seed))

    def _build_practice(self) -> widgets.Widget:
        from piquet_widgets.widgets.practice import PracticeTable

        seed, mode = self.params.seed, self._practice_mode
        self._practice_seed = seed
        table = PracticeTable(deal=seed, mode=mode, language_selector=False) if seed is not None else PracticeTable(mode=mode, language_selector=False)
        table.mode_select.observe(self._on_practice_mode, names="value")
        self.practice = table
        box = widgets.VBox([table])
        box.add_class("pw-section-practice")
        return box

    def _on_practice_mode(self, change: dict) -> None:
        """The table's mode menu changed the game: the title and the header follow."""
        if self.practice.session.mode == self._practice_mode:  # the menu said again in a new language
            return
        self._practice_mode = self.practice.session.mode
        self._show_title()
        self._keep_place()

    def practise_deal(self, code: str) -> None:
        """Put the deal of `code` on the practice table and show it: a finished walkthrough's
        "Practise this deal"."""
        self.show_section("practice")
        self.practice.load_code(code)

    def _build_glossary(self) -> widgets.Widget:
        return self.texts.html(_glossary_html, "pw-glossary")


def _source_params(source: object) -> dict[str, object]:
    """The parameters of a link to a deal the walkthrough shows: its code, or its record."""
    return {"deal": deal_code(source)} if isinstance(source, Deal) else {"record": source}


def _glossary_html() -> str:
    rows = []
    for term, meaning, slug in GLOSSARY:
        cells = (_(term), _(meaning), _("lesson {number}").format(number=script_lesson(slug).number))
        rows.append("<tr><th>{}</th><td>{}</td><td>{}</td></tr>".format(*map(escape, cells)))
    heading = _("Glossary")
    return f"<h2>{escape(heading)}</h2><table><tbody>{''.join(rows)}</tbody></table>"


def build(query: str | None = None, deferred: bool = False, follow_address: bool = False) -> App:
    """The app for a query string (the page's own when None)."""
    return App(parse_query(query_string() if query is None else query), deferred=deferred, follow_address=follow_address)


WIDGET_STATE = "application/vnd.jupyter.widget-state+json"
PAGE_WORDS = "application/vnd.piquet.page-words+json"


def show(query: str | None = None, follow_address: bool | None = None) -> App:
    """Show the app in the page this runs in; returns it.

    In Voilà the frame is shown first, its widgets' state written into the page, and the rest
    once the page has drawn it; elsewhere (a notebook, a headless run) everything is built at once.
    The page's address follows the learner's place in Voilà, or wherever `follow_address` asks
    (a page that is the app alone, such as a static site's; never a notebook's).
    """
    from IPython.display import display

    in_voila = "VOILA_KERNEL_ID" in os.environ or "VOILA_PREHEAT" in os.environ
    app = build(query, deferred=in_voila, follow_address=in_voila if follow_address is None else follow_address)
    if in_voila:
        display(with_widget_state(app.root), raw=True)
    else:
        display(app.root)
    return app


def with_widget_state(root: widgets.Widget) -> dict:
    """The output showing `root`, with the state of every widget of the kernel written in.

    The page's front end (js/src/page.js) draws the frame from it at once, while its kernel
    connection opens, instead of first waiting for two round trips to a kernel that a class
    arriving at once keeps busy. Binary state is not written in: the page then asks the kernel
    for the state, as any widget page does.
    """
    bundle = root._repr_mimebundle_()
    state = widgets.Widget.get_manager_state(drop_defaults=False)
    if not any("buffers" in model for model in state["state"].values()):
        bundle[WIDGET_STATE] = state
    bundle[PAGE_WORDS] = page_words()
    return bundle


def page_words() -> dict[str, str]:
    """What the page's front end may have to say before any widget is drawn, in the page's
    language: that a widget needs a version of its module (`{module} {version}`, filled in by
    the front end) the page was not built for."""
    return {"versions": _("This page cannot draw its widgets: they need {module} {version}, and the page was built for another "
                          "version. Update piquet-widgets on the server (pip install -U 'piquet-widgets[app]'), then reload the page.")}
