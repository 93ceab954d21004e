#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0
"""Integration tests of `adjutant serve`: whole games over HTTP against the real server with a
real SQLite file. Run: test_server.py --binary PATH --variants DIR [--only NAME]

Every loop is bounded (attempt counts or wall-clock deadlines) so a hung server fails the test
instead of hanging it."""

import hashlib
import json
import os
import random
import sqlite3
import struct
import sys
import threading
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from server_harness import Server, parse_server_test_args, run_tests  # noqa: E402

POWERS = ["Austria", "England", "France", "Germany", "Italy", "Russia", "Turkey"]
ARGS = None


def check(condition, message):
    if not condition:
        raise AssertionError(message)


def expect(result, status, what):
    got, body, _, raw = result
    check(got == status, f"{what}: expected {status}, got {got}: {raw[:300]!r}")
    return body


def new_server(**extra):
    return Server(ARGS.binary, ARGS.variants, extra=extra).start()


def create_game(server, powers=POWERS, **settings):
    body = {"name": "Integration", "variant": "standard", "missing_orders": "hold",
            "resolve_when_ready": True}
    body.update(settings)
    created = expect(server.request("POST", "/api/v1/games", body), 201, "create game")
    game_id = created["game"]["id"]
    tokens = {}
    for power in powers:
        joined = expect(server.request("POST", f"/api/v1/games/{game_id}/seats/{power}/join",
                                       {"player": power + " player"}), 201, "join " + power)
        tokens[power] = joined["token"]
    return game_id, created["gm_token"], tokens, created["game"]


def put_orders(server, game_id, token, orders):
    if isinstance(orders, str):
        return server.request("PUT", f"/api/v1/games/{game_id}/orders", token=token,
                              raw=orders.encode(), headers={"Content-Type": "text/plain"})
    return server.request("PUT", f"/api/v1/games/{game_id}/orders", {"orders": orders},
                          token=token)


def state(server, game_id):
    return expect(server.request("GET", f"/api/v1/games/{game_id}"), 200, "game state")


def gm(server, game_id, gm_token, action, body=None):
    return expect(server.request("POST", f"/api/v1/games/{game_id}/actions/{action}",
                                 body or {}, token=gm_token), 200, "GM " + action)


def units_of(game, power):
    """The power's units as text ("A PAR"); campaign units are objects with a "unit" field."""
    return [u["unit"] if isinstance(u, dict) else u
            for u in game["position"]["units"].get(power, [])]


# --- tests ------------------------------------------------------------------------------------

