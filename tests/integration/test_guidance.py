#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0
"""Phase guidance, per-power order history and sandbox games through the real server
(docs/server.md, "Phase guidance", "Order history of one power", "Sandbox games").
Run: test_guidance.py --binary PATH --variants DIR [--only NAME]"""

import os
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import test_server as ts  # noqa: E402
from test_server import check, create_game, expect, gm, put_orders  # noqa: E402


def guidance(server, game_id, token):
    seats = expect(server.request("GET", f"/api/v1/games/{game_id}/orders", token=token), 200,
                   "orders view")["seats"]
    return {s["power"]: s["guidance"] for s in seats}


def test_guidance():
    """The seat's count of ordered units is the parser's (a unit ordered twice counts once, a
    refused line not at all), with its ready flag, its deadline and the reminder threshold
    (mail.reminder_seconds, 6 hours by default, but at most the phase's last quarter): neither
    a fresh 1-hour phase nor a fresh day-long one is reminded (the service's test with a
    clock, guidance_window_test.cpp, moves to the deadline).
    Retreats count dislodged units, adjustments builds (a waive uses one) and disbands."""
    server = ts.new_server()
    try:
        game_id, gm_token, tokens, _ = create_game(server, resolve_when_ready=False,
                                                   deadlines={"movement": 3600})
        france = guidance(server, game_id, tokens["France"])["France"]
        deadline = ts.state(server, game_id)["deadline"]
        check(france == {"kind": "units", "to_order": 3, "ordered": 0, "ready": False,
                         "deadline": deadline, "remind_from": deadline - 900,
                         "remind": False, "text": "0 of 3 units ordered, not ready."},
              f"nothing ordered yet: {france}")
        expect(put_orders(server, game_id, tokens["France"],
                          "A PAR H\nA PAR-BUR\nF XYZ-ABC\nA MAR-SPA"), 200, "France")
        france = guidance(server, game_id, tokens["France"])["France"]
        check(france["ordered"] == 2 and france["text"] == "2 of 3 units ordered, not ready.",
              f"A PAR ordered twice counts once, the refused line not at all: {france}")
        expect(server.request("POST", f"/api/v1/games/{game_id}/ready", {"ready": True},
                              token=tokens["France"]), 200, "ready")
        france = guidance(server, game_id, tokens["France"])["France"]
        check(france["text"] == "2 of 3 units ordered, ready." and not france["remind"],
              f"ready but a unit left: {france}")
        expect(put_orders(server, game_id, tokens["France"], "A PAR-BUR\nA MAR-SPA\nF BRE-MAO"),
               200, "France, all three")
        france = guidance(server, game_id, tokens["France"])["France"]
        check(france["ordered"] == 3 and france["ready"] and not france["remind"],
              f"all ordered and ready: {france}")
        everyone = guidance(server, game_id, gm_token)
        check(len(everyone) == 7 and everyone["Russia"]["to_order"] == 4 and
              everyone["Russia"]["remind_from"] == deadline - 900,
              f"the GM sees every seat's guidance: {everyone}")

        # A day-long phase is not yet within the 6-hour threshold.
        later_id, _, later_tokens, _ = create_game(server)
        later = guidance(server, later_id, later_tokens["Italy"])["Italy"]
        check(not later["remind"] and later["remind_from"] == later["deadline"] - 6 * 3600,
              f"no reminder a day ahead: {later}")

        # Spring: Austria into Tyrolia. Fall: Austria takes Venice, supported from Trieste.
        expect(put_orders(server, game_id, tokens["Austria"], "A VIE-TYR"), 200, "Austria")
        gm(server, game_id, gm_token, "resolve")
        expect(put_orders(server, game_id, tokens["Austria"], "A TYR-VEN\nF TRI S A TYR-VEN"),
               200, "Austria fall")
        gm(server, game_id, gm_token, "resolve")
        check(ts.state(server, game_id)["phase"] == "F1901R", "a retreat phase")
        seen = guidance(server, game_id, gm_token)
        check(seen["Italy"]["kind"] == "retreats" and
              seen["Italy"]["text"] == "0 of 1 dislodged unit ordered, not ready." and
              seen["Austria"]["kind"] == "none" and
              seen["Austria"]["text"] == "Nothing to order this phase.", f"retreats: {seen}")
        expect(put_orders(server, game_id, tokens["Italy"], "A VEN R APU"), 200, "retreat")
        italy = guidance(server, game_id, tokens["Italy"])["Italy"]
        check(italy["ordered"] == 1 and italy["to_order"] == 1, f"retreat ordered: {italy}")
        gm(server, game_id, gm_token, "resolve")
        check(ts.state(server, game_id)["phase"] == "W1901A", "the adjustments")
        seen = guidance(server, game_id, gm_token)
        check(seen["Austria"]["kind"] == "builds" and seen["Austria"]["to_order"] == 1 and
              seen["Italy"]["kind"] == "disbands" and
              seen["Italy"]["text"] == "0 of 1 disband ordered, not ready." and
              seen["France"]["kind"] == "builds" and  # Spain, taken in the spring
              seen["England"]["text"] == "Nothing to order this phase.",
              f"builds and disbands: {seen}")
        expect(put_orders(server, game_id, tokens["Austria"], "WAIVE"), 200, "waive")
        expect(put_orders(server, game_id, tokens["Italy"], "A APU D"), 200, "disband")
        seen = guidance(server, game_id, gm_token)
        check(seen["Austria"]["text"] == "1 of 1 build ordered, not ready." and
              seen["Italy"]["ordered"] == 1, f"a waive uses the build: {seen}")
    finally:
        server.close()


