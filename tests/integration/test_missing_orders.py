#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0
"""Missing orders through the real server (docs/server.md, "Missing orders"): the settings, an
automatic extension used once and not again, civil disorder after missed phases (a phase the GM
resolved before the deadline is none), the GM told, a replacement taking the seat with the
history intact, and a draw counting the seat.
Run: test_missing_orders.py --binary PATH --variants DIR [--only NAME]"""

import os
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import test_server as ts  # noqa: E402
from test_server import check, create_game, expect, gm, put_orders, state  # noqa: E402


def seat(game, power):
    return next(s for s in game["seats"] if s["power"] == power)


def phase(server, game_id, seq, token=None):
    return expect(server.request("GET", f"/api/v1/games/{game_id}/phases/{seq}", token=token),
                  200, f"phase {seq}")


def audit_actions(server, game_id, gm_token):
    audit = expect(server.request("GET", f"/api/v1/games/{game_id}/audit", token=gm_token), 200,
                   "audit")
    return [e["action"] for e in audit["audit"]]


def wait_for(what, predicate, seconds=20):
    """Polls until predicate() is true; bounded, so a broken server fails the test."""
    deadline = time.time() + seconds
    while time.time() < deadline:
        value = predicate()
        if value:
            return value
        time.sleep(0.3)
    check(False, "timed out waiting for " + what)


def everyone_but(server, game_id, tokens, absent, orders=""):
    for power, token in tokens.items():
        if power not in absent:
            expect(put_orders(server, game_id, token, orders), 200, "orders " + power)


def test_settings():
    """The settings at creation and by the GM: defaults, ranges, unknown fields named, the GM's
    address kept out of the public state."""
    server = ts.new_server()
    try:
        game_id, gm_token, tokens, game = create_game(server, powers=[])
        s = game["settings"]
        check(s["extensions_per_player"] == 1 and s["extension_seconds"] is None and
              s["civil_disorder_after"] == 2, f"defaults: {s}")
        check(all(seat(game, p)["civil_disorder"] is False and
                  seat(game, p)["extensions_left"] == 1 for p in ts.POWERS), "seats start clean")
        for body, field in (({"extensions_per_player": 11}, "extensions_per_player"),
                            ({"extensions_per_player": "one"}, "extensions_per_player"),
                            ({"civil_disorder_after": -1}, "civil_disorder_after"),
                            ({"extension_seconds": 0}, "extension_seconds"),
                            ({"gm_email": "not an address"}, "gm_email")):
            created = server.request("POST", "/api/v1/games", dict(body, name="bad"))
            check(created[0] == 400 and field in created[1]["error"]["message"],
                  f"create {body}: {created}")
            changed = server.request("POST", f"/api/v1/games/{game_id}/actions/settings", body,
                                     token=gm_token)
            check(changed[0] == 400 and field in changed[1]["error"]["message"],
                  f"settings {body}: {changed}")
        unknown = server.request("POST", f"/api/v1/games/{game_id}/actions/settings",
                                 {"extensions_per_playr": 2}, token=gm_token)
        check(unknown[0] == 400 and "extensions_per_playr" in unknown[1]["error"]["message"],
              f"an unknown setting is named: {unknown}")
        check(server.request("POST", f"/api/v1/games/{game_id}/actions/settings",
                             {"civil_disorder_after": 3})[0] == 401, "the GM's alone")
        changed = gm(server, game_id, gm_token, "settings",
                     {"extensions_per_player": 2, "extension_seconds": 3600,
                      "civil_disorder_after": 0, "missing_orders": "civil_disorder",
                      "gm_email": "gm@example.org"})
        s = changed["game"]["settings"]
        check(s["extensions_per_player"] == 2 and s["extension_seconds"] == 3600 and
              s["civil_disorder_after"] == 0 and s["missing_orders"] == "civil_disorder" and
              changed["gm_email"] == "gm@example.org", f"changed: {changed}")
        public = state(server, game_id)
        check("gm@example.org" not in str(public), "the GM's address is not public")
        check(seat(public, "France")["extensions_left"] == 2, "the new allowance shows")
        again = gm(server, game_id, gm_token, "settings", {"extension_seconds": None})
        check(again["game"]["settings"]["extension_seconds"] is None and
              again["gm_email"] == "gm@example.org", f"null: automatic again: {again}")
        check("settings" in audit_actions(server, game_id, gm_token), "audited")
        del tokens
    finally:
        server.close()


