# SPDX-License-Identifier: Apache-2.0
"""Observers (docs/observers.md) through the real server and a real SMTP server: OBSERVE by mail
and its confirmation code, the public results mail of a resolved phase (no orders before the
resolution, no refused lines, no private press), UNOBSERVE stopping it, and a fog-of-war game's
observer reading no hidden unit.
Run: test_observers.py --binary PATH --variants DIR [--only NAME]"""

import argparse
import email
import email.policy
import os
import re
import sys
import time

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
from mail_harness import (DOMAIN, Server, SmtpSink, check, create_game, free_port,  # noqa: E402
                          mail_config, mail_in, message, seat_address)

sys.path.insert(0, os.path.join(HERE, "..", "integration"))
from server_harness import expect, run_tests  # noqa: E402

ARGS = None
ORDERS = f"orders@{DOMAIN}"
FRANCE = "france@player.test"
ITALY = "italy@player.test"
WATCHER = "watcher@observer.test"
SECRET = "qx7-observer-must-not-read"


def body_of(data):
    parsed = email.message_from_bytes(data, policy=email.policy.default)
    return parsed.get_body(preferencelist=("plain",)).get_content()


def has(mail, text):
    return text in body_of(mail["data"])


def to(sink, address):
    with sink.lock:
        return [m for m in sink.messages if m["to"] == [address]]


def send(server, sender, body, recipient=ORDERS):
    done = mail_in(server, message(sender, recipient, body, subject="observe"),
                   recipient=recipient)
    check(done.returncode == 0, f"mail-in: {done.returncode} {done.stderr}")


def observe(server, sink, address, game_id):
    """OBSERVE by mail and its confirmation, as the address's owner does: the code read from the
    mail sent back."""
    before = len(to(sink, address))
    send(server, address, f"OBSERVE g{game_id}\n")
    mails = sink.wait_for(lambda m: m["to"] == [address] and has(m, "OBSERVE"),
                          f"the confirmation code to {address}")
    deadline = time.time() + 30
    while len(to(sink, address)) <= before and time.time() < deadline:
        time.sleep(0.2)
    text = body_of(to(sink, address)[-1]["data"])
    match = re.search(rf"^OBSERVE {game_id} (\w+)\s*$", text.replace("\r", ""), re.M)
    check(match, f"a code in {text!r}")
    check(not server.rows("SELECT 1 FROM observers WHERE confirmed_at IS NOT NULL"),
          "OBSERVE alone confirms nobody")
    send(server, address, f"OBSERVE {game_id} wrong-code\n")
    sink.wait_for(lambda m: m["to"] == [address] and has(m, "not right"), "a wrong code")
    send(server, address, match.group(0) + "\n")
    sink.wait_for(lambda m: m["to"] == [address] and has(m, "now follows"), "confirmed")
    return mails


def results_to(sink, address, phase):
    return [m for m in to(sink, address) if f"{phase} results".encode() in m["data"]]