def history(server, game_id, power, token=None, query=""):
    return expect(server.request("GET", f"/api/v1/games/{game_id}/powers/{power}/orders{query}",
                                 token=token), 200, f"{power}'s history")


def test_power_history():
    """One power's resolved phases with its accepted orders and their results, a page at a
    time; its refused lines (a note, a typo) only for its own seat and the GM."""
    server = ts.new_server()
    try:
        game_id, gm_token, tokens, _ = create_game(server, resolve_when_ready=False)
        expect(put_orders(server, game_id, tokens["France"],
                          "A PAR-BUR\nsecret plan: take Munich\nA MAR-SPA"), 200, "France")
        gm(server, game_id, gm_token, "resolve")
        expect(put_orders(server, game_id, tokens["France"], "A BUR-MUN"), 200, "France fall")
        gm(server, game_id, gm_token, "resolve")
        check(history(server, game_id, "France")["phases"] and
              history(server, game_id, "france")["power"] == "France", "any case")
        for who, token in [("the public", None), ("Italy", tokens["Italy"]),
                           ("another game's GM", create_game(server)[1])]:
            first = history(server, game_id, "France", token)["phases"][0]
            check("text" not in first and "secret" not in str(first) and
                  all(r["result"] != "illegal" for r in first["results"]),
                  f"{who} sees no refused line: {first}")
            check(first["orders"] == ["A PAR - BUR", "A MAR - SPA"] and
                  {r["order"]: r["result"] for r in first["results"]} ==
                  {"A PAR - BUR": "succeeds", "A MAR - SPA": "succeeds", "F BRE H": "succeeds"},
                  f"{who} sees the accepted orders and results: {first}")
        for who, token in [("France", tokens["France"]), ("the GM", gm_token)]:
            first = history(server, game_id, "France", token)["phases"][0]
            check("secret plan" in first["text"] and
                  any(r["result"] == "illegal" and "secret" in r["input"]
                      for r in first["results"]), f"{who} sees the refused line: {first}")
        germany = history(server, game_id, "Germany", tokens["France"])["phases"]
        check([p["submitted"] for p in germany] == [False, False] and
              all(r["power"] == "Germany" for p in germany for r in p["results"]) and
              germany[1]["results"], f"Germany held by default, only its own results: {germany}")
        page = history(server, game_id, "France", query="?limit=1")
        check(len(page["phases"]) == 1 and page["next_after"] == 0 and
              page["links"]["next"].endswith("after=0"), f"first page: {page}")
        page = history(server, game_id, "France", query="?limit=1&after=0")
        check([p["phase"] for p in page["phases"]] == ["F1901M"] and page["next_after"] is None,
              f"last page: {page}")
        fall = {r["order"]: r["result"] for r in page["phases"][0]["results"]}
        check(fall.get("A BUR - MUN") == "fails", f"bounced off Munich: {fall}")
        expect(server.request("GET", f"/api/v1/games/{game_id}/powers/Narnia/orders"), 404,
               "no such power")
        expect(server.request("GET", f"/api/v1/games/{game_id}/powers/France/orders?limit=0"),
               400, "a bad limit")
    finally:
        server.close()


def as_power(server, method, game_id, power, token, route="orders", body=None):
    return server.request(method, f"/api/v1/games/{game_id}/{route}?power={power}", body,
                          token=token)