def test_extension_once():
    """A seat without orders at the deadline gets one automatic extension, recorded and shown;
    the next phase it misses resolves at its deadline."""
    server = ts.new_server()
    try:
        game_id, gm_token, tokens, _ = create_game(
            server, deadlines={"movement": 2, "retreat": 600, "adjustment": 600},
            civil_disorder_after=0, resolve_when_ready=False)
        everyone_but(server, game_id, tokens, {"France"})
        first_deadline = state(server, game_id)["deadline"]
        extended = wait_for("the extension", lambda: (lambda g: g if g["extensions"] else None)(
            state(server, game_id)))
        check(extended["phase"] == "S1901M" and extended["deadline"] > first_deadline,
              f"extended, not resolved: {extended['phase']} {extended['deadline']}")
        ext = extended["extensions"]
        check(len(ext) == 1 and ext[0]["power"] == "France" and ext[0]["seq"] == 0 and
              ext[0]["remaining"] == 0 and ext[0]["seconds"] == 2 and
              ext[0]["deadline"] == extended["deadline"], f"the record: {ext}")
        check(seat(extended, "France")["extensions_left"] == 0 and
              seat(extended, "England")["extensions_left"] == 1, "France's is used")
        wait_for("S1901M to resolve", lambda: state(server, game_id)["phase"] != "S1901M")
        events = phase(server, game_id, 0)["events"]
        check({"type": "deadline_extended", "power": "France", "seconds": 2,
               "deadline": ext[0]["deadline"], "remaining": 0} in events and
              any(e["type"] == "missing_orders" and e["power"] == "France" for e in events),
              f"the phase record: {events}")
        # Fall: France misses again and has no extension left: the deadline resolves it.
        everyone_but(server, game_id, tokens, {"France"})
        wait_for("F1901M to resolve", lambda: state(server, game_id)["seq"] >= 2)
        game = state(server, game_id)
        check(len(game["extensions"]) == 1, f"no second extension: {game['extensions']}")
        check(not any(e["type"] == "deadline_extended" for e in phase(server, game_id, 1)["events"]),
              "F1901M was not extended")
        check(not seat(game, "France")["civil_disorder"], "civil_disorder_after 0: never")
        check("deadline_extended" in audit_actions(server, game_id, gm_token), "audited")
    finally:
        server.close()


# Deadlines of a second, which the scheduler leaves to the GM for an hour (grace): a phase the GM
# resolves once its deadline has passed is a missed phase for a silent seat.
SHORT_DEADLINES = {"deadlines": {"movement": 1, "retreat": 1, "adjustment": 1},
                   "grace_seconds": 3600}


def wait_past_deadline(server, game_id):
    """Sleeps until the game's current deadline has passed."""
    deadline = state(server, game_id)["deadline"]
    check(deadline is not None, "the game has a deadline")
    time.sleep(max(0.0, deadline + 1.1 - time.time()))


def make_disorder(server, game_id, gm_token, tokens, power="Austria"):
    """Two phases resolved by the GM past their deadlines with `power` silent and France
    moving."""
    everyone_but(server, game_id, tokens, {power, "France"})
    expect(put_orders(server, game_id, tokens["France"], "A PAR - BUR\nA MAR - SPA\nF BRE - MAO"),
           200, "France")
    wait_past_deadline(server, game_id)
    gm(server, game_id, gm_token, "resolve")
    check(not seat(state(server, game_id), power)["civil_disorder"] and
          seat(state(server, game_id), power)["missed_phases"] == 1, "one missed phase")
    everyone_but(server, game_id, tokens, {power})
    wait_past_deadline(server, game_id)
    gm(server, game_id, gm_token, "resolve")


