#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0
"""Fog of war through the real server (docs/fog-of-war.md) on the 1914 map, where it is on:
a seat reads its power's view and nothing of a unit it does not see, in the game document, the
phase documents, another power's order history, the feed, the results mail and the verdicts of
its own orders; the public reads no units; the GM reads everything; once the game has ended,
everyone does; detachments hide as units do. This is the authorization test of the brief's promise 4 with hidden units.
Run: test_fog_of_war.py --binary PATH --variants DIR [--only NAME]"""

import json
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import test_server as ts  # noqa: E402
from test_server import check, expect, gm, put_orders, units_of  # noqa: E402

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


if __name__ == "__main__":
    sys.exit(ts.script_main(ts.tests_of(globals())))