def test_full_game():
    """Create, join, submit, validate, resolve movement, retreat and adjustment phases, browse
    history with ETags, restart mid-game, end, check the seed, replay, and detect tampering."""
    server = new_server()
    try:
        game_id, gm_token, tokens, game = create_game(server)
        check(game["status"] == "forming", "a new game is forming")
        game = state(server, game_id)
        check(game["status"] == "active" and game["deadline"], "full game starts by itself")
        check(len(game["seed_commitment"]) == 64 and "seed" not in game, "seed is secret")

        # Spring 1901. A bad line never discards the good ones.
        verdicts = expect(put_orders(server, game_id, tokens["France"],
                                     "A PAR-BUR\nA MAR-SPA\nF BRE-MAO\nA MUN-RUH\nbanana"), 200,
                          "France orders")
        check(verdicts["accepted"] == 3 and verdicts["rejected"] == 2, f"verdicts {verdicts}")
        expect(put_orders(server, game_id, tokens["Germany"], ["A MUN-RUH", "A BER-MUN"]), 200,
               "Germany orders")
        checked = expect(server.request("POST", f"/api/v1/games/{game_id}/orders/validate",
                                        {"orders": ["F KIE-HOL", "A XYZ H"]},
                                        token=tokens["Germany"]), 200, "validate")
        check(checked["accepted"] == 1 and checked["rejected"] == 1, "validate verdicts")
        mine = expect(server.request("GET", f"/api/v1/games/{game_id}/orders",
                                     token=tokens["Germany"]), 200, "own orders")
        check([s["power"] for s in mine["seats"]] == ["Germany"], "a player sees only own orders")
        check("BER" in mine["seats"][0]["text"], "validate did not replace the saved orders")
        everyone = expect(server.request("GET", f"/api/v1/games/{game_id}/orders",
                                         token=gm_token), 200, "GM orders")
        submitted = {s["power"]: s["submitted"] for s in everyone["seats"]}
        check(submitted["France"] and submitted["Germany"] and not submitted["Italy"],
              "the GM sees who has submitted")
        phase0 = expect(server.request("GET", f"/api/v1/games/{game_id}/phases/0"), 200, "phase 0")
        check("orders" not in phase0, "orders stay hidden before resolution")

        gm(server, game_id, gm_token, "resolve")
        game = state(server, game_id)
        check(game["phase"] == "F1901M", f"after spring: {game['phase']}")
        check("A BUR" in units_of(game, "France"), f"France moved: {units_of(game, 'France')}")
        phase0 = expect(server.request("GET", f"/api/v1/games/{game_id}/phases/0"), 200, "phase 0")
        check(phase0["resolved"] and phase0["orders"] and phase0["results"], "results public")

        # Restart mid-game: state and tokens survive.
        check(server.stop() == 0, "clean stop on SIGTERM")
        server.start()
        check(state(server, game_id)["phase"] == "F1901M", "state survives a restart")

        # Fall 1901: Germany dislodges the French army in Burgundy.
        expect(put_orders(server, game_id, tokens["Germany"], ["A RUH-BUR", "A MUN S A RUH-BUR"]),
               200, "Germany fall orders")
        expect(put_orders(server, game_id, tokens["France"], "A BUR H\nA SPA H\nF MAO H"), 200,
               "France fall orders")
        gm(server, game_id, gm_token, "resolve")
        game = state(server, game_id)
        check(game["phase"] == "F1901R", f"retreat phase expected, got {game['phase']}")
        needs = {s["power"]: s["needs_orders"] for s in game["seats"]}
        check(needs["France"] and not needs["Germany"], f"only France retreats: {needs}")

        # The retreat resolves early once the only seat with something to order is ready.
        expect(put_orders(server, game_id, tokens["France"], "A BUR R PIC"), 200, "retreat")
        expect(server.request("POST", f"/api/v1/games/{game_id}/ready", {"ready": True},
                              token=tokens["France"]), 200, "ready")
        game = state(server, game_id)
        check(game["phase"] == "W1901A", f"adjustments expected, got {game['phase']}")
        check("A PIC" in units_of(game, "France"), "retreat applied")

        expect(put_orders(server, game_id, tokens["France"], "BUILD A PAR"), 200, "build")
        gm(server, game_id, gm_token, "resolve")
        game = state(server, game_id)
        check(game["phase"] == "S1902M", f"spring 1902 expected, got {game['phase']}")
        check(len(units_of(game, "France")) == 4, f"France built: {units_of(game, 'France')}")

        # History with ETags.
        status, history, resp, _ = server.request("GET", f"/api/v1/games/{game_id}/phases")
        check(status == 200 and len(history["phases"]) == 5, f"history: {history}")
        chain = history["phases"]
        for before, after in zip(chain, chain[1:]):
            check(after["prev_hash"] == before["hash"], "history carries the hash chain")
        etag = resp.getheader("ETag")
        check(etag, "history has an ETag")
        status, _, _, _ = server.request("GET", f"/api/v1/games/{game_id}/phases",
                                         headers={"If-None-Match": etag})
        check(status == 304, "history 304")
        status, _, resp, _ = server.request("GET", f"/api/v1/games/{game_id}")
        game_etag = resp.getheader("ETag")
        status, _, _, _ = server.request("GET", f"/api/v1/games/{game_id}",
                                         headers={"If-None-Match": game_etag})
        check(status == 304, "game 304")

        # End: the seed is revealed and matches the commitment.
        ended = gm(server, game_id, gm_token, "end")["game"]
        seed = int(ended["seed"])
        check(hashlib.sha256(struct.pack("<Q", seed)).hexdigest() == ended["seed_commitment"],
              "revealed seed matches its commitment")
        status, _, _, _ = server.request("GET", f"/api/v1/games/{game_id}",
                                         headers={"If-None-Match": game_etag})
        check(status == 200, "a changed game is not 304")
        audit = expect(server.request("GET", f"/api/v1/games/{game_id}/audit", token=gm_token),
                       200, "audit")
        actions = [entry["action"] for entry in audit["audit"]]
        check(actions.count("resolve") == 4 and "end" in actions, f"audit {actions}")
        check(server.stop() == 0, "clean stop")

        replay = server.run_cli("replay")
        check(replay.returncode == 0 and "all match" in replay.stdout, replay.stdout + replay.stderr)

        backup = os.path.join(server.workdir, "backup.db")
        result = server.run_cli("backup", backup)
        check(result.returncode == 0 and os.path.exists(backup), result.stderr)

        # Tampering with a stored result is detected and the phase named.
        db = sqlite3.connect(server.database)
        db.execute("UPDATE phases SET results = replace(results, 'PAR', 'GAS') "
                   "WHERE game_id = ? AND seq = 0", (game_id,))
        db.commit()
        db.close()
        replay = server.run_cli("replay", "--game", str(game_id))
        check(replay.returncode != 0 and "S1901M" in replay.stdout, "tampering detected: " +
              replay.stdout)
    finally:
        server.close()