def test_observe_by_mail():
    port = free_port()
    sink = SmtpSink(port)
    server = Server(ARGS.binary, ARGS.variants, extra=mail_config(port)).start()
    try:
        game_id, gm_token, tokens = create_game(server, {"France": FRANCE, "Italy": ITALY})
        observe(server, sink, WATCHER, game_id)
        # Another address asks and never confirms: it is mailed no results.
        send(server, "lurker@observer.test", f"OBSERVE {game_id}\n")
        sink.wait_for(lambda m: m["to"] == ["lurker@observer.test"], "the lurker's code")
        # Asked again within the hour: no second code to that address.
        send(server, "lurker@observer.test", f"OBSERVE {game_id}\n")
        # Orders (one refused line) and private press, before the resolution.
        france = seat_address(server, game_id, "France")
        done = mail_in(server, message(FRANCE, france, f"PRESS TO Italy\n{SECRET}\nENDPRESS\n"
                                       "A PAR-BUR\nA MAR-BRX\n"), recipient=france)
        check(done.returncode == 0, f"mail-in: {done.stderr}")
        sink.wait_for(lambda m: m["to"] == [ITALY] and has(m, SECRET),
                      "the press to Italy")
        for mail in to(sink, WATCHER):
            text = body_of(mail["data"])
            check("PAR" not in text and SECRET not in text, f"nothing before resolving: {text}")
        expect(server.request("POST", f"/api/v1/games/{game_id}/actions/resolve",
                              {"phase": "S1901M"}, token=gm_token), 200, "resolve")
        sink.wait_for(lambda m: m["to"] == [FRANCE] and b"Spring 1901 movement results"
                      in m["data"], "results to France")
        mail = sink.wait_for(lambda m: m["to"] == [WATCHER] and b"Spring 1901 movement results"
                             in m["data"], "results to the observer")[0]
        text = body_of(mail["data"])
        check("A PAR - BUR" in text, f"the resolved orders: {text}")
        check("BRX" not in text, f"no refused line: {text}")
        check(SECRET not in text, f"no private press: {text}")
        check("UNOBSERVE" in text and "orders+" not in text, f"no seat's address: {text}")
        check(not [m for m in to(sink, WATCHER) if b"Reply-To: orders+" in m["data"]],
              "no seat's Reply-To")
        time.sleep(2)
        lurker = to(sink, "lurker@observer.test")
        check(len(lurker) == 1, f"one code and no results to the unconfirmed: {len(lurker)}")
        # UNOBSERVE: no results of the next phase.
        send(server, WATCHER, f"UNOBSERVE {game_id}\n")
        sink.wait_for(lambda m: m["to"] == [WATCHER] and has(m, "no longer follows"),
                      "UNOBSERVE answered")
        expect(server.request("POST", f"/api/v1/games/{game_id}/actions/resolve",
                              {"phase": "F1901M"}, token=gm_token), 200, "resolve F1901M")
        sink.wait_for(lambda m: m["to"] == [FRANCE] and b"Fall 1901 movement results"
                      in m["data"], "the next results to France")
        time.sleep(2)
        check(not results_to(sink, WATCHER, "Fall 1901 movement"), "UNOBSERVE stops the mail")
        # No game, no subscription.
        send(server, "x@observer.test", "OBSERVE 999\n")
        sink.wait_for(lambda m: m["to"] == ["x@observer.test"] and has(m, "needs the number"), "an unknown game")
    finally:
        server.close()
        sink.stop()


def test_fog():
    port = free_port()
    sink = SmtpSink(port)
    server = Server(ARGS.binary, ARGS.variants, extra=mail_config(port)).start()
    try:
        created = expect(server.request("POST", "/api/v1/games", {
            "name": "Fog", "variant": "western-front-1914", "missing_orders": "hold",
            "resolve_when_ready": False}), 201, "create game")
        game_id, gm_token = created["game"]["id"], created["gm_token"]
        truth = expect(server.request("GET", f"/api/v1/games/{game_id}", token=gm_token), 200,
                       "game")
        powers = [s["power"] for s in truth["seats"]]
        tokens = {}
        for power in powers:
            tokens[power] = expect(server.request("POST", f"/api/v1/games/{game_id}/seats/{power}/join",
                                  {"player": power, "email": power.lower() + "@player.test"}),
                   201, "join")["token"]
        truth = expect(server.request("GET", f"/api/v1/games/{game_id}", token=gm_token), 200,
                       "game")
        units = [u["unit"] if isinstance(u, dict) else u
                 for units in truth["position"]["units"].values() for u in units]
        check(units, "units on the board")
        observe(server, sink, WATCHER, game_id)
        # Every unit holds: the orders resolve, and the observer reads none of them.
        for power, listed in truth["position"]["units"].items():
            orders = "".join((u["unit"] if isinstance(u, dict) else u) + " H\n" for u in listed)
            if orders:
                expect(server.request("PUT", f"/api/v1/games/{game_id}/orders",
                                      {"orders": orders}, token=tokens[power]), 200, "orders")
        phase = truth["phase"]
        expect(server.request("POST", f"/api/v1/games/{game_id}/actions/resolve",
                              {"phase": phase}, token=gm_token), 200, "resolve")
        mail = sink.wait_for(lambda m: m["to"] == [WATCHER] and b" results" in m["data"] and
                             has(m, "Results of"), "results to the observer")[0]
        text = body_of(mail["data"]).replace("\r", "")
        for unit in units:
            check(unit not in text, f"the observer reads {unit}: {text}")
        # The seat's own mail shows its units: the check above can fail.
        french = [u["unit"] if isinstance(u, dict) else u
                  for u in truth["position"]["units"].get("France", [])]
        seat = sink.wait_for(lambda m: m["to"] == ["france@player.test"] and
                             has(m, "Results of"), "results to France")[0]
        check(any(u in body_of(seat["data"]) for u in french), "France reads its units")
        now = text.split("\nNow:\n", 1)[1]
        for line in now.splitlines():
            if "centres" in line:
                check("no units" in line and "garrisons" not in line, f"a unit shown: {line}")
    finally:
        server.close()
        sink.stop()


