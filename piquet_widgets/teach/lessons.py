"""The lessons, as words and the deals that show them: the one source of the lesson notebooks
and of the app's lesson pages.

A lesson is data: its title, what it teaches, parts of short paragraphs each with an
illustration (cards, the walkthrough of a deal, a partie's score sheet, the practice table),
exercises with their choices and answer, and a summary. Every text is marked with `N_` and
translated when shown (`text()`), so that a change of language re-renders it; `**bold**` and
`*italic*` are the only markup. The widgets layer turns a lesson into widgets
(`piquet_widgets.widgets.lesson`).

>>> [lesson.number for lesson in LESSONS]
[1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11]
>>> text(lesson(3).title), lesson("the-point").number
('The point', 3)
>>> lesson(3).exercises[0].answer
0
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any

from piquet_widgets.engine.cards import parse_cards
from piquet_widgets.i18n import N_, _
from piquet_widgets.teach import lesson_deals as deals
from piquet_widgets.teach.words import card_symbol


_CARD_CODES = re.compile(r"\[((?:[AKQJT987][SHDC] ?)+)\]")


def text(message: str, **params: Any) -> str:
    """A lesson text in the current language, with its parameters filled in and the cards it
    names by code in brackets ('[9H KH]') written as `symbols` writes them."""
    translated = _(message)
    translated = translated.format(**params) if params else translated
    return _CARD_CODES.sub(lambda match: symbols(match.group(1)), translated)


def symbols(cards: str) -> str:
    """'AH KH 9S' → 'A♥ K♥ 9♠' ('A♥ R♥ 9♠' in French): cards written the way the lessons print
    them, with the card view's letters in the current language."""
    return " ".join(card_symbol(card) for card in parse_cards(cards))


# -- illustrations ------------------------------------------------------------------------------


@dataclass(frozen=True)
class Cards:
    """Rows of cards, each with a caption: `(N_("Elder"), "AS KS QS")`."""

    rows: tuple[tuple[str, str], ...]


@dataclass(frozen=True)
class Walkthrough:
    """The walkthrough of a deal record, opened at the start of a phase ('deal', 'exchange',
    'declarations', 'play' or 'end') or at the step that first scores a kind of event
    ('sequence', 'sets', 'repique'…)."""

    record: dict[str, Any]
    start: str = "deal"


@dataclass(frozen=True)
class PartieSheet:
    """The score sheet of a partie record, deal by deal, with its settlement."""

    partie: dict[str, Any]


@dataclass(frozen=True)
class Practice:
    """The practice table on a fresh deal (shuffled from `seed`, or at random)."""

    seed: int | None = None


@dataclass(frozen=True)
class Odds:
    """The exact odds of the dealt hand beside a simulation of dealt hands (`widgets.odds`)."""

    hands: int = 10_000


Illustration = Cards | Walkthrough | PartieSheet | Practice | Odds


# -- lessons ------------------------------------------------------------------------------------


@dataclass(frozen=True)
class Part:
    """A heading, a few paragraphs, and what they are about."""

    heading: str
    paragraphs: tuple[str, ...]
    show: Illustration | None = None
    note: str = ""  # a line under the illustration: how to use it
    more: str = ""  # a sentence introducing a second illustration
    also: Illustration | None = None


@dataclass(frozen=True)
class Exercise:
    """A question answered at once: choices, the right one, and why — and for each wrong choice
    the reason it is wrong (`reasons`, one per choice, empty for the right one)."""

    question: str
    choices: tuple[str, ...]
    answer: int
    explanation: str
    cards: Cards | None = None  # the cards the question is about
    reasons: tuple[str, ...] = ()


@dataclass(frozen=True)
class Lesson:
    slug: str  # names the lesson for good (progress, the notebooks' code); the notebook's file name: f"{number:02d}-{slug}.ipynb"
    title: str
    teaches: tuple[str, ...]
    parts: tuple[Part, ...]
    exercises: tuple[Exercise, ...]
    summary: tuple[str, ...]

    @property
    def number(self) -> int:
        """The lesson's place in the order they are taught (1 first)."""
        return SLUGS.index(self.slug) + 1

    @property
    def notebook_name(self) -> str:
        return f"{self.number:02d}-{self.slug}.ipynb"


ELDER, YOUNGER = N_("Elder"), N_("Younger")
CHOICE_ELDER, CHOICE_YOUNGER, CHOICE_NOBODY = N_("Elder"), N_("Younger"), N_("Nobody: it is equal")

