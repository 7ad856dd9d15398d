"""The app's URL parameters: good ones open what they say, bad ones become a message and nothing
else (the app still opens)."""

from __future__ import annotations

import base64
import json

import pytest

from piquet_widgets.app.params import (
    LESSON_COUNT,
    MAX_VALUE_LENGTH,
    AppParams,
    app_link,
    decode_record,
    encode_record,
    parse_query,
)
from piquet_widgets.engine import Deal, PiquetError, deal_code, deal_from_code, deal_from_record, record_of
from piquet_widgets.teach.lesson_deals import CAVENDISH


def b64(text: str, padded: bool = False) -> str:
    encoded = base64.urlsafe_b64encode(text.encode()).decode()
    return encoded if padded else encoded.rstrip("=")


# -- good parameters ------------------------------------------------------------------------------


def test_no_parameters_open_the_first_lesson() -> None:
    for query in (None, "", "?"):
        params = parse_query(query)
        assert params == AppParams()
        assert params.section == "lesson" and params.lesson is None and params.messages == []


@pytest.mark.parametrize("number", range(1, LESSON_COUNT + 1))
def test_lesson(number: int) -> None:
    params = parse_query(f"?lesson={number}")
    assert (params.lesson, params.section, params.problems) == (number, "lesson", ())


def test_a_lesson_by_its_slug_opens_at_its_place_in_the_order() -> None:
    assert parse_query("lesson=the-point").lesson == 3
    assert parse_query("lesson=counting-aloud").lesson == 7  # it follows the play
    assert parse_query("lesson=from-open-to-closed-piquet").lesson == LESSON_COUNT  # the last
    wrong = parse_query("lesson=the-points")
    assert wrong.lesson is None and "'the-points'" in wrong.messages[0]


def test_record_round_trips_through_a_link() -> None:
    params = parse_query("record=" + encode_record(CAVENDISH))
    assert params.record == CAVENDISH and params.section == "walkthrough" and not params.problems
    assert deal_from_record(params.record).scores == (28, 23)  # Cavendish's 1882 example


def test_record_accepts_padding_standard_base64_and_a_deal() -> None:
    text = json.dumps(CAVENDISH)
    assert decode_record(b64(text, padded=True)) == CAVENDISH
    standard = base64.b64encode(text.encode()).decode()
    assert decode_record(standard) == CAVENDISH
    # '+' in standard base64 arrives as a space once the query string is decoded
    assert decode_record(standard.replace("+", " ")) == CAVENDISH
    deal = Deal.from_seed(3)
    assert decode_record(encode_record(deal)) == record_of(deal)


def test_an_unfinished_record_opens_too() -> None:
    record = {key: CAVENDISH[key] for key in ("elder", "younger", "talon", "elder_discards")}
    params = parse_query("record=" + encode_record(record))
    assert params.record == record and not params.problems


def test_deal_code_is_made_canonical() -> None:
    deal = Deal.from_seed(11)
    code = deal_code(deal)
    params = parse_query("deal=" + code.lower().replace("-", ""))
    assert params.code == code and params.section == "walkthrough" and not params.problems
    assert deal_from_code(params.code).dealt(0) == deal.dealt(0)


def test_seed_opens_the_practice_table() -> None:
    params = parse_query("seed=42")
    assert (params.seed, params.section, params.problems) == (42, "practice", ())


def test_language() -> None:
    assert parse_query("lang=fr").lang == "fr"
    assert parse_query("lang=pt-BR").lang == "pt"
    assert parse_query("lesson=2&lang=ES").lang == "es"


def test_unknown_parameters_are_ignored() -> None:
    assert parse_query("token=abc&voila=1&lesson=2") == AppParams(lesson=2)


def test_app_link_builds_what_parse_query_reads() -> None:
    deal = deal_from_record(CAVENDISH)
    link = app_link(record=deal, lang="fr")
    assert link.startswith("http://127.0.0.1:8866/?record=")
    params = parse_query(link.split("?", 1)[1])
    assert params.record == record_of(deal) and params.lang == "fr"
    assert parse_query(app_link("", deal=deal).lstrip("?")).code == deal_code(deal)
    assert app_link("/") == "/"


# -- bad parameters: a message each, the rest still works -----------------------------------------


