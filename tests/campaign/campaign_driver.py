#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0
"""Whole games through the real server (docs/campaign-driver.md). Starts `adjutant serve` on a
loopback port with a temporary SQLite file, creates one game per seed, gives each game that
seed as its dice seed, and plays every seat with a scripted side for --weeks weeks (campaign
maps; game years on classic maps: --weeks counts movement phases). One seat of each game is a
careless player and one an attacker. After every phase it checks the invariants of
invariants.py, the stored position with campaign_week_check, and at the end `adjutant replay`.

  campaign_driver.py --binary adjutant --checker campaign_week_check --variants DIR
                     [--variant western-front-1914] [--weeks 26] [--seeds 20] [--first-seed 1]
                     [--fortress-reach 2] [--style bold|careful|POWER=STYLE] [--why]
                     [--least-fed 0.65] [--verbose] [--keep] [--repro DIR]

Prints one line per failure (game, seed, phase, check, detail), then the figures: weeks played,
weeks per second, armies supplied and armies starving per week for each side style, and on
campaign maps what the games exercised (armies supplied and starving, sieges, battles, rides,
trains bought) per week. Exit 1 if any check failed, or if too many army-weeks starved
(--least-fed). Every loop is bounded (weeks, seeds, HTTP timeouts), so a hung server fails the
run instead of hanging it."""

import argparse
import hashlib
import json
import os
import random
import re
import shutil
import sqlite3
import struct
import subprocess
import sys
import tempfile
import time

# No __pycache__ in the source tree: the driver runs from it.
sys.dont_write_bytecode = True
HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
sys.path.insert(0, os.path.join(HERE, "..", "integration"))
from server_harness import Server  # noqa: E402
import invariants  # noqa: E402
from board import Board  # noqa: E402
from campaign_side import CampaignSide  # noqa: E402
from railhead_side import RailheadSide  # noqa: E402
from classic_side import ClassicSide  # noqa: E402
from game_api import ApiError, Game, variant_document  # noqa: E402
import game_figures  # noqa: E402
from map_graph import MapGraph  # noqa: E402
from rogue_seats import AttackerSeat, CarelessPlayer  # noqa: E402


# The campaign sides' styles (--style): "bold" marches on what it can take, "careful" keeps to
# its railheads.
STYLES = {"bold": CampaignSide, "careful": RailheadSide}


def parse_styles(specs, powers):
    """--style careful (every side) or --style Germany=careful (one side); later ones win."""
    styles = {}
    for spec in specs or []:
        for part in spec.split(","):
            power, _, style = part.rpartition("=")
            if style not in STYLES or (power and power not in powers):
                raise SystemExit(f"--style {part}: expected bold, careful or POWER=STYLE "
                                 f"(powers: {', '.join(powers)})")
            for p in ([power] if power else powers):
                styles[p] = style
    return styles


class Failure:
    def __init__(self, run, phase, check, detail):
        self.run, self.phase, self.check, self.detail = run, phase, check, detail

    def __str__(self):
        return (f"FAIL {self.run.variant} seed {self.run.seed} (game {self.run.game.id}) "
                f"{self.phase}: {self.check}: {self.detail}")