THE_PACK_AND_THE_DEAL = Lesson(
    "the-pack-and-the-deal", N_("The pack, the deal, elder and younger"),
    teaches=(
        N_("the 32 cards of the pack and how they rank"),
        N_("how twelve cards each and a talon of eight are dealt"),
        N_("who is **elder** and who is **younger**, and why it matters"),
        N_("what happens in a deal, from the deal to the last trick"),
    ),
    parts=(
        Part(N_("The pack"), (
            N_("Piquet is a game for two players with a pack of **32 cards**: the ace, king, queen, knave, ten, nine, eight and seven of each of the four suits."),
            N_("The **ace is the highest** card and the seven the lowest, in every suit. There are no trumps, and no suit ranks above another."),
            N_("For one purpose only — comparing two points of the same length, in lesson 3 — cards have values: the ace 11, the king, queen and knave 10 each, and the ten, nine, eight and seven the number they show."),
        ), Cards((
            (N_("Spades"), "AS KS QS JS TS 9S 8S 7S"),
            (N_("Hearts"), "AH KH QH JH TH 9H 8H 7H"),
            (N_("Diamonds"), "AD KD QD JD TD 9D 8D 7D"),
            (N_("Clubs"), "AC KC QC JC TC 9C 8C 7C"),
        ))),
        Part(N_("The deal"), (
            N_("The dealer gives **twelve cards to each player**, two or three at a time. The **eight cards left over are the talon**, laid face down between the players."),
            N_("The top five cards of the talon are for the non-dealer; the dealer takes from the top of what remains — the last three when the non-dealer takes all five. Each player uses them in the exchange (lesson 2)."),
        ), Cards((
            (ELDER, deals.CAVENDISH["elder"]),
            (YOUNGER, deals.CAVENDISH["younger"]),
            (N_("Talon: the top five, for elder"), " ".join(deals.CAVENDISH["talon"].split()[:5])),
            (N_("Talon: the last three, for younger when elder takes five"), " ".join(deals.CAVENDISH["talon"].split()[5:])),
        )), N_("The deal Cavendish uses as his example: elder's twelve cards, younger's twelve and the talon.")),
        Part(N_("Elder and younger"), (
            N_("The non-dealer is called **elder** and the dealer **younger**. Elder has the advantages: he exchanges first and may take up to five cards, he declares first, and he leads to the first trick."),
            N_("A **partie** is six deals. The deal alternates, so each player is elder three times (lesson 8)."),
        )),
        Part(N_("What happens in a deal"), (
            N_("Every deal goes through the same phases: the **exchange** (lesson 2), the **declarations** of point, sequences and sets (lessons 3 and 4), and the **play** of twelve tricks (lesson 6). The scores count in a fixed order (lesson 5)."),
            N_("In **open piquet**, the way this tutorial teaches, both hands are face up, so every choice and every score can be seen and explained."),
        ), Walkthrough(deals.CAVENDISH, "deal"), N_("Step through the whole deal with the buttons: each score is explained as it happens. You need not understand it all yet.")),
    ),
    exercises=(
        Exercise(N_("How many cards does each player hold after the deal?"), ("8", "12", "16"), 1,
                 N_("Twelve each; the other eight cards are the talon."),
                 reasons=(N_("Eight is the talon, the cards left over; each player holds twelve."), "", N_("Sixteen each would leave no talon: the pack has 32 cards, twelve for each player and eight in the talon."))),
        Exercise(N_("Which player is elder?"), (N_("The dealer"), N_("The non-dealer")), 1,
                 N_("Elder is the non-dealer: he exchanges first, declares first and leads first."),
                 reasons=(N_("The dealer is younger; elder is the other player, who exchanges, declares and leads first."), "")),
        Exercise(N_("How many cards of the talon may elder take?"), (N_("Up to three"), N_("Up to five"), N_("All eight")), 1,
                 N_("Up to five — the top five are his. Younger may take what elder leaves."),
                 reasons=(N_("Three is what younger usually takes; elder's share of the talon is the top five."), "", N_("Elder may take only his five; the rest is for younger."))),
    ),
    summary=(
        N_("32 cards, ace high and seven low, no trumps."),
        N_("Twelve cards each; the eight others are the talon."),
        N_("Elder is the non-dealer, younger the dealer; elder exchanges, declares and leads first."),
        N_("A deal: the exchange, the declarations, the play. A partie: six deals."),
    ),
)

QUINT_HAND = "KH QH JH TH 9H AS 8S 7S 8D 7D 9C 8C"
CARTE_BLANCHE_AND_THE_EXCHANGE = Lesson(
    "carte-blanche-and-the-exchange", N_("Carte blanche and the exchange"),
    teaches=(
        N_("what a **carte blanche** is and what it scores"),
        N_("how elder and then younger exchange cards with the talon"),
    ),
    parts=(
        Part(N_("Carte blanche"), (
            N_("A hand dealt with **no king, queen or knave** — aces and tens are allowed — is a **carte blanche**. It scores **10** at once."),
            N_("It is announced before the exchange, and its cards are shown once the opponent has discarded; it stands whatever the exchange brings. It counts before every other score of the deal, which matters for pique and repique (lesson 5). It is rare: about one hand in 1,800."),
        ), Walkthrough(deals.CARTE_BLANCHE, "deal"), N_("Elder's hand here has no king, queen or knave: he scores 10 before anything else."),
            N_("How rare is it? The table gives the exact chance of a carte blanche and of other hands, and deals ten thousand hands to see how often they really come."),
            Odds()),
        Part(N_("Elder's exchange"), (
            N_("Elder must **discard from one to five cards**, then takes as many from the **top of the talon**, in order. If he takes fewer than five, he must say how many he leaves, and he may look at them."),
        )),
        Part(N_("Younger's exchange"), (
            N_("Younger must **discard at least one card** and may take **all the cards that remain** in the talon: three if elder took five, more if elder left some. He takes from the top of what remains, so elder's leftovers come first."),
            N_("Discards never come back into the deal. Each player may look at his own."),
        ), Walkthrough(deals.CAVENDISH, "exchange"), N_("In Cavendish's deal elder discards five cards and younger three; step through the exchange.")),
    ),
    exercises=(
        Exercise(N_("Is this hand, as dealt, a carte blanche?"), (N_("Yes"), N_("No")), 0,
                 N_("Yes: no king, queen or knave. Aces and tens do not spoil a carte blanche."),
                 Cards(((N_("The hand"), "AS TS 9S 8H 7H AD TD 9D 8D AC 9C 7C"),)),
                 reasons=("", N_("Look again: there is no king, queen or knave, and aces and tens are allowed."))),
        Exercise(N_("Elder took three cards from the talon. How many may younger take at most?"), ("3", "5", "8"), 1,
                 N_("Five: all the cards elder left. Younger takes them from the top of what remains."),
                 reasons=(N_("Three is younger's share only when elder takes all five; here elder left two of his, so five remain."), "", N_("Elder already took three of the eight; younger may take only the five that remain."))),
        Exercise(N_("Elder holds this hand. Which five discards keep his five hearts in a row, K Q J 10 9 (a quint, lesson 4)?"),
                 ("[9H 8S 7S 8D 7D]", "[8S 7S 8D 7D 8C]", "[KH 7S 7D 9C 8C]"), 1,
                 N_("The quint is K Q J 10 9 of hearts: discarding the nine or the king of hearts breaks it."),
                 Cards(((N_("Elder"), QUINT_HAND),)),
                 reasons=(N_("Discarding the [9H] breaks the run: K Q J 10 of hearts are left, a quart."), "", N_("Discarding the [KH] breaks the run: Q J 10 9 of hearts are left, a quart."))),
    ),
    summary=(
        N_("Carte blanche: no king, queen or knave as dealt — 10, counted first of all."),
        N_("Elder discards 1 to 5 and takes as many from the top of the talon."),
        N_("Younger discards at least 1 and may take all that remain."),
    ),
)

