"""The deals the lessons show, as deal and partie records (formats.md).

CAVENDISH is the example deal of Cavendish's *Laws of Piquet* (1882). The others were shuffled by
`Deal.from_seed` and played out by the beginner computer player, then chosen for what they show:
CARTE_BLANCHE (seed 674), REPIQUE (388, younger's), PIQUE (16), CAPOT (24, with no pique: the
capot never counts towards one); the two parties are seeds 1186–1191 (the loser rubiconed) and
2080–2085 (the loser just past 100). They are kept as records, not seeds, so that a change to the
computer player never changes a lesson; tests replay them through the engine.
"""

from __future__ import annotations

from typing import Any

CAVENDISH: dict[str, Any] = {
    "rules": "rubicon",
    "elder": "AS KS JS AH QH JH 8H JC 8C 7C 9D 8D",
    "younger": "TS 7S TH 9H 7H KC QC TC AD QD JD TD",
    "talon": "9S 8S KH 9C KD QS AC 7D",
    "elder_discards": "KS 8C 7C 9D 8D",
    "younger_discards": "7S 9H 7H",
    "play": "AH TH KH 7D QH TD JH JD 8H QD KD AD AC 9C KC JC QC 8S TC 9S QS AS JS TS"
}

CARTE_BLANCHE: dict[str, Any] = {
    "rules": "rubicon",
    "elder": "AS TS 8S 7S TH 7H AD 9D 8D 7D AC 7C",
    "younger": "KS AH KH QH JH KD QD TD QC JC TC 9C",
    "talon": "9H 8H QS JD JS KC 9S 8C",
    "elder_discards": "7H 7C TH 7S 8S",
    "younger_discards": "TD",
    "play": "AD QD AS KS QS 9C JS TC AC JC TS JH 7D KD AH 8H KH 9H KC 8D QH 9D QC JD"
}

REPIQUE: dict[str, Any] = {
    "rules": "rubicon",
    "elder": "JS 8S 7S 9H 8H 7H JD TD 9D 8D AC TC",
    "younger": "AS KS TS AH KH QH JH KD 7D QC 8C 7C",
    "talon": "9S JC QS 9C QD KC TH AD",
    "elder_discards": "7S 8S TC JS",
    "younger_discards": "7D 7C 8C TS",
    "play": "AC QC 8D QD AH 7H KH 8H QH 9H AS 9S AD 9D JH 9C KS QS KD TD KC JC TH JD"
}

PIQUE: dict[str, Any] = {
    "rules": "rubicon",
    "elder": "KS QS JS TS 8S JH KD TD 9D 7D AC 8C",
    "younger": "9S TH 9H 7H QD JD 8D QC JC TC 9C 7C",
    "talon": "7S KH AS QH 8H KC AH AD",
    "elder_discards": "8C 7D 9D JH 8S",
    "younger_discards": "9S 7H 8D",
    "play": "AS 7C KS 9H QS 9C JS TH TS TC AC JC 7S JD 8H AH AD TD KC QH QC KH QD KD"
}

CAPOT: dict[str, Any] = {
    "rules": "rubicon",
    "elder": "AS 8S AH QH JH TH 9H JD TD 7D AC 8C",
    "younger": "JS TS 9S 7S KH 8H 7H AD KD QD 8D QC",
    "talon": "KC TC JC KS QS 9D 9C 7C",
    "elder_discards": "8S 8C 7D TD JD",
    "younger_discards": "7S 7H 8H",
    "play": "AH KH AC 7C QH 9C AS 9S KC QC JH TS KS JS JC 8D TH 9D QS QD TC KD 9H AD"
}

