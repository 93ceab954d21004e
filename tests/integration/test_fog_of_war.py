#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0
"""Fog of war through the real server (docs/fog-of-war.md) on the 1914 map, where it is on:
a seat reads its power's view and nothing of a unit it does not see, in the game document, the
phase documents, another power's order history, the feed, the results mail and the verdicts of
its own orders; the public reads no units; the GM reads everything; once the game has ended,
everyone does; detachments hide as units do. This is the authorization test (docs/design.md,
"Visibility") with hidden units. Over weeks of play with the armies in contact, every event,
order and result a seat reads in any of those, and in the week's summary, is its own, public, or
names only provinces in its sight, and no event of another power tells what its view hides;
another power's orders whose content is supply, its module's reasons for a failure and what its
trains carry for whom it never reads.
Run: test_fog_of_war.py --binary PATH --variants DIR [--only NAME]"""

import hashlib
import json
import os
import random
import re
import sqlite3
import struct
import sys
import xml.etree.ElementTree as ET

# No __pycache__ in the source tree: the campaign sides are imported from it.
sys.dont_write_bytecode = True
HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
sys.path.insert(0, os.path.join(HERE, "..", "campaign"))
import test_server as ts  # noqa: E402
from test_server import check, expect, gm, put_orders, units_of  # noqa: E402
from board import Board  # noqa: E402
from campaign_side import CampaignSide  # noqa: E402
from game_api import Game, variant_document  # noqa: E402
from map_graph import MapGraph  # noqa: E402
import pg_database  # noqa: E402  (tests/postgres, on the path server_harness gives)

POWERS = ts.WESTERN_FRONT_POWERS


def province(unit):
    return unit.split()[1].split("/")[0]


def game_as(server, game_id, token=None):
    return expect(server.request("GET", f"/api/v1/games/{game_id}", token=token), 200, "game")


def text_of(server, path, token=None):
    got = server.request("GET", path, token=token)
    check(got[0] == 200, f"GET {path}: {got[0]} {got[3][:200]!r}")
    return got[3].decode()


def joined_1914_game(server, name):
    """A 1914 game with every seat joined, each with an address: (id, GM token, seat tokens)."""
    created = expect(server.request("POST", "/api/v1/games", {
        "name": name, "variant": "western-front-1914", "missing_orders": "hold",
        "resolve_when_ready": False}), 201, "create game")
    game_id, gm_token = created["game"]["id"], created["gm_token"]
    tokens = {}
    for power in POWERS:
        joined = expect(server.request(
            "POST", f"/api/v1/games/{game_id}/seats/{power}/join",
            {"player": power, "email": power.lower() + "@player.test"}), 201, "join")
        tokens[power] = joined["token"]
    return game_id, gm_token, tokens


