"""The words of the game, each with a one-line meaning and the lesson that teaches it.

>>> from piquet_widgets.i18n import _
>>> term, meaning, lesson = GLOSSARY[0]
>>> _(term), lesson
('Elder', 'the-pack-and-the-deal')
"""

from __future__ import annotations

from piquet_widgets.i18n import N_

# (word, meaning, the slug of the lesson that teaches it) — in the order a learner meets them.
GLOSSARY: tuple[tuple[str, str, str], ...] = (
    (N_("Elder"), N_("The non-dealer. He exchanges first (up to five cards), declares first and leads to the first trick."), "the-pack-and-the-deal"),
    (N_("Younger"), N_("The dealer. He exchanges after elder and answers elder's declarations."), "the-pack-and-the-deal"),
    (N_("Talon"), N_("The eight cards left after the deal: the top five for elder, the rest for younger."), "the-pack-and-the-deal"),
    (N_("Partie"), N_("A game of six deals; each player deals three times."), "the-partie-and-the-rubicon"),
    (N_("Carte blanche"), N_("A hand dealt with no king, queen or knave; it scores 10, before anything else."), "carte-blanche-and-the-exchange"),
    (N_("Exchange"), N_("Discarding cards and taking as many from the talon: elder 1 to 5, then younger at least 1."), "carte-blanche-and-the-exchange"),
    (N_("Point"), N_("Your longest suit; the longer wins, then the higher total of card values. One point per card."), "the-point"),
    (N_("Good, not good, equal"), N_("Younger's answers to a declaration: elder's is better, younger's is better, or a tie."), "the-point"),
    (N_("Sequence"), N_("Three or more cards in a row in one suit: tierce 3, quart 4, quint 15, sixième 16, septième 17, huitième 18."), "sequences-and-sets"),
    (N_("Major, minor"), N_("A sequence headed by the ace is major; one ending with the seven is minor."), "sequences-and-sets"),
    (N_("Set: trio, quatorze"), N_("Three (3 points) or four (14 points) aces, kings, queens, knaves or tens."), "sequences-and-sets"),
    (N_("Reckoning"), N_("The fixed order in which scores count: carte blanche, point, sequences, sets, the play trick by trick, the cards or capot."), "reckoning-pique-and-repique"),
    (N_("Repique"), N_("60 more for reaching 30 with the declarations alone before the opponent scores anything."), "reckoning-pique-and-repique"),
    (N_("Pique"), N_("30 more for elder reaching 30 with declarations and play before younger scores anything."), "reckoning-pique-and-repique"),
    (N_("Lead"), N_("The first card of a trick; it scores 1 for the player who leads it."), "the-play"),
    (N_("Trick"), N_("One card from each player; the higher card of the suit led wins it."), "the-play"),
    (N_("The cards"), N_("10 for winning more tricks than the opponent (seven or more)."), "the-play"),
    (N_("Capot"), N_("40 for winning all twelve tricks, instead of 10 for the cards."), "the-play"),
    (N_("Rubicon"), N_("A loser under 100 after six deals is rubiconed: the winner scores both totals plus 100."), "the-partie-and-the-rubicon"),
    (N_("Open piquet"), N_("Piquet with both hands face up: the way this tutorial teaches and practises."), "practising-open-piquet"),
    (N_("Deal code"), N_("A short text for the cards of a deal, to share it in a link."), "practising-open-piquet"),
)
