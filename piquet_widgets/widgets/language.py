"""The language menu (`pw-language`) and re-rendering what is already shown in a new language.

The language is one for the whole kernel (`i18n.set_language`): the app page, every walkthrough,
practice table and lesson in it speak the same one. `change_language(code)` sets it and then
re-renders every widget that has asked to follow it (`follow_language`), each keeping its state
— the step of a walkthrough, the hands and the partie of a practice table, an answered exercise.
Every `LanguageSelector` follows too, so that several menus on one page always agree.

>>> from piquet_widgets.i18n import get_language
>>> menu = LanguageSelector()
>>> [label for label, code in menu.options]
['English', 'Français', 'Español', 'Português']
>>> menu.value = "fr"              # what choosing Français in the page does
>>> get_language()
'fr'
>>> change_language("en")
'en'
>>> menu.value
'en'
"""

from __future__ import annotations

import weakref
from collections.abc import Callable
from typing import TypeVar

import ipywidgets as widgets

from piquet_widgets.i18n import LANGUAGE_NAMES, LANGUAGES, _, get_language, set_language

__all__ = ["LanguageSelector", "Texts", "change_language", "follow_language"]

W = TypeVar("W", bound=widgets.Widget)

# What re-renders after a change of language, in the order it asked: weak references, so that
# following the language keeps nothing alive (a closed widget is dropped).
_followers: list[weakref.ref] = []


def follow_language(refresh: Callable[[], object]) -> None:
    """Call `refresh()` after every `change_language`; a bound method is held weakly (it
    stops being called once its object is gone or, for a widget, closed)."""
    try:
        reference: weakref.ref = weakref.WeakMethod(refresh)  # type: ignore[arg-type]
    except TypeError:
        reference = _Strong(refresh)
    _followers.append(reference)


class _Strong:
    """A strong reference with the interface of a weak one (for plain functions)."""

    def __init__(self, target: Callable[[], object]) -> None:
        self._target = target

    def __call__(self) -> Callable[[], object]:
        return self._target


def _alive(refresh: Callable[[], object]) -> bool:
    owner = getattr(refresh, "__self__", None)
    return not (isinstance(owner, widgets.Widget) and owner.comm is None)  # closed


def _live(reference: weakref.ref) -> bool:
    refresh = reference()
    return refresh is not None and _alive(refresh)


def change_language(code: object) -> str:
    """Speak `code` ('en', 'fr', 'es' or 'pt' — nothing else is accepted) from now on, and
    re-render every widget that follows the language; returns the code.

    Raises ValueError for anything but one of the four codes (a page sends what it likes).
    """
    if not isinstance(code, str) or code not in LANGUAGES:
        raise ValueError(f"unsupported language {code!r}; choose one of {', '.join(LANGUAGES)}")
    set_language(code)
    for reference in list(_followers):  # a refresh may add followers: they are new, and up to date
        refresh = reference()
        if refresh is not None and _alive(refresh):
            refresh()
    _followers[:] = [reference for reference in _followers if _live(reference)]
    return code


class LanguageSelector(widgets.Dropdown):
    """A menu of the four languages, each named in itself (class `pw-language`): choosing one
    calls `change_language`, which re-renders everything that follows the language. It shows the
    current language, and follows when another menu or `change_language` changes it."""

    def __init__(self, **kwargs: object) -> None:
        kwargs.setdefault("layout", widgets.Layout(width="auto"))
        kwargs.setdefault("style", {"description_width": "initial"})
        kwargs["_dom_classes"] = ("pw-language", *kwargs.get("_dom_classes", ()))
        super().__init__(options=[(LANGUAGE_NAMES[code], code) for code in LANGUAGES], value=get_language(),
                         description=_("Language"), **kwargs)
        self._following = False
        self.observe(self._on_choice, names="value")
        follow_language(self._follow)

    def _label(self) -> None:
        self.description = _("Language")

    def _on_choice(self, change: dict) -> None:
        if self._following:
            return
        code = change.get("new")
        if not isinstance(code, str) or code not in LANGUAGES:  # the menu offers nothing else
            self._follow()
            return
        if code != get_language():
            change_language(code)

    def _follow(self) -> None:
        """Show the language now spoken (another menu, or `change_language`, changed it)."""
        self._following = True
        try:
            if self.value != get_language():
                self.value = get_language()
            self._label()
        finally:
            self._following = False


class Texts:
    """Widgets whose words are re-rendered when the language changes (`change_language`).

    `add(render)` calls `render()` now (unless the widget was built with its words already,
    `now=False`) and again after every change of language; `html(render)` is an HTML widget
    built showing `render()` (so that it sends the page no update). The widgets it fills keep this object alive
    (`keep(widget)`), so that they follow the language for as long as they exist, whoever holds
    them (the language holds its followers weakly).
    """

    def __init__(self) -> None:
        self._renders: list[Callable[[], None]] = []
        follow_language(self.refresh)

    def add(self, render: Callable[[], None], now: bool = True) -> None:
        if now:
            render()
        self._renders.append(render)

    def keep(self, widget: W) -> W:
        """`widget` keeps this object (and so its renders) alive; returns the widget."""
        kept = widget.__dict__.setdefault("_pw_texts", [])
        if self not in kept:
            kept.append(self)
        return widget

    def html(self, render: Callable[[], str], *classes: str) -> widgets.HTML:
        """An HTML widget showing `render()`, re-rendered in each new language."""
        box = widgets.HTML(value=render(), _dom_classes=classes)
        self.add(lambda: _set_value(box, render()), now=False)
        return self.keep(box)

    def refresh(self) -> None:
        for render in self._renders:
            render()


def _set_value(widget: widgets.Widget, value: object) -> None:
    if widget.value != value:
        widget.value = value