class GameRun:
    """One game of the run: its seats, its scripted sides and what the checks found."""

    def __init__(self, server, graph, seed, other, fortress_reach, styles=None):
        self.variant = graph.name
        self.seed = seed
        self.graph = graph
        self.rng = random.Random(seed)
        self.game = Game(server, graph.name, graph.powers, f"driver seed {seed}")
        self.styles = {}  # power -> side style, on campaign maps
        if graph.campaign:
            self.sides = {}
            for p in graph.powers:
                self.styles[p] = (styles or {}).get(p, "bold")
                kind = STYLES[self.styles[p]]
                self.sides[p] = kind(graph, p, self.game, self.rng, fortress_reach)
        else:
            self.sides = {p: ClassicSide(graph, p, self.game, self.rng) for p in graph.powers}
        careless = graph.powers[seed % len(graph.powers)]
        attacker = graph.powers[(seed + 1) % len(graph.powers)]
        self.sides[careless] = CarelessPlayer(self.sides[careless], self.rng)
        self.attacker = AttackerSeat(self.sides[attacker], other)
        self.sides[attacker] = self.attacker
        self.roles = {"careless": careless, "attacker": attacker}
        self.failures = []
        self.stopped = None  # why the game cannot go on
        self.weeks = 0
        self.supplied = []  # per week: {style: (armies with supply, armies)}
        self.starving = []  # per week: {style: armies that lost points for want of supply}
        self.reasons = {}  # (style, why) -> army-weeks, from the GM's summary
        self.last_phase = "start"  # the phase last seen, for failures the API cuts short
        self.phases = {"M": 0, "R": 0, "A": 0}  # phases played by kind
        self.repro = None  # a directory for the files that reproduce a failing phase
        self.tabletop = 0  # battles the GM decided on the tabletop
        self.flotillas = 0  # barge flotillas bought (docs/rivers.md)
        self.raised = 0  # armies raised from the treasury (docs/reinforcements.md)
        self.river_weeks = 0  # army-weeks whose supply line ended along a river
        self.detachment_events = {}  # kind -> count, where the map has detachments (4f)
        self.army_events = {}  # kind -> count: splits, joins, equipment (4c)
        self.figures = game_figures.Figures()  # what the game exercised, week by week

    def fight_battles(self):
        """The GM's tabletop: each battle's winner drawn from the powers that fight it, each
        army losing up to a fifth of its points, a general falling one time in ten."""
        results = []
        for battle in self.game.battles():
            armies = battle["armies"]
            results.append({
                "province": battle["province"],
                "winner": self.rng.choice(sorted({a["power"] for a in armies})),
                "losses": {a["unit"].split()[1]: self.rng.randint(0, a["points"] // 5)
                           for a in armies},
                "generals_killed": [a["general"] for a in armies
                                    if a.get("general") and self.rng.random() < 0.1]})
        self.game.enter_battles(results)
        self.tabletop += len(results)

    def fail(self, phase, check, details):
        for detail in details:
            self.failures.append(Failure(self, phase, check, detail))

    def play_phase(self, checker, variant_path, workdir):
        state = self.game.state(self.game.gm_token)
        if state["status"] == "ended":
            self.stopped = f"the game ended in {state['phase']} (winner {state.get('winner')})"
            return
        phase, seq = state["phase"], state["seq"]
        self.last_phase = phase
        # Each side plays from what its seat reads: in the fog of war, its power's view only.
        views = {}
        if "view" in self.game.state():
            views = {p: self.game.state(self.game.tokens[p]) for p in self.graph.powers}
            self.fail(phase, "fog of war",
                      invariants.fog_holds(state["position"], views,
                                           self.game.state()["position"]))
        submitted = {}
        attack_failures = []
        self.attacker.attack(attack_failures, phase)
        self.fail(phase, "attacker refused", attack_failures)
        for power in self.graph.powers:
            board = Board(views[power]["position"] if views else state["position"])
            lines = self.sides[power].orders(board)
            if not lines:
                continue
            submitted[power] = (lines, self.game.submit(power, lines))
        status, body = self.game.resolve(phase)
        if status == 409 and isinstance(body, dict) and \
                body.get("error", {}).get("code") == "battles_pending":
            # A tabletop campaign (docs/tabletop-battles.md): the GM fights the week's battles
            # and enters their results, then resolves.
            self.fight_battles()
            status, body = self.game.resolve(phase)
        if status != 200:
            self.fail(phase, "resolve", [f"the GM's resolve answered HTTP {status}: {body}"])
            self.stopped = f"the resolve of {phase} answered HTTP {status}"
            if self.repro:
                # The phase may have been stored before the answer failed: keep what is there.
                try:
                    write_repro(self.repro, self, self.game.phase(seq, self.game.gm_token))
                except ApiError:
                    pass
            return
        # The GM's view: every line's verdict, refused lines included. The public view must
        # carry no refused line of any seat (they are private to their seat and the GM).
        resolved = self.game.phase(seq, self.game.gm_token)
        failures_before = len(self.failures)
        public = self.game.phase(seq).get("results", {}).get("orders", [])
        self.fail(phase, "refused lines stay private",
                  [f"{o.get('power')}: {o.get('input')!r} is in the public results"
                   for o in public if o.get("result") == "illegal"])
        results = resolved.get("results", {})
        before = resolved["position"]
        for power, (lines, answer) in submitted.items():
            self.fail(phase, "every line has a verdict",
                      invariants.verdicts_for_every_line(power, lines, answer, results))
        self.fail(phase, "every result explains itself",
                  invariants.results_explained(phase, results))
        after_state = self.game.state(self.game.gm_token)
        if after_state["position"] != results.get("next"):
            self.fail(phase, "stored position", ["the game's new position is not the report's "
                                                 "next position"])
        nxt = results.get("next", {})
        self.flotillas += sum(1 for e in results.get("events", [])
                              if e.get("kind") == "rivers.flotilla_bought")
        self.raised += sum(1 for e in results.get("events", [])
                           if e.get("kind") == "reinforcements.raised")
        self.river_weeks += sum(1 for _, u in invariants.all_units(nxt) if u.get("supply_river"))
        if self.graph.campaign:
            self.fail(phase, "supply conserved", invariants.supply_conserved(before, results))
            self.fail(phase, "points and stores as events say",
                      invariants.points_and_stores_explained(before, results))
            self.fail(phase, "dislodged keep their strength",
                      invariants.dislodged_keep_their_strength(before, results))
            summaries = {p: self.game.summary(seq, self.game.tokens[p]) for p in self.graph.powers}
            gm_summary = self.game.summary(seq, self.game.gm_token)
            self.fail(phase, "week's summary",
                      invariants.summary_agrees(gm_summary, summaries, nxt))
            if phase.endswith("M"):
                self.tally_summary(gm_summary)
                self.figures.add_week(self.graph, before, results,
                                      sum(self.starving[-1].values()))
        self.fail(phase, "nothing negative", invariants.nothing_negative(nxt))
        self.fail(phase, "one place each", invariants.one_place_each(nxt))
        for e in results.get("events", []):
            if e.get("kind", "").startswith("army."):
                kind = e["kind"].split(".", 1)[1]
                self.army_events[kind] = self.army_events.get(kind, 0) + 1
        if self.graph.detachments:
            for e in results.get("events", []):
                if e.get("kind", "").startswith("detachment."):
                    kind = e["kind"].split(".", 1)[1]
                    self.detachment_events[kind] = self.detachment_events.get(kind, 0) + 1
            self.fail(phase, "detachments hold",
                      invariants.detachments_hold(self.graph, before, results,
                                                  phase.endswith("M")))
        self.fail(phase, "rolls in range", invariants.roll_values(results))
        check = run_checker(checker, variant_path, workdir, resolved, self.seed)
        if not check.get("position_loads"):
            self.fail(phase, "stored position loads", check.get("load_errors", ["?"]))
        elif not check.get("round_trips"):
            self.fail(phase, "stored position round-trips", check.get("round_trip_diff", []))
        self.fail(phase, "every die has its event", invariants.dice_logged(check))
        if self.repro and len(self.failures) > failures_before:
            write_repro(self.repro, self, resolved)
        self.phases[phase[-1]] += 1
        if phase.endswith("M"):
            self.weeks += 1
            week = {}
            for power, u in invariants.all_units(nxt):
                if u["unit"].startswith("A "):
                    have = week.setdefault(self.styles.get(power, ""), [0, 0])
                    have[0] += 1 if u.get("supply", 0) > 0 else 0
                    have[1] += 1
            self.supplied.append(week)

    def tally_summary(self, summary):
        """What the GM reads: the armies that starved this week and why, the armies left with
        nothing for next week and why (the summary's own words, provinces cut off)."""
        starving = {}
        for group in summary.get("powers", []):
            style = self.styles.get(group["power"], "")
            for entry in group.get("out_of_supply", []):
                if entry.get("unit", "").startswith("A "):
                    starving[style] = starving.get(style, 0) + 1
                    key = (style, "starved: " + generic(entry.get("why", "")))
                    self.reasons[key] = self.reasons.get(key, 0) + 1
            for entry in group.get("no_supply_left", []):
                key = (style, "none left: " + generic(entry.get("why", "")))
                self.reasons[key] = self.reasons.get(key, 0) + 1
        self.starving.append(starving)

    def check_current_position(self, checker, variant_path, workdir):
        """The last stored position must load too: the next week would start from it."""
        state = self.game.state(self.game.gm_token)
        current = self.game.phase(state["seq"], self.game.gm_token)
        check = run_checker(checker, variant_path, workdir, current, self.seed)
        if not check.get("position_loads"):
            self.fail(state["phase"], "stored position loads", check.get("load_errors", ["?"]))


def generic(why):
    """A summary's reason without its provinces and counts, so reasons can be tallied."""
    return re.sub(r"\b[A-Z]{3}\b", "X", re.sub(r"\d+", "N", why))


def write_repro(directory, run, resolved):
    """The failing phase as `adjutant adjudicate` reads it: the stored position, the accepted
    orders in canonical form ("Power: order"), and the command with the game's seed."""
    here = os.path.join(directory, f"{run.variant}-seed{run.seed}-{resolved['phase']}")
    os.makedirs(here, exist_ok=True)
    with open(os.path.join(here, "position.json"), "w") as f:
        json.dump(resolved["position"], f, indent=1, sort_keys=True)
    with open(os.path.join(here, "orders.txt"), "w") as f:
        for seat in resolved.get("orders", []):
            for order in seat.get("orders", []):
                f.write(f"{seat['power']}: {order}\n")
    with open(os.path.join(here, "failures.txt"), "w") as f:
        for failure in run.failures:
            if failure.phase == resolved["phase"]:
                f.write(str(failure) + "\n")
    with open(os.path.join(here, "command.txt"), "w") as f:
        f.write(f"adjutant adjudicate --variant {run.variant} --position {here}/position.json "
                f"--orders {here}/orders.txt --seed {run.seed}\n")


def run_checker(checker, variant_path, workdir, phase_document, seed):
    path = os.path.join(workdir, "phase.json")
    with open(path, "w") as f:
        json.dump(phase_document, f)
    done = subprocess.run([checker, "--variant", variant_path, "--phase", path,
                           "--seed", str(seed)], capture_output=True, text=True, timeout=60)
    if done.returncode != 0:
        return {"position_loads": False, "load_errors": [done.stderr.strip()]}
    return json.loads(done.stdout)


def set_seeds(server, runs):
    """Gives each game its run's seed as its dice seed (with the matching public commitment),
    so that a failure names a seed that reproduces it. Done on the stopped server's file."""
    server.stop()
    db = sqlite3.connect(server.database)
    for run in runs:
        commitment = hashlib.sha256(struct.pack("<Q", run.seed)).hexdigest()
        # A 64-bit seed as games had before 256-bit ones (seed_hex NULL): they keep rolling from
        # it (docs/campaign.md, "Dice"), so the small seed names the run.
        db.execute("UPDATE games SET seed = ?, seed_hex = NULL, seed_commitment = ? WHERE id = ?",
                   (run.seed, commitment, run.game.id))
    db.commit()
    db.close()
    server.start()


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--binary", required=True)
    parser.add_argument("--checker", required=True)
    parser.add_argument("--variants", required=True)
    parser.add_argument("--variant", default="western-front-1914")
    parser.add_argument("--weeks", type=int, default=26)
    parser.add_argument("--seeds", type=int, default=20)
    parser.add_argument("--first-seed", type=int, default=1)
    parser.add_argument("--keep", action="store_true", help="keep the database and logs")
    parser.add_argument("--with-rule", action="append", default=[],
                        help="play the variant with this rule module added, of no parameters "
                             "(e.g. tabletop_battles: the driver's GM then fights the battles)")
    parser.add_argument("--verbose", action="store_true", help="print every failure")
    parser.add_argument("--fortress-reach", type=int, default=2,
                        help="campaign armies with an engineer march on enemy fortresses this "
                             "many roads away; 0: on cities only")
    parser.add_argument("--style", action="append",
                        help="campaign sides' style: bold (the default: marches on what it can "
                             "take) or careful (keeps to its railheads); POWER=STYLE for one "
                             "side, comma-separated or repeated")
    parser.add_argument("--why", action="store_true",
                        help="print why armies starved or had no supply left, from the GM's "
                             "summaries, by style")
    parser.add_argument("--least-fed", type=float, default=game_figures.LEAST_FED,
                        help="on campaign maps, fail unless at least this share of the army-weeks "
                             f"from week {game_figures.FROM_WEEK} on, over all seeds, did not "
                             "starve (default %(default)s; 0 turns the bound off)")
    parser.add_argument("--repro", help="write each failing phase's position, orders and "
                                        "adjudicate command under this directory")
    args = parser.parse_args()

    workdir = tempfile.mkdtemp(prefix="adjutant-driver-")
    if args.with_rule:
        # The server and the checker read the same variant: a copy of the variants with the
        # rule modules added to the one played.
        variants = os.path.join(workdir, "variants")
        shutil.copytree(args.variants, variants)
        played = os.path.join(variants, args.variant + ".json")
        with open(played) as f:
            document = json.load(f)
        for rule in args.with_rule:
            document.setdefault("rules", {})[rule] = {}
        with open(played, "w") as f:
            json.dump(document, f)
        args.variants = variants
    server = Server(args.binary, args.variants, workdir=workdir).start()
    variant_path = os.path.join(args.variants, args.variant + ".json")
    try:
        graph = MapGraph(variant_document(server, args.variant))
        styles = parse_styles(args.style, graph.powers)
        runs = []
        for seed in range(args.first_seed, args.first_seed + args.seeds):
            runs.append(GameRun(server, graph, seed, runs[-1].game if runs else None,
                                args.fortress_reach, styles))
            runs[-1].repro = args.repro
        set_seeds(server, runs)
        started = time.time()
        # Bounded: --weeks movement phases, at most three phases per week (retreats, winter).
        for _ in range(args.weeks * 3):
            active = [r for r in runs if not r.stopped and r.weeks < args.weeks]
            if not active:
                break
            for run in active:
                try:
                    run.play_phase(args.checker, variant_path, workdir)
                except AssertionError as error:
                    run.fail(run.last_phase, "API", [str(error)])
                    run.stopped = "the API refused the driver"
        elapsed = time.time() - started
        for run in runs:
            try:
                run.check_current_position(args.checker, variant_path, workdir)
                state = run.game.state()  # a game won on the board has ended already
                ended = state if state["status"] == "ended" else run.game.end()
                if int(ended["seed"]) != run.seed:
                    run.fail(ended["phase"], "seed", [f"the revealed seed is {ended['seed']}"])
                # Once the game has ended the fog lifts: the public reads what the GM reads.
                public = run.game.state()
                if "view" in public or \
                        public["position"] != run.game.state(run.game.gm_token)["position"]:
                    run.fail(ended["phase"], "fog of war",
                             ["the ended game does not show everyone everything"])
            except AssertionError as error:
                run.fail(run.last_phase, "API", [str(error)])
        server.stop()
        replay = server.run_cli("replay")
        replay_ok = replay.returncode == 0 and "all match" in replay.stdout
        fed_ok = report(args, runs, elapsed, replay_ok, replay)
        failures = sum(len(r.failures) for r in runs)
        return 0 if failures == 0 and replay_ok and fed_ok else 1
    finally:
        if args.keep:
            print(f"database and logs kept in {workdir}")
            server.stop()
        else:
            server.close()


def report(args, runs, elapsed, replay_ok, replay):
    shown = set()
    for run in runs:
        for failure in run.failures:
            # The first failure of each check per game; the count of the rest.
            key = (run.seed, failure.check)
            if key in shown:
                continue
            shown.add(key)
            more = sum(1 for f in run.failures if f.check == failure.check) - 1
            print(str(failure) + (f" (and {more} more)" if more else ""))
            if args.verbose:
                for other in run.failures:
                    if other.check == failure.check and other is not failure:
                        print("    " + str(other))
        if run.stopped:
            print(f"STOPPED {run.variant} seed {run.seed}: {run.stopped} "
                  f"after {run.weeks} weeks")
    if not replay_ok:
        print("FAIL adjutant replay:", replay.stdout.strip()[-2000:], replay.stderr.strip()[-500:])
    weeks = sum(r.weeks for r in runs)
    print(f"variant {args.variant}: {len(runs)} seeds from {args.first_seed}, "
          f"{args.weeks} weeks asked")
    print(f"weeks played: {weeks} ({weeks / max(elapsed, 1e-9):.1f} weeks per second, "
          f"{elapsed:.1f} s)")
    kinds = {k: sum(r.phases[k] for r in runs) for k in "MRA"}
    print(f"phases played: {kinds['M']} movement, {kinds['R']} retreats, "
          f"{kinds['A']} adjustments")
    if args.with_rule:
        print(f"rules added: {', '.join(args.with_rule)}; "
              f"battles the GM decided on the tabletop: {sum(r.tabletop for r in runs)}")
    if runs and runs[0].graph.flotilla_cost is not None:
        print(f"rivers: {sum(r.flotillas for r in runs)} flotillas bought, "
              f"{sum(r.river_weeks for r in runs)} army-weeks supplied along a river")
    if runs and runs[0].graph.reinforcements:
        print(f"reinforcements: {sum(r.raised for r in runs)} armies raised")
    if runs and runs[0].graph.detachments:
        kinds = {}
        for r in runs:
            for kind, n in r.detachment_events.items():
                kinds[kind] = kinds.get(kind, 0) + n
        print("detachment events:",
              ", ".join(f"{kind} {n}" for kind, n in sorted(kinds.items())) or "none")
    if runs and runs[0].graph.army_strength:
        kinds = {}
        for r in runs:
            for kind, n in r.army_events.items():
                kinds[kind] = kinds.get(kind, 0) + n
        print("army events:", ", ".join(f"{kind} {n}" for kind, n in sorted(kinds.items())) or
              "none")
    longest = max((len(r.supplied) for r in runs), default=0)
    if runs and runs[0].graph.campaign:
        styles = sorted({s for r in runs for s in r.styles.values()})
        for style in styles:
            supplied_cells, starving_cells = [], []
            for w in range(longest):
                have = [r.supplied[w].get(style, (0, 0)) for r in runs if len(r.supplied) > w]
                supplied, armies = sum(h[0] for h in have), sum(h[1] for h in have)
                starving = sum(r.starving[w].get(style, 0) for r in runs if len(r.starving) > w)
                supplied_cells.append(f"{w + 1}:{supplied}/{armies}")
                starving_cells.append(f"{w + 1}:{starving}")
            label = f"{style} sides" if len(styles) > 1 or style != "bold" else "all seeds"
            print(f"armies supplied per week ({label}):", " ".join(supplied_cells))
            print(f"armies starving per week ({label}):", " ".join(starving_cells))
            if args.why:
                reasons = {}
                for r in runs:
                    for (s, why), n in r.reasons.items():
                        if s == style:
                            reasons[why] = reasons.get(why, 0) + n
                for why, n in sorted(reasons.items(), key=lambda x: -x[1]):
                    print(f"    {n:5d} army-weeks {why}")
    starved = None
    if runs and runs[0].graph.campaign:
        # What the games exercised: a real campaign feeds its armies, fights, besieges, rides.
        print("what the games exercised (summed over the seeds, per week):")
        for line in game_figures.summary_lines([r.figures for r in runs]):
            print("  " + line)
        if longest >= game_figures.FROM_WEEK:
            starved = game_figures.fed_enough([r.figures for r in runs], args.least_fed)
            if starved:
                print("FAIL armies fed:", starved)
    checks = {}
    for run in runs:
        for failure in run.failures:
            checks.setdefault(failure.check, set()).add(run.seed)
    for check, seeds in sorted(checks.items()):
        print(f"check failed: {check!r} under seeds {sorted(seeds)}")
    print("replay:", "all match" if replay_ok else "MISMATCH")
    print("result:", "clean" if not checks and replay_ok and not starved else "FAILED")
    return starved is None


if __name__ == "__main__":
    sys.exit(main())