THE_POINT = Lesson(
    "the-point", N_("The point"),
    teaches=(
        N_("what the **point** is: your longest suit"),
        N_("how two points are compared, by length and then by the values of the cards"),
        N_("what the point scores, and how it is announced"),
    ),
    parts=(
        Part(N_("The longest suit"), (
            N_("After the exchange come the declarations, in the order point, sequences, sets. Your **point** is the number of cards of your **longest suit**."),
            N_("Elder announces his: \"a point of five\". Younger answers **\"good\"** if elder's is better, **\"not good\"** if his own is better, or **\"equal\"**."),
        )),
        Part(N_("Equal length: the values"), (
            N_("When both points have the same number of cards, the one whose cards add up to more wins: **ace 11, king, queen and knave 10, the others their number**. Younger asks \"how much?\" and elder answers, say, \"forty-nine\"."),
            N_("If the totals are equal too, **nobody scores the point**."),
        )),
        Part(N_("What it scores"), (
            N_("The winner scores **one for each card** of his point: five for a point of five. The loser scores nothing for his."),
            N_("In Cavendish's deal both players hold a point of five; elder's makes 49 and younger's 48, so elder's is good and he scores 5."),
            N_("A player may **sink** a combination: declare less than he holds. What he does not declare does not score, and does not save him from a pique or repique (lesson 5). In **open piquet** everything is declared in full."),
        ), Walkthrough(deals.CAVENDISH, "declarations"), N_("The deal is at the declarations: step forward to see the point decided.")),
    ),
    exercises=(
        Exercise(N_("Elder's longest suit is ♠ A K 9 8 7; younger's is ♥ A K Q J. Who scores the point?"),
                 (CHOICE_ELDER, CHOICE_YOUNGER, CHOICE_NOBODY), 0,
                 N_("Elder: five cards beat four, whatever their values. He scores 5."),
                 reasons=("", N_("Younger's hearts are worth more, but they are four cards against five: the length decides first."), N_("The points are not of the same length: five cards beat four, so elder scores."))),
        Exercise(N_("Elder's point is ♥ A 10 9 8 7; younger's is ♠ K Q J 9 8. Who scores the point?"),
                 (CHOICE_ELDER, CHOICE_YOUNGER, CHOICE_NOBODY), 1,
                 N_("Younger: both are points of five, and 10 + 10 + 10 + 9 + 8 = 47 beats 11 + 10 + 9 + 8 + 7 = 45."),
                 reasons=(N_("Elder's ace counts 11, but add them up: his hearts make 45 and younger's spades 47."), "", N_("Both are points of five, but their totals differ: 45 for elder, 47 for younger."))),
        Exercise(N_("Elder's point is ♣ A Q 10 9 8; younger's is ♦ K Q J 10 8. Who scores the point?"),
                 (CHOICE_ELDER, CHOICE_YOUNGER, CHOICE_NOBODY), 2,
                 N_("Nobody: both are points of five worth 48. An equality scores nothing."),
                 reasons=(N_("Add them up: 11 + 10 + 10 + 9 + 8 = 48 for elder and 10 + 10 + 10 + 10 + 8 = 48 for younger — the same."), N_("Add them up: 11 + 10 + 10 + 9 + 8 = 48 for elder and 10 + 10 + 10 + 10 + 8 = 48 for younger — the same."), "")),
        Exercise(N_("What does a point of six score for the player who wins it?"), ("1", "6", "16"), 1,
                 N_("Six: one for each card of the point."),
                 reasons=(N_("The point scores one for each card, not one in all."), "", N_("Sixteen is what a sixième, six cards in sequence, scores; a point scores one for each card."))),
    ),
    summary=(
        N_("The point is your longest suit."),
        N_("Longer wins; at equal length the higher total of values wins (ace 11, court cards 10)."),
        N_("The winner scores one for each card; an exact tie scores nothing."),
    ),
)

