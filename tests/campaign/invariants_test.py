#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0
"""Each of the driver's checks (invariants.py) catches what it is for: a small document that
breaks the rule must fail it, and the same document without the break must pass. Without this a
clean whole-game run could mean checks that never fire."""

import os
import sys

sys.dont_write_bytecode = True
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import check_runner  # noqa: E402
import invariants  # noqa: E402

FAILURES = []


def expect(failures, count, what):
    if len(failures) != count:
        FAILURES.append(f"{what}: expected {count} failure(s), got {failures}")


def army(unit, uid, points=250, supply=2, **extra):
    return dict({"unit": unit, "id": uid, "points": points, "supply": supply}, **extra)


def week(before_units, after_units, events=(), **after_extra):
    before = {"phase": "1914W32M", "units": {"Germany": before_units},
              "garrisons": {"Belgium": [{"province": "LIE", "points": 100, "stores": 26}]},
              "trains": {"Germany": [{"at": "KOL", "count": 2}]}}
    after = dict({"phase": "1914W33M", "units": {"Germany": after_units},
                  "garrisons": {"Belgium": [{"province": "LIE", "points": 100, "stores": 26}]},
                  "trains": {"Germany": [{"at": "KOL", "count": 2}]}}, **after_extra)
    return before, {"events": list(events), "next": after}


def test_supply():
    consumed = {"kind": "supply.consumed", "power": "Germany", "province": "AAC",
                "text": "A AAC used 1 week of supply; 1 left", "supply_change": -1}
    before, results = week([army("A AAC", 1)], [army("A AAC", 1, supply=1)], [consumed])
    expect(invariants.supply_conserved(before, results), 0, "consumption with its event")
    before, results = week([army("A AAC", 1)], [army("A AAC", 1, supply=1)])
    expect(invariants.supply_conserved(before, results), 1, "consumption without an event")
    before, results = week([army("A AAC", 1)], [army("A AAC", 1)],
                           garrisons={"Belgium": []})
    expect(invariants.supply_conserved(before, results), 1, "a garrison's stores vanish")
    before, results = week([army("A AAC", 1), army("A MAL", 2)], [army("A AAC", 1)])
    expect(invariants.supply_conserved(before, results), 0, "a unit destroyed in battle")
    # A lost country's event counts its disbanded armies' supply (Lone Warrior 4b; case S.16):
    # subtracting them again as units that left the board would count them twice (seed 2,
    # 1914W47M of the long run).
    lost = {"kind": "country.lost", "power": "Belgium", "province": "BRU", "supply_change": -27,
            "text": "Belgium has lost its capital BRU: the country is lost; its armies are "
                    "disbanded, its garrisons surrender, and 7 cities pass to Germany"}
    before, results = week([army("A AAC", 1)], [army("A AAC", 1)], [lost],
                           garrisons={"Belgium": []})
    before["units"]["Belgium"] = [army("A LIE", 9, supply=1)]
    expect(invariants.supply_conserved(before, results), 0, "a lost country's armies")
    # ... but only that country's: another power's army gone the same week carried its own.
    before["units"]["Germany"].append(army("A MAL", 2))
    expect(invariants.supply_conserved(before, results), 0, "a lost country and a battle")
    before["units"]["Belgium"][0]["supply"] = 2
    expect(invariants.supply_conserved(before, results), 1, "a lost country's supply miscounted")


def test_points_and_stores():
    before, results = week([army("A AAC", 1)], [army("A AAC", 1, points=200)])
    expect(invariants.points_and_stores_explained(before, results), 1, "points lost silently")
    loss = {"kind": "siege.assault", "power": "Germany", "province": "AAC", "text": "..."}
    before, results = week([army("A AAC", 1)], [army("A AAC", 1, points=200)], [loss])
    expect(invariants.points_and_stores_explained(before, results), 0, "points lost in an event")
    before, results = week([army("A AAC", 1)], [army("A AAC", 1)], treasury={"Germany": 50})
    expect(invariants.points_and_stores_explained(before, results), 1, "treasury from nothing")


def test_classes():
    before, results = week([army("A AAC", 1)], [army("A AAC", 1)])
    before["experience"] = {"Germany": [{"army": 1, "elite": 250}]}
    results["next"]["experience"] = {"Germany": [{"army": 1, "elite": 200}]}
    expect(invariants.points_and_stores_explained(before, results), 1, "classes lost silently")
    results["events"] = [{"kind": "experience.losses", "power": "Germany", "province": "AAC",
                          "text": "A AAC (army 1) lost 50 points of its elite, veteran and raw "
                                  "troops with its points: now 200 elite, 400 trained"}]
    expect(invariants.points_and_stores_explained(before, results), 0, "classes in an event")