def test_views():
    """Germany does not see a French army two provinces off, anywhere the server answers."""
    server = ts.new_server(mail={"enabled": False, "relay": "smtp://127.0.0.1:9",
                                 "domain": "adjutant.test"})
    try:
        game_id, gm_token, tokens = joined_1914_game(server, "Fog")
        base = f"/api/v1/games/{game_id}"

        truth = game_as(server, game_id, gm_token)
        check("view" not in truth, "the GM reads the game whole")
        german = game_as(server, game_id, tokens["Germany"])
        seen = set(german["view"]["seen"])
        check(german["view"]["power"] == "Germany", f"the view is Germany's: {german['view']}")
        check(units_of(german, "Germany") == units_of(truth, "Germany"), "its own units, all")
        hidden = [u for u in units_of(truth, "France") if province(u) not in seen]
        check(hidden, f"a French army Germany does not see: {units_of(truth, 'France')}")
        for power in POWERS:
            for unit in units_of(german, power):
                check(power == "Germany" or province(unit) in seen,
                      f"Germany sees {power}'s {unit} outside its view")
        check(not set(hidden) & set(units_of(german, "France")), "the hidden army is hidden")
        check("treasury" not in german["position"] or
              list(german["position"]["treasury"]) == ["Germany"], "only its own treasury")
        public = game_as(server, game_id)
        check(not public["position"].get("units") and not public["position"].get("garrisons"),
              f"the public reads no units: {public['position'].get('units')}")

        # One document per reader, each with its own ETag; a seat's ETag is no one else's.
        etags = {}
        for who, token in [("public", None), ("gm", gm_token)] + list(tokens.items()):
            etags[who] = server.request("GET", base, token=token)[2].getheader("ETag")
        check(len(set(etags.values())) == len(etags), f"an ETag per reader: {etags}")
        again = server.request("GET", base, token=tokens["Germany"],
                               headers={"If-None-Match": etags["Germany"]})
        check(again[0] == 304, f"a seat revalidates its own document: {again[0]}")
        other = server.request("GET", base, token=tokens["France"],
                               headers={"If-None-Match": etags["Germany"]})
        check(other[0] == 200, "another seat's ETag is not France's")

        # A verdict tells a player no more than its view: supporting the hidden army reads as
        # supporting an empty province.
        army = hidden[0]
        where = province(army)
        answer = expect(server.request("POST", base + "/orders/validate",
                                       {"orders": f"{units_of(truth, 'Germany')[0]} S A {where}"},
                                       token=tokens["Germany"]), 200, "validate")
        check(f"no unit at {where}" in json.dumps(answer),
              f"the verdict does not tell of {army}: {answer}")

        expect(put_orders(server, game_id, tokens["France"], f"{army} H"), 200, "France")
        # Germany beats the French army at NAN, which it sees: the battle is Germany's to read,
        # the beaten general's type roll is France's (docs/fog-of-war.md).
        expect(put_orders(server, game_id, tokens["Germany"], "A MOR - NAN"), 200, "Germany")
        gm(server, game_id, gm_token, "resolve")
        seen_week = json.loads(text_of(server, base + "/phases/0", tokens["Germany"]))
        rolls = [e["text"] for e in seen_week["results"]["events"] + seen_week["events"]
                 if "type roll" in e.get("text", "") and e.get("power") != "Germany"]
        check(not rolls, f"Germany reads France's generals' type rolls: {rolls}")

        everyone = {"the public": None, "Germany": tokens["Germany"]}
        for who, token in everyone.items():
            for path in (base, base + "/phases/0", base + "/powers/France/orders",
                         base + "/phases/1"):
                check(army not in text_of(server, path, token),
                      f"{who} reads {army} in GET {path}")
        check(army not in text_of(server, base + "/feed"), f"{army} in the public feed")
        check(army in text_of(server, base + "/phases/0", gm_token), "the GM reads it")
        check(army in text_of(server, base + "/phases/0", tokens["France"]), "France reads it")

        sent = server.run_cli("mail-send")
        check(sent.returncode == 0, f"mail-send: {sent.stdout} {sent.stderr}")
        rows = server.rows("SELECT recipient, subject, body FROM mail_outbox")
        results = {r: b for r, subject, b in rows if subject.endswith("results")}
        check(sorted(results) == sorted(p.lower() + "@player.test" for p in POWERS),
              f"results mailed to every seat: {sorted(results)}")
        check(army in results["france@player.test"], "France is mailed its own order")
        check(army not in results["germany@player.test"],
              f"Germany is mailed {army}: {results['germany@player.test']}")

        # The game ends: the fog lifts for everyone.
        gm(server, game_id, gm_token, "end")
        public = game_as(server, game_id)
        check("view" not in public, "no view once the game has ended")
        check(public["position"] == game_as(server, game_id, gm_token)["position"],
              "the public reads the whole position at the end")
        check(army in text_of(server, base + "/phases/0"), "and every order of the game")
        check(server.stop() == 0, "clean stop")
        replay = server.run_cli("replay")
        check(replay.returncode == 0 and "all match" in replay.stdout, replay.stdout + replay.stderr)
    finally:
        server.close()