PARTIE_RUBICONED: dict[str, Any] = {
    "rules": "rubicon",
    "first_dealer": "A",
    "deals": [
        {
            "rules": "rubicon",
            "elder": "AS 8S 7S JH 9H 8H KD TD 8D JC TC 7C",
            "younger": "KS QS JS AH KH TH AD 9D KC QC 9C 8C",
            "talon": "QH AC TS QD 9S JD 7H 7D",
            "elder_discards": "7C 7S 8S 8H 9H",
            "younger_discards": "9D TH 8C",
            "play": "AS JS AC 9C 8D JD AH JH AD TD KS 9S KH QH KC TC QS TS QC JC 7H QD 7D KD"
        },
        {
            "rules": "rubicon",
            "elder": "QS JS TS 9S 7S QH JH AD QD 8D 7D 8C",
            "younger": "AS 8S AH KH TH 9H 8H 9D AC QC JC 9C",
            "talon": "7H TD KD KC TC KS 7C JD",
            "elder_discards": "8C 7D 8D 7S JH",
            "younger_discards": "9D 8S 9C",
            "play": "AD JD KD 7C QD 8H TD 9H 9S KS AH 7H AC TC KH QH AS TS TH JS JC KC QS QC"
        },
        {
            "rules": "rubicon",
            "elder": "AS KS 8S TH 9H 8H 7H QD TD 7D KC JC",
            "younger": "QS 7S QH AD KD JD 9D AC TC 9C 8C 7C",
            "talon": "QC 8D TS 9S KH JH AH JS",
            "elder_discards": "7D 8S JC TD QD",
            "younger_discards": "7S 9D JD",
            "play": "AS JS KS QS TS 7C 9S 8C 7H JH AC QC AH 8H AD 8D KD 9H 9C KC KH QH TH TC"
        },
        {
            "rules": "rubicon",
            "elder": "QS JS TS 8S 7S AH KH TH 8H TD KC QC",
            "younger": "AS KS 9S QH 7H AD KD JD 8D JC 9C 8C",
            "talon": "9H 7D 9D 7C AC TC JH QD",
            "elder_discards": "8H 7S 8S QC",
            "younger_discards": "7H 9S 8C 9C",
            "play": "AH JH KH QH TH 8D 9H TC 7D JD AD 9D AS TS AC 7C KD TD KS JS QD QS JC KC"
        },
        {
            "rules": "rubicon",
            "elder": "AS JS TS 9S AH QH JH 8H QD AC 8C 7C",
            "younger": "KS QS 7S KH TH 7H AD KD JD TD 9D 9C",
            "talon": "QC 9H TC 8S 8D KC 7D JC",
            "elder_discards": "8H 7C 8C QD JH",
            "younger_discards": "9C 7S 7H",
            "play": "AS QS AH TH AC JC 8S KS AD 8D KD 9H JD TC TD QH 9D QC KH 9S KC TS 7D JS"
        },
        {
            "rules": "rubicon",
            "elder": "KS JS 8S QH TH 7H AD QD TD 8D JC 7C",
            "younger": "AS QS 7S AH KH JH JD 7D AC KC TC 8C",
            "talon": "TS 9S 9D KD 9H 8H QC 9C",
            "elder_discards": "7C 7H 8S TH JC",
            "younger_discards": "7D 7S JD",
            "play": "AD 8H KD JH QD QS TD 8C 9D 9C 8D TC 9S AS AC 9H AH QH KC TS KH JS QC KS"
        }
    ]
}

PARTIE_SAVED: dict[str, Any] = {
    "rules": "rubicon",
    "first_dealer": "A",
    "deals": [
        {
            "rules": "rubicon",
            "elder": "8S 7S TH 7H KD QD JD AC KC JC 9C 8C",
            "younger": "AS KS JS TS KH 8H AD TD 8D 7D QC TC",
            "talon": "QS 9H AH 9D 7C QH JH 9S",
            "elder_discards": "7H 7S 8S TH 8C",
            "younger_discards": "8H 7D 8D",
            "play": "AC TC KC QC JC 9S AH JH 9C TD 7C TS 9D AD AS QS KS 9H KH JD QH QD JS KD"
        },
        {
            "rules": "rubicon",
            "elder": "AS TS 7S AH JH 9H 8H 7H JD TD 7D TC",
            "younger": "QS JS QH TH AD QD 9D 8D AC QC JC 7C",
            "talon": "9S KH 8C 8S KD 9C KS KC",
            "elder_discards": "7S 7D JD",
            "younger_discards": "7C TH JS 8D JC",
            "play": "AH QH KH 8S JH 9D AS QS 9H 9C 8H QD 7H QC 8C KC AD TD AC TC KS 9S KD TS"
        },
        {
            "rules": "rubicon",
            "elder": "AH KH JH 8H KD QD TD 9D AC QC JC 9C",
            "younger": "KS JS TS 8S TH AD 8D 7D KC TC 8C 7C",
            "talon": "7H 9H JD QS 7S QH 9S AS",
            "elder_discards": "8H 9D TD JH 9C",
            "younger_discards": "7D 8D 7C",
            "play": "AH TH AC 8C KH QH 9H 8S 7H 9S JD AD AS 7S KS QS KC JC JS QC TS QD TC KD"
        },
        {
            "rules": "rubicon",
            "elder": "KS 9S AH JH TH 9D 8D 7D KC QC 9C 8C",
            "younger": "AS QS JS KH QH 9H 8H KD JD AC TC 7C",
            "talon": "7H 7S TS AD TD JC QD 8S",
            "elder_discards": "9S TH JH 8C 9C",
            "younger_discards": "7C TC JD",
            "play": "AD QD AH 8H 7D KD AS 7S KH 7H AC QC QH TS 9H 8D 8S KS TD JC KC JS 9D QS"
        },
        {
            "rules": "rubicon",
            "elder": "AS 7S KH QH TH 8H QD JD 7D KC QC 7C",
            "younger": "KS QS JS TS 9S 8S AH KD 9D 8D AC 9C",
            "talon": "8C AD JH JC 9H TD 7H TC",
            "elder_discards": "7S 7D 7C JD 8H",
            "younger_discards": "9C 8D 9D",
            "play": "AD TD AS 8S 9H AH KS 8C QS JC JS QD AC QC TS TH KD JH 9S QH 7H KH KC TC"
        },
        {
            "rules": "rubicon",
            "elder": "JS 7S AH KH JH TH 8H KD 9D 8D 7D JC",
            "younger": "TS 9S QH 9H 7H QD JD TD KC TC 9C 7C",
            "talon": "8C 8S KS QC AS AD AC QS",
            "elder_discards": "7S 8H",
            "younger_discards": "7H 9H 9S 7C QH 9C",
            "play": "AH TS KH TD JH TC TH JD 7D QD AS 8S AC 8C KS JS KC JC AD 8D QS 9D QC KD"
        }
    ]
}