SEQUENCES_AND_SETS = Lesson(
    "sequences-and-sets", N_("Sequences and sets"),
    teaches=(
        N_("what a **sequence** is, its name and what it scores"),
        N_("what a **set** is — trio and quatorze — and which cards make one"),
        N_("how the best sequence or set takes **all** its holder's combinations"),
        N_("which cards to keep in the exchange, and which to throw"),
    ),
    parts=(
        Part(N_("Sequences"), (
            N_("Three or more cards **in a row of the same suit** make a sequence, in the order A K Q J 10 9 8 7."),
            N_("A **tierce** (three) scores 3 and a **quart** (four) 4; a **quint** (five) scores 15, a **sixième** 16, a **septième** 17 and a **huitième** 18."),
            N_("A sequence headed by the ace is **major**, one ending with the seven **minor**; the others are named by their top card: \"a quart to the queen\"."),
        ), Cards(((N_("A quint major"), "AS KS QS JS TS"), (N_("A tierce minor"), "9H 8H 7H")))),
        Part(N_("Who scores sequences"), (
            N_("Only the player with the **best sequence** scores, and then he scores **every** sequence he holds; the other scores none of his."),
            N_("A longer sequence beats a shorter one; at equal length the higher top card wins. If the best sequences are exactly equal, **nobody scores any sequence**."),
        )),
        Part(N_("Sets"), (
            N_("Three or four cards of the same rank make a set — **aces, kings, queens, knaves or tens only**. Nines, eights and sevens never form sets, though they count in play like any card."),
            N_("Three (a **trio**) score 3; four (a **quatorze**) score 14. Any quatorze beats any trio; between two of a kind the higher rank wins. The winner scores all his sets."),
        ), Walkthrough(deals.CAVENDISH, "sequence"), N_("In Cavendish's deal elder's quart major wins the sequences; younger's fourteen tens beat elder's three knaves and bring his three queens with them: 14 + 3 = 17.")),
        Part(N_("What to keep"), (
            N_("Keep the cards that make combinations: your **longest suit** (the point), **runs in one suit** (sequences), and aces, kings, queens, knaves and tens **by threes and fours** (sets) — and the high cards that win tricks."),
            N_("Throw the low cards that belong to nothing. Elder, who may take five, can hope for much from the talon; younger, who usually takes three, should guard his weak suits."),
        )),
    ),
    exercises=(
        Exercise(N_("Elder holds ♠ A K Q J 10 and ♥ 9 8 7; younger's best sequence is ♦ K Q J 10 9. Who scores for sequences, and how much?"),
                 (N_("Elder, 15"), N_("Elder, 18"), N_("Younger, 15"), N_("Nobody")), 1,
                 N_("Elder: his quint major beats a quint to the king, and he scores all his sequences: 15 for the quint and 3 for the tierce."),
                 reasons=(N_("Elder wins the sequences, so he scores every sequence he holds: the tierce too, 15 + 3."), "", N_("Both are quints; at equal length the higher top card wins, and elder's is headed by the ace."), N_("The quints are not equal: elder's is headed by the ace, younger's by the king."))),
        Exercise(N_("Elder holds three aces; younger holds four knaves. Who scores for sets?"),
                 (CHOICE_ELDER, CHOICE_YOUNGER, CHOICE_NOBODY), 1,
                 N_("Younger: any quatorze beats any trio, so his fourteen knaves score 14."),
                 reasons=(N_("Aces rank higher, but any quatorze beats any trio: four knaves beat three aces."), "", N_("A quatorze and a trio are never equal: the quatorze wins."))),
        Exercise(N_("What do four nines score?"), (N_("14"), N_("3"), N_("Nothing")), 2,
                 N_("Nothing: only aces, kings, queens, knaves and tens make sets."),
                 reasons=(N_("Only aces, kings, queens, knaves and tens make sets; four nines are no quatorze."), N_("Nines make no set at all, neither a trio nor a quatorze."), "")),
        Exercise(N_("Elder holds ♥ K Q J 10 and ♠ 9 8 7; younger's best is ♣ K Q J 10. Who scores for sequences?"),
                 (N_("Elder, 7"), N_("Elder, 4"), N_("Younger, 4"), N_("Nobody")), 3,
                 N_("Nobody: the best sequences are equal, and then no sequence scores — not even elder's tierce."),
                 reasons=(N_("The best sequences are equal, both quarts to the king, so nobody scores any sequence — not even elder's tierce."), N_("Elder's quart is no better than younger's: both are quarts to the king, an equality."), N_("Younger's quart is no better than elder's: both are quarts to the king, an equality."), "")),
    ),
    summary=(
        N_("Sequences: 3 or more in a row in one suit; tierce 3, quart 4, quint 15, sixième 16, septième 17, huitième 18."),
        N_("Sets: 3 or 4 of A, K, Q, J or 10; trio 3, quatorze 14."),
        N_("The best sequence (or set) scores all its holder's; an exact tie of the best sequences scores nothing."),
        N_("In the exchange keep your point, sequences, sets and high cards; throw the low loose cards."),
    ),
)

