#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0
"""Tabletop battles through the real server (docs/tabletop-battles.md): on the 1914 map with
the module on (a GM's own variant), a week whose armies meet waits for the GM, who reads the
battle, enters its result, and resolves; the week completes from the result against the
points; bad results are refused; replay verifies the week and notices a result nobody audited.
Run: test_tabletop_battles.py --binary PATH --variants DIR [--only NAME]"""

import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import test_server as ts  # noqa: E402
from test_server import check, expect, put_orders  # noqa: E402

GENERAL = "Crown Prince Rupprecht of Bavaria"


def test_battles():
    """Germany's A MOR (550) marches on France's A NAN (500); the GM says France won."""
    # Bodies up to 1 MiB: the GM's map, and a result naming 10,000 generals.
    server = ts.new_server(limits={"gm_variant_bytes": 1 << 20, "body_bytes": 1 << 20})
    try:
        game_id, gm_token, tokens = ts.gm_1914_game(
            server, "Tabletop", lambda variant: variant["rules"].update(tabletop_battles={}),
            "the GM's 1914 map with tabletop battles", resolve_when_ready=True)
        base = f"/api/v1/games/{game_id}"
        phase = expect(server.request("GET", base, token=gm_token), 200, "game")["phase"]

        expect(put_orders(server, game_id, tokens["Germany"], "A MOR - NAN"), 200, "Germany")
        # Every seat ready: the week would resolve by itself, but the battle holds it.
        for power, token in tokens.items():
            expect(server.request("POST", base + "/ready", {"ready": True}, token=token), 200,
                   f"{power} ready")
        check(expect(server.request("GET", base, token=gm_token), 200, "game")["phase"] == phase,
              "a battle to fight holds the week, every seat ready or not")
        waiting = server.request("POST", base + "/actions/resolve", {"phase": phase},
                                 token=gm_token)
        check(waiting[0] == 409 and waiting[1]["error"]["code"] == "battles_pending" and
              "NAN" in waiting[1]["error"]["message"], f"the resolve waits: {waiting[3][:300]!r}")

        battles = expect(server.request("GET", base + "/battles", token=gm_token), 200, "battles")
        check([b["province"] for b in battles["battles"]] == ["NAN"] and
              sorted(a["unit"] for a in battles["battles"][0]["armies"]) == ["A MOR", "A NAN"] and
              battles["battles"][0]["result"] is None, f"the GM reads the battle: {battles}")
        expect(server.request("GET", base + "/battles", token=tokens["Germany"]), 403,
               "a player does not read the GM's battles")
        expect(server.request("GET", base + "/battles"), 401, "nor the public")

        action = base + "/actions/battles"
        nan = [a for a in battles["battles"][0]["armies"] if a["unit"] == "A NAN"][0]
        # France's veterans start with the XX Corps at Nancy (docs/experience.md).
        check(nan.get("classes") == {"elite": 0, "veteran": 250, "trained": 250, "raw": 0},
              f"the GM reads the army's classes: {nan}")
        result = {"province": "NAN", "winner": "France", "losses": {"MOR": 100, "NAN": 50},
                  "generals_killed": [GENERAL]}
        for body, why in [
            ({"battles": [dict(result, province="PAR")]}, "no battle at PAR"),
            ({"battles": [dict(result, winner="Britain")]}, "Britain does not fight there"),
            ({"battles": [dict(result, losses={"KOL": 10})]}, "KOL's army does not fight there"),
            ({"battles": [dict(result, losses={"MOR": -10})]}, "negative losses"),
            ({"battles": [dict(result, losses=5)]}, "losses that are no table"),
            ({"battles": [dict(result, province="XYZ")]}, "an unknown province"),
            # Changes of experience class (docs/experience.md).
            ({"battles": [dict(result, experience={"NAN": [{"from": "trained", "to": "guards",
                                                            "points": 50}]})]}, "no such class"),
            ({"battles": [dict(result, experience={"KOL": [{"from": "trained", "to": "veteran",
                                                            "points": 50}]})]},
             "KOL's army changes no class there"),
            ({"battles": [dict(result, experience={"NAN": [{"from": "trained", "to": "veteran",
                                                            "points": 0}]})]}, "no points"),
            ({"battles": [dict(result, experience={"NAN": [{"from": "trained", "to": "elite",
                                                            "points": 50}]})]},
             "France started without guards (4d)"),
            ({"battles": [dict(result, experience={"NAN": {"from": "trained"}})]},
             "changes that are no list"),
            ({"battles": "NAN"}, "not a list"),
            ({}, "no battles field"),
        ]:
            got = server.request("POST", action, body, token=gm_token)
            check(got[0] == 400, f"{why}: {got[0]} {got[3][:200]!r}")
        # Only the generals of the armies that fight there die there: not von Kluck of A KOL,
        # far from NAN, nor a name no army bears, nor any of 10,000 names; each refusal names
        # the general.
        for killed, named, why in [
                (["von Kluck"], "von Kluck", "A KOL's general is not at NAN"),
                ([GENERAL, "Nobody"], "Nobody", "a name no army bears"),
                ([f"General {i}" for i in range(10000)], "General 0", "10,000 names"),
                ([GENERAL, GENERAL], GENERAL, "the same general twice"),
                ([7], "7", "a general who is no name"),
                ("von Kluck", "generals_killed", "not a list")]:
            got = server.request("POST", action,
                                 {"battles": [dict(result, generals_killed=killed)]},
                                 token=gm_token)
            check(got[0] == 400 and named in got[1]["error"]["message"],
                  f"{why}: {got[0]} {got[3][:300]!r}")
        check(expect(server.request("GET", base + "/battles", token=gm_token), 200,
                      "battles")["battles"][0]["result"] is None, "no refused result is kept")
        expect(server.request("POST", action, {"battles": [result]}, token=tokens["France"]),
               403, "a player cannot enter results")
        promoted = {"NAN": [{"from": "trained", "to": "veteran", "points": 50}]}
        result = dict(result, experience=promoted)
        expect(server.request("POST", action, {"battles": [result]}, token=gm_token), 200,
               "the GM's result")
        entered = expect(server.request("GET", base + "/battles", token=gm_token), 200, "battles")
        check(entered["battles"][0]["result"] == {"winner": "France",
                                                  "losses": {"MOR": 100, "NAN": 50},
                                                  "generals_killed": [GENERAL],
                                                  "experience": promoted},
              f"the result is stored with the phase: {entered}")

        ts.gm(server, game_id, gm_token, "resolve", {"phase": phase})
        week = expect(server.request("GET", base + "/phases/0", token=gm_token), 200, "week")
        moves = {o["order"]: o["result"] for o in week["results"]["orders"] if "order" in o}
        check(moves.get("A MOR - NAN") == "fails", f"France held NAN against the points: {moves}")
        texts = [e["text"] for e in week["results"]["events"]]
        check("the battle at NAN was fought on the tabletop: France won (the GM's result)" in texts
              and any(t.startswith("A MOR lost 100 points in the battle at NAN") for t in texts)
              and any(t.startswith(GENERAL + " was killed in the battle at NAN") for t in texts),
              f"the result's events: {texts}")
        after = expect(server.request("GET", base, token=gm_token), 200, "game")
        mor = [u for u in after["position"]["units"]["Germany"] if u["unit"] == "A MOR"][0]
        # His army takes the top-ranked general waiting in Germany's pool (4g, docs/generals.md):
        # von Zwehl, the first after the start's eight army commanders; armies come before
        # garrisons.
        check(mor["points"] == 450 and mor.get("general") == "von Zwehl",
              f"A MOR after the battle: {mor}")
        check(any(t.startswith("G6 " + GENERAL + " of A MOR was killed") for t in texts)
              and "G8 von Zwehl takes command of A MOR (type roll " + str(mor["general_roll"] % 10)
              + ")" in texts, f"the pool's events: {texts}")
        check("battle_results" not in after["position"], "results last their phase")
        # NAN's 250 veterans of 500 points keep their share of the 450 left, and 50 trained
        # become veterans.
        nan_id = [u for u in after["position"]["units"]["France"] if u["unit"] == "A NAN"][0]["id"]
        classes = {e["army"]: e for e in after["position"]["experience"]["France"]}
        check(classes.get(nan_id, {}).get("veteran") == 275 and
              any(t.startswith("A NAN (army") and "from trained to veteran" in t for t in texts),
              f"the GM's change of class: {classes} {texts}")

        check(server.stop() == 0, "clean stop")
        replay = server.run_cli("replay")
        check(replay.returncode == 0 and "all match" in replay.stdout, replay.stdout + replay.stderr)
        if server.postgres:
            return  # the tampering below writes the SQLite file; PostgreSQL played the rest
        ts.replay_notices(server, game_id, '"MOR":100', '"MOR":10', "battle results differ",
                          "a result nobody audited is noticed")
    finally:
        server.close()


if __name__ == "__main__":
    sys.exit(ts.script_main(ts.tests_of(globals())))