def test_api():
    """A signed-in account follows and stops by the API; the GM alone reads the addresses."""
    from test_accounts import Browser
    port = free_port()
    sink = SmtpSink(port)
    extra = mail_config(port)
    extra["accounts"] = {"link_seconds": 900, "sign_ins_per_hour_per_email": 100,
                         "sign_ins_per_hour_per_address": 1000}
    server = Server(ARGS.binary, ARGS.variants, extra=extra).start()
    try:
        game_id, gm_token, tokens = create_game(server, {"France": FRANCE})
        path = f"/api/v1/games/{game_id}/observers"
        expect(server.request("POST", path), 401, "no account")
        fan = "fan@observer.test"
        browser = Browser(server)
        browser.sign_in(sink, fan)
        got = expect(browser.request("POST", path), 200, "follow")
        check(got == {"game_id": game_id, "following": True}, got)
        expect(browser.request("POST", path, csrf=False), 403, "no CSRF token")
        expect(browser.request("POST", "/api/v1/games/999/observers"), 404, "no game")
        listed = expect(server.request("GET", path, token=gm_token), 200, "GM list")
        check(listed["count"] == 1 and listed["observers"][0]["email"] == fan and
              listed["observers"][0]["account"] is True, listed)
        expect(server.request("GET", path, token=tokens["France"]), 403, "a player")
        expect(server.request("GET", path), 401, "the public")
        for who in (None, gm_token, tokens["France"]):
            _, _, _, raw = server.request("GET", f"/api/v1/games/{game_id}", token=who)
            check(fan.encode() not in raw or who == gm_token, "the address in the game")
        expect(server.request("POST", f"/api/v1/games/{game_id}/actions/resolve",
                              {"phase": "S1901M"}, token=gm_token), 200, "resolve")
        sink.wait_for(lambda m: m["to"] == [fan] and b"Spring 1901 movement results"
                      in m["data"], "results to the account")
        got = expect(browser.request("DELETE", path), 200, "unfollow")
        check(got == {"game_id": game_id, "following": False}, got)
        listed = expect(server.request("GET", path, token=gm_token), 200, "GM list")
        check(listed == {"count": 0, "observers": []}, listed)
    finally:
        server.close()
        sink.stop()


TESTS = {"observe_by_mail": test_observe_by_mail, "fog": test_fog, "api": test_api}

if __name__ == "__main__":
    parser = argparse.ArgumentParser()
    parser.add_argument("--binary", required=True)
    parser.add_argument("--variants", required=True)
    parser.add_argument("--only")
    ARGS = parser.parse_args()
    ARGS.binary, ARGS.variants = os.path.abspath(ARGS.binary), os.path.abspath(ARGS.variants)
    sys.exit(run_tests(TESTS, ARGS.only))
