"""The page's address and the learner's place, without a browser: what the app writes to the
address bar after each place opened, and what it opens when the page says where it is (at load,
or after Back and Forward). The browser's side is tested in tests/browser/test_address_browser.py."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from piquet_widgets.app.page import App
from piquet_widgets.app.params import LESSON_COUNT, MODES, SECTIONS, parse_query, place_query
from piquet_widgets.engine import Deal, deal_code
from piquet_widgets.i18n import LANGUAGES, get_language
from piquet_widgets.teach.lessons import SLUGS
from test_app_page import classes, page_sends, shown


@given(st.sampled_from(SECTIONS), st.integers(1, LESSON_COUNT), st.sampled_from(MODES), st.sampled_from(LANGUAGES))
def test_an_address_reads_back_as_the_place_it_names(section: str, lesson: int, mode: str, lang: str) -> None:
    params = parse_query(place_query(section, lesson, mode, lang))
    assert params.problems == () and params.section == section and params.lang == lang
    if section == "lesson":
        assert params.lesson == lesson
    if section == "practice":
        assert params.mode == mode


def addressed(query: str = "", deferred: bool = False) -> App:
    return App(parse_query(query), deferred=deferred, follow_address=True)


def written(app: App) -> tuple[str, bool]:
    """What the app last asked the page to write: the query, and whether in place of the entry."""
    return app.address.query, app.address.replace


def test_each_place_opened_is_a_new_entry_and_back_reopens_the_one_before() -> None:
    app = addressed("lesson=2")
    assert written(app) == ("", True)  # nothing written before the page says where it is
    page_sends(app.address, {"type": "opened", "query": "?lesson=2"})
    assert written(app) == (f"?lesson={SLUGS[1]}", True)  # the same place, by its slug, in place
    app.show_lesson(3)
    assert written(app) == (f"?lesson={SLUGS[2]}", False)
    app.nav_buttons["practice"].click()
    assert written(app) == ("?section=practice", False)
    app.practice.mode_select.value = "closed"
    assert written(app) == ("?section=practice&mode=closed", False)
    app.language_select.value = "fr"
    assert written(app) == ("?section=practice&mode=closed&lang=fr", True)  # a language is no new place
    page_sends(app.address, {"type": "moved", "query": f"?lesson={SLUGS[2]}&lang=fr"})  # Back, twice
    assert app.section == "lesson" and app.lesson_number == 3 and "pw-lesson-3" in classes(app._lesson_box.children[0])
    assert written(app) == (f"?lesson={SLUGS[2]}&lang=fr", True)
    page_sends(app.address, {"type": "moved", "query": "?section=practice"})  # Forward, to the open table in English
    assert app.section == "practice" and app.practice.session.mode == "open" and get_language() == "en"
    assert written(app) == ("?section=practice", True)


def test_a_page_with_no_server_opens_the_place_of_its_own_address() -> None:
    app = addressed("", deferred=True)
    ready = app.content.children[1]
    page_sends(app.address, {"type": "opened", "query": f"?lesson={SLUGS[3]}&lang=es"})
    assert app.section == ""  # the frame is drawn once the page says so: nothing built before
    page_sends(ready, {"type": "ready"})
    assert app.section == "lesson" and app.lesson_number == 4 and get_language() == "es"
    assert written(app) == (f"?lesson={SLUGS[3]}&lang=es", True)


def test_the_address_coming_after_the_first_paint_still_opens_its_place() -> None:
    app = addressed("", deferred=True)
    page_sends(app.content.children[1], {"type": "ready"})
    assert app.lesson_number == 1
    page_sends(app.address, {"type": "opened", "query": "?section=glossary"})
    assert app.section == "glossary" and "pw-glossary" in classes(shown(app))
    assert written(app) == ("?section=glossary", True)


def test_a_place_the_learner_chose_before_the_address_came_is_kept() -> None:
    app = addressed("lesson=4", deferred=True)
    ready = app.content.children[1]
    app.nav_buttons["glossary"].click()
    page_sends(ready, {"type": "ready"})
    page_sends(app.address, {"type": "opened", "query": "?lesson=4"})
    assert app.section == "glossary" and written(app) == ("?section=glossary", True)


def test_bad_values_in_the_address_open_the_lessons_with_a_message() -> None:
    app = addressed("section=glossary")
    page_sends(app.address, {"type": "opened", "query": "?section=glossary"})
    page_sends(app.address, {"type": "moved", "query": "?lesson=nonsense&mode=shut"})
    assert app.section == "lesson" and app.lesson_number == 1
    words = " ".join(view.value for view in app.messages.children)
    assert "nonsense" in words and "shut" in words and "pw-lessons-open" in classes(app.root)
    assert written(app) == (f"?lesson={SLUGS[0]}", True)
    page_sends(app.address, {"type": "moved", "query": "?section=nowhere"})
    assert app.section == "lesson" and "nowhere" in app.messages.children[0].value
    page_sends(app.address, {"type": "moved", "query": f"?lesson={SLUGS[4]}"})
    assert app.messages.children == () and app.lesson_number == 5  # a good address: the message goes


def test_what_the_page_sends_that_is_no_address_changes_nothing() -> None:
    app = addressed("lesson=2")
    page_sends(app.address, {"type": "opened", "query": "?lesson=2"})
    before = written(app)
    for content in ([1, 2], "lesson=3", {"type": "moved"}, {"type": "moved", "query": 3}, {"type": "jump", "query": "?lesson=3"}):
        page_sends(app.address, content)
    page_sends(app.address, {"type": "opened", "query": "?lesson=5"})  # said once only
    assert app.lesson_number == 2 and written(app) == before


def test_the_walkthrough_address_names_its_deal_and_back_reopens_the_deal_before() -> None:
    first = deal_code(Deal.from_seed(7))
    app = addressed(f"deal={first}")
    page_sends(app.address, {"type": "opened", "query": f"?deal={first}"})
    assert written(app) == (f"?section=walkthrough&deal={first}", True)
    app._shuffle()
    other = deal_code(app.walkthrough.timeline[0])
    assert other != first and written(app) == (f"?section=walkthrough&deal={other}", False)
    page_sends(app.address, {"type": "moved", "query": f"?section=walkthrough&deal={first}"})
    assert deal_code(app.walkthrough.timeline[0]) == first and first in app._link
    page_sends(app.address, {"type": "moved", "query": "?section=walkthrough"})  # the first page of a walkthrough: Cavendish's deal
    assert "Cavendish" in app._walk_caption.value and written(app) == ("?section=walkthrough", True)
