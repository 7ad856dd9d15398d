"""Speed of the exact trick solver: `python benchmarks/bench_solver.py [--deals 100] [--seed 0]`.

For each of N random deals (12 cards each, elder to lead, realistic scores so far) it times:

- the full deal: the value of every legal card of the opening lead, with a new `Solver`;
- the next position after the best card, and after a random card, reusing that `Solver`;
- every later position along best play to the end of the deal, reusing it.

Both settings of `low_cards_count` are measured. Prints medians, worst times and counts, and writes
the figures of the full deal and the next position to benchmarks/results/solver.json.
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from figures import figure, machine, write_results  # noqa: E402
from piquet_widgets.analysis.solver import ELDER, PIQUE, Solution, Solver  # noqa: E402

Position = tuple[int, int, int, int | None, tuple[int, int], tuple[int, int]]


def random_deal(seed: int) -> Position:
    """A deal at the opening lead: 12 cards each from a shuffled pack, elder to lead, and scores
    from the declarations (elder 0-25; younger nothing half the time, else 1-20)."""
    rng = random.Random(seed)
    pack = list(range(32))
    rng.shuffle(pack)
    elder = sum(1 << card for card in pack[:12])
    younger = sum(1 << card for card in pack[12:24])
    scores = (rng.randint(0, 25), 0 if rng.random() < 0.5 else rng.randint(1, 20))
    return elder, younger, ELDER, None, (0, 0), scores


def _score(scores: tuple[int, int], player: int, points: int, pique_open: bool) -> tuple[tuple[int, int], bool]:
    """Add play points to a player, with the pique (rules.md section 5)."""
    if not points:
        return scores, pique_open
    elder, younger = scores
    if player == ELDER:
        elder += points
        if pique_open and elder >= PIQUE and younger == 0:
            elder += PIQUE
            pique_open = False
    else:
        younger += points
    return (elder, younger), pique_open and younger == 0


def play(position: Position, card: int, low_cards_count: bool) -> Position:
    """The position after the player to move plays `card`, with the points it scores."""
    elder, younger, leader, led, tricks, scores = position
    pique_open = scores[1] == 0 and scores[0] < PIQUE
    counts = low_cards_count or card & 7 >= 3
    if led is None:
        hands = [elder, younger]
        hands[leader] ^= 1 << card
        scores, _ = _score(scores, leader, 1 if counts else 0, pique_open)
        return hands[0], hands[1], leader, card, tricks, scores
    second = 1 - leader
    hands = [elder, younger]
    hands[second] ^= 1 << card
    winner = second if card >> 3 == led >> 3 and card > led else leader
    if winner == second:
        scores, pique_open = _score(scores, second, 1 if counts else 0, pique_open)
    if not hands[0]:
        scores, pique_open = _score(scores, winner, 1, pique_open)
    won = (tricks[0] + 1, tricks[1]) if winner == ELDER else (tricks[0], tricks[1] + 1)
    return hands[0], hands[1], winner, None, won, scores


def best_card(cards: dict[int, int], to_move: int) -> int:
    """The card of best value for the player to move."""
    return (max if to_move == ELDER else min)(cards, key=cards.__getitem__)


def timed(solver: Solver, position: Position, low_cards_count: bool) -> tuple[Solution, tuple[float, float]]:
    """Solve a position; return the solution and the seconds it took (wall clock, processor)."""
    wall, cpu = time.perf_counter(), time.process_time()
    solution = solver.solve(*position, low_cards_count)
    return solution, (time.perf_counter() - wall, time.process_time() - cpu)


def run(deals: int, seed: int, low_cards_count: bool) -> dict[str, list[tuple[float, float]]]:
    """Time the solves of `deals` deals; return the (wall, processor) seconds by kind of solve."""
    kinds = ("full deal", "after the best card", "after a random card", "along best play")
    times: dict[str, list[tuple[float, float]]] = {kind: [] for kind in kinds}
    for number in range(deals):
        position = random_deal(seed + number)
        solver = Solver()
        solution, seconds = timed(solver, position, low_cards_count)
        times["full deal"].append(seconds)
        rng = random.Random(seed + number)
        random_card = rng.choice(sorted(solution.cards))
        _, seconds = timed(solver, play(position, random_card, low_cards_count), low_cards_count)
        times["after a random card"].append(seconds)
        position = play(position, best_card(solution.cards, solution.to_move), low_cards_count)
        first = True
        while position[0] or position[1]:
            solution, seconds = timed(solver, position, low_cards_count)
            times["after the best card" if first else "along best play"].append(seconds)
            first = False
            position = play(position, best_card(solution.cards, solution.to_move), low_cards_count)
    return times


# The figures written: key, label, low cards count, the kinds of solve pooled, target.
WRITTEN = [
    ("full_deal", "whole deal from the opening lead, every card valued", True, ("full deal",), "< 1 s, worst < 10 s"),
    ("full_deal_low_cards_not_counting", "the same when low cards score nothing (`low_cards`)", False, ("full deal",), "< 1 s, worst < 10 s"),
    ("next_position", "the next position after a card (best or random), the solver reused", True, ("after the best card", "after a random card"), "< 100 ms"),
]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=100)
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args()
    started = machine()
    print("milliseconds; wall clock, and processor time (what the solve costs on a quiet machine)")
    head = ("low cards count", "solve", "count", "median", "worst", "cpu med", "cpu worst")
    print(f"{head[0]:<16} {head[1]:<22} {head[2]:>6} {head[3]:>8} {head[4]:>8} {head[5]:>8} {head[6]:>9}")
    walls: dict[tuple[bool, str], list[float]] = {}
    for low_cards_count in (True, False):
        for kind, seconds in run(args.deals, args.seed, low_cards_count).items():
            wall = walls[low_cards_count, kind] = [1000 * pair[0] for pair in seconds]
            cpu = [1000 * pair[1] for pair in seconds]
            print(
                f"{str(low_cards_count):<16} {kind:<22} {len(seconds):>6} {statistics.median(wall):>8.1f} "
                f"{max(wall):>8.1f} {statistics.median(cpu):>8.1f} {max(cpu):>9.1f}"
            )
    written = []
    for key, label, low_cards_count, kinds, target in WRITTEN:
        wall = [ms for kind in kinds for ms in walls[low_cards_count, kind]]
        written += [
            figure(key, f"{label}: median over {len(wall)}", statistics.median(wall), "ms", target),
            figure(f"{key}_worst", f"{label}: the slowest", max(wall), "ms", target),
        ]
    write_results("solver", written, started=started)

if __name__ == "__main__":
    main()