SECRET = "zq7-secret-plan"


def check_refused_lines_private(server):
    """A seat's refused lines (a note, a plan above the signature) are never public: after
    resolution only accepted orders reach the other seats, the public phase view and the results
    mail; the seat itself and the GM still see them."""
    body = {"name": "Privacy", "variant": "standard", "missing_orders": "hold",
            "resolve_when_ready": False}
    created = expect(server.request("POST", "/api/v1/games", body), 201, "create game")
    game_id, gm_token = created["game"]["id"], created["gm_token"]
    tokens = {}
    for power in POWERS:
        joined = expect(server.request(
            "POST", f"/api/v1/games/{game_id}/seats/{power}/join",
            {"player": power + " player", "email": power.lower() + "@player.test"}),
            201, "join " + power)
        tokens[power] = joined["token"]
    # Refused three ways: a friendly heading (no power), a chat line, and an order naming the
    # secret as a province.
    answer = expect(put_orders(server, game_id, tokens["France"],
                               f"Note for Germany, {SECRET}:\nA PAR-BUR\n"
                               f"Let us ally, {SECRET}\nA MAR-{SECRET}"), 200, "France")
    check(answer["accepted"] == 1 and answer["rejected"] == 3, f"verdicts: {answer}")
    expect(put_orders(server, game_id, tokens["Germany"], "A MUN-RUH"), 200, "Germany")
    gm(server, game_id, gm_token, "resolve", {"phase": "S1901M"})

    def phase_text(token):
        return json.dumps(expect(server.request("GET", f"/api/v1/games/{game_id}/phases/0",
                                                token=token), 200, "phase 0"))
    public = json.loads(phase_text(None))
    check([o.get("order") for o in public["results"]["orders"] if o["power"] == "France" and
           o.get("result") != "illegal" and not o.get("default")] == ["A PAR - BUR"],
          f"France's accepted order is public: {public['results']['orders']}")
    check(all(o.get("result") != "illegal" for o in public["results"]["orders"]),
          "no refused line in the public results")
    views = {"anonymous": None, "a stale token": "seat_not-a-real-token"}
    views.update({p: t for p, t in tokens.items() if p != "France"})
    for who, token in views.items():
        check(SECRET not in phase_text(token), f"{who} sees France's refused lines")
    for path in ("", "/phases"):
        got = server.request("GET", f"/api/v1/games/{game_id}{path}")[3].decode()
        check(SECRET not in got, f"the secret in GET /games/N{path}")
    own = phase_text(tokens["France"])
    check(own.count(SECRET) >= 3, f"France sees its own refused lines: {own}")
    gm_view = json.loads(phase_text(gm_token))
    check(sum(1 for o in gm_view["results"]["orders"] if o["result"] == "illegal") == 3,
          "the GM sees every refused line")

    # The results mail, queued by one round of the sender (the relay is down; the rows wait).
    sent = server.run_cli("mail-send")
    check(sent.returncode == 0, f"mail-send: {sent.stdout} {sent.stderr}")
    db = sqlite3.connect(server.database)
    try:
        rows = db.execute("SELECT recipient, subject, body FROM mail_outbox").fetchall()
    finally:
        db.close()
    results = {r: b for r, subject, b in rows if subject.endswith("results")}
    check(len(results) == len(POWERS), f"results mailed to every seat: {sorted(results)}")
    for recipient, text in results.items():
        check("A PAR - BUR" in text, f"accepted orders are in every results mail: {text}")
        if recipient == "france@player.test":
            check(text.count(SECRET) >= 3, f"France's own refused lines in its mail: {text}")
        else:
            check(SECRET not in text, f"{recipient} was mailed France's refused lines: {text}")