def test_detachments():
    """Detachments (docs/detachments.md) in the game document: BUY D goes through the order text
    like any order, the GM reads every power's detachments, a seat its own and none it does not
    see, and the public none."""
    server = ts.new_server()
    try:
        game_id, gm_token, tokens = joined_1914_game(server, "Cavalry")
        answer = expect(put_orders(server, game_id, tokens["France"], "BUY D PAR"), 200, "France")
        check(answer.get("orders") == ["BUY D PAR"], f"France's order in force: {answer}")
        expect(put_orders(server, game_id, tokens["Germany"], "buy 1 detachment KOL"), 200,
               "Germany")
        gm(server, game_id, gm_token, "resolve")
        truth = game_as(server, game_id, gm_token)["position"]
        check(truth.get("detachments") == {"France": ["PAR"], "Germany": ["KOL"]},
              f"the GM reads both detachments: {truth.get('detachments')}")
        french = game_as(server, game_id, tokens["France"])
        check("KOL" not in french["view"]["seen"], "France does not see KOL")
        check(french["position"].get("detachments") == {"France": ["PAR"]},
              f"France reads its own detachment only: {french['position'].get('detachments')}")
        public = game_as(server, game_id)["position"]
        check(not public.get("detachments"), f"the public reads detachments: {public}")
        check(server.stop() == 0, "clean stop")
        replay = server.run_cli("replay")
        check(replay.returncode == 0 and "all match" in replay.stdout, replay.stdout + replay.stderr)
    finally:
        server.close()


# --- every event a seat reads, against its sight, over weeks of play ---------------------------

# The kinds docs/fog-of-war.md ("Events") makes everyone's: they tell the state of the country
# that every position shows (who owns a city, who holds the ground, a country lost).
PUBLIC_KINDS = {"control.city", "country.lost", "rail.ground"}
# What a view hides of another power (docs/fog-of-war.md, "What a power sees"): the supply an
# army carries, its supply line and line of communication, an Extended line, a garrison's
# stores, rail capacity, a general's type roll. (A fortress's fall is told with its cause, half
# rations among them: docs/fog-of-war.md, "Events".)
HIDDEN = re.compile(r"weeks? of supply|out of supply|supply line|draws its supply|"
                    r"line of communication|Extended|stores|rail capacity|type roll")
# The orders whose content is supply (docs/fog-of-war.md, "Orders that carry supply"): a train
# sent to an army, a standing supply order, trains or a flotilla bought, the standing choice for
# enemy trains, a garrison put on half rations. Another power's are never read, though every
# province they name stands in sight.
SUPPLY_ORDER = re.compile(r"T \S+ SUPPLY A |BUY \d+ T |BUY FLOTILLA |(CAPTURE|DESTROY) TRAINS\b|"
                          r"G \S+ HALF RATIONS\b")
# The reasons another power's failed order may give (docs/fog-of-war.md, "Reasons"): the
# resolver's own, which tell what the board shows; a rule module's words (a treasury, a rail
# capacity, an army's supply) read "not carried out".
OTHERS_REASONS = {"bounced", "dislodged", "support cut",
                  "void: the ordered unit does not do what this order expects", "no convoy route",
                  "convoy paradox: the fleet holds (Szykman rule)", "retreat bounced: disbanded",
                  "stopped short of its destination", "no passage through the canal",
                  "not carried out"}

