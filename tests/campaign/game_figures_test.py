#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0
"""The driver's figures (game_figures.py) count what they say: armies meeting as the tabletop
module counts battles, and the fed-armies bound fails a run whose armies starve, as a run of
sides that buy too few trains did, and passes one whose armies are fed."""

import os
import sys

sys.dont_write_bytecode = True
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import check_runner  # noqa: E402
import game_figures  # noqa: E402

FAILURES = []


class Sides:
    """Germany against France and Britain, as the 1914 map's sides."""

    @staticmethod
    def enemies(a, b):
        return (a == "Germany") != (b == "Germany")


def expect(got, want, what):
    if got != want:
        FAILURES.append(f"{what}: expected {want!r}, got {got!r}")


def battles(units, orders):
    before = {"units": {p: [{"unit": u} for u in us] for p, us in units.items()}}
    results = {"orders": [{"power": p, "order": o, "result": "fails"} for p, o in orders]}
    return game_figures.battles(Sides, before, results)


def test_battles():
    units = {"Germany": ["A KOL", "A AAC"], "France": ["A LIE", "A NAM"], "Britain": ["A MON"]}
    expect(battles(units, [("Germany", "A KOL - LIE")]), 1, "a march on an army that stays")
    expect(battles(units, [("Germany", "A KOL - LIE"), ("France", "A LIE - KOL")]), 1,
           "two armies head-on: one battle")
    expect(battles(units, [("Germany", "A KOL - LIE"), ("France", "A LIE - BRU")]), 0,
           "the enemy marched off")
    expect(battles(units, [("Germany", "A AAC - BRU"), ("France", "A NAM - BRU")]), 1,
           "enemies marching into one province")
    expect(battles(units, [("France", "A NAM - BRU"), ("Britain", "A MON - BRU")]), 0,
           "allies never meet")
    expect(battles(units, [("Germany", "A AAC - EIF - RAIL - NAM")]), 1,
           "a ride onto an army that stays")
    expect(battles(units, [("Germany", "A KOL - LIE"), ("Germany", "A AAC - NAM")]), 2,
           "two battles")


def game(weeks, armies, starving):
    figures = game_figures.Figures()
    for w in range(weeks):
        figures.weeks.append({"armies": armies, "starving": starving(w + 1)})
    return figures


def test_fed_enough():
    starved_by_week_3 = [game(10, 16, lambda w: 16 if w >= 3 else 0) for _ in range(3)]
    expect(game_figures.fed_enough(starved_by_week_3, game_figures.LEAST_FED) is None, False,
           "every army starving from week 3 in every seed")
    half = [game(10, 16, lambda w: 8 if w >= 3 else 0) for _ in range(3)]
    expect(game_figures.fed_enough(half, game_figures.LEAST_FED) is None, False,
           "half the armies starving from week 3")
    fed = [game(10, 16, lambda w: 2 if w >= 3 else 0) for _ in range(3)]
    expect(game_figures.fed_enough(fed, game_figures.LEAST_FED), None,
           "an army or two starving a week")
    early = [game(10, 16, lambda w: 16 if w < 3 else 0)]
    expect(game_figures.fed_enough(early, game_figures.LEAST_FED), None,
           "starving before week 3 is not counted")
    expect(game_figures.fed_enough(starved_by_week_3, 0), None, "the bound turned off")


if __name__ == "__main__":
    check_runner.run(dict(globals()), FAILURES, "figures", "every count and the bound hold")