def test_authorization():
    """No token, invalid token, another game's seat, a player attempting GM actions or reading
    other seats' orders: 401/403 and nothing changed."""
    server = new_server()
    try:
        game_id, gm_token, tokens, _ = create_game(server)
        other_id, other_gm, other_tokens, _ = create_game(server)
        expect(put_orders(server, game_id, tokens["Italy"], "A ROM-APU"), 200, "Italy orders")
        before = state(server, game_id)
        before_orders = expect(server.request("GET", f"/api/v1/games/{game_id}/orders",
                                              token=gm_token), 200, "GM orders")
        base = f"/api/v1/games/{game_id}"
        cases = [
            ("PUT", base + "/orders", None, 401),
            ("PUT", base + "/orders", "seat_not-a-real-token", 401),
            ("PUT", base + "/orders", other_tokens["Italy"], 403),
            ("PUT", base + "/orders", gm_token, 403),
            ("PUT", base + "/orders", other_gm, 403),
            ("GET", base + "/orders", None, 401),
            ("GET", base + "/orders", other_tokens["France"], 403),
            ("POST", base + "/orders/validate", None, 401),
            ("POST", base + "/ready", other_tokens["France"], 403),
            ("GET", base + "/audit", tokens["France"], 403),
            ("GET", base + "/audit", None, 401),
            ("POST", base + "/seats/France/invite", tokens["France"], 403),
            ("POST", base + "/seats/France/replace", other_gm, 403),
            ("POST", "/api/v1/variants", gm_token, 403),
            ("POST", "/api/v1/variants", None, 401),
        ] + [("POST", base + "/actions/" + a, t, s)
             for a in ["resolve", "pause", "extend", "end"]
             for t, s in [(None, 401), (tokens["France"], 403), (other_gm, 403)]]
        for method, path, token, status in cases:
            body = {"orders": ["A ROM H"], "seconds": 60, "player": "x"}
            got, answer, _, raw = server.request(method, path, body, token=token)
            check(got == status, f"{method} {path} with {'no' if not token else 'a'} token: "
                                 f"{got} != {status}: {raw[:200]!r}")
            check(answer and "code" in answer["error"] and "message" in answer["error"],
                  "errors are JSON with code and message")
        # A player reading orders sees only their own, even via the GM's view.
        mine = expect(server.request("GET", base + "/orders", token=tokens["France"]), 200, "own")
        check([s["power"] for s in mine["seats"]] == ["France"], "no peeking at Italy's orders")
        after = state(server, game_id)
        check(after == before, "nothing changed")
        after_orders = expect(server.request("GET", base + "/orders", token=gm_token), 200, "GM")
        check(after_orders == before_orders, "no orders changed")
        # The admin lists every game, including ended ones.
        gm(server, other_id, other_gm, "end")
        public = expect(server.request("GET", "/api/v1/games"), 200, "list")
        admin = expect(server.request("GET", "/api/v1/games", token=server.admin_token), 200, "all")
        check(other_id not in [g["id"] for g in public["games"]], "ended games leave the lobby")
        check(other_id in [g["id"] for g in admin["games"]], "the admin sees every game")
        # Replacing a player revokes the old token.
        replaced = expect(server.request("POST", base + "/seats/Italy/replace", {"player": "New"},
                                         token=gm_token), 201, "replace")
        expect(put_orders(server, game_id, tokens["Italy"], "A ROM H"), 401, "old token revoked")
        expect(put_orders(server, game_id, replaced["token"], "A ROM H"), 200, "new token works")
    finally:
        server.close()
    # Mail on, with the relay on a closed port: results are queued and kept in the outbox.
    server = new_server(mail={"enabled": False, "relay": "smtp://127.0.0.1:9",
                              "domain": "adjutant.test"})
    try:
        check_refused_lines_private(server)
    finally:
        server.close()