RECKONING_PIQUE_AND_REPIQUE = Lesson(
    "reckoning-pique-and-repique", N_("The order of reckoning, pique and repique"),
    teaches=(
        N_("the fixed **order** in which the scores of a deal count"),
        N_("the **repique** (60) and the **pique** (30): the thresholds and who can make which"),
        N_("what **saves** a player from them, and what does not"),
    ),
    parts=(
        Part(N_("The order of reckoning"), (
            N_("The scores of both players count in one fixed order, whatever the order in which they were spoken: **1. carte blanche, 2. point, 3. sequences, 4. sets, 5. the play, trick by trick, 6. the cards or capot**."),
            N_("This order decides the two big bonuses of the game."),
        )),
        Part(N_("Repique: 60"), (
            N_("A player who reaches **30 from carte blanche, point, sequences and sets alone**, before his opponent has scored anything, adds **60**: a **repique**."),
            N_("**Either** player can make one — younger too: he speaks his declarations only after elder has led to the first trick, but they reckon before that lead."),
        ), Walkthrough(deals.REPIQUE, "declarations"), N_("Younger wins the point (5), the sequences (18) and the sets (20): he passes thirty while elder has nothing, and adds 60.")),
        Part(N_("Pique: 30"), (
            N_("In the play (lesson 6) the player who leads to a trick scores **1 for the card he leads**, and the second player **1 when he wins** the trick."),
            N_("If elder reaches **30 with his declarations and his points in play**, counted trick by trick, before younger has scored anything, he adds **30**: a **pique**."),
            N_("**Only elder** can make a pique: he leads to the first trick, so his lead always counts before younger's first point in play."),
        ), Walkthrough(deals.PIQUE, "play"), N_("Elder has 24 from his declarations; his sixth lead makes 30 before younger has scored, and he adds 30.")),
        Part(N_("What saves a player"), (
            N_("A player's **own score** saves him from both bonuses, if it reckons before his opponent reaches thirty: a single point, in any category, is enough."),
            N_("An **equality scores nothing, so it saves nothing**. And **the cards and capot never count towards a pique**: in the deal below elder wins every trick and scores 68, but no pique, because his 40 for capot does not count towards it."),
        ), Walkthrough(deals.CAPOT, "end")),
    ),
    exercises=(
        Exercise(N_("Elder has 24 from his declarations and younger has scored nothing. Elder leads and wins trick after trick. At which lead does he make a pique?"),
                 (N_("The first"), N_("The sixth"), N_("Never: a pique needs 30 from the declarations")), 1,
                 N_("The sixth: 24 + 6 leads = 30, before younger has scored, so elder adds 30."),
                 reasons=(N_("24 + 1 is only 25: he needs six leads to reach 30."), "", N_("A pique counts the points in play too; only a repique needs 30 from the declarations alone."))),
        Exercise(N_("After the exchange elder holds these cards and younger the four aces among his. Elder scores the point (6) and his sequences (16 + 15); younger scores fourteen aces. Does elder make a repique?"),
                 (N_("Yes: 37 before younger's sets count"), N_("No: younger scored 14"), N_("No: only younger can repique")), 0,
                 N_("Yes: point and sequences count before sets, so elder reaches 37 while younger still has nothing, and adds 60."),
                 Cards(((N_("Elder"), "KH QH JH TH 9H 8H QC JC TC 9C 8C 7D"), (N_("Younger"), "AS 9S 8S 7S AH 7H AD 9D 8D AC KC 7C"))),
                 reasons=("", N_("Younger's sets reckon after elder's point and sequences: elder has 37 before they count."), N_("Either player can make a repique; it is the pique that only elder can make."))),
        Exercise(N_("Elder's point was equal to younger's; younger has scored nothing else. Elder has 29 and leads. Can he still make a pique?"),
                 (N_("Yes"), N_("No: the equality saved younger")), 0,
                 N_("Yes: an equality scores nothing, so younger has still scored nothing; elder's lead makes 30 and a pique."),
                 reasons=("", N_("An equality scores nothing, so it saves nothing: younger still has no score."))),
        Exercise(N_("Which player can make a pique?"), (N_("Elder only"), N_("Younger only"), N_("Either")), 0,
                 N_("Elder only: his first lead always counts before younger's first point in play. Either can make a repique."),
                 reasons=("", N_("Younger can never make a pique: elder's first lead always reckons before younger's first point in play."), N_("Either player can make a repique, but only elder a pique: his first lead reckons before younger's first point in play."))),
    ),
    summary=(
        N_("Order: carte blanche, point, sequences, sets, the play trick by trick, the cards or capot."),
        N_("Repique (+60): 30 from the declarations alone before the opponent scores — either player."),
        N_("Pique (+30): 30 with the declarations and the play before younger scores — elder only."),
        N_("A player is saved by any score of his own that reckons before the opponent reaches 30; an equality saves nothing; the cards and capot never count towards a pique."),
    ),
)

THE_PLAY = Lesson(
    "the-play", N_("The play of the tricks, the cards and capot"),
    teaches=(
        N_("how the twelve tricks are played: following suit, no trumps"),
        N_("the points in play: for a lead, for winning as second player, for the last trick"),
        N_("**the cards** (10) and **capot** (40)"),
    ),
    parts=(
        Part(N_("The tricks"), (
            N_("Elder leads to the first trick. The other player **must follow suit** if he can; if he cannot, he plays any card. The **higher card of the suit led** wins: there are no trumps. The winner leads to the next trick."),
        )),
        Part(N_("Points in play"), (
            N_("The leader scores **1 for every card he leads**. The second player scores **1 when he wins** the trick. The winner of the **last trick scores 1 more**."),
            N_("Step through the play of Cavendish's deal and watch each point as it comes."),
        ), Walkthrough(deals.CAVENDISH, "play")),
        Part(N_("The cards and capot"), (
            N_("The player who wins **more tricks — seven or more — wins the cards: 10**. Six tricks each: nobody scores them."),
            N_("A player who wins **all twelve** tricks makes **capot: 40** instead of 10."),
        ), Walkthrough(deals.CAPOT, "play"), N_("Here elder wins every trick: capot.")),
    ),
    exercises=(
        Exercise(N_("Younger leads the [7S] and elder wins the trick with the [AS]. What does each score for this trick?"),
                 (N_("Younger 1, elder 1"), N_("Elder 1 only"), N_("Elder 2")), 0,
                 N_("Younger scores 1 for leading, elder 1 for winning as second player."),
                 reasons=("", N_("The leader scores 1 for every card he leads, winning or not: younger scores 1 too."), N_("Elder scores 1 for winning as second player; the point for the lead is younger's."))),
        Exercise(N_("Elder leads the [AH] to the twelfth trick and wins it. What does the trick bring him?"), ("1", "2", "3"), 1,
                 N_("Two: 1 for the lead and 1 for the last trick."),
                 reasons=(N_("The last trick brings its winner 1 more, besides his point for the lead."), "", N_("A lead that wins scores its 1 point, and the last trick 1 more: 2 in all."))),
        Exercise(N_("Elder wins seven tricks and younger five. Who scores for the cards?"),
                 (N_("Elder, 10"), N_("Younger, 10"), N_("Nobody")), 0,
                 N_("Elder: more tricks wins the cards, 10."),
                 reasons=("", N_("The cards go to the player with more tricks: elder's seven."), N_("Only six tricks each scores nothing; seven against five wins the cards."))),
        Exercise(N_("What does a player who wins all twelve tricks score for them, besides the points in play?"), ("10", "22", "40"), 2,
                 N_("Forty: capot, instead of 10 for the cards."),
                 reasons=(N_("Ten is for the cards; all twelve tricks make capot, 40 instead."), N_("22 is no score of Piquet: all twelve tricks make capot, 40 instead of 10."), "")),
    ),
    summary=(
        N_("Follow suit if you can; the higher card of the suit led wins; the winner leads."),
        N_("1 for each lead, 1 for winning as second player, 1 more for the last trick."),
        N_("The cards: 10 for more tricks; capot: 40 for all twelve."),
    ),
)