def test_early_resolve_is_no_miss():
    """A phase the GM resolves while the deadline still has days to run is no missed phase:
    resolved early again and again, a silent seat counts none and never falls into civil
    disorder, nor when the GM resolves inside its extension. Once a deadline has truly passed
    the phase counts."""
    server = ts.new_server()
    try:
        days = 3 * 24 * 3600
        game_id, gm_token, tokens, _ = create_game(
            server, deadlines={"movement": days, "retreat": days, "adjustment": days},
            civil_disorder_after=2)
        expect(put_orders(server, game_id, tokens["France"], "A PAR - BUR\nA MAR - SPA"), 200,
               "France")
        # S1901M, F1901M, W1901A (France builds) and S1902M: four early resolves.
        for _ in range(4):
            game = state(server, game_id)
            check(game["deadline"] > time.time() + days - 600, f"days to run: {game['deadline']}")
            if game["phase"].endswith("M"):
                everyone_but(server, game_id, tokens, {"Austria", "France"})
            gm(server, game_id, gm_token, "resolve")
            austria = seat(state(server, game_id), "Austria")
            check(not austria["civil_disorder"] and austria["missed_phases"] == 0,
                  f"{game['phase']} resolved early is no missed phase: {austria}")
            check(not any(e["type"] == "civil_disorder"
                          for e in phase(server, game_id, game["seq"])["events"]),
                  f"no civil disorder in {game['phase']}")
        check(state(server, game_id)["phase"] == "F1902M", "four phases resolved")
    finally:
        server.close()

    # A deadline extended for the seat: the GM resolving inside the extension is early too;
    # resolving after the deadline has passed counts.
    server = ts.new_server()
    try:
        game_id, gm_token, tokens, _ = create_game(
            server, deadlines={"movement": 1, "retreat": 1, "adjustment": 1},
            extension_seconds=3600, civil_disorder_after=2, resolve_when_ready=False)
        everyone_but(server, game_id, tokens, {"Austria"})
        extended = wait_for("Austria's extension", lambda: (lambda g: g if g["extensions"] else None)(
            state(server, game_id)))
        check(extended["deadline"] > time.time() + 3000, f"an hour to run: {extended['deadline']}")
        # From now on the scheduler, given an hour's grace, leaves the deadlines to the GM.
        gm(server, game_id, gm_token, "settings", {"grace_seconds": 3600})
        gm(server, game_id, gm_token, "resolve")
        austria = seat(state(server, game_id), "Austria")
        check(austria["missed_phases"] == 0, f"resolved inside the extension: {austria}")
        # F1901M: its second passes, then the GM resolves.
        everyone_but(server, game_id, tokens, {"Austria"})
        wait_past_deadline(server, game_id)
        gm(server, game_id, gm_token, "resolve")
        austria = seat(state(server, game_id), "Austria")
        check(austria["missed_phases"] == 1 and not austria["civil_disorder"],
              f"a deadline passed counts: {austria}")
    finally:
        server.close()


def test_civil_disorder_and_replacement():
    """Two missed phases put a seat in civil disorder (event, audit, the GM's notice); it holds
    nobody up; the GM's replacement gets a new token and a clean record, the old token stops
    working, and the history by power is unchanged."""
    server = ts.new_server()
    try:
        game_id, gm_token, tokens, _ = create_game(server, extensions_per_player=0,
                                                   gm_email="gm@example.org", **SHORT_DEADLINES)
        make_disorder(server, game_id, gm_token, tokens)
        game = state(server, game_id)
        austria = seat(game, "Austria")
        check(austria["civil_disorder"] and austria["missed_phases"] == 2, f"CD: {austria}")
        events = phase(server, game_id, 1)["events"]
        check({"type": "civil_disorder", "power": "Austria", "missed_phases": 2} in events,
              f"the event: {events}")
        check("civil_disorder" in audit_actions(server, game_id, gm_token), "audited")
        check(server.request("POST", f"/api/v1/games/{game_id}/seats/Austria/join",
                             {"player": "passer-by"})[0] == 409, "not open to anyone")
        history = [phase(server, game_id, s, gm_token) for s in range(game["seq"])]

        # Nobody waits for the seat: the others ready, the phase resolves.
        seq = game["seq"]
        for power, token in tokens.items():
            if power != "Austria":
                expect(put_orders(server, game_id, token, ""), 200, "orders")
                expect(server.request("POST", f"/api/v1/games/{game_id}/ready", {"ready": True},
                                      token=token), 200, "ready " + power)
        check(state(server, game_id)["seq"] > seq, "resolved without the seat in disorder")

        old = tokens["Austria"]
        invited = expect(server.request("POST", f"/api/v1/games/{game_id}/seats/Austria/invite",
                                        {"player": "Replacement", "email": "new@example.org"},
                                        token=gm_token), 201, "invite into the seat")
        check(invited["token"] != old, "a new token")
        check(server.request("GET", f"/api/v1/games/{game_id}/orders", token=old)[0] == 401,
              "the old token stops working")
        game = state(server, game_id)
        austria = seat(game, "Austria")
        check(not austria["civil_disorder"] and austria["missed_phases"] == 0 and
              austria["player"] == "Replacement" and austria["extensions_left"] == 0,
              f"a clean record: {austria}")
        check([phase(server, game_id, s, gm_token) for s in range(len(history))] == history,
              "the history is untouched")
        check(history[0]["orders"] and {o["power"] for o in history[0]["orders"]} ==
              set(ts.POWERS) - {"Austria"}, "by power, as played")
        expect(put_orders(server, game_id, invited["token"], ""), 200, "the replacement orders")
        actions = audit_actions(server, game_id, gm_token)
        check("invite" in actions, f"audited: {actions}")
    finally:
        server.close()