def test_refused_submission():
    """A submission whose every line is refused (a friendly heading, wrong units) does not
    replace the orders in force; an empty one still withdraws them. Phases are named for people
    beside their codes."""
    server = new_server()
    try:
        game_id, _, tokens, _ = create_game(server, resolve_when_ready=False)
        france = tokens["France"]
        first = expect(put_orders(server, game_id, france, "Here are my orders:\nA PAR-BUR"), 200,
                       "a heading that names no power")
        check(first["accepted"] == 1 and first["rejected"] == 1 and first["replaced"],
              f"the heading fails alone: {first}")
        check("is not a power" in first["verdicts"][0]["error"], first["verdicts"][0])
        check(first["phase"] == "S1901M" and first["phase_name"] == "Spring 1901 movement", first)
        refused = expect(put_orders(server, game_id, france,
                                    "Changing my mind:\nA MUN-RUH\nbanana"), 200, "all refused")
        check(refused["accepted"] == 0 and refused["rejected"] == 3, f"verdicts: {refused}")
        check(refused["replaced"] is False and refused["orders"] == ["A PAR - BUR"],
              f"the orders in force stay: {refused}")
        mine = expect(server.request("GET", f"/api/v1/games/{game_id}/orders", token=france),
                      200, "orders")["seats"][0]
        check(mine["text"] == "Here are my orders:\nA PAR-BUR", f"stored text unchanged: {mine}")
        # The same through a JSON list, as the web sends it.
        listed = expect(put_orders(server, game_id, france, ["Bonjour, voici mes ordres pour "
                                                             "l'\u00e9t\u00e9 :", "A PAR-XYZ"]),
                        200, "JSON list")
        check(listed["replaced"] is False, f"JSON list: {listed}")
        check("'Bonjour, voici mes ordres pour l'\u00e9t\u00e9' is not a power" in
              listed["verdicts"][0]["error"], f"UTF-8 shown as text: {listed['verdicts'][0]}")
        emptied = expect(put_orders(server, game_id, france, ""), 200, "empty")
        check(emptied["replaced"] and emptied["orders"] == [], f"empty withdraws: {emptied}")
        game = state(server, game_id)
        check(game["phase_name"] == "Spring 1901 movement", game.get("phase_name"))
        history = expect(server.request("GET", f"/api/v1/games/{game_id}/phases"), 200, "phases")
        check(history["phases"][0]["phase_name"] == "Spring 1901 movement", history)
    finally:
        server.close()


def test_bad_input():
    """Bad JSON, wrong types, oversized bodies, unknown routes and methods, bad variants."""
    server = new_server()
    try:
        game_id, gm_token, tokens, _ = create_game(server)
        base = f"/api/v1/games/{game_id}"
        expect(server.request("POST", "/api/v1/games", raw=b"{not json",
                              headers={"Content-Type": "application/json"}), 400, "bad json")
        expect(server.request("POST", "/api/v1/games", {"name": 7}), 400, "wrong type")
        expect(server.request("POST", "/api/v1/games", ["a list"]), 400, "not an object")
        expect(server.request("POST", "/api/v1/games", {"name": "x", "variant": "nope"}), 422,
               "unknown variant")
        expect(server.request("POST", "/api/v1/games", {"name": "x", "missing_orders": "x"}),
               400, "bad policy")
        expect(server.request("POST", "/api/v1/games", {"name": "x", "deadlines": {"movement": -1}}),
               400, "bad deadline")
        expect(server.request("PUT", base + "/orders", {"orders": 5}, token=tokens["France"]), 400,
               "orders must be text or list")
        expect(server.request("PUT", base + "/orders", {"orders": ["A PAR H", 3]},
                              token=tokens["France"]), 400, "list of strings")
        expect(server.request("POST", base + "/ready", {"ready": "yes"}, token=tokens["France"]),
               400, "ready must be bool")
        expect(server.request("POST", base + "/actions/extend", {"seconds": "10"}, token=gm_token),
               400, "seconds must be int")
        expect(server.request("POST", base + "/actions/fly", {}, token=gm_token), 404, "no action")
        big = b"A PAR H\n" * 20000  # 160 KB > 64 KB limit
        expect(server.request("PUT", base + "/orders", token=tokens["France"], raw=big,
                              headers={"Content-Type": "text/plain"}), 413, "oversized body")
        expect(server.request("GET", "/api/v1/nothing"), 404, "unknown route")
        expect(server.request("GET", "/api/v1/games/999999"), 404, "unknown game")
        expect(server.request("GET", "/api/v1/games/abc"), 404, "bad id")
        expect(server.request("GET", base + "/phases/99"), 404, "unknown phase")
        expect(server.request("DELETE", base), 405, "method not allowed")
        expect(server.request("POST", base + "/seats/Atlantis/join", {}), 404, "unknown power")
        expect(server.request("POST", base + "/seats/France/join", {}), 409, "seat taken")
        bad = expect(server.request("POST", "/api/v1/variants", raw=b'{"format": 1}',
                                    token=server.admin_token), 422, "invalid variant")
        check(bad["error"]["details"], "variant problems are listed")
        expect(server.request("GET", "/healthz"), 200, "healthz")
        status, _, resp, payload = server.request("GET", "/metrics")
        check(status == 200 and b"adjutant_http_requests_total" in payload, "metrics")
        check(b'status="413"' in payload and b"adjutant_http_request_duration_seconds_bucket"
              in payload, "metrics count statuses and latency")
        spec = expect(server.request("GET", "/openapi.json"), 200, "openapi")
        check(spec["openapi"].startswith("3."), "OpenAPI 3")
    finally:
        server.close()