# Weeks of the campaign sides' play (tests/campaign/campaign_side.py), with a few units' orders
# scripted over theirs so that the cases the audit found are played: France's A NAN beaten and
# dislodged by Germany (its general's type roll made in the battle); France at DIN, in sight of
# NAM but not of LOU, while Germany besieges NAM and the Belgian garrison of NAM orders its
# relief by A LOU.
WEEKS = 7
SEED = 1914
SCRIPT = {
    "1914W32M": {"Germany": ["A MOR - NAN", "A MAL - MAR"], "France": ["A NAN H", "A MEZ - GIV"],
                 "Belgium": ["A LOU H"]},
    "1914W33M": {"Germany": ["A MAR - NAM"], "France": ["A GIV - DIN"], "Belgium": ["A LOU H"]},
    "1914W34M": {"Germany": ["A NAM BESIEGE"], "France": ["A DIN H"],
                 "Belgium": ["A LOU H", "G NAM S A LOU - NAM"]},
    "1914W35M": {"Germany": ["A NAM BESIEGE"], "France": ["A DIN H"],
                 "Belgium": ["A LOU H", "G NAM S A LOU - NAM"]},
}
RELIEF = "G NAM S A LOU - NAM"


def fix_seed(server, game_id, seed):
    """Gives the game a 64-bit dice seed of the test's choosing (docs/campaign.md, "Dice"), as
    the campaign driver does, so that every run plays the same weeks. On the stopped server's
    database, SQLite's or PostgreSQL's."""
    check(server.stop() == 0, "clean stop")
    sql = "UPDATE games SET seed = ?, seed_hex = NULL, seed_commitment = ? WHERE id = ?"
    params = (seed, hashlib.sha256(struct.pack("<Q", seed)).hexdigest(), game_id)
    if server.postgres:
        pg_database.query(server.postgres, server.database, sql, params)
    else:
        db = sqlite3.connect(server.database)
        db.execute(sql, params)
        db.commit()
        db.close()
    server.start()


class SeatedGame(Game):
    """game_api's game (what the campaign sides order through) for a game whose seats were
    taken with an address each, so that their results are mailed."""

    def __init__(self, server, game_id, gm_token, tokens):  # the game exists: no create
        self.server, self.variant, self.id = server, "western-front-1914", game_id
        self.gm_token, self.tokens, self.base = gm_token, tokens, f"/api/v1/games/{game_id}"


def unit_key(line):
    """'A MOR - NAN' -> 'A MOR': the unit or garrison an order is for."""
    return " ".join(line.split()[:2])


def week_orders(side, board, phase, power):
    """The side's orders, with the scripted units' lines in place of its own."""
    lines = side.orders(board)
    scripted = SCRIPT.get(phase, {}).get(power, [])
    keys = {unit_key(line) for line in scripted}
    return [line for line in lines if unit_key(line) not in keys] + scripted


