"""Records, positions, partie records and deal codes: loading, refusing, dumping."""

from __future__ import annotations

import copy
import json
from pathlib import Path

import pytest

from piquet_widgets.engine import (
    ELDER,
    PRESETS,
    Deal,
    Partie,
    PiquetError,
    deal_code,
    deal_from_code,
    deal_from_record,
    partie_from_json,
    position_from_json,
    record_of,
    rules_from_json,
)

GOLDEN = Path(__file__).parent / "golden"
RECORD = json.loads((GOLDEN / "cavendish.json").read_text())


def refused(record, *words):
    with pytest.raises(PiquetError) as caught:
        deal_from_record(record)
    for word in words:
        assert word in str(caught.value)
    return str(caught.value)


@pytest.mark.parametrize(
    "change, words",
    [
        ({"elder": "AS KS JS AH QH JH 8H JC 8C 7C 9D XX"}, ["elder", "'XX'"]),
        ({"elder": "AS KS JS AH QH JH 8H JC 8C 7C 9D"}, ["elder", "12"]),
        ({"elder": "AS AS JS AH QH JH 8H JC 8C 7C 9D 8D"}, ["elder", "AS", "twice"]),
        ({"talon": "9S 8S KH 9C KD QS AC AS"}, ["talon", "AS", "elder"]),
        ({"elder_discards": "KS 8C 7C 9D 8D AS"}, ["elder_discards", "from 1 to 5"]),
        ({"elder_discards": ""}, ["elder_discards", "from 1 to 5"]),
        ({"elder_discards": "TS"}, ["elder_discards", "ten of spades"]),
        ({"younger_discards": "7S 9H 7H AD QD JD TD"}, ["younger_discards", "from 1 to 3"]),
        ({"play": "AH 7D"}, ["play (card 2)", "follow hearts"]),
        ({"play": "TH"}, ["play (card 1)", "ten of hearts"]),
        ({"play": RECORD["play"] + " KS"}, ["play (card 25)", "over"]),
        ({"rules": "whist"}, ["rules", "whist"]),
        ({"play": 7}, ["play", "list of cards"]),
        ({"elder": ["AS", 3]}, ["elder", "3"]),
    ],
)
def test_bad_records_are_refused_naming_field_and_card(change, words):
    record = copy.deepcopy(RECORD) | change
    refused(record, *words)


def test_a_record_with_play_but_a_missing_exchange_is_refused():
    base = {k: RECORD[k] for k in ("elder", "younger", "talon")}
    refused(base | {"play": "AH"}, "play", "elder_discards")
    refused(base | {"elder_discards": RECORD["elder_discards"], "play": RECORD["play"]}, "play", "younger_discards")


def test_missing_field_and_non_object():
    refused({k: v for k, v in RECORD.items() if k != "talon"}, "talon", "missing")
    refused([1, 2], "record")


def test_cards_accept_tens_symbols_and_lower_case():
    record = copy.deepcopy(RECORD) | {"elder": "as ks js a♥ q♥ j♥ 8h jc 8c 7c 9d 8d", "younger": "10S 7S TH 9H 7H KC QC TC AD QD JD TD".split()}
    assert deal_from_record(record).scores == (28, 23)


def test_record_phases_where_it_stopped():
    base = {k: RECORD[k] for k in ("elder", "younger", "talon")}
    assert deal_from_record(base).phase.value == "exchange"
    assert deal_from_record(base | {"elder_discards": RECORD["elder_discards"]}).phase.value == "exchange"
    with_discards = base | {k: RECORD[k] for k in ("elder_discards", "younger_discards")}
    # both exchanges made: the declarations are made and scored in full, the opening lead is next
    for record in (with_discards, with_discards | {"play": ""}, with_discards | {"play": []}):
        deal = deal_from_record(record)
        assert deal.phase.value == "play" and deal.scores == (5 + 4, 17) and deal.to_move is ELDER
    started = with_discards | {"play": "AH TH KH"}
    deal = deal_from_record(started)
    assert deal.phase.value == "play" and deal.scores == (5 + 4 + 2, 17)  # two leads so far: AH, KH