def test_deadlines():
    """The scheduler resolves at the deadline, and at start-up for a deadline that passed while
    the server was down; 'wait' holds a due game until orders are in."""
    server = new_server()
    try:
        game_id, _, _, _ = create_game(server, deadlines={"movement": 2, "retreat": 600,
                                                          "adjustment": 600})
        deadline = time.time() + 20
        while time.time() < deadline and state(server, game_id)["phase"] == "S1901M":
            time.sleep(0.5)
        check(state(server, game_id)["phase"] == "F1901M", "resolved at the deadline")

        down_id, _, _, _ = create_game(server, deadlines={"movement": 2})
        wait_id, wait_gm, wait_tokens, _ = create_game(server, deadlines={"movement": 1},
                                                       missing_orders="wait")
        check(server.stop() == 0, "clean stop")
        time.sleep(3)  # the deadline passes while the server is down
        server.start()
        deadline = time.time() + 15
        while time.time() < deadline and state(server, down_id)["phase"] == "S1901M":
            time.sleep(0.3)
        check(state(server, down_id)["phase"] == "F1901M", "missed deadline resolved at start")
        check(state(server, wait_id)["phase"] == "S1901M", "'wait' waits for missing orders")
        events = None
        gm(server, wait_id, wait_gm, "resolve")
        phase = expect(server.request("GET", f"/api/v1/games/{wait_id}/phases/0"), 200, "phase")
        events = [e["type"] for e in phase["events"]]
        check("missing_orders" in events, f"missing orders recorded: {events}")
        del wait_tokens
    finally:
        server.close()


def test_kill9_burst():
    """kill -9 during a burst of order submissions: every acknowledged order is there after a
    restart."""
    server = new_server()
    try:
        game_id, _, tokens, _ = create_game(server, resolve_when_ready=False)
        acked = {p: -1 for p in POWERS}
        in_flight = {p: -1 for p in POWERS}
        stop = threading.Event()
        units = {"Austria": "A VIE", "England": "A LVP", "France": "A PAR", "Germany": "A BER",
                 "Italy": "A ROM", "Russia": "A MOS", "Turkey": "A CON"}

        def submit(power):
            for n in range(100000):
                if stop.is_set():
                    return
                in_flight[power] = n
                try:
                    status, _, _, _ = put_orders(server, game_id, tokens[power],
                                                 f"# submission {n}\n{units[power]} H")
                except OSError:
                    return
                if status == 200:
                    acked[power] = n

        threads = [threading.Thread(target=submit, args=(p,), daemon=True) for p in POWERS]
        for t in threads:
            t.start()
        time.sleep(1.0 + random.random())
        server.kill9()
        stop.set()
        for t in threads:
            t.join(timeout=30)
        check(all(n >= 0 for n in acked.values()), f"some orders were acknowledged: {acked}")
        server.start()
        # Read back through the players' own view (GM token is fine too, but this is enough).
        for power in POWERS:
            mine = expect(server.request("GET", f"/api/v1/games/{game_id}/orders",
                                         token=tokens[power]), 200, "orders after crash")
            text = mine["seats"][0].get("text", "")
            stored = int(text.split("\n")[0].split()[-1]) if text else -1
            check(acked[power] <= stored <= max(acked[power], in_flight[power]),
                  f"{power}: acknowledged {acked[power]}, stored {stored}")
        print("kill -9 burst: acknowledged submissions per power", acked)
    finally:
        server.close()