class SightCheck:
    """What a seat may read of a phase: its own entries, the public kinds, and of everything
    else only entries whose provinces all stand in its sight before or after the phase, and
    no event telling what the view hides."""

    def __init__(self, abbrs):
        self.abbrs = abbrs
        self.problems = []
        self.read = 0  # entries of other powers checked
        self.explained = 0  # explanations checked, of any power

    def named(self, *texts):
        return {w for t in texts for w in re.findall(r"[A-Za-z0-9]+", t) if w in self.abbrs}

    def fail(self, where, what):
        self.problems.append(f"{where}: {what}")

    def line(self, where, seat, sight, power, text, reason=""):
        """An order, a result (with the reason it failed) or a dislodgement of `power`, as
        text."""
        if power == seat:
            return
        self.read += 1
        if SUPPLY_ORDER.match(text):
            self.fail(where, f"reads {power}'s supply order {text!r}")
        if reason and reason not in OTHERS_REASONS:
            self.fail(where, f"reads why {power}'s {text!r} failed: {reason!r}")
        named = self.named(text)
        if not named:
            self.fail(where, f"{power}'s {text!r} names no province")
        elif named - sight:
            self.fail(where, f"{power}'s {text!r} names {sorted(named - sight)} outside its sight")

    def explanation(self, where, seat, sight, power, explanation, order):
        """An order's explanation (docs/fog-of-war.md, "Explanations"): of any power's order, the
        reader's own too, it names no province outside the reader's sight, in its sentence or
        its fields, but those of the reader's own order, which it repeats; a unit it may not name
        reads "a unit you cannot see"."""
        if explanation is None:
            return
        self.explained += 1
        named = self.named(json.dumps(explanation)) - (self.named(order) if power == seat else set())
        if named - sight:
            self.fail(where, f"{power}'s explanation {explanation.get('text')!r} names "
                             f"{sorted(named - sight)} outside {seat}'s sight")

    def event_problems(self, seat, sight, event):
        """What is wrong with `seat` reading `event`: nothing for its own or a public one."""
        if event.get("power") == seat or event.get("kind") in PUBLIC_KINDS:
            return []
        said = f"{event.get('power', 'nobody')}'s {event.get('kind')} {event.get('text')!r}"
        named = self.named(event.get("text", ""), event.get("province", ""),
                           event.get("roll", {}).get("subject", ""))
        problems = []
        if named - sight:
            problems.append(f"{said} names {sorted(named - sight)} outside its sight")
        elif not named and "power" in event:
            problems.append(f"{said} names no province")
        if HIDDEN.search(event.get("text", "")):
            problems.append(f"{said} tells what the view hides")
        return problems

    def event(self, where, seat, sight, event):
        if event.get("power") != seat:
            self.read += 1
        for problem in self.event_problems(seat, sight, event):
            self.fail(where, problem)

    def results_text(self, where, seat, sight, text, truth):
        """The results as mail and the feed write them (mail_text::results): each power's order
        lines under its name, the dislodgements, then the events, each matched to the GM's
        events of that text (the seat must be allowed one of them)."""
        section = None  # a power's name, "Dislodged" or "Events"
        order = ""  # the order of the last results line, which its explanation repeats
        for raw in text.splitlines():
            if raw and not raw.startswith(" ") and raw.endswith(":"):
                section = raw[:-1]
                continue
            if not raw.startswith("  ") or raw == "  (no orders)":
                continue
            body = raw[2:]
            if body.startswith("    ") and section not in (None, "Events", "Dislodged"):
                # An order's explanation, under its line: of any power's order, only provinces
                # in the reader's sight.
                named = self.named(body) - (self.named(order) if section == seat else set())
                self.explained += 1
                if named - sight:
                    self.fail(where, f"an explanation line names {sorted(named - sight)} outside "
                                     f"{seat}'s sight: {body.strip()!r}")
                continue
            if section == "Events":
                said = body.split("  [d10 ")[0]
                matches = [e for e in truth if e.get("text") == said]
                if not matches:
                    self.fail(where, f"an event line the GM's record lacks: {body!r}")
                    continue
                self.read += 1
                found = [self.event_problems(seat, sight, e) for e in matches]
                if all(found):
                    self.fail(where, found[0][0])
            elif section == "Dislodged":
                power, _, unit = body.partition(" ")
                self.line(where, seat, sight, power, unit)
            elif section is None:
                self.fail(where, f"a results line under no power: {body!r}")
            else:
                order = body.split("  ->  ")[0]
                # "A PAR - BUR  ->  fails (bounced) [default]"
                outcome = re.fullmatch(r".*  ->  \w+(?: \((.*)\))?(?: \[default\])?", body)
                if outcome is None and section != seat:
                    self.fail(where, f"a results line of {section} without its outcome: {body!r}")
                self.line(where, seat, sight, section, body,
                          (outcome.group(1) or "") if outcome else "")

    def trains(self, where, seat, position):
        """Another power's trains show where they stand, not whom they go to nor whence they
        came; another power's standing supply orders not at all."""
        for power, trains in position.get("trains", {}).items():
            for train in trains if power != seat else []:
                if set(train) - {"at", "count"}:
                    self.fail(where, f"{power}'s train {train} shows what it carries for whom")
        for power in position.get("standing_supply", {}):
            if power != seat:
                self.fail(where, f"{power}'s standing supply orders show")