def test_record_of_round_trips_the_example():
    assert record_of(deal_from_record(RECORD)) == {"rules": "rubicon"} | {
        k: " ".join(sorted(RECORD[k].split(), key=lambda c: (("SHDC".index(c[1]), -"789TJQKA".index(c[0]))))) if k in ("elder", "younger") else RECORD[k]
        for k in ("elder", "younger", "talon", "elder_discards", "younger_discards", "play")
    }


def test_rules_objects_change_switches_and_refuse_nonsense():
    rules = rules_from_json({"name": "rubicon", "partie_deals": 4, "double_first_and_last": True})
    assert (rules.partie_deals, rules.double_first_and_last) == (4, True)
    for bad in ({"partie_deals": "4"}, {"colour": 1}, {"name": "rubicon", "partie_deals": None}, 7):
        with pytest.raises(PiquetError):
            rules_from_json(bad)


# -- positions ----------------------------------------------------------------------------------
def test_position_from_json_and_checks():
    position = position_from_json(
        {"elder": "AS 7S", "younger": "KS 8S", "leader": "elder", "led": None, "tricks": {"elder": 5, "younger": 5}, "scores": {"elder": 20, "younger": 11}}
    )
    assert position.to_move is ELDER and not position.pique_possible
    with pytest.raises(PiquetError, match="do not fit"):
        position_from_json({"elder": "AS 7S", "younger": "KS", "leader": "elder", "tricks": {"elder": 5, "younger": 5}})
    with pytest.raises(PiquetError, match="leader"):
        position_from_json({"elder": "AS", "younger": "KS", "leader": "dealer", "tricks": {"elder": 6, "younger": 5}})
    with pytest.raises(PiquetError, match="AS is also in elder"):
        position_from_json({"elder": "AS", "younger": "AS", "leader": "elder", "tricks": {"elder": 6, "younger": 5}})
    led = position_from_json({"elder": "7S", "younger": "KS 8S", "leader": "elder", "led": "AS", "tricks": {"elder": 5, "younger": 5}, "scores": {"elder": 3, "younger": 0}})
    assert led.to_move is not ELDER and led.pique_possible


def test_unfinished_record_is_a_position():
    record = copy.deepcopy(RECORD) | {"play": "AH TH KH"}
    position = position_from_json(record)
    assert position.led is not None and position.led.code == "KH" and position.tricks == (1, 0)


# -- deal codes ---------------------------------------------------------------------------------
def test_deal_code_round_trips_and_refuses_typos():
    deal = deal_from_record(RECORD)
    code = deal_code(deal)
    assert len(code) == 16 and code.count("-") == 3
    again = deal_from_code(code.lower())
    assert (again.elder_dealt, again.younger_dealt, again.talon) == (deal.elder_dealt, deal.younger_dealt, deal.talon)
    swapped = code[1] + code[0] + code[2:] if code[0] != code[1] else code[:5] + code[6] + code[5] + code[7:]
    for bad in (swapped, "hello", "", code + "X", 42):
        with pytest.raises(PiquetError, match="deal code"):
            deal_from_code(bad)


# -- the partie ---------------------------------------------------------------------------------
def finished(seed: int) -> Deal:
    deal = Deal.from_seed(seed)
    from piquet_widgets.engine import Exchange

    deal = deal.apply(Exchange(deal.hand(0)[:5])).apply(Exchange(deal.hand(1)[:3]))
    while deal.phase.value != "finished":
        deal = deal.apply(deal.default_action() or deal.legal_actions()[0])
    return deal


def scored(deal: Deal, elder: int, younger: int) -> Deal:
    """A finished deal whose scores are set by hand, to test the settlement arithmetic alone."""
    return deal._evolve(scores=(elder, younger))


def test_rubicon_settlement_and_alternating_dealer():
    base = finished(1)
    partie = Partie()
    # A deals first, so B is elder in deals 1, 3, 5
    for elder_points, younger_points in [(30, 10), (20, 25), (40, 0), (10, 30), (5, 5), (12, 20)]:
        partie = partie.with_deal(scored(base, elder_points, younger_points))
    assert [partie.elder(n) for n in range(1, 7)] == ["B", "A", "B", "A", "B", "A"]
    # A: 10 + 20 + 0 + 10 + 5 + 12 = 57; B: 30 + 25 + 40 + 30 + 5 + 20 = 150
    assert partie.totals == {"A": 57, "B": 150}
    result = partie.result
    assert (result.winner, result.points, result.rubiconed) == ("B", 150 + 57 + 100, True)


