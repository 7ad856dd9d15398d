"""The words of the game, each with a one-line meaning and the lesson that teaches it.

>>> from piquet_widgets.i18n import _
>>> term, meaning, lesson = GLOSSARY[0]
>>> _(term), lesson
('Elder', 1)
"""

from __future__ import annotations

from piquet_widgets.i18n import N_

# (word, meaning, lesson) — in the order a learner meets them.
GLOSSARY: tuple[tuple[str, str, int], ...] = (
    (N_("Elder"), N_("The non-dealer. He exchanges first (up to five cards), declares first and leads to the first trick."), 1),
    (N_("Younger"), N_("The dealer. He exchanges after elder and answers elder's declarations."), 1),
    (N_("Talon"), N_("The eight cards left after the deal: the top five for elder, the rest for younger."), 1),
    (N_("Partie"), N_("A game of six deals; each player deals three times."), 7),
    (N_("Carte blanche"), N_("A hand dealt with no king, queen or knave; it scores 10, before anything else."), 2),
    (N_("Exchange"), N_("Discarding cards and taking as many from the talon: elder 1 to 5, then younger at least 1."), 2),
    (N_("Point"), N_("Your longest suit; the longer wins, then the higher total of card values. One point per card."), 3),
    (N_("Good, not good, equal"), N_("Younger's answers to a declaration: elder's is better, younger's is better, or a tie."), 3),
    (N_("Sequence"), N_("Three or more cards in a row in one suit: tierce 3, quart 4, quint 15, sixième 16, septième 17, huitième 18."), 4),
    (N_("Major, minor"), N_("A sequence headed by the ace is major; one ending with the seven is minor."), 4),
    (N_("Set: trio, quatorze"), N_("Three (3 points) or four (14 points) aces, kings, queens, knaves or tens."), 4),
    (N_("Reckoning"), N_("The fixed order in which scores count: carte blanche, point, sequences, sets, the play trick by trick, the cards or capot."), 5),
    (N_("Repique"), N_("60 more for reaching 30 with the declarations alone before the opponent scores anything."), 5),
    (N_("Pique"), N_("30 more for elder reaching 30 with declarations and play before younger scores anything."), 5),
    (N_("Lead"), N_("The first card of a trick; it scores 1 for the player who leads it."), 6),
    (N_("Trick"), N_("One card from each player; the higher card of the suit led wins it."), 6),
    (N_("The cards"), N_("10 for winning more tricks than the opponent (seven or more)."), 6),
    (N_("Capot"), N_("40 for winning all twelve tricks, instead of 10 for the cards."), 6),
    (N_("Rubicon"), N_("A loser under 100 after six deals is rubiconed: the winner scores both totals plus 100."), 7),
    (N_("Open piquet"), N_("Piquet with both hands face up: the way this tutorial teaches and practises."), 8),
    (N_("Deal code"), N_("A short text for the cards of a deal, to share it in a link."), 8),
)