THE_PARTIE_AND_THE_RUBICON = Lesson(
    "the-partie-and-the-rubicon", N_("The partie and the rubicon"),
    teaches=(
        N_("how six deals make a **partie**"),
        N_("how the winner is paid, and what it means to be **rubiconed**"),
        N_("what happens after a tie"),
    ),
    parts=(
        Part(N_("Six deals"), (
            N_("A **partie** is six deals. The deal alternates, so each player is elder three times; each deal's scores are added to the players' totals."),
        )),
        Part(N_("The settlement"), (
            N_("After six deals the higher total wins. Call the winner's total W and the loser's L."),
            N_("If the loser has **100 or more**, the winner scores **W − L + 100**."),
            N_("If the loser has **under 100**, he is **rubiconed**: the winner scores **W + L + 100** — the loser's points count for the winner — whether or not the winner reached 100."),
        ), PartieSheet(deals.PARTIE_RUBICONED), N_("B ends with 94: rubiconed.")),
        Part(N_("Just past the rubicon"), (
            N_("The same game with the loser just past 100 pays far less: compare the two sheets."),
            N_("If the totals are equal after six deals, each deals once more; still equal, the partie is drawn."),
        ), PartieSheet(deals.PARTIE_SAVED)),
    ),
    exercises=(
        Exercise(N_("After six deals A has 109 and B 94. What does A score for the partie?"), ("115", "203", "303"), 2,
                 N_("303: B is under 100, so he is rubiconed and A scores 109 + 94 + 100."),
                 reasons=(N_("115 is W − L + 100, the settlement when the loser has 100 or more; B has 94, under 100."), N_("203 forgets the 100: a rubiconed loser pays W + L + 100."), "")),
        Exercise(N_("After six deals A has 130 and B 101. What does A score for the partie?"), ("129", "231", "331"), 0,
                 N_("129: B passed 100, so A scores 130 − 101 + 100."),
                 reasons=("", N_("231 adds the totals, as for a rubiconed loser; B has 101, past the rubicon, so A scores W − L + 100."), N_("331 is W + L + 100, paid only by a loser under 100; B has 101."))),
        Exercise(N_("After six deals the totals are equal. What happens?"),
                 (N_("The partie is drawn"), N_("Each player deals once more"), N_("Elder of the last deal wins")), 1,
                 N_("Each deals once more (two more deals); if still equal, the partie is drawn."),
                 reasons=(N_("Not yet: a tie after six deals brings one more deal each; only a tie after those is a draw."), "", N_("Nobody wins by being elder: each player deals once more."))),
    ),
    summary=(
        N_("A partie is six deals; each player is elder three times."),
        N_("Loser 100 or more: the winner scores W − L + 100."),
        N_("Loser under 100 — rubiconed: the winner scores W + L + 100."),
        N_("A tie: two more deals, then a draw."),
    ),
)

PRACTISING_OPEN_PIQUET = Lesson(
    "practising-open-piquet", N_("Practising open piquet"),
    teaches=(
        N_("how to play a deal against the computer with both hands face up"),
        N_("how to read what the table tells you about each choice"),
        N_("everything of lessons 1 to 9, put to work"),
    ),
    parts=(
        Part(N_("Open piquet"), (
            N_("In **open piquet** both hands lie face up. Nothing is hidden, so you can think about every choice: what to discard, which card to lead, whether to win a trick or let it go."),
            N_("The practice table deals a fresh deal. Choose your discards, then play your cards by clicking them; the computer plays the other hand. Every score is explained as it happens, and the meters show how near each player is to a pique or repique."),
        ), Practice(), N_("Play this deal to the end, then deal another.")),
        Part(N_("What to look for"), (
            N_("In the exchange, count what each choice keeps: the point, the sequences, the sets, the tricks you can win."),
            N_("In the play, count your sure tricks first. Remember the cards (10) for seven tricks, and that a pique is still possible for elder while younger has scored nothing."),
        )),
    ),
    exercises=(
        Exercise(N_("Elder declares a point of five making 48; younger holds a point of five making 47. What does younger answer?"),
                 (N_("Good"), N_("Not good"), N_("Equal")), 0,
                 N_("\"Good\": elder's point is better, so elder scores 5."),
                 reasons=("", N_("\"Not good\" would mean younger's point is better; elder's 48 beats his 47."), N_("Both have five cards, but 48 and 47 differ, so elder's is better: \"Good\"."))),
        Exercise(N_("What counts first in a deal?"), (N_("The point"), N_("Carte blanche"), N_("The first lead")), 1,
                 N_("Carte blanche counts before everything else."),
                 reasons=(N_("The point comes second: carte blanche reckons before everything else."), "", N_("The play reckons after all the declarations; carte blanche comes first of all."))),
        Exercise(N_("Younger has scored nothing and elder has 25 when the play starts. Which bonus can elder still make?"),
                 (N_("A repique"), N_("A pique"), N_("Neither")), 1,
                 N_("A pique: five more points in play before younger scores. A repique needs 30 from the declarations alone."),
                 reasons=(N_("A repique needs 30 from the declarations alone; elder has only 25 from them."), "", N_("Elder can still make a pique: five more points in play before younger scores."))),
    ),
    summary=(
        N_("Open piquet: both hands visible, every choice explained."),
        N_("Exchange for combinations and tricks; in play, count sure tricks and the cards."),
        N_("Keep an eye on the pique and repique meters."),
    ),
)