COLONIAL_POWERS = ["Britain", "China", "France", "Holland", "Japan", "Russia", "Turkey"]


def test_colonial_game():
    """A Colonial game through the server: the TSR order and its verdict, several game years,
    and a replay check of the whole history."""
    server = new_server()
    try:
        game_id, gm_token, tokens, _ = create_game(server, powers=COLONIAL_POWERS,
                                                   variant="colonial")
        game = state(server, game_id)
        check(game["phase"] == "S1870M", f"colonial starts in 1870: {game['phase']}")
        verdicts = expect(put_orders(server, game_id, tokens["Russia"],
                                     "A MOS-TSR-IRK\nA OMS-TSR-KRA\nA VLA H"), 200,
                          "Russia's orders")
        check(verdicts["accepted"] == 2 and verdicts["rejected"] == 1,
              f"a second TSR order is refused: {verdicts}")
        refused = expect(put_orders(server, game_id, tokens["China"], "A PEK-TSR-IRK"), 200,
                         "China's orders")
        check(refused["rejected"] == 1, f"only Russia may use the TSR: {refused}")
        expect(put_orders(server, game_id, tokens["China"], "A SIK - MON"), 200, "China")
        gm(server, game_id, gm_token, "resolve")
        game = state(server, game_id)
        check("A IRK" in units_of(game, "Russia"), f"the TSR moved: {units_of(game, 'Russia')}")
        check("A MON" in units_of(game, "China"), f"China moved: {units_of(game, 'China')}")
        # Further years with missing orders held, through every phase type.
        for _ in range(8):
            if state(server, game_id)["phase"].startswith("S1872"):
                break
            gm(server, game_id, gm_token, "resolve")
        game = state(server, game_id)
        check(game["phase"] == "S1872M", f"two game years played: {game['phase']}")
        check(len(game["position"]["supply_centers"]["China"]) == 6, "China kept Mongolia")
        replay = server.run_cli("replay")
        check(replay.returncode == 0, f"replay of the colonial game: {replay.stdout} {replay.stderr}")
    finally:
        server.close()


WESTERN_FRONT_POWERS = ["Germany", "France", "Britain", "Belgium"]


def test_rail_interdiction():
    """The GM's interdict action on a campaign map (docs/rail-movement.md): the marks go into the
    current phase's position, bad input is refused, the next turn starts without marks, every
    action is audited, replay verifies the game and notices a mark nobody audited."""
    server = new_server()
    try:
        game_id, gm_token, tokens, _ = create_game(server, powers=WESTERN_FRONT_POWERS,
                                                   variant="western-front-1914")
        # A ride over the starting rail network, with its cost in the phase's events.
        expect(put_orders(server, game_id, tokens["Germany"], ["A TRI - RAIL - SAA"]), 200,
               "a German ride")
        refused = expect(put_orders(server, game_id, tokens["France"], ["A PAR - RAIL - XYZ"]),
                         200, "orders with a bad ride")
        check("XYZ" in json.dumps(refused), f"the bad ride is answered: {refused}")
        action = f"/api/v1/games/{game_id}/actions/interdict"
        marked = gm(server, game_id, gm_token, "interdict", {"provinces": ["NAM", "liege", "LIE"]})
        check(marked["game"]["position"].get("interdicted") == ["LIE", "NAM"],
              f"marks stored, sorted, once each: {marked['game']['position'].get('interdicted')}")
        expect(server.request("POST", action, {"provinces": ["XYZ"]}, token=gm_token), 400,
               "unknown province")
        expect(server.request("POST", action, {"provinces": "LIE"}, token=gm_token), 400,
               "provinces must be a list")
        expect(server.request("POST", action, {"provinces": ["LIE"]}), 401, "GM token needed")
        check(state(server, game_id)["position"].get("interdicted") == ["LIE", "NAM"],
              "refused actions change nothing")
        gm(server, game_id, gm_token, "resolve")
        check("interdicted" not in state(server, game_id)["position"], "marks last one turn")
        check("A SAA" in units_of(state(server, game_id), "Germany"), "A TRI rode to SAA")
        week = expect(server.request("GET", f"/api/v1/games/{game_id}/phases/0"), 200, "week 1")
        check("A TRI rides TRI-SAA for 113 of Germany's rail capacity (600 available, 487 left)"
              in json.dumps(week), "the ride and its cost are in the results")
        gm(server, game_id, gm_token, "interdict", {"provinces": ["AAC"]})
        gm(server, game_id, gm_token, "interdict", {"provinces": []})
        gm(server, game_id, gm_token, "interdict", {"provinces": ["BRU"]})
        check(state(server, game_id)["position"].get("interdicted") == ["BRU"],
              "a new action replaces the marks")
        gm(server, game_id, gm_token, "resolve")
        audit = expect(server.request("GET", f"/api/v1/games/{game_id}/audit", token=gm_token),
                       200, "audit")
        actions = [entry["action"] for entry in audit["audit"]]
        check(actions.count("interdict") == 4, f"every interdict action audited: {actions}")

        standard_id, standard_gm, _, _ = create_game(server)
        expect(server.request("POST", f"/api/v1/games/{standard_id}/actions/interdict",
                              {"provinces": ["PAR"]}, token=standard_gm), 400,
               "no rail network on the standard map")
        check(server.stop() == 0, "clean stop")

        replay = server.run_cli("replay")
        check(replay.returncode == 0 and "all match" in replay.stdout, replay.stdout + replay.stderr)
        db = sqlite3.connect(server.database)
        db.execute("UPDATE phases SET position = replace(position, '\"interdicted\":[\"BRU\"]', "
                   "'\"interdicted\":[\"AAC\"]') WHERE game_id = ?", (game_id,))
        db.commit()
        db.close()
        replay = server.run_cli("replay", "--game", str(game_id))
        check(replay.returncode != 0 and "interdiction marks differ" in replay.stdout,
              "an unaudited mark is detected: " + replay.stdout)
    finally:
        server.close()