def test_wait_skips_civil_disorder():
    """Under 'wait' the deadline does not resolve while a seat is missing, but a seat in civil
    disorder is not waited for (nobody would ever send its orders); and 'wait' extends
    nothing."""
    server = ts.new_server()
    try:
        game_id, gm_token, tokens, _ = create_game(
            server, deadlines={"movement": 1, "retreat": 1, "adjustment": 1},
            missing_orders="wait", resolve_when_ready=False)
        make_disorder(server, game_id, gm_token, tokens)
        game = state(server, game_id)
        check(seat(game, "Austria")["civil_disorder"] and game["extensions"] == [],
              f"in civil disorder, nothing extended: {game['extensions']}")
        # The winter's builds (France's, from Spain) are sent: the deadline resolves it, and the
        # next spring is one in which Austria, in civil disorder, has units to order.
        expect(put_orders(server, game_id, tokens["France"], ""), 200, "France's builds")
        wait_for("S1902M", lambda: state(server, game_id)["phase"] == "S1902M")
        seq = state(server, game_id)["seq"]
        time.sleep(2.5)  # past the deadline: the others have not ordered, so it waits
        check(state(server, game_id)["seq"] == seq, "'wait' waits for the seats still playing")
        everyone_but(server, game_id, tokens, {"Austria"})
        wait_for("the deadline to resolve without Austria",
                 lambda: state(server, game_id)["seq"] > seq)
    finally:
        server.close()


def test_player_returns():
    """The player of a seat in civil disorder who sends orders before a replacement takes it
    plays again."""
    server = ts.new_server()
    try:
        game_id, gm_token, tokens, _ = create_game(server, **SHORT_DEADLINES)
        make_disorder(server, game_id, gm_token, tokens)
        check(seat(state(server, game_id), "Austria")["civil_disorder"], "in civil disorder")
        expect(put_orders(server, game_id, tokens["Austria"], ""), 200, "back")
        austria = seat(state(server, game_id), "Austria")
        check(not austria["civil_disorder"] and austria["missed_phases"] == 0, f"back: {austria}")
        check("civil_disorder_ended" in audit_actions(server, game_id, gm_token), "audited")
    finally:
        server.close()


def test_draw_counts_civil_disorder():
    """A seat in civil disorder (a player, but gone) accepts a draw."""
    server = ts.new_server()
    try:
        game_id, gm_token, tokens, _ = create_game(server, **SHORT_DEADLINES)
        make_disorder(server, game_id, gm_token, tokens)
        proposal = expect(server.request("POST", f"/api/v1/games/{game_id}/draws",
                                         {"kind": "draw"}, token=tokens["France"]), 201, "propose")
        for power in ("England", "Germany", "Italy", "Russia"):
            expect(server.request("POST", f"/api/v1/games/{game_id}/draws/{proposal['id']}/vote",
                                  {"accept": True}, token=tokens[power]), 200, "vote")
        passed = expect(server.request("POST",
                                       f"/api/v1/games/{game_id}/draws/{proposal['id']}/vote",
                                       {"accept": True}, token=tokens["Turkey"]), 200, "vote")
        check(passed["status"] == "passed" and passed["votes"]["Austria"] == "civil_disorder",
              f"passed, Austria counted: {passed}")
        check(state(server, game_id)["result"]["kind"] == "draw", "drawn")
    finally:
        server.close()


if __name__ == "__main__":
    sys.exit(ts.script_main(ts.tests_of(globals())))