CHOOSING_YOUR_DISCARDS = Lesson(
    "choosing-your-discards", N_("Choosing your discards"),
    teaches=(
        N_("why elder usually takes all five cards, and plays for the point and the cards"),
        N_("why younger keeps guards to his kings and queens, and takes what he may"),
        N_("how to weigh one discard against another"),
    ),
    parts=(
        Part(N_("Elder takes all five"), (
            N_("Elder may discard from one to five cards, and five of the eight talon cards are his. He usually **takes all five**: every card he draws is a chance to lengthen his point, fill a sequence or make a set."),
            N_("Elder leads to the first trick, so he plays to win **the point** and **the cards** (10 for winning most tricks). He keeps his longest suit and his high cards, and throws the low cards of his short suits."),
        ), Cards(((N_("Elder"), "AS KS QS JS 9S AH TH 8D 7D 9C 8C 7C"), (N_("Elder's five discards"), "8D 7D 9C 8C 7C"))),
             N_("Elder keeps his spades, the point and a quart major, and the ace and ten of hearts; he throws his low diamonds and clubs.")),
        Part(N_("Younger keeps guards"), (
            N_("Younger must discard at least one card and may take all the cards that remain in the talon: three when elder took five. He has fewer cards to draw, and elder leads first, so younger thinks first of **defence**."),
            N_("He **keeps guards**: a small card beside a king, two beside a queen, so that elder's aces cannot simply drop them. Then he **takes what he may**, all the cards left to him, unless his hand is too good to break."),
        ), Cards(((N_("Younger"), "KD 7D QC 9C 8C AH JH 9H 8S 7S TS 9S"),)),
             N_("The [7D] guards the [KD], and the [9C 8C] guard the [QC]: younger keeps them and looks elsewhere for his discards.")),
        Part(N_("Weighing a discard"), (
            N_("For each choice, count what it keeps: the point, the sequences, the sets, and the tricks you can win. A card that belongs to two of them is worth keeping twice."),
            N_("In the drill below the computer reckons what each discard will bring over the whole deal, the declarations and the play, against the other hand as it stands and without knowing the order of the talon. A choice close to the best is accepted; the reason names the cards thrown and kept."),
        )),
    ),
    exercises=(
        Exercise(N_("Elder holds no carte blanche and an ordinary hand. How many cards does he usually exchange?"), ("1", "3", "5"), 2,
                 N_("All five: the five top cards of the talon are his, and each one drawn may improve his point, sequences or sets."),
                 reasons=(N_("Exchanging one card leaves four of his five talon cards to younger, who may then take them."), N_("Exchanging three leaves two of his cards to younger; elder usually takes all five."), "")),
        Exercise(N_("Younger holds the [KD 7D] and no other diamond. Why does he keep the [7D]?"),
                 (N_("It guards the king: if elder leads the ace, younger plays the seven and keeps the king"), N_("A seven is worth 7 for the point"), N_("Younger may not discard a seven")), 0,
                 N_("The seven guards the king: elder's ace of diamonds takes the seven, and the king stays master of the suit."),
                 reasons=("", N_("Two diamonds make no point worth having: the seven is kept as the king's guard."), N_("No rule says so: younger may discard any cards, at least one."))),
        Exercise(N_("Elder holds the [AS KS QS JS TS] and seven low cards of the other suits. What does he discard?"),
                 (N_("Five low cards of the other suits"), N_("The five spades"), N_("Nothing")), 0,
                 N_("He throws five low cards: the spades are his point and a quint major (15), and they win tricks."),
                 reasons=("", N_("The spades are a quint major, 15, and his point: throwing them throws away his best scores."), N_("Elder must discard at least one card."))),
    ),
    summary=(
        N_("Elder usually takes all five and plays for the point and the cards."),
        N_("Younger keeps guards to his kings and queens and takes what he may."),
        N_("Weigh a discard by all it keeps: point, sequences, sets and tricks."),
    ),
)

COUNTING_ALOUD = Lesson(
    "counting-aloud", N_("Counting aloud and reading the meter"),
    teaches=(
        N_("how each player says his running total aloud: \"five, nine, twelve\""),
        N_("how the leads and tricks add to it in the play"),
        N_("what the pique and repique meter shows"),
    ),
    parts=(
        Part(N_("The running total"), (
            N_("Each player keeps his own score aloud, so that both always know it. After each score he says his **total so far**, not the score alone."),
            N_("Elder scores 5 for his point and says \"five\"; 4 for a quart: \"nine\"; 3 for a trio: \"twelve\". Leading to the first trick scores 1 more: \"thirteen\"."),
            N_("In the play, each card led adds one to the leader's count, each trick won by the second player adds one to his, and the last trick one more to its winner. Younger counts his own scores the same way."),
        ), Walkthrough(deals.CAVENDISH, "declarations"), N_("Step through the declarations and the play: each score is added to its player's total.")),
        Part(N_("The meter"), (
            N_("The walkthrough and the practice table show a **meter** for each player: how many of the 30 points of a pique or repique he has, and whether it is still possible."),
            N_("The meter counts carte blanche, the declarations and the points of play, but **never the cards or capot** (Law 69) and never a bonus. A score counts only if it reckons before anything the opponent scores; an equality scores nothing and saves nothing."),
            N_("Once the opponent has scored, the meter says the door is shut. Younger's meter only ever shows a repique: younger can never pique."),
        ), Walkthrough(deals.PIQUE, "play"), N_("Watch elder's meter climb to 30 with his leads.")),
    ),
    exercises=(
        Exercise(N_("Elder scores 5 for the point, 4 for a quart and 3 for a trio. What does he say after the trio?"),
                 (N_("\"Three\""), N_("\"Twelve\""), N_("\"Nine\"")), 1,
                 N_("\"Twelve\": 5 + 4 + 3, his running total."),
                 reasons=(N_("Three is the trio alone; a player says his running total."), "", N_("Nine is his total before the trio: 5 + 4."))),
        Exercise(N_("Elder has said \"twelve\" and leads to the first trick. What does he say?"),
                 (N_("\"Thirteen\""), N_("\"Twelve\""), N_("\"One\"")), 0,
                 N_("\"Thirteen\": leading a card scores one."),
                 reasons=("", N_("Leading a card scores 1 point, won or lost: his total grows to thirteen."), N_("One is the lead alone; he says his running total."))),
        Exercise(N_("Elder has 28 from the declarations and younger nothing. Elder leads and wins the first two tricks. Which bonus does he make?"),
                 (N_("A pique, 30"), N_("A repique, 60"), N_("None")), 0,
                 N_("A pique: his two leads bring him to 30 before younger has scored anything."),
                 reasons=("", N_("A repique needs 30 from the declarations alone; elder had 28 when the play began."), N_("His second lead makes 30 before younger scores: a pique, 30 more."))),
    ),
    summary=(
        N_("Say your running total after every score: \"five, nine, twelve\"."),
        N_("Each lead adds one; a trick won by the second player adds one to his count."),
        N_("The meter counts towards 30, never the cards or capot, and shuts when the opponent scores."),
    ),
)