@pytest.mark.parametrize("value", ["0", "12", "-1", "nine", "", "1.5", "٣", "99999999999999999999999"])
def test_bad_lesson(value: str) -> None:
    params = parse_query(f"lesson={value}&lang=fr")
    assert params.lesson is None and params.section == "lesson" and params.lang == "fr"
    assert len(params.problems) == 1 and "lesson" in params.messages[0]
    assert f"1 to {LESSON_COUNT}" in params.messages[0]


@pytest.mark.parametrize(
    ("value", "says"),
    [
        ("%%%", "base64"),
        (b64("not json"), "not JSON"),
        (b64("[1, 2]"), "JSON object"),
        (b64('{"elder": "AS"}'), "younger: missing"),
        (b64(json.dumps(CAVENDISH | {"elder": "AS AS KS"})), "AS appears twice"),
        (b64(json.dumps(CAVENDISH | {"play": "7D"})), "play (card 1)"),
        (b64(json.dumps(CAVENDISH | {"rules": "whist"})), "unknown rule set"),
        ("_w", "base64"),
        ("A" * (MAX_VALUE_LENGTH + 1), "too long"),
    ],
)
def test_bad_record(value: str, says: str) -> None:
    params = parse_query(f"record={value}&lesson=4")
    assert params.record is None and params.lesson == 4 and params.section == "lesson"
    assert len(params.messages) == 1
    message = params.messages[0]
    assert message.startswith("The deal in the link could not be opened") or "too long" in message
    assert says in message


def test_record_of_bytes_that_are_not_utf8() -> None:
    value = base64.urlsafe_b64encode(b"\xff\xfe{").decode()
    params = parse_query(f"record={value}")
    assert params.record is None and "base64" in params.messages[0]


@pytest.mark.parametrize("value", ["", "hello", "7Q2M-0KX4-HB9D-X", "0" * 500])
def test_bad_deal_code(value: str) -> None:
    params = parse_query(f"deal={value}")
    assert params.code is None and params.section == "lesson"
    assert params.messages[0].startswith("The deal in the link could not be opened: deal code")


@pytest.mark.parametrize("value", ["", "-3", "x", "1e5", str(2**63), "9" * 30])
def test_bad_seed(value: str) -> None:
    params = parse_query(f"seed={value}")
    assert params.seed is None and params.section == "lesson"
    assert "not a whole number" in params.messages[0]


def test_bad_language_falls_back_to_english() -> None:
    params = parse_query("lang=klingon&lesson=2")
    assert params.lang == "en" and params.lesson == 2
    assert "klingon" in params.messages[0] and "en, fr, es, pt" in params.messages[0]


def test_two_deals_at_once_keeps_the_first_and_says_so() -> None:
    params = parse_query("seed=5&deal=" + deal_code(Deal.from_seed(1)))
    # record, deal, seed is the order of precedence, not the order in the link
    assert params.code is not None and params.seed is None and params.section == "walkthrough"
    assert params.messages == ["The link gives both deal and seed; only deal is used."]


def test_every_bad_parameter_is_reported() -> None:
    params = parse_query("lesson=0&record=%%&seed=x&lang=zz")
    assert len(params.problems) == 4
    assert params == AppParams(problems=params.problems)


def test_a_huge_query_is_refused_whole() -> None:
    params = parse_query("lesson=2&x=" + "a" * 20_000)
    assert params.lesson is None and "too long" in params.messages[0]


def test_values_are_quoted_and_cut_in_messages() -> None:
    message = parse_query("lesson=" + "<b>" * 50).messages[0]
    assert "…" in message and len(message) < 200


def test_messages_follow_the_language_when_shown() -> None:
    problem = parse_query("lesson=0").problems[0]
    assert isinstance(problem, PiquetError) and problem.params["value"] == "'0'"


def test_mode_closed_opens_the_practice_table_in_closed_mode_and_a_bad_mode_is_explained():
    params = parse_query("mode=closed")
    assert (params.mode, params.section, params.problems) == ("closed", "practice", ())
    assert parse_query("seed=4&mode=open").mode == "open"
    bad = parse_query("mode=shut&lesson=2")
    assert bad.mode == "open" and bad.lesson == 2 and bad.section == "lesson"
    assert "'shut'" in bad.messages[0] and "closed" in bad.messages[0]