def test_verdicts():
    results = {"orders": [{"power": "Germany", "order": "A AAC - LIE", "result": "succeeds"},
                          {"power": "Germany", "line": 3, "input": "banana",
                           "result": "illegal"}]}
    answer = {"verdicts": [
        {"line": 1, "input": "A AAC-LIE", "status": "accepted", "order": "A AAC - LIE"},
        {"line": 2, "input": "T AAC SUPPLY A AAC", "status": "accepted",
         "order": "T AAC SUPPLY A AAC"},
        {"line": 3, "input": "banana", "status": "rejected", "error": "unknown"}]}
    lines = ["A AAC-LIE", "T AAC SUPPLY A AAC", "banana", ""]
    expect(invariants.verdicts_for_every_line("Germany", lines, answer, results), 1,
           "an accepted line without a result")
    answer["verdicts"][1] = {"line": 2, "input": "A AAC H", "status": "accepted",
                             "order": "A AAC H", "note": "replaced by line 1"}
    expect(invariants.verdicts_for_every_line("Germany", ["A AAC-LIE", "A AAC H", "banana"],
                                              answer, results), 0, "a duplicate replaced")
    answer["verdicts"][1] = {"line": 2, "input": "T AAC SUPPLY A AAC", "status": "accepted",
                             "order": "T AAC SUPPLY A AAC", "note": "replaced by line 1"}
    expect(invariants.verdicts_for_every_line("Germany", lines, answer, results), 1,
           "replaced by another unit's order")
    expect(invariants.verdicts_for_every_line("Germany", lines + ["A KOL H"], answer, results),
           2, "a line with no verdict at all")
    # Accepted against a fogged view, refused against the whole position when resolved.
    fogged = {"accepted": 1, "verdicts": [
        {"line": 1, "input": "A BOU - RAIL - ARL", "status": "accepted",
         "order": "A BOU - RAIL - ARL"}]}
    late = {"orders": [{"line": 1, "input": "A BOU - RAIL - ARL", "power": "Britain",
                        "result": "illegal", "reason": "ARL holds an enemy unit"},
                       {"order": "A BOU H", "power": "Britain", "result": "succeeds",
                        "default": True}]}
    expect(invariants.verdicts_for_every_line("Britain", ["A BOU - RAIL - ARL"], fogged, late),
           0, "refused when resolved under the fog")
    expect(invariants.verdicts_for_every_line("France", ["A BOU - RAIL - ARL"], fogged, late),
           1, "another power's refusal is no verdict")


def test_places_signs_dice():
    position = {"units": {"Germany": [army("A AAC", 1)], "France": [army("A AAC", 2)]}}
    expect(invariants.one_place_each(position), 1, "two units in one province")
    position = {"units": {"Germany": [army("A AAC", 1), army("A MAL", 1)]}}
    expect(invariants.one_place_each(position), 1, "one id twice")
    expect(invariants.nothing_negative({"units": {"Germany": [army("A AAC", 1, supply=-1)]}}),
           1, "negative supply")
    expect(invariants.nothing_negative({"treasury": {"Germany": 0}}), 0, "zero is fine")
    expect(invariants.dice_logged({"unlogged_rolls": [{"purpose": "nerves"}],
                                   "logged_without_die": []}), 1, "an unlogged die")
    expect(invariants.roll_values({"events": [{"roll": {"d10": 11}}]}), 1, "a d10 of 11")


def test_detachments():
    class Graph:
        army = {"MEA": ["CHA", "PAR"], "CHA": ["MEA", "REI"], "PAR": ["MEA"], "REI": ["CHA"]}

        @staticmethod
        def enemies(a, b):
            return a != b

    before = {"detachments": {"France": ["MEA"]}}
    moved = {"next": {"detachments": {"France": ["CHA"]}},
             "events": [{"kind": "detachment.moved", "power": "France", "province": "CHA"}]}
    expect(invariants.detachments_hold(Graph, before, moved), 0, "a move with its event")
    expect(invariants.detachments_hold(Graph, before, {"next": {}}), 1,
           "a detachment gone with no event")
    expect(invariants.detachments_hold(Graph, {}, {"next": {"detachments": {"France": ["REI"]}}}),
           1, "a detachment come with no event")
    shared = {"next": {"detachments": {"France": ["MEA"], "Germany": ["MEA"]}}}
    expect(invariants.detachments_hold(Graph, {"detachments": shared["next"]["detachments"]},
                                       shared), 1, "two detachments in one province")
    overrun = {"next": {"detachments": {"France": ["MEA"]},
                        "units": {"Germany": [army("A MEA", 3)]}}}
    expect(invariants.detachments_hold(Graph, before, overrun), 1,
           "a detachment standing with an enemy army after a week")
    expect(invariants.detachments_hold(Graph, before, overrun, week_ran=False), 0,
           "an army retreating onto one: met as the next week ends")


def test_fog_detachments():
    truth = {"detachments": {"France": ["MEA"], "Germany": ["REI", "SAA"]}}
    seen = {"view": {"seen": ["MEA", "CHA", "REI"]},
            "position": {"detachments": {"France": ["MEA"], "Germany": ["REI"]},
                         "scouted": {"France": ["MET"]}}}
    expect(invariants.fog_holds(truth, {"France": seen}, {}), 0, "detachments as seen")
    seen["position"]["detachments"]["Germany"] = ["REI", "SAA"]
    expect(invariants.fog_holds(truth, {"France": seen}, {}), 1, "a detachment outside the view")
    seen["position"]["detachments"]["Germany"] = []
    expect(invariants.fog_holds(truth, {"France": seen}, {}), 1, "a seen detachment missing")
    seen["position"]["detachments"]["Germany"] = ["REI"]
    seen["position"]["scouted"] = {"Germany": ["PAR"]}
    expect(invariants.fog_holds(truth, {"France": seen}, {}), 1, "another's scouting reports")
    expect(invariants.fog_holds(truth, {}, {"detachments": {"France": ["MEA"]}}), 1,
           "the public reads detachments")