def test_winner_gets_difference_plus_hundred_when_loser_passes_the_rubicon():
    base = finished(2)
    partie = Partie()
    for pair in [(60, 10)] * 6:
        partie = partie.with_deal(scored(base, *pair))
    # each player elder three times: 3 * 60 + 3 * 10 = 210 each → a tie, two more deals
    assert partie.totals == {"A": 210, "B": 210} and not partie.finished
    partie = partie.with_deal(scored(base, 20, 0))
    assert not partie.finished
    partie = partie.with_deal(scored(base, 20, 0))
    assert partie.result.winner is None and partie.finished  # still tied after two more: a draw
    partie = Partie()
    for pair in [(60, 50)] * 5 + [(70, 50)]:
        partie = partie.with_deal(scored(base, *pair))
    # A elder in 2, 4, 6: 60 + 60 + 70 + 3 * 50 = 340; B: 3 * 60 + 50 + 50 + 50 = 330
    assert (partie.result.winner, partie.result.points, partie.result.rubiconed) == ("A", 340 - 330 + 100, False)


def test_four_deal_partie_doubles_first_and_last():
    base = finished(3)
    partie = Partie(PRESETS["four_deals"])
    for pair in [(10, 0), (10, 0), (10, 0), (10, 0)]:
        partie = partie.with_deal(scored(base, *pair))
    # B elder in deals 1 and 3, A in 2 and 4: B 2*10 + 10 = 30, A 10 + 2*10 = 30
    assert partie.totals == {"A": 30, "B": 30}


def test_au_cent_and_cientos_targets():
    base = finished(4)
    partie = Partie(PRESETS["au_cent"])
    partie = partie.with_deal(scored(base, 99, 0))
    assert not partie.finished
    partie = partie.with_deal(scored(base, 30, 2))
    # B: 99 + 2, A: 0 + 30 → B reaches 100 before A has 50: a double game
    assert (partie.result.winner, partie.result.points, partie.result.double) == ("B", 2, True)
    cientos = Partie(PRESETS["cientos_150"]).with_deal(scored(base, 160, 40))
    assert (cientos.result.winner, cientos.result.points) == ("B", 160 + 120)


def test_partie_record_loads_and_refuses_unfinished_middle_deal():
    partie = partie_from_json({"rules": "rubicon", "first_dealer": "A", "deals": [RECORD, RECORD]})
    assert partie.totals == {"A": 23 + 28, "B": 28 + 23}
    with pytest.raises(PiquetError, match="deals\\[1\\]"):
        partie_from_json({"deals": [{"elder": "AS"}]})
    with pytest.raises(PiquetError, match="only the last deal"):
        partie_from_json({"deals": [{k: RECORD[k] for k in ("elder", "younger", "talon")}, RECORD]})


def test_deal_codes_are_pinned_by_golden_codes():
    # worked out by hand: elder dealt the first 12 cards of the pack, younger the next 12 and the talon
    # in pack order is rank 0 everywhere: twelve zeros and a check symbol of 0
    assert deal_code(Deal.new(range(12), range(12, 24), range(24, 32))) == "0000-0000-0000-0"
    # the last two talon cards swapped: talon rank 1, so the twelfth symbol is 1 and the check
    # is 12 × 1 mod 31 = 12, the symbol C
    assert deal_code(Deal.new(range(12), range(12, 24), [*range(24, 30), 31, 30])) == "0000-0000-0001-C"
    # golden codes of known deals: a change of the code format breaks links already shared
    assert deal_code(deal_from_record(RECORD)) == "56J0-GJ85-FXVX-Y"
    assert deal_code(Deal.from_seed(7)) == "AEBN-6BVG-7GVQ-0"
    assert deal_from_code("56J0-GJ85-FXVX-Y").dealt(ELDER) == deal_from_record(RECORD).dealt(ELDER)
