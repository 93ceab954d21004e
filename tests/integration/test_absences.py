#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0
"""Absences through the real server (docs/absence.md): a declared absence moves the deadline and
the phase then resolves at the moved time; another player sees the wait but neither the seat's
absence nor its note; an absence over the limit is refused saying the limit and what is left;
the GM reads the notes, grants more days and refuses one, all audited.
Run: test_absences.py --binary PATH --variants DIR [--only NAME]"""

import os
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import test_server as ts  # noqa: E402
from test_server import check, create_game, expect, gm, put_orders, state  # noqa: E402


def iso(t):
    return time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime(t))


def absences(server, game_id, token):
    return expect(server.request("GET", f"/api/v1/games/{game_id}/absences", token=token), 200,
                  "absences")


def declare(server, game_id, token, body):
    return server.request("POST", f"/api/v1/games/{game_id}/absences", body, token=token)


def audit(server, game_id, gm_token):
    return expect(server.request("GET", f"/api/v1/games/{game_id}/audit", token=gm_token), 200,
                  "audit")["audit"]


def test_moves_deadline():
    """France is away for a few seconds over the deadline: the deadline moves to the end of the
    absence, the others see the game wait until then (not who, not why), and the scheduler
    resolves the phase at the moved time, not before."""
    server = ts.new_server()
    try:
        game_id, gm_token, tokens, _ = create_game(
            server, deadlines={"movement": 2, "retreat": 600, "adjustment": 600},
            extensions_per_player=0, resolve_when_ready=False)
        normal = state(server, game_id)["deadline"]
        back = int(time.time()) + 8
        declared = expect(declare(server, game_id, tokens["France"],
                                  {"from": iso(time.time() - 60), "to": iso(back),
                                   "note": "family wedding"}), 201, "declare")
        check(declared["deadline"] == back and declared["phase"] == "S1901M" and
              declared["absence"]["state"] == "active" and
              declared["absence"]["note"] == "family wedding" and
              declared["absence"]["days"] == 1, f"declared: {declared}")
        check(back > normal, "the absence covers the normal deadline")
        for viewer in (None, tokens["England"]):
            game = state(server, game_id, viewer)
            check(game["deadline"] == back and game["waiting_for_absence"] == {"until": back},
                  f"the wait is public: {game.get('waiting_for_absence')}")
            check("wedding" not in str(game), "the note is not in the game's document")
        england = absences(server, game_id, tokens["England"])
        check(england["absences"] == [] and [s["power"] for s in england["seats"]] ==
              ["England"], f"England reads its own seat only: {england}")
        check("wedding" not in str(england), "nor the note")
        everyone = absences(server, game_id, gm_token)
        check(len(everyone["absences"]) == 1 and
              everyone["absences"][0]["note"] == "family wedding" and
              everyone["settings"] == {"absence_days_per_player": 14,
                                       "absence_cooldown_phases": 0},
              f"the GM reads every absence and its note: {everyone}")
        # Past the normal deadline the phase still waits...
        time.sleep(max(0.0, normal + 2.5 - time.time()))
        check(state(server, game_id)["phase"] == "S1901M", "not resolved at the normal deadline")
        # ...and resolves at the moved one.
        deadline = time.time() + 30
        while time.time() < deadline and state(server, game_id)["phase"] == "S1901M":
            time.sleep(0.3)
        resolved = expect(server.request("GET", f"/api/v1/games/{game_id}/phases/0"), 200,
                          "phase 0")
        check(resolved.get("resolved_at") is not None and resolved["resolved_at"] >= back,
              f"resolved at the moved deadline: {resolved.get('resolved_at')} >= {back}")
        game = state(server, game_id)
        check(game["phase"] == "F1901M" and "waiting_for_absence" not in game,
              f"the next phase runs on its normal schedule: {game['phase']}")
        check("absence_declared" in [e["action"] for e in audit(server, game_id, gm_token)],
              "audited")
    finally:
        server.close()