def trains_and_armies(position):
    """(power, train, the province of the army it is bound for) of every train on its way, in
    the GM's position."""
    armies = {u["id"]: province(u["unit"]) for units in position.get("units", {}).values()
              for u in units if "id" in u}
    return [(power, train, armies[train["target"]])
            for power, trains in position.get("trains", {}).items()
            for train in trains if train.get("target") in armies]


def results_section(text):
    """The 'Results of ...' part of a results mail or a feed entry."""
    start = text.find("Results of ")
    end = text.find("\nNow:\n", start)
    return text[text.find("\n", start) + 1:end if end >= 0 else len(text)]


def test_events_by_sight():
    """Weeks of the 1914 campaign with the armies in contact, every side played from its own
    seat by the campaign sides: each seat reads, of every phase, in the phase document, its order
    histories, the week's summary, its feed and its results mail, only its own entries, the
    public ones, and entries whose every province stands in its sight, and no event that tells
    what its view hides. A retreat phase's game document shows another power's dislodged unit
    without its supply, line or general's roll; a relief order naming a hidden army is hidden
    with it. An army that enters an enemy supply line is told of it (4a), and only its power
    reads that. A seat that sees another power's train and the army it is bound for, or every
    province of its supply order, reads neither that order nor the train's errand; another
    power's failed orders give the resolver's reasons only."""
    server = ts.new_server(mail={"enabled": False, "relay": "smtp://127.0.0.1:9",
                                 "domain": "adjutant.test"})
    try:
        game_id, gm_token, tokens = joined_1914_game(server, "Contact")
        fix_seed(server, game_id, SEED)
        base = f"/api/v1/games/{game_id}"
        graph = MapGraph(variant_document(server, "western-front-1914"))
        abbrs = set(graph.provinces)
        game = SeatedGame(server, game_id, gm_token, tokens)
        rng = random.Random(SEED)
        sides = {p: CampaignSide(graph, p, game, rng) for p in POWERS}
        check_ = SightCheck(abbrs)
        dislodged_seen = []  # (phase, seat, unit) of another power's dislodged unit in a view
        trains_seen = []  # (phase, seat, power, train) of another's train in sight with its army
        weeks = 0
        while weeks < WEEKS:
            truth = game_as(server, game_id, gm_token)
            phase = truth["phase"]
            views = {p: game_as(server, game_id, tokens[p]) for p in POWERS}
            for seat, view in views.items():
                seen = set(view["view"]["seen"])
                check_.trains(f"{phase} {seat}'s game document", seat, view["position"])
                trains_seen += [(phase, seat, power, train)
                                for power, train, army in trains_and_armies(truth["position"])
                                if power != seat and {train["at"], army} <= seen]
                for power, units in view["position"].get("dislodged", {}).items():
                    if power == seat:
                        continue
                    for d in units:
                        where = f"{phase} {seat}'s game document"
                        for key in ("supply", "supply_line", "supply_extended", "general_roll"):
                            if key in d:
                                check_.fail(where, f"{power}'s dislodged {d['unit']} shows {key}")
                        for province in d.get("retreats", []) + [d.get("from", "")]:
                            if province and province not in seen:
                                check_.fail(where, f"{power}'s dislodged {d['unit']} names "
                                                   f"{province} outside its sight")
                        dislodged_seen.append((phase, seat, power, d["unit"]))
            for power in POWERS:
                lines = week_orders(sides[power], Board(views[power]["position"]), phase, power)
                if lines:
                    expect(put_orders(server, game_id, tokens[power], "\n".join(lines)), 200,
                           f"{power}'s orders for {phase}")
            gm(server, game_id, gm_token, "resolve", {"phase": phase})
            if phase.endswith("M"):
                weeks += 1
        sent = server.run_cli("mail-send")
        check(sent.returncode == 0, f"mail-send: {sent.stdout} {sent.stderr}")

        history = expect(server.request("GET", base + "/phases"), 200, "phases")["phases"]
        last = history[-1]["seq"]
        docs = {(seq, who): json.loads(text_of(server, f"{base}/phases/{seq}", token))
                for seq in range(last + 1)
                for who, token in list(tokens.items()) + [("GM", gm_token)]}
        names = {docs[(seq, "GM")]["phase_name"]: seq for seq in range(last + 1)}

        def sight(seat, seq):
            return set(docs[(seq, seat)]["view"]["seen"]) | set(docs[(seq + 1, seat)]["view"]["seen"])

        def gm_events(seq):
            doc = docs[(seq, "GM")]
            return doc["results"].get("events", []) + doc.get("events", [])

        rows = server.rows("SELECT recipient, subject, body FROM mail_outbox")
        feeds = {}
        for seat, token in tokens.items():
            url = expect(server.request("GET", base + "/press", token=token), 200, "press")["feed"]
            feeds[seat] = ET.fromstring(server.request("GET", url)[3])
        atom = "{http://www.w3.org/2005/Atom}"

        # Each seat's reading of each other power's order history, read once: it lists every
        # phase, and the loop below checks each phase's entry against that phase's sight.
        histories = {}
        for seat in POWERS:
            for other in POWERS:
                if other == seat:
                    continue
                listed = expect(server.request("GET", f"{base}/powers/{other}/orders",
                                               token=tokens[seat]), 200, "order history")
                check(listed["next_after"] is None, f"{seat} reads {other}'s history on one page")
                by_seq = histories.setdefault((seat, other), {})
                for entry in listed["phases"]:
                    by_seq.setdefault(entry["seq"], []).append(entry)
        for seq in range(last):
            for seat in POWERS:
                seen = sight(seat, seq)
                doc = docs[(seq, seat)]
                where = f"{doc['phase']} {seat}"
                for entry in doc.get("orders", []):
                    for line in entry.get("orders", []):
                        check_.line(where + " phase orders", seat, seen, entry["power"], line)
                results = doc.get("results", {})
                for r in results.get("orders", []):
                    check_.line(where + " phase results", seat, seen, r.get("power"),
                                r.get("order", r.get("input", "")), r.get("reason", ""))
                    check_.explanation(where + " phase results", seat, seen, r.get("power"),
                                       r.get("explanation"), r.get("order", ""))
                check_.trains(where + " phase document", seat, doc["position"])
                check_.trains(where + " phase results", seat, results.get("next", {}))
                for d in results.get("dislodged", []):
                    check_.line(where + " phase dislodged", seat, seen, d.get("power"),
                                " ".join([d["unit"], d.get("from", "")] + d.get("retreats", [])))
                for e in results.get("events", []) + doc.get("events", []):
                    check_.event(where + " phase events", seat, seen, e)
                summary = expect(server.request("GET", f"{base}/phases/{seq}/summary",
                                                token=tokens[seat]), 200, "summary")
                for group in summary["powers"]:
                    if group["power"] != seat:
                        check_.fail(where + " summary", f"{group['power']}'s group")
                    for s in group.get("besieged", []):
                        check_.line(where + " summary", seat, seen, s["besieger"],
                                    f"{s['fortress']}: {s['stage']}")
                for other in POWERS:
                    if other == seat:
                        continue
                    for entry in histories[(seat, other)].get(seq, []):
                        for line in entry["orders"]:
                            check_.line(where + f" {other}'s order history", seat, seen, other,
                                        line)
                        for r in entry["results"]:
                            check_.line(where + f" {other}'s order history", seat, seen, other,
                                        r.get("order", r.get("input", "")), r.get("reason", ""))
                            check_.explanation(where + f" {other}'s order history", seat, seen,
                                               other, r.get("explanation"), r.get("order", ""))
        for seat in POWERS:
            for entry in feeds[seat].iter(atom + "entry"):
                seq_text = entry.find(atom + "id").text
                if "-phase-" not in seq_text:
                    continue
                seq = int(seq_text.rsplit("-", 1)[1])
                check_.results_text(f"seq {seq} {seat} feed", seat, sight(seat, seq),
                                    results_section(entry.find(atom + "content").text),
                                    gm_events(seq))
            mails = [(subject, body) for recipient, subject, body in rows
                     if recipient == seat.lower() + "@player.test" and subject.endswith(" results")]
            check(len(mails) == last, f"{seat} is mailed every phase's results: {len(mails)}")
            for subject, body in mails:
                name = subject.split("): ", 1)[1][:-len(" results")]
                seq = names[name]
                check_.results_text(f"{name} {seat} results mail", seat, sight(seat, seq),
                                    results_section(body), gm_events(seq))
                summary = body.split("Results of ")[0]
                for line in summary.splitlines()[1:]:
                    if line and not line.startswith(" ") and not line.startswith(seat + ":"):
                        check_.fail(f"{name} {seat} mailed summary", line)

        # The cases the audit found were played.
        check(any(p == "France" for _, seat, p, _ in dislodged_seen if seat == "Germany"),
              f"Germany saw a dislodged French army: {dislodged_seen}")
        gm_doc = next(docs[(seq, "GM")] for seq in range(last)
                      if docs[(seq, "GM")]["phase"] == "1914W35M")
        relief_seq = gm_doc["seq"]
        check(any(RELIEF in e.get("orders", []) for e in gm_doc["orders"]),
              f"Belgium ordered {RELIEF}: {gm_doc['orders']}")
        check(any(e["kind"] == "siege.relief" and "A LOU" in e["text"]
                  for e in gm_events(relief_seq)),
              f"the relief was judged: {[e for e in gm_events(relief_seq) if 'siege' in e['kind']]}")
        watchers = [seat for seat in POWERS
                    if "NAM" in sight(seat, relief_seq) and "LOU" not in sight(seat, relief_seq)]
        check(watchers, "a power saw the besieged NAM but not A LOU")
        for seat in watchers:
            if "A LOU" in json.dumps(docs[(relief_seq, seat)]):
                check_.fail(f"1914W35M {seat}", "reads A LOU in the relief's phase")
        # A seat saw another power's train and the army it was bound for, and read neither the
        # train's army (above, the game documents) nor the order that sent it (every line read).
        check(trains_seen, "a seat saw another power's train and the army it was bound for")
        ordered_in_sight = [
            (seq, seat, e["power"], line) for seq in range(last)
            for e in docs[(seq, "GM")]["orders"] for line in e.get("orders", [])
            for seat in POWERS if seat != e["power"] and SUPPLY_ORDER.match(line)
            and check_.named(line) and check_.named(line) <= sight(seat, seq)]
        check(any(line.startswith("T ") for _, _, _, line in ordered_in_sight),
              "a seat saw every province of another power's supply train order")
        # 4a: the armies that entered an enemy line were told of it, and only their powers read it.
        told = [(seq, e) for seq in range(last) for e in gm_events(seq)
                if e["kind"] == "supply.enemy_line"]
        if not told:
            check_.fail("the campaign", "no army was told of an enemy supply line it entered")
        for seq, e in told:
            for seat in POWERS:
                if (e in docs[(seq, seat)]["results"].get("events", [])) != (seat == e["power"]):
                    check_.fail(f"{docs[(seq, seat)]['phase']} {seat}",
                                f"reads {e['power']}'s {e['text']!r}: {seat != e['power']}")
        check(check_.read > 500, f"too few entries of other powers read: {check_.read}")
        check(check_.explained > 100, f"too few explanations read: {check_.explained}")
        check(not check_.problems, f"{len(check_.problems)} entries read outside the fog:\n  " +
              "\n  ".join(check_.problems[:40]))
        check(server.stop() == 0, "clean stop")
        replay = server.run_cli("replay")
        check(replay.returncode == 0 and "all match" in replay.stdout, replay.stdout + replay.stderr)
    finally:
        server.close()


if __name__ == "__main__":
    sys.exit(ts.script_main(ts.tests_of(globals())))