def test_siege_replay():
    """A siege played through the server on the 1914 map (docs/sieges.md): the army marches into
    Liège, lays siege over two weeks and assaults; every roll is in the published results with
    its purpose and table row, and `adjutant replay` recomputes the whole game from its seed."""
    server = new_server()
    try:
        game_id, gm_token, tokens, _ = create_game(server, powers=WESTERN_FRONT_POWERS,
                                                   variant="western-front-1914")
        # The game's seed is secret and new for every game, so the plan stops at the first
        # assault: everything before it is certain (250 points against Leman's 100 at a
        # 1st-class fortress: no treachery, no loss of nerves), what follows depends on the dice.
        plan = ["A AAC - LIE", "A LIE BESIEGE", "A LIE BESIEGE", "A LIE ASSAULT"]
        rolls = []
        for week, order in enumerate(plan):
            verdicts = expect(put_orders(server, game_id, tokens["Germany"], [order]), 200, order)
            check(verdicts["rejected"] == 0, f"week {week}: {order}: {verdicts}")
            gm(server, game_id, gm_token, "resolve")
            seq = state(server, game_id)["seq"] - 1
            phase = expect(server.request("GET", f"/api/v1/games/{game_id}/phases/{seq}"), 200,
                           "resolved week")
            events = phase["results"]["events"]
            if week == 2:
                check(any(e["kind"] == "siege.laid" for e in events),
                      f"the siege is laid after two weeks: {[e['text'] for e in events]}")
            rolls += [e["roll"] for e in events if "roll" in e]
        assaults = [r for r in rolls if r["purpose"] == "assault"]
        check(assaults and all(r["subject"] == "LIE" and 1 <= r["d10"] <= 10 and r["table"]
                               for r in assaults), f"assault rolls published: {rolls}")
        check(any(r["purpose"] == "generalship" for r in rolls), f"generalship rolled: {rolls}")
        check(server.stop() == 0, "clean stop")
        replay = server.run_cli("replay", "--game", str(game_id))
        check(replay.returncode == 0 and "all match" in replay.stdout,
              "replay recomputes every roll: " + replay.stdout + replay.stderr)
    finally:
        server.close()


TESTS = {name[5:]: fn for name, fn in globals().items() if name.startswith("test_")}


def main():
    global ARGS
    ARGS = parse_server_test_args(TESTS)
    return run_tests(TESTS, ARGS.only)


if __name__ == "__main__":
    sys.exit(main())