def test_limits_and_gm():
    """Over the limit: refused with the limit and what is left; the GM grants days and the same
    absence passes; one at a time; the player cancels a future one and the deadline comes back;
    the GM refuses one. Everything is in the audit log."""
    server = ts.new_server()
    try:
        day = 24 * 3600
        game_id, gm_token, tokens, _ = create_game(
            server, deadlines={"movement": 2 * day, "retreat": day, "adjustment": day})
        normal = state(server, game_id)["deadline"]
        gm(server, game_id, gm_token, "settings", {"absence_days_per_player": 2})
        bad = server.request("POST", f"/api/v1/games/{game_id}/actions/settings",
                             {"absence_days_per_player": 400}, token=gm_token)
        check(bad[0] == 400 and "absence_days_per_player" in bad[1]["error"]["message"],
              f"range: {bad}")
        start = normal - day
        body = {"from": iso(start), "to": iso(start + 3 * day), "note": "holiday"}
        refused = declare(server, game_id, tokens["France"], body)
        check(refused[0] == 409 and refused[1]["error"]["code"] == "absence_refused",
              f"over the limit: {refused}")
        message = refused[1]["error"]["message"]
        check("3 days, over the limit" in message and "2 days per player" in message and
              "2 days left" in message, f"says the limit and what is left: {message}")
        bad_date = declare(server, game_id, tokens["France"], {"from": "24/12", "to": "25/12"})
        check(bad_date[0] == 400 and "2026-12-24" in bad_date[1]["error"]["message"],
              f"a date it cannot read: {bad_date}")
        check(server.request("POST", f"/api/v1/games/{game_id}/absences/grants",
                             {"power": "France", "days": 1}, token=tokens["France"])[0] == 403,
              "granting is the GM's")
        granted = expect(server.request("POST", f"/api/v1/games/{game_id}/absences/grants",
                                        {"power": "France", "days": 1}, token=gm_token), 200,
                         "grant")
        france = next(s for s in granted["seats"] if s["power"] == "France")
        check(france["granted"] == 1 and france["left"] == 3, f"granted: {france}")
        declared = expect(declare(server, game_id, tokens["France"], body), 201, "declare")
        check(declared["deadline"] == start + 3 * day, f"moved: {declared}")
        second = declare(server, game_id, tokens["France"],
                         {"from": iso(start + 10 * day), "to": iso(start + 11 * day)})
        check(second[0] == 409 and "one at a time" in second[1]["error"]["message"],
              f"one at a time: {second}")
        # France cancels it: the deadline comes back to the normal one.
        aid = declared["absence"]["id"]
        other = server.request("DELETE", f"/api/v1/games/{game_id}/absences/{aid}",
                               token=tokens["England"])
        check(other[0] == 404, f"not England's to cancel: {other}")
        cancelled = expect(server.request("DELETE", f"/api/v1/games/{game_id}/absences/{aid}",
                                          token=tokens["France"]), 200, "cancel")
        check(cancelled["absence"]["state"] == "cancelled" and cancelled["deadline"] == normal,
              f"cancelled, the deadline back: {cancelled}")
        check("waiting_for_absence" not in state(server, game_id), "no wait any more")
        # Declared again (cancelled days are not used), then refused by the GM.
        again = expect(declare(server, game_id, tokens["France"], body), 201, "again")
        gm_refused = expect(server.request(
            "DELETE", f"/api/v1/games/{game_id}/absences/{again['absence']['id']}",
            token=gm_token), 200, "GM refuses")
        check(gm_refused["absence"]["state"] == "refused" and gm_refused["deadline"] == normal,
              f"refused by the GM: {gm_refused}")
        entries = audit(server, game_id, gm_token)
        actions = [e["action"] for e in entries]
        for action in ("absence_days_granted", "absence_declared", "absence_cancelled",
                       "absence_refused"):
            check(action in actions, f"{action} audited: {actions}")
        check(any("holiday" in str(e) for e in entries), "the GM's log has the note")
        # A game created without absences: refused, saying so.
        none_id, _, none_tokens, _ = create_game(server, absence_days_per_player=0)
        none = declare(server, none_id, none_tokens["France"], body)
        check(none[0] == 409 and "allows no absences" in none[1]["error"]["message"],
              f"none allowed at creation: {none}")
    finally:
        server.close()


def test_ended_early():
    """France ends an active absence after the normal deadline has passed: the deadline comes
    back, not to the past but the game's extension length from now, and the phase resolves
    then; the absence counts the days it ran."""
    server = ts.new_server()
    try:
        game_id, gm_token, tokens, _ = create_game(
            server, deadlines={"movement": 2, "retreat": 600, "adjustment": 600},
            extensions_per_player=0, extension_seconds=4, resolve_when_ready=False)
        normal = state(server, game_id)["deadline"]
        away = expect(declare(server, game_id, tokens["France"],
                              {"from": iso(time.time()), "to": iso(time.time() + 120)}), 201,
                      "declare")
        check(away["deadline"] > normal + 100, f"moved: {away}")
        time.sleep(max(0.0, normal + 2.5 - time.time()))
        check(state(server, game_id)["phase"] == "S1901M", "the absence holds the phase")
        before = int(time.time())
        ended = expect(server.request(
            "DELETE", f"/api/v1/games/{game_id}/absences/{away['absence']['id']}",
            token=tokens["France"]), 200, "I am back")
        after = int(time.time())
        check(ended["absence"]["state"] == "ended" and ended["absence"]["to"] >= before and
              ended["absence"]["days"] == 1, f"ended now, one day counted: {ended}")
        check(before + 4 <= ended["deadline"] <= after + 4,
              f"the extension length from now: {ended['deadline']} in [{before + 4}, {after + 4}]")
        check("waiting_for_absence" not in state(server, game_id), "no wait any more")
        deadline = time.time() + 30
        while time.time() < deadline and state(server, game_id)["phase"] == "S1901M":
            time.sleep(0.3)
        resolved = expect(server.request("GET", f"/api/v1/games/{game_id}/phases/0"), 200,
                          "phase 0")
        check(resolved.get("resolved_at") is not None and
              resolved["resolved_at"] >= ended["deadline"], f"resolved then: {resolved}")
        seat = next(s for s in absences(server, game_id, tokens["France"])["seats"])
        check(seat["used"] == 1 and seat["left"] == 13, f"one day used: {seat}")
        check("absence_ended" in [e["action"] for e in audit(server, game_id, gm_token)],
              "audited")
    finally:
        server.close()


if __name__ == "__main__":
    sys.exit(ts.script_main(ts.tests_of(globals())))
