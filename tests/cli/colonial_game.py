#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0
"""Plays several game years of Colonial Diplomacy through `adjutant adjudicate`.

Each phase's orders are generated from the variant file (moves to neighbours, supports, the
TSR for Russia, retreats, builds and disbands), written as an orders file, adjudicated by the
CLI, and the printed next position becomes the next phase's position. Checks: every call
succeeds with a JSON report; phases follow the cycle; no province ever holds two units; after
each adjustment no power has more units than centres; a TSR order is adjudicated most springs;
and the whole game run twice gives byte-identical reports (determinism).
Standard library only; bounded by the number of years."""
import argparse
import json
import os
import random
import subprocess
import sys
import tempfile


def fail(message):
    print("FAIL:", message)
    sys.exit(1)


class Map:
    def __init__(self, path):
        data = json.load(open(path))
        self.powers = [p["name"] for p in data["powers"]]
        self.homes = {p["name"]: p["home_centers"] for p in data["powers"]}
        self.army = {}
        self.fleet = {}  # location -> locations
        self.coasts = {}
        self.kind = {}
        for p in data["provinces"]:
            a = p["abbr"]
            self.kind[a] = p["type"]
            self.army[a] = p.get("army", [])
            if "coasts" in p:
                self.coasts[a] = [c["coast"] for c in p["coasts"]]
                for c in p["coasts"]:
                    self.fleet[a + "/" + c["coast"]] = c.get("fleet", [])
            else:
                self.fleet[a] = p.get("fleet", [])
        self.tsr = data["rules"]["rail_lines"][0]["provinces"]


def province(location):
    return location.split("/")[0]


def movement_orders(m, position, rng):
    units = position["units"]
    occupied = {province(u.split()[1]) for us in units.values() for u in us}
    lines = []
    tsr_used = False
    for power in sorted(units):
        for unit in units[power]:
            kind, where = unit.split()
            here = province(where)
            if power == "Russia" and kind == "A" and here in m.tsr and not tsr_used:
                free = [p for p in m.tsr if p != here and p not in occupied]
                if free:
                    lines.append(f"{power}: A {here}-TSR-{rng.choice(free)}")
                    tsr_used = True
                    continue
            options = m.army.get(here, []) if kind == "A" else m.fleet.get(where, [])
            roll = rng.random()
            if options and roll < 0.6:
                lines.append(f"{power}: {unit} - {rng.choice(options)}")
            elif options and roll < 0.8:
                target = rng.choice(options)
                lines.append(f"{power}: {unit} S {target}")  # support hold, if a unit is there
            else:
                lines.append(f"{power}: {unit} H")
    return "\n".join(lines) + "\n"


def retreat_orders(position, rng):
    lines = []
    for power, entries in position.get("dislodged", {}).items():
        for d in entries:
            if d["retreats"] and rng.random() < 0.8:
                lines.append(f"{power}: {d['unit']} R {rng.choice(d['retreats'])}")
            else:
                lines.append(f"{power}: {d['unit']} D")
    return "\n".join(lines) + "\n"


def adjustment_orders(m, position, rng):
    lines = []
    centres = position.get("supply_centers", {})
    units = position["units"]
    occupied = {province(u.split()[1]) for us in units.values() for u in us}
    for power in m.powers:
        have = len(units.get(power, []))
        own = centres.get(power, [])
        if len(own) > have:
            free = [h for h in m.homes[power] if h in own and h not in occupied]
            for home in free[: len(own) - have]:
                if m.kind[home] == "coast" and rng.random() < 0.5:
                    where = home + ("/" + m.coasts[home][0] if home in m.coasts else "")
                    lines.append(f"{power}: BUILD F {where}")
                else:
                    lines.append(f"{power}: BUILD A {home}")
        elif len(own) < have and rng.random() < 0.5:  # otherwise civil disorder decides
            for unit in units[power][: have - len(own)]:
                lines.append(f"{power}: {unit} D")
    return "\n".join(lines) + "\n"


def play(binary, variants, years, seed, work):
    m = Map(os.path.join(variants, "colonial.json"))
    rng = random.Random(seed)
    data = json.load(open(os.path.join(variants, "colonial.json")))
    position = {"variant": "colonial", "phase": data["start"]["phase"],
                "units": data["start"]["units"],
                "supply_centers": {p["name"]: p["home_centers"] for p in data["powers"]}}
    reports = []
    tsr_phases = 0
    expected_next = {"M": ("R", "M", "A"), "R": ("M", "A"), "A": ("M",)}
    for step in range(years * 5):
        pos_file = os.path.join(work, f"position-{step}.json")
        ord_file = os.path.join(work, f"orders-{step}.txt")
        kind = position["phase"][-1]
        if kind == "M":
            orders = movement_orders(m, position, rng)
        elif kind == "R":
            orders = retreat_orders(position, rng)
        else:
            orders = adjustment_orders(m, position, rng)
        open(ord_file, "w").write(orders)
        json.dump(position, open(pos_file, "w"))
        args = [binary, "adjudicate", "--variant", "colonial", "--position", pos_file,
                "--orders", ord_file]
        run = subprocess.run(args, capture_output=True, text=True, timeout=60)
        if run.returncode != 0:
            fail(f"step {step}: exit {run.returncode}: {run.stderr}")
        reports.append(run.stdout)
        report = json.loads(run.stdout)
        if any("TSR" in o.get("order", "") for o in report["orders"]):
            tsr_phases += 1
        nxt = report["next"]
        if nxt["phase"][-1] not in expected_next[kind]:
            fail(f"step {step}: {position['phase']} followed by {nxt['phase']}")
        seen = set()
        for power, us in nxt["units"].items():
            for u in us:
                p = province(u.split()[1])
                if p in seen:
                    fail(f"step {step}: two units in {p}")
                seen.add(p)
        if kind == "A":
            for power, us in nxt["units"].items():
                if len(us) > len(nxt.get("supply_centers", {}).get(power, [])):
                    fail(f"step {step}: {power} has more units than centres after adjustments")
        position = nxt
        if int(position["phase"][1:-1]) >= 1870 + years:
            break
    return reports, tsr_phases, position


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--binary", required=True)
    parser.add_argument("--variants", required=True)
    parser.add_argument("--years", type=int, default=4)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as one, tempfile.TemporaryDirectory() as two:
        first, tsr_phases, final = play(args.binary, args.variants, args.years, 1870, one)
        second, _, _ = play(args.binary, args.variants, args.years, 1870, two)
    if first != second:
        fail("the same game played twice gave different reports")
    if tsr_phases < args.years:
        fail(f"only {tsr_phases} phases had a TSR order")
    print(f"ok: {len(first)} phases to {final['phase']}, {tsr_phases} with a TSR move; "
          f"replayed byte for byte")


if __name__ == "__main__":
    main()