def test_dislodged():
    before = {"units": {"France": [army("A BEL", 8, engineers=1, general="Bonneau")]}}
    kept = {"next": {"dislodged": {"France": [army("A BEL", 8, engineers=1, general="Bonneau",
                                                   retreats=["TRY"])]}}}
    lost = {"next": {"dislodged": {"France": [{"unit": "A BEL", "from": "MUL",
                                               "retreats": ["TRY"]}]}}}
    expect(invariants.dislodged_keep_their_strength(before, kept), 0, "strength kept")
    expect(invariants.dislodged_keep_their_strength(before, lost), 1, "strength lost")
    ate = {"next": {"dislodged": {"France": [army("A BEL", 8, supply=1, engineers=1,
                                                  general="Bonneau")]}}}
    expect(invariants.dislodged_keep_their_strength(before, ate), 1, "supply lost silently")
    ate["events"] = [{"kind": "supply.consumed", "power": "France", "province": "BEL",
                      "text": "A BEL used 1 week of supply; 1 left", "supply_change": -1}]
    expect(invariants.dislodged_keep_their_strength(before, ate), 0, "supply eaten, with event")
    fell = {"next": {"dislodged": {"France": [army("A BEL", 8, supply=2, engineers=1)]}}}
    expect(invariants.dislodged_keep_their_strength(before, fell), 1, "general lost silently")
    fell["events"] = [{"kind": "tabletop.general_killed", "power": "France", "province": "LUN",
                       "text": "Bonneau was killed in the battle at LUN; A BEL has no general"}]
    expect(invariants.dislodged_keep_their_strength(before, fell), 0, "general killed, with event")


def test_summary():
    position = {"units": {"Germany": [army("A AAC", 1), army("A MAL", 2, supply=0)]}}
    gm = {"powers": [{"power": "Germany", "armies": 2, "supplied": 1}]}
    expect(invariants.summary_agrees(gm, {"Germany": {"powers": [{"power": "Germany"}]}},
                                     position), 0, "a true summary")
    expect(invariants.summary_agrees(gm, {"France": {"powers": [{"power": "Germany"}]}},
                                     position), 1, "a player sees another power")
    gm["powers"][0]["supplied"] = 2
    expect(invariants.summary_agrees(gm, {}, position), 1, "a wrong count")


def test_explanations():
    def strength(kind, unit, value, to=None):
        entry = {"strength": kind, "power": "France", "unit": unit, "value": value, "own": 1}
        if to:
            entry["to"] = to
        return entry

    def move(result, attack, prevent, text=None, **extra):
        return {"orders": [{"power": "France", "order": "A PAR - BUR", "result": result,
                            "explanation": dict({
                                "kind": "move", "text": text or f"A PAR - BUR {result}",
                                "strengths": [strength("attack", "A PAR", attack, "BUR"),
                                              strength("prevent", "A MAR", prevent, "BUR")]},
                                **extra)}]}

    expect(invariants.results_explained("S1901M", move("fails", 1, 1)), 0, "a true bounce")
    expect(invariants.results_explained("S1901M", move("succeeds", 2, 1)), 0, "a true win")
    expect(invariants.results_explained("S1901M", move("succeeds", 1, 1)), 1,
           "a move that won against an equal strength")
    expect(invariants.results_explained("S1901M", move("fails", 2, 1)), 1,
           "a move that lost though stronger")
    expect(invariants.results_explained("S1901M", move("succeeds", 1, 1,
                                                       rules=["circular movement"])), 0,
           "the circle's move")
    expect(invariants.results_explained("S1901M", move("fails", 1, 1, text="A MAR - BUR failed")),
           1, "a sentence of another order")
    bare = {"orders": [{"power": "France", "order": "A PAR H", "result": "succeeds"}]}
    expect(invariants.results_explained("S1901M", bare), 1, "a unit's order unexplained")
    expect(invariants.results_explained("F1901R", bare), 0, "a retreat phase is not checked")
    held = {"orders": [{"power": "France", "order": "A PAR H", "result": "fails", "explanation": {
        "kind": "hold", "text": "A PAR H was dislodged", "dislodged_by": {"power": "Germany",
                                                                          "unit": "A BUR"},
        "held": [strength("hold", "A PAR", 2), strength("attack", "A BUR", 2, "PAR")]}}]}
    expect(invariants.results_explained("S1901M", held), 1, "dislodged by no stronger attack")


if __name__ == "__main__":
    check_runner.run(dict(globals()), FAILURES, "invariants", "every check fires")
