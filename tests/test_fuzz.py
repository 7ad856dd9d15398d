"""Bad input: the record, position, partie and deal-code parsers fed thousands of generated
inputs. Each is either accepted (and then round-trips) or refused with a PiquetError; never
another exception."""

from __future__ import annotations

import json
from pathlib import Path

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from piquet_widgets.engine import (
    Deal,
    PiquetError,
    deal_code,
    deal_from_code,
    deal_from_record,
    partie_from_json,
    position_from_json,
    record_of,
)
from piquet_widgets.engine.records import parse_json

RECORD = json.loads((Path(__file__).parent / "golden" / "cavendish.json").read_text())
FUZZ = settings(max_examples=1000, deadline=None, suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])

card_texts = st.one_of(
    st.sampled_from([r + s for r in "AKQJT987" for s in "SHDC"] + ["10H", "a♠", "XX", "", "1S", "AZ"]),
    st.text(max_size=4),
)
json_scalars = st.one_of(st.none(), st.booleans(), st.integers(), st.floats(allow_nan=True), st.text(max_size=30))
json_values = st.recursive(
    json_scalars,
    lambda inner: st.one_of(st.lists(inner, max_size=5), st.dictionaries(st.text(max_size=10), inner, max_size=5)),
    max_leaves=20,
)
card_lists = st.one_of(
    st.lists(card_texts, max_size=14).map(" ".join),
    st.lists(card_texts, max_size=14),
    json_values,
)


declarations = st.fixed_dictionaries(
    {}, optional={"point": card_lists, "sequences": st.lists(card_lists, max_size=3), "sets": st.lists(card_lists, max_size=3), "junk": json_values}
)
declared_fields = st.one_of(st.fixed_dictionaries({}, optional={"elder": declarations, "younger": declarations}), json_values)


def mutated_record():
    """The published record with some fields replaced by junk, dropped, truncated or duplicated."""
    fields = list(RECORD)
    return st.fixed_dictionaries(
        {},
        optional={field: card_lists for field in fields}
        | {"rules": st.one_of(st.sampled_from(["rubicon", "au_cent", "nope"]), json_values), "declared": declared_fields},
    ).map(lambda junk: {k: v for k, v in (RECORD | junk).items()})


def accepted_or_refused(function, value):
    try:
        return function(value)
    except PiquetError as error:
        assert str(error)  # a message a person can read
        return None


@FUZZ
@given(st.one_of(mutated_record(), json_values))
def test_records_are_accepted_and_round_trip_or_refused(value):
    deal = accepted_or_refused(deal_from_record, value)
    if deal is not None:
        again = deal_from_record(record_of(deal))
        assert (again.events, again.hands, again.phase) == (deal.events, deal.hands, deal.phase)


@FUZZ
@given(st.fixed_dictionaries(
    {},
    optional={
        "elder": card_lists, "younger": card_lists, "led": st.one_of(card_texts, json_values),
        "leader": st.one_of(st.sampled_from(["elder", "younger"]), json_values),
        "tricks": st.one_of(st.fixed_dictionaries({"elder": st.integers(-2, 14), "younger": st.integers(-2, 14)}), json_values),
        "scores": st.one_of(st.fixed_dictionaries({"elder": st.integers(-5, 200), "younger": st.integers(-5, 200)}), json_values),
        "rules": json_values,
    },
))
def test_positions_are_accepted_and_round_trip_or_refused(value):
    position = accepted_or_refused(position_from_json, value)
    if position is not None:
        assert position_from_json(position.to_json()) == position


@FUZZ
@given(st.one_of(st.text(max_size=40), st.text(alphabet="0123456789ABCDEFGHJKMNPQRSTVWXYZ-", min_size=10, max_size=20), json_values))
def test_deal_codes_are_accepted_and_round_trip_or_refused(value):
    deal = accepted_or_refused(deal_from_code, value)
    if deal is not None:
        assert deal_code(deal) == deal_code(deal_from_code(deal_code(deal)))


@FUZZ
@given(st.one_of(json_values, st.fixed_dictionaries({"deals": st.lists(st.one_of(mutated_record(), json_values), max_size=3)}, optional={"first_dealer": json_values, "rules": json_values})))
def test_partie_records_are_accepted_or_refused(value):
    partie = accepted_or_refused(partie_from_json, value)
    if partie is not None:
        assert sum(partie.totals.values()) == sum(sum(deal.scores) for deal in partie.deals)


@settings(max_examples=500, deadline=None)
@given(st.one_of(st.text(max_size=200), st.binary(max_size=100).map(lambda b: b.decode("latin-1"))))
def test_json_text_is_parsed_or_refused(text):
    accepted_or_refused(parse_json, text)


def test_huge_and_deep_inputs_are_refused_cleanly():
    for text in ("[" * 100_000 + "]" * 100_000, json.dumps({"elder": "AS " * 100_000})):
        value = accepted_or_refused(parse_json, text)
        if value is not None:
            assert accepted_or_refused(deal_from_record, value) is None
    assert accepted_or_refused(deal_from_code, "7" * 1_000_000) is None
    assert isinstance(Deal.from_seed(10**30), Deal)