FROM_OPEN_TO_CLOSED_PIQUET = Lesson(
    "from-open-to-closed-piquet", N_("From open to closed piquet"),
    teaches=(
        N_("what changes when the other hand is hidden"),
        N_("sinking: declaring less than you hold"),
        N_("showing declared cards when asked (Law 55)"),
    ),
    parts=(
        Part(N_("The hidden hand"), (
            N_("In **closed piquet**, the ordinary game, each player sees only his own hand, his own discards and the cards he drew. The other hand and the talon are face down."),
            N_("You learn the other hand from what it announces in the declarations and, in the play, from every card played. Cards younger leaves in the talon may be seen by both if younger looks at them (Law 36)."),
        )),
        Part(N_("Sinking"), (
            N_("A player may declare **less than he holds**: he **sinks** a combination. What is not declared **neither scores nor saves**: it scores nothing, and does not save a pique or repique."),
            N_("A player sinks to hide his hand: a suit the opponent does not know of may win tricks he did not expect. The price is the points he does not score."),
        )),
        Part(N_("Showing on request"), (
            N_("A combination that scores must be **shown** if the opponent asks to see it (Law 55). So a declaration can be checked, and what is shown tells the opponent some of your cards."),
        )),
        Part(N_("Open piquet declares in full"), (
            N_("In **open piquet** both hands lie face up, so nothing can be hidden: every combination is **declared in full**. Sinking is an option of the closed game."),
        )),
    ),
    exercises=(
        Exercise(N_("In closed piquet, elder holds a trio of knaves but does not declare it. What does it score?"),
                 (N_("Nothing"), "3", N_("3, at the end of the deal")), 0,
                 N_("Nothing: what is not declared is not scored."),
                 reasons=("", N_("A sunk trio scores nothing: only what is declared scores."), N_("Nothing is reckoned later: what is not declared is not scored at all."))),
        Exercise(N_("Younger holds a point that would be good, but sinks it. Does it save him from a repique?"),
                 (N_("Yes"), N_("No")), 1,
                 N_("No: what is not declared neither scores nor saves a pique or repique."),
                 reasons=(N_("A sunk point scores nothing, so it cannot save: only a score of younger's that reckons first saves him."), "")),
        Exercise(N_("Elder has scored a quart major. Younger asks to see it. What does elder do?"),
                 (N_("He shows the four cards (Law 55)"), N_("He refuses: declarations are never shown"), N_("He shows them only in open piquet")), 0,
                 N_("He shows them: a scoring combination is shown when the opponent asks (Law 55)."),
                 reasons=("", N_("A scoring combination must be shown when the opponent asks (Law 55)."), N_("In open piquet both hands are face up already: showing matters in the closed game."))),
        Exercise(N_("Why does open piquet declare everything in full?"),
                 (N_("Both hands are face up: there is nothing to hide"), N_("Sinking is against the rules"), N_("Declared cards score double")), 0,
                 N_("Nothing can be hidden when both hands are face up, so sinking would only throw points away."),
                 reasons=("", N_("Sinking is allowed in the closed game; open piquet declares in full by default."), N_("Nothing scores double for being declared."))),
    ),
    summary=(
        N_("Closed piquet: you see your own cards; the other hand shows itself by its declarations and its play."),
        N_("Sinking: declaring less than you hold; what is not declared neither scores nor saves."),
        N_("A scoring combination is shown when the opponent asks (Law 55)."),
        N_("Open piquet declares everything in full."),
    ),
)

# The order they teach in: the rules of a deal, its play, then counting it aloud, the partie, and
# then the craft — discards, practice at the open table, the closed game. A lesson's number is its
# place here; progress and the notebooks' code name it by its slug, which never changes.
LESSONS: tuple[Lesson, ...] = (
    THE_PACK_AND_THE_DEAL, CARTE_BLANCHE_AND_THE_EXCHANGE, THE_POINT, SEQUENCES_AND_SETS,
    RECKONING_PIQUE_AND_REPIQUE, THE_PLAY, COUNTING_ALOUD, THE_PARTIE_AND_THE_RUBICON,
    CHOOSING_YOUR_DISCARDS, PRACTISING_OPEN_PIQUET, FROM_OPEN_TO_CLOSED_PIQUET,
)
SLUGS: tuple[str, ...] = tuple(item.slug for item in LESSONS)


def lesson(key: int | str) -> Lesson:
    """Lesson `key`: its number (1 to 11, its place in `LESSONS`) or its slug."""
    if isinstance(key, str):
        if key not in SLUGS:
            raise ValueError(f"there is no lesson {key!r}; the lessons are {', '.join(SLUGS)}")
        return LESSONS[SLUGS.index(key)]
    if not 1 <= key <= len(LESSONS):
        raise ValueError(f"there are lessons 1 to {len(LESSONS)}, not {key}")
    return LESSONS[key - 1]