def test_sandbox():
    """A sandbox: the GM orders for every power with ?power=, no deadlines, no seats to join,
    resolved when the GM says; shown as such in the lobby and never among open seats. Nobody
    else may name a power: not a seat, not the GM of a game with players."""
    server = ts.new_server()
    try:
        created = expect(server.request("POST", "/api/v1/games",
                                        {"name": "Practice", "sandbox": True}), 201, "sandbox")
        game_id, gm_token = created["game"]["id"], created["gm_token"]
        check(created["game"]["sandbox"] and not created["game"]["settings"]["resolve_when_ready"],
              f"a sandbox, resolved when the GM says: {created['game']}")
        expect(server.request("POST", f"/api/v1/games/{game_id}/seats/France/join", {}), 409,
               "no seat to join")
        expect(server.request("POST", f"/api/v1/games/{game_id}/seats/France/invite", {},
                              token=gm_token), 409, "no seat to invite to")
        listed = {g["id"]: g for g in expect(server.request("GET", "/api/v1/games"), 200,
                                             "lobby")["games"]}
        check(listed[game_id]["sandbox"] and listed[game_id]["open_seats"] == [],
              f"listed as a sandbox without open seats: {listed[game_id]}")
        open_games = expect(server.request("GET", "/api/v1/games?open=true"), 200, "open")
        check(game_id not in [g["id"] for g in open_games["games"]], "not among open seats")

        gm(server, game_id, gm_token, "start")
        game = ts.state(server, game_id)
        check(game["status"] == "active" and game["deadline"] is None, f"no deadline: {game}")
        for action in ("pause", "extend"):
            expect(server.request("POST", f"/api/v1/games/{game_id}/actions/{action}",
                                  {"seconds": 60}, token=gm_token), 409, f"no {action}")
        got = expect(as_power(server, "PUT", game_id, "france", gm_token,
                              body={"orders": "A PAR-BUR\nA MAR-SPA\nF BRE-MAO"}), 200, "France")
        check(got["accepted"] == 3, f"the GM orders France's units: {got}")
        got = expect(as_power(server, "PUT", game_id, "Germany", gm_token,
                              body={"orders": "A MUN-BUR\nA PAR-GAS"}), 200, "Germany")
        check(got["accepted"] == 1 and got["rejected"] == 1,
              f"as Germany the GM cannot order France's units: {got}")
        check(expect(as_power(server, "POST", game_id, "Italy", gm_token, "orders/validate",
                              {"orders": "A VEN-TYR"}), 200, "validate")["accepted"] == 1,
              "validate as Italy")
        seen = expect(as_power(server, "GET", game_id, "France", gm_token), 200, "France's")
        check([s["power"] for s in seen["seats"]] == ["France"] and
              seen["seats"][0]["guidance"]["text"] == "3 of 3 units ordered, not ready." and
              seen["seats"][0]["guidance"]["deadline"] is None and
              not seen["seats"][0]["guidance"]["remind"], f"France's orders and guidance: {seen}")
        everyone = expect(server.request("GET", f"/api/v1/games/{game_id}/orders",
                                         token=gm_token), 200, "every seat")
        check(len(everyone["seats"]) == 7, "the GM sees every seat")
        expect(as_power(server, "POST", game_id, "France", gm_token, "ready", {"ready": True}),
               200, "ready as France")
        check(ts.state(server, game_id)["phase"] == "S1901M", "ready resolves nothing")
        time.sleep(2)  # a scheduler tick or two: no deadline, nothing resolves
        check(ts.state(server, game_id)["phase"] == "S1901M", "no deadline resolves it")
        gm(server, game_id, gm_token, "resolve")
        game = ts.state(server, game_id)
        check(game["phase"] == "F1901M" and game["deadline"] is None and
              "A PAR" in ts.units_of(game, "France") and "A MUN" in ts.units_of(game, "Germany"),
              f"resolved by the GM, France and Germany bounced in Burgundy, no deadline: {game}")
        france = history(server, game_id, "France")["phases"][0]
        check(france["orders"] == ["A PAR - BUR", "A MAR - SPA", "F BRE - MAO"], f"{france}")

        # Nobody else names a power: a seat (of a game with players), that game's GM, an
        # outsider.
        other_id, other_gm, other_tokens, _ = create_game(server)
        for target, token, status in [
                (game_id, None, 401), (game_id, other_tokens["France"], 403),
                (game_id, other_gm, 403), (other_id, other_gm, 403),
                (other_id, other_tokens["France"], 403), (other_id, other_tokens["Italy"], 403)]:
            for method, route in [("PUT", "orders"), ("GET", "orders"), ("POST", "ready")]:
                got = as_power(server, method, target, "France", token, route,
                               {"orders": "A PAR H", "ready": True})
                check(got[0] == status, f"{method} {route}?power=France on game {target}: "
                                        f"{got[0]} != {status}: {got[3][:200]!r}")
        expect(put_orders(server, game_id, gm_token, "A PAR H"), 403,
               "a sandbox's GM names the power")
        expect(as_power(server, "PUT", game_id, "Narnia", gm_token, body={"orders": "A PAR H"}),
               404, "no such power")
    finally:
        server.close()


if __name__ == "__main__":
    sys.exit(ts.script_main(ts.tests_of(globals())))
