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
import shutil
import signal
import socket
import sqlite3
import struct
import subprocess
import sys
import urllib.parse
import tempfile
import threading
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from server_harness import (Server, SkipTest, check, expect,  # noqa: E402
                            parse_server_test_args, run_tests)

POWERS = ["Austria", "England", "France", "Germany", "Italy", "Russia", "Turkey"]
ARGS = None


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


def state(server, game_id, token=None):
    """The game document as `token` reads it (on the 1914 map, in the fog of war, the public
    reads no units: docs/fog-of-war.md)."""
    return expect(server.request("GET", f"/api/v1/games/{game_id}", token=token), 200,
                  "game state")


def gm(server, game_id, gm_token, action, body=None):
    body = dict(body or {})
    if action == "resolve" and "phase" not in body:
        # A resolve names the phase it is for (docs/security.md).
        body["phase"] = state(server, game_id)["phase"]
    return expect(server.request("POST", f"/api/v1/games/{game_id}/actions/{action}",
                                 body, token=gm_token), 200, "GM " + action)


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
        check(ended["seed_bits"] == 256 and len(ended["seed"]) == 64, f"256-bit seed: {ended}")
        check(hashlib.sha256(bytes.fromhex(ended["seed"])).hexdigest() ==
              ended["seed_commitment"], "revealed seed matches its commitment")
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
        check_replay_before_explanations(server, game_id)

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


def phase_hash(prev_hash, phase, position, orders, results):
    """The phase hash as the server chains it (each part prefixed by its length in bytes)."""
    data = b"".join(str(len(part.encode())).encode() + b":" + part.encode()
                    for part in (prev_hash, phase, position, orders, results))
    return hashlib.sha256(data).hexdigest()


def check_replay_before_explanations(server, game_id):
    """A game stored before results carried explanations (docs/design.md, "Explanations"): its
    results without them and its hash chain made over those, as an older server wrote them.
    Replay must find it clean; then one changed result in it is still noticed."""
    db = sqlite3.connect(server.database)
    rows = db.execute("SELECT seq, phase, position, orders, results FROM phases "
                      "WHERE game_id = ? ORDER BY seq", (game_id,)).fetchall()
    explained = 0
    prev = "0" * 64
    for seq, phase, position, orders, results in rows:
        if results is not None:
            report = json.loads(results)
            for entry in report.get("orders", []):
                explained += entry.pop("explanation", None) is not None
            results = json.dumps(report, separators=(",", ":"), sort_keys=True,
                                 ensure_ascii=False)
            digest = phase_hash(prev, phase, position, orders or "", results)
            db.execute("UPDATE phases SET results = ?, hash = ?, prev_hash = ? "
                       "WHERE game_id = ? AND seq = ?", (results, digest, prev, game_id, seq))
            prev = digest
        else:
            db.execute("UPDATE phases SET prev_hash = ? WHERE game_id = ? AND seq = ?",
                       (prev, game_id, seq))
    db.commit()
    db.close()
    check(explained > 0, "the stored results carried explanations")
    replay = server.run_cli("replay", "--game", str(game_id))
    check(replay.returncode == 0 and "all match" in replay.stdout,
          "a game stored without explanations replays clean: " + replay.stdout + replay.stderr)


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
    rows = server.rows("SELECT recipient, subject, body FROM mail_outbox")
    results = {r: b for r, subject, b in rows if subject.endswith("results")}
    check(len(results) == len(POWERS), f"results mailed to every seat: {sorted(results)}")
    for recipient, text in results.items():
        check("A PAR - BUR" in text, f"accepted orders are in every results mail: {text}")
        if recipient == "france@player.test":
            check(text.count(SECRET) >= 3, f"France's own refused lines in its mail: {text}")
        else:
            check(SECRET not in text, f"{recipient} was mailed France's refused lines: {text}")


def readable(server, game_id, readers):
    """Everything each of `readers` ({name: token or None}) may read of the game, ETags with
    bodies: the game, its phases and current phase, press, draws, the Atom feed and, for a
    seat or the GM, the orders."""
    base = f"/api/v1/games/{game_id}"
    seq = state(server, game_id)["seq"]
    out = {}
    for who, token in readers.items():
        paths = ["", "/phases", f"/phases/{seq}", "/press", "/draws"]
        if token:
            paths.append("/orders")
        press = server.request("GET", base + "/press", token=token)
        feed_key = press[1].get("feed") if press[0] == 200 else None
        paths.append(feed_key[len(base):] if feed_key else "/feed")
        for path in paths:
            status, _, response, payload = server.request("GET", base + path, token=token)
            out[(who, path)] = (status, response.getheader("ETag"), payload)
    return out


def changed_documents(before, after):
    return sorted(f"{who} GET {path or '/'}" for (who, path) in before
                  if before[(who, path)] != after[(who, path)])


def check_private_actions(server):
    """A private action (a seat's orders, their check, private press between seats or with
    the GM, marking press read, a draw proposal and a vote on it, the GM's own address) leaves
    no trace in what anyone else reads: every other reader's documents keep their ETags and bodies, but for the ones the
    action is for. A seat's readiness is public: it changes the game's `ready` flag (with the
    game's revision and ETag) and nothing else."""
    game_id, gm_token, tokens, _ = create_game(server, resolve_when_ready=False)
    base = f"/api/v1/games/{game_id}"
    readers = {"public": None, "GM": gm_token}
    readers.update(tokens)
    # Something in each document first, so that nothing is compared empty.
    expect(server.request("POST", base + "/press", {"to": "all", "text": "Good luck, all."},
                          token=tokens["England"]), 201, "broadcast")
    expect(put_orders(server, game_id, tokens["Germany"], "A MUN H"), 200, "Germany orders")
    italy, france = tokens["Italy"], tokens["France"]

    def proposal_id():
        return expect(server.request("GET", base + "/draws", token=italy), 200,
                      "draws")["proposals"][-1]["id"]

    def feed_of(who):
        press = expect(server.request("GET", base + "/press", token=readers[who]), 200, "press")
        return f"{who} GET {press['feed'][len(base):]}"

    seats_draws = {f"{p} GET /draws" for p in tokens} | {"GM GET /draws"}
    # (the action, its request, the documents it changes: those it is for)
    actions = [
        ("Italy's orders", lambda: put_orders(server, game_id, italy, "A ROM-APU\nF NAP-ION"),
         {"Italy GET /orders", "GM GET /orders"}),
        ("Italy's orders checked", lambda: server.request(
            "POST", base + "/orders/validate", raw=b"A VEN H", token=italy,
            headers={"Content-Type": "text/plain"}), set()),
        ("Italy's press to France", lambda: server.request(
            "POST", base + "/press", {"to": ["France"], "text": "Lepanto?"}, token=italy),
         {"Italy GET /press", "France GET /press", "GM GET /press", feed_of("Italy"),
          feed_of("France")}),
        ("Italy's press to the GM", lambda: server.request(
            "POST", base + "/press", {"to": ["GM"], "text": "A question"}, token=italy),
         {"Italy GET /press", "GM GET /press", feed_of("Italy")}),
        ("the GM's press to France", lambda: server.request(
            "POST", base + "/press", {"to": ["France"], "text": "An answer"}, token=gm_token),
         {"France GET /press", "GM GET /press", feed_of("France")}),
        ("France marks its press read", lambda: server.request(
            "POST", base + "/press/read", {"up_to": 1 << 40}, token=france),
         {"France GET /press"}),
        ("the GM marks its press read", lambda: server.request(
            "POST", base + "/press/read", {"up_to": 1 << 40}, token=gm_token),
         {"GM GET /press"}),
        # An open proposal is the seats' and the GM's business (docs/draws.md).
        ("Italy's draw proposal", lambda: server.request(
            "POST", base + "/draws", {"kind": "draw"}, token=italy), seats_draws),
        # Votes are secret until the proposal closes: France alone sees its own.
        ("France's vote", lambda: server.request(
            "POST", f"{base}/draws/{proposal_id()}/vote", {"accept": True}, token=france),
         {"France GET /draws"}),
        ("the GM's own address", lambda: server.request(
            "POST", base + "/actions/settings", {"gm_email": "gm@example.test"},
            token=gm_token), set()),
    ]
    for what, act, changes in actions:
        before = readable(server, game_id, readers)
        got = act()
        check(got[0] in (200, 201), f"{what}: {got[0]} {got[3][:200]!r}")
        changed = set(changed_documents(before, readable(server, game_id, readers)))
        check(changed <= changes, f"{what} shows in what others read: {sorted(changed - changes)}")
        check(changes <= changed, f"{what} changes {sorted(changes - changed)}, as it should")

    # Ready is public (docs/server.md): the seat's flag, and with it the game's revision, change:
    # the game document, the ETag of its phases (made from the revision; their list is the
    # same), and the seat's and the GM's orders view (which show the flag); nothing else.
    before = readable(server, game_id, readers)
    game_before = state(server, game_id)
    expect(server.request("POST", base + "/ready", {"ready": True}, token=italy), 200, "ready")
    game_after = state(server, game_id)
    changed = changed_documents(before, readable(server, game_id, readers))
    expected = sorted([f"{who} GET {path}" for who in readers for path in ("/", "/phases")] +
                      ["GM GET /orders", "Italy GET /orders"])
    check(changed == expected, f"ready changes the game document and the seat's orders alone: "
                               f"{changed}")
    after = readable(server, game_id, {"public": None})
    check(before[("public", "/phases")][2] == after[("public", "/phases")][2],
          "the phases are the same")
    for doc in (game_before, game_after):
        doc.pop("revision")
        for seat in doc["seats"]:
            if seat["power"] == "Italy":
                seat.pop("ready")
    check(game_before == game_after, "ready changes the flag and the revision alone")


def test_authorization():
    """No token, invalid token, another game's seat, a player attempting GM actions or reading
    other seats' orders: 401/403 and nothing changed. A private action leaves no trace in what
    others read (check_private_actions)."""
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
            # Naming a power is the GM's only in a sandbox game (docs/server.md, "Sandbox
            # games"): here neither the GM nor a seat, its own or another, may.
            ("PUT", base + "/orders?power=Italy", gm_token, 403),
            ("PUT", base + "/orders?power=France", tokens["France"], 403),
            ("PUT", base + "/orders?power=Italy", tokens["France"], 403),
            ("POST", base + "/orders/validate?power=Italy", gm_token, 403),
            ("POST", base + "/ready?power=Italy", gm_token, 403),
            ("GET", base + "/orders?power=Italy", tokens["France"], 403),
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
        check_private_actions(server)
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


def gm_1914_game(server, name, change, what, resolve_when_ready=False):
    """A game on the GM's own copy of the 1914 map, `change(variant)` made to it, every seat
    joined: (game id, GM token, {power: seat token})."""
    created = expect(server.request("POST", "/api/v1/games", {
        "name": name, "missing_orders": "hold", "resolve_when_ready": resolve_when_ready}),
        201, "create game")
    game_id, gm_token = created["game"]["id"], created["gm_token"]
    base = f"/api/v1/games/{game_id}"
    variant = json.load(open(os.path.join(ARGS.variants, "western-front-1914.json")))
    change(variant)
    expect(server.request("PUT", base + "/variant", raw=json.dumps(variant).encode(),
                          token=gm_token, headers={"Content-Type": "application/json"}), 200, what)
    tokens = {}
    for power in WESTERN_FRONT_POWERS:
        tokens[power] = expect(server.request("POST", f"{base}/seats/{power}/join",
                                              {"player": power}), 201, "join")["token"]
    return game_id, gm_token, tokens


def replay_notices(server, game_id, old, new, problem, what):
    """The GM's input in a stored position changed by hand (SQLite file, server stopped):
    `adjutant replay` must fail and name `problem`."""
    db = sqlite3.connect(server.database)
    db.execute("UPDATE phases SET position = replace(position, ?, ?) WHERE game_id = ?",
               (old, new, game_id))
    db.commit()
    db.close()
    replay = server.run_cli("replay", "--game", str(game_id))
    check(replay.returncode != 0 and problem in replay.stdout, f"{what}: " + replay.stdout)


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
        check("A SAA" in units_of(state(server, game_id, tokens["Germany"]), "Germany"),
              "A TRI rode to SAA")
        week = expect(server.request("GET", f"/api/v1/games/{game_id}/phases/0",
                                     token=tokens["Germany"]), 200, "week 1")
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
        replay_notices(server, game_id, '"interdicted":["BRU"]', '"interdicted":["AAC"]',
                       "interdiction marks differ", "an unaudited mark is detected")
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
            # Germany's own results: in the fog of war the public reads none (fog-of-war.md).
            phase = expect(server.request("GET", f"/api/v1/games/{game_id}/phases/{seq}",
                                          token=tokens["Germany"]), 200, "resolved week")
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


# --- docs/security.md: no request, byte or double click can crash, freeze or fork a game ------

def raw_exchange(server, data, timeout=10):
    """Sends raw bytes on a fresh connection and reads until the server closes it (or the
    timeout); returns (status or None, everything received)."""
    sock = socket.create_connection(("127.0.0.1", server.port), timeout=timeout)
    try:
        sock.sendall(data)
        received = b""
        deadline = time.time() + timeout
        while time.time() < deadline:
            try:
                chunk = sock.recv(65536)
            except socket.timeout:
                break
            except ConnectionResetError:
                break
            if not chunk:
                break
            received += chunk
            if b"\r\n\r\n" in received and b"Connection: close" not in received:
                head, _, body = received.partition(b"\r\n\r\n")
                length = [int(line.split(b":")[1]) for line in head.split(b"\r\n")
                          if line.lower().startswith(b"content-length:")]
                if length and len(body) >= length[0]:
                    break
    finally:
        sock.close()
    status = None
    if received.startswith(b"HTTP/1."):
        status = int(received.split(b" ", 2)[1])
    return status, received


def response_json(received):
    return json.loads(received.partition(b"\r\n\r\n")[2].decode("utf-8"))


def test_raw_bytes():
    """A path that is not UTF-8 once aborted the server (nlohmann's dump() threw while
    the error answer quoted the path). Every such request is answered, and the server goes on."""
    server = new_server()
    try:
        game_id, _, _, _ = create_game(server)
        requests = [
            b"GET /\xff HTTP/1.1\r\nHost: x\r\n\r\n",
            b"GET /api/v1/variants/\xff HTTP/1.1\r\nHost: x\r\n\r\n",
            b"POST /api/v1/games/%d/seats/\xff/join HTTP/1.1\r\nHost: x\r\nContent-Length: 2"
            b"\r\n\r\n{}" % game_id,
            b"GET /api/v1/games/\xc3\x28 HTTP/1.1\r\nHost: x\r\n\r\n",
            b"GET /web/\xed\xa0\x80.js HTTP/1.1\r\nHost: x\r\n\r\n",
        ]
        for raw in requests:
            status, received = raw_exchange(server, raw)
            check(status in (400, 404), f"{raw[:40]!r} answered: {received[:200]!r}")
            body = response_json(received)
            check(body["error"]["code"] in ("not_found", "bad_request"), f"error JSON: {body}")
            check(server.proc.poll() is None, f"the server is still running after {raw[:40]!r}")
        expect(server.request("GET", "/healthz"), 200, "the server still answers")
        expect(server.request("GET", f"/api/v1/games/{game_id}"), 200, "and serves games")
    finally:
        server.close()


def test_framing():
    """Framing errors are answered 400 and the connection closed; a transfer coding
    other than chunked is 501."""
    server = new_server()
    try:
        cases = [
            (b"POST /api/v1/games HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\n"
             b"Content-Length: 5\r\n\r\n0\r\n\r\n", 400, "Transfer-Encoding with Content-Length"),
            (b"POST /api/v1/games HTTP/1.1\r\nHost: x\r\nContent-Length: 5\r\n"
             b"Content-Length: 6\r\n\r\n{}{}{}", 400, "two different Content-Lengths"),
            (b"POST /api/v1/games HTTP/1.1\r\nHost: x\r\nContent-Length: 2\r\n"
             b"Content-Length: 2\r\n\r\n{}", 400, "two equal Content-Lengths"),
            (b"POST /api/v1/games HTTP/1.1\r\nContent-Length: 2\r\nHost: x\r\n"
             b"Content-Length: 2\r\n\r\n{}", 400, "two equal Content-Lengths, apart"),
            (b"POST /api/v1/games HTTP/1.1\r\nTransfer-Encoding: gzip\r\nHost: x\r\n"
             b"Transfer-Encoding: chunked\r\n\r\n0\r\n\r\n", 501, "gzip, then chunked"),
            (b"POST /api/v1/games HTTP/1.1\r\nHost: x\r\nContent-Length: -1\r\n\r\n{}", 400,
             "a negative Content-Length"),
            (b"GET /healthz HTTP/1.1\nHost: x\n\n", 400, "bare LF"),
            (b"POST /api/v1/games HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: gzip, chunked\r\n\r\n"
             b"0\r\n\r\n", 501, "gzip, chunked"),
            (b"POST /api/v1/games HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: gzip\r\n\r\n", 400,
             "a coding list not ending in chunked"),
        ]
        for raw, status, what in cases:
            started = time.time()
            got, received = raw_exchange(server, raw, timeout=10)
            check(got == status, f"{what}: expected {status}, got {received[:200]!r}")
            check(b"Connection: close" in received, f"{what}: the connection is closed")
            check(time.time() - started < 8, f"{what}: closed promptly")
            check(response_json(received)["error"]["message"], f"{what}: a JSON error")
        expect(server.request("GET", "/healthz"), 200, "the server still answers")
    finally:
        server.close()


def test_bad_encoding():
    """Orders that are not UTF-8 are refused at the edge with the line and byte; a
    stored set that cannot be read (bytes planted in the SQLite file) resolves as missing orders
    with an event, by the GM and by the deadline, and never blocks the game."""
    server = new_server()
    try:
        game_id, gm_token, tokens, _ = create_game(server)
        refused = expect(server.request("PUT", f"/api/v1/games/{game_id}/orders",
                                        token=tokens["France"],
                                        raw="A PAR-BUR\nA MAR-SPA été".encode("latin-1"),
                                        headers={"Content-Type": "text/plain"}),
                         400, "Latin-1 orders")
        message = refused["error"]["message"]
        check(refused["error"]["code"] == "bad_encoding" and "line 2, byte 11" in message,
              f"the error names the line and byte: {message}")
        check(refused["error"]["details"] == {"line": 2, "byte": 11, "offset": 20},
              f"details: {refused['error']['details']}")
        expect(put_orders(server, game_id, tokens["France"], "A PAR-BUR\nA MAR-SPA"), 200,
               "UTF-8 orders")
        expect(put_orders(server, game_id, tokens["Italy"], "A VEN H"), 200, "Italy")
        expect(put_orders(server, game_id, tokens["Germany"], "A MUN H"), 200, "Germany")
        # Bytes that are not UTF-8 and verdicts that are not JSON, straight into the file.
        db = sqlite3.connect(server.database)
        db.execute("UPDATE orders SET text = CAST(? AS TEXT) WHERE game_id = ? AND power = ?",
                   (b"A PAR-BUR\n\xe9t\xe9\xff", game_id, "France"))
        db.execute("UPDATE orders SET verdicts = 'not json' WHERE game_id = ? AND power = ?",
                   (game_id, "Italy"))
        db.commit()
        db.close()
        everyone = expect(server.request("GET", f"/api/v1/games/{game_id}/orders",
                                         token=gm_token), 200, "GM reads unreadable orders")
        seats = {s["power"]: s for s in everyone["seats"]}
        check("unreadable" in seats["France"] and "unreadable" in seats["Italy"] and
              "unreadable" not in seats["Germany"], f"unreadable sets are marked: {seats}")
        expect(server.request("GET", f"/api/v1/games/{game_id}/orders",
                              token=tokens["France"]), 200, "France reads its own")
        gm(server, game_id, gm_token, "resolve")
        phase = expect(server.request("GET", f"/api/v1/games/{game_id}/phases/0"), 200, "phase")
        unreadable = {e["power"] for e in phase["events"] if e["type"] == "unreadable_orders"}
        missing = {e["power"] for e in phase["events"] if e["type"] == "missing_orders"}
        check(unreadable == {"France", "Italy"}, f"an event per unreadable set: {phase['events']}")
        check({"France", "Italy"} <= missing, "they count as missing orders")
        game = state(server, game_id)
        check(game["phase"] == "F1901M" and "A PAR" in units_of(game, "France"),
              f"resolved with France holding: {units_of(game, 'France')}")

        # The scheduler too: the deadline passes with an unreadable set and the game moves on.
        due_id, _, due_tokens, _ = create_game(server, deadlines={"movement": 3})
        expect(put_orders(server, due_id, due_tokens["France"], "A PAR-BUR"), 200, "France")
        db = sqlite3.connect(server.database)
        db.execute("UPDATE orders SET text = CAST(? AS TEXT) WHERE game_id = ?",
                   (b"A PAR-BUR \xc0\xaf", due_id))
        db.commit()
        db.close()
        deadline = time.time() + 20
        while time.time() < deadline and state(server, due_id)["phase"] == "S1901M":
            time.sleep(0.3)
        check(state(server, due_id)["phase"] == "F1901M", "the deadline resolved the game")
        log = open(os.path.join(server.workdir, "server.log"), errors="replace").read()
        check("failed to resolve" not in log, "the scheduler never failed")
        check(server.stop() == 0, "clean stop")
        replay = server.run_cli("replay")
        check(replay.returncode == 0 and "all match" in replay.stdout, replay.stdout + replay.stderr)
    finally:
        server.close()


def test_double_resolve():
    """A resolve names its phase; two simultaneous resolves give one 200 and one 409 and
    the game advances one phase; a resolve racing the deadline resolves the phase once.
    A game still forming cannot be resolved."""
    server = new_server()
    try:
        game_id, gm_token, tokens, _ = create_game(server)
        action = f"/api/v1/games/{game_id}/actions/resolve"
        missing = expect(server.request("POST", action, {}, token=gm_token), 428, "no phase")
        check(missing["error"]["code"] == "phase_required" and
              missing["error"]["details"]["phase"] == "S1901M" and
              "S1901M" in missing["error"]["message"], f"428 tells the phase: {missing}")
        stale = expect(server.request("POST", action, {"phase": "F1901M"}, token=gm_token), 409,
                       "another phase")
        check(stale["error"]["details"]["phase"] == "S1901M", f"409 tells the phase: {stale}")
        expect(server.request("POST", action, token=gm_token, headers={"If-Match": '"p0-0"'}),
               409, "a stale If-Match")
        # Two at once, through the real server on loopback.
        barrier = threading.Barrier(2)
        results = []

        def resolve():
            barrier.wait()
            results.append(server.request("POST", action, {"phase": "S1901M"}, token=gm_token))

        threads = [threading.Thread(target=resolve) for _ in range(2)]
        for t in threads:
            t.start()
        for t in threads:
            t.join(timeout=60)
        statuses = sorted(r[0] for r in results)
        check(statuses == [200, 409], f"one 200 and one 409: {statuses}")
        loser = [r[1] for r in results if r[0] == 409][0]
        check(loser["error"]["code"] == "stale_phase" and
              loser["error"]["details"]["phase"] == "F1901M", f"the 409 names F1901M: {loser}")
        game = state(server, game_id)
        check(game["phase"] == "F1901M" and game["seq"] == 1, f"one phase: {game['phase']}")
        # The phase's ETag, from the phase itself, resolves it with If-Match.
        status, _, resp, _ = server.request("GET", f"/api/v1/games/{game_id}/phases/1")
        etag = resp.getheader("ETag")
        check(status == 200 and etag == game["phase_etag"] == f'"p{game_id}-1"', f"ETag {etag}")
        expect(server.request("POST", action, token=gm_token, headers={"If-Match": etag}), 200,
               "If-Match resolves")
        expect(server.request("POST", action, token=gm_token, headers={"If-Match": etag}), 409,
               "the same If-Match again is stale")
        _, _, resp, _ = server.request("GET", f"/api/v1/games/{game_id}/phases/1")
        check(resp.getheader("ETag") == f'"p{game_id}-1r"', "a resolved phase's ETag changes")
        audit = expect(server.request("GET", f"/api/v1/games/{game_id}/audit", token=gm_token),
                       200, "audit")
        resolves = [e["detail"]["phase"] for e in audit["audit"] if e["action"] == "resolve"]
        check(resolves[:2] == ["S1901M", "F1901M"], f"each phase resolved once: {resolves}")

        # Racing the deadline: whoever wins, the phase is resolved once.
        for attempt in range(3):
            race_id, race_gm, _, _ = create_game(server, deadlines={"movement": 2})
            race = f"/api/v1/games/{race_id}/actions/resolve"
            time.sleep(1.6 + 0.3 * attempt)
            got = server.request("POST", race, {"phase": "S1901M"}, token=race_gm)[0]
            check(got in (200, 409), f"the GM's racing resolve: {got}")
            deadline = time.time() + 10
            while time.time() < deadline and state(server, race_id)["phase"] == "S1901M":
                time.sleep(0.2)
            time.sleep(1.5)  # a second resolution, if there were one, would land by now
            # F1901M has its own two-second deadline, so on a loaded machine it may rightly be
            # resolved by now too. A double resolution is S1901M's racing pair resolving F1901M
            # as well, at once: so every resolution after the first must come at least its
            # two-second deadline after the one before (both times come from one seconds clock).
            history = expect(server.request("GET", f"/api/v1/games/{race_id}/phases"), 200,
                             "phases")["phases"]
            resolved = [p for p in history if p["resolved"]]
            check(resolved and resolved[0]["phase"] == "S1901M",
                  f"attempt {attempt}: S1901M resolved (GM got {got}): {history}")
            for before, after in zip(resolved, resolved[1:]):
                check(after["resolved_at"] - before["resolved_at"] >= 2,
                      f"attempt {attempt}: {after['phase']} resolved with {before['phase']}, "
                      f"before its deadline (GM got {got}): {history}")
            audit = expect(server.request("GET", f"/api/v1/games/{race_id}/audit",
                                          token=race_gm), 200, "audit")["audit"]
            phases = [e["detail"]["phase"] for e in audit if e["action"] == "resolve"]
            check(phases.count("S1901M") <= 1,
                  f"attempt {attempt}: the GM resolved S1901M at most once: {phases}")

        # A forming game is started, not resolved.
        created = expect(server.request("POST", "/api/v1/games", {"name": "forming"}), 201, "new")
        forming_id, forming_gm = created["game"]["id"], created["gm_token"]
        refused = expect(server.request("POST", f"/api/v1/games/{forming_id}/actions/resolve",
                                        {"phase": "S1901M"}, token=forming_gm), 409, "forming")
        check("forming" in refused["error"]["message"], f"says why: {refused}")
        forming = state(server, forming_id)
        check(forming["phase"] == "S1901M" and forming["status"] == "forming", "nothing moved")
    finally:
        server.close()


def test_order_source_and_gm_variant():
    """The server sets an order's source; a GM uploads a variant for their own game
    (validated, size-limited, scoped to that game)."""
    server = new_server(limits={"gm_variant_bytes": 4096})
    try:
        game_id, gm_token, tokens, _ = create_game(server)
        expect(server.request("PUT", f"/api/v1/games/{game_id}/orders",
                              {"orders": ["A PAR H"], "source": "email"}, token=tokens["France"]),
               200, "orders claiming to be mail")
        expect(server.request("PUT", f"/api/v1/games/{game_id}/orders", {"orders": ["A BER H"]},
                              token=tokens["Germany"], headers={"Sec-Fetch-Site": "same-origin"}),
               200, "orders from the web page")
        seats = {s["power"]: s for s in expect(server.request(
            "GET", f"/api/v1/games/{game_id}/orders", token=gm_token), 200, "GM")["seats"]}
        check(seats["France"]["source"] == "api", f"the client cannot say email: {seats['France']}")
        check(seats["Germany"]["source"] == "web", f"a browser page is web: {seats['Germany']}")

        variants_dir = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "variants")
        tiny = open(os.path.join(variants_dir, "tiny.json"), "rb").read()
        created = expect(server.request("POST", "/api/v1/games", {"name": "own map"}), 201, "new")
        own_id, own_gm = created["game"]["id"], created["gm_token"]
        path = f"/api/v1/games/{own_id}/variant"
        json_type = {"Content-Type": "application/json"}
        expect(server.request("PUT", path, raw=tiny, headers=json_type), 401, "no token")
        expect(server.request("PUT", path, raw=tiny, token=gm_token, headers=json_type), 403,
               "another game's GM")
        expect(server.request("PUT", path, raw=tiny, token=tokens["France"], headers=json_type),
               403, "a player")
        bad = expect(server.request("PUT", path, raw=b'{"format": 1, "name": "x"}',
                                    token=own_gm, headers=json_type), 422, "invalid variant")
        check(bad["error"]["details"], "every problem listed")
        big = open(os.path.join(variants_dir, "rail-test.json"), "rb").read()
        check(len(big) > 4096, "the rail test variant is over the configured limit")
        expect(server.request("PUT", path, raw=big, token=own_gm, headers=json_type), 413,
               "over gm_variant_bytes")
        done = expect(server.request("PUT", path, raw=tiny, token=own_gm, headers=json_type), 200,
                      "the GM's upload")
        key = f"tiny@g{own_id}"
        check(done["variant"] == key and done["game"]["variant"] == key, f"scoped: {done}")
        check(sorted(s["power"] for s in done["game"]["seats"]) == ["Blue", "Red"],
              f"the new variant's seats: {done['game']['seats']}")
        expect(server.request("GET", f"/api/v1/variants/{key}"), 200, "its map is served")
        # The web page asks for it by the escaped name (encodeURIComponent writes @ as %40).
        served = expect(server.request("GET", f"/api/v1/variants/{urllib.parse.quote(key)}"), 200,
                        "its map is served at the escaped name the web page asks for")
        check(served["name"] == "tiny", f"the uploaded variant itself: {served.get('name')}")
        listed = expect(server.request("GET", "/api/v1/variants"), 200, "variants")
        check(key not in [v["name"] for v in listed["variants"]] and
              "tiny" not in [v["name"] for v in listed["variants"]],
              "not offered for new games")
        expect(server.request("POST", "/api/v1/games", {"name": "x", "variant": key}), 422,
               "another game cannot use it")
        expect(server.request("POST", "/api/v1/variants", raw=tiny, token=own_gm,
                              headers=json_type), 403, "server-wide uploads stay the admin's")
        expect(server.request("POST", f"/api/v1/games/{own_id}/seats/Red/join", {"player": "r"}),
               201, "a player joins the new seat")
        expect(server.request("PUT", path, raw=tiny, token=own_gm, headers=json_type), 409,
               "no change once a seat is taken")
        audit = expect(server.request("GET", f"/api/v1/games/{own_id}/audit", token=own_gm),
                       200, "audit")
        check("upload_variant" in [e["action"] for e in audit["audit"]], "audited")
        check(server.stop() == 0, "clean stop")
        server.start()  # the GM's variant is loaded again from the database
        check(state(server, own_id)["variant"] == key, "survives a restart")
        expect(server.request("GET", f"/api/v1/variants/{key}"), 200, "served after a restart")
    finally:
        server.close()


def test_gm_uploads_dpjudge_map():
    """A GM uploads a DPjudge map for their own game (docs/variants.md, "Importing a DPjudge
    map"): it is read into the variant it describes and the game plays on it; a broken map, or one
    that includes another file, is refused naming the line."""
    server = new_server()
    try:
        source = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "variants",
                              "dpjudge")
        # The standard map with its three included files pasted in, as one upload.
        parts = [open(os.path.join(source, name), "rb").read()
                 for name in ("standard.politics", "standard.geography", "standard.military")]
        pasted = b"\n".join(parts)
        created = expect(server.request("POST", "/api/v1/games", {"name": "DPjudge map"}), 201,
                         "new game")
        game_id, gm_token = created["game"]["id"], created["gm_token"]
        path = f"/api/v1/games/{game_id}/variant"
        text_type = {"Content-Type": "text/plain"}
        with_use = open(os.path.join(source, "standard.map"), "rb").read()
        refused = expect(server.request("PUT", path, raw=with_use, token=gm_token,
                                        headers=text_type), 422, "a map that includes files")
        check(refused["error"]["code"] == "invalid_map" and
              refused["error"]["details"][0]["path"] == "line 1" and
              "standard.politics" in refused["error"]["details"][0]["message"],
              f"the USE line is named: {refused}")
        broken = pasted.replace(b"\nLAND\tMUN\t\tABUTS\tBER", b"\nLAND\tMUN\t\tABUTS\tBRX", 1)
        check(broken != pasted, "Munich's line, with an unknown neighbour")
        refused = expect(server.request("PUT", path, raw=broken, token=gm_token, headers=text_type),
                         422, "a broken map")
        details = refused["error"]["details"]
        check(details and all(d["path"].startswith("line ") for d in details) and
              refused["error"]["message"] == f"the map has {len(details)} problem(s)",
              f"each problem names its line, and the message counts them: {refused}")
        done = expect(server.request("PUT", path, raw=pasted, token=gm_token, headers=text_type),
                      200, "the GM's map")
        check(done["variant"] == f"imported@g{game_id}", f"scoped to the game: {done}")
        powers = sorted(s["power"] for s in done["game"]["seats"])
        check(powers == ["Austria", "England", "France", "Germany", "Italy", "Russia", "Turkey"],
              f"the map's powers are the seats: {powers}")
        tokens = {p: expect(server.request("POST", f"/api/v1/games/{game_id}/seats/{p}/join",
                                           {"player": p}), 201, "join")["token"] for p in powers}
        check(state(server, game_id)["status"] == "active", "the game starts on the map")
        answer = expect(server.request("PUT", f"/api/v1/games/{game_id}/orders",
                                       {"orders": ["A PAR - BUR", "F BRE - MAO"]},
                                       token=tokens["France"]), 200, "France's orders")
        check(answer["rejected"] == 0, f"orders on the imported map are read: {answer}")
    finally:
        server.close()


def test_game_limits():
    """Game creation is limited per address (the admin is not counted) and GET /games
    is paginated with links."""
    server = new_server(limits={"games_per_hour_per_address": 3})
    try:
        for n in range(3):
            expect(server.request("POST", "/api/v1/games", {"name": f"g{n}"}), 201, f"game {n}")
        status, body, resp, _ = server.request("POST", "/api/v1/games", {"name": "one too many"})
        check(status == 429 and body["error"]["code"] == "rate_limited", f"429: {status} {body}")
        check(int(resp.getheader("Retry-After")) > 0, "Retry-After says when")
        for n in range(4):
            expect(server.request("POST", "/api/v1/games", {"name": f"admin {n}"},
                                  token=server.admin_token), 201, "the admin is not counted")
        seen = []
        path = "/api/v1/games?limit=2"
        pages = 0
        while path and pages < 10:
            status, page, resp, _ = server.request("GET", path)
            check(status == 200 and len(page["games"]) <= 2, f"a page of two: {page}")
            seen += [g["id"] for g in page["games"]]
            path = page["links"]["next"]
            link = resp.getheader("Link")
            check((link is None) == (path is None), f"Link header and links.next agree: {link}")
            if path:
                check(link == f'<{path}>; rel="next"', f"Link: {link}")
            pages += 1
        check(seen == sorted(seen) and len(seen) == len(set(seen)) == 7, f"every game once: {seen}")
        check(pages == 4, f"seven games in four pages: {pages}")
        expect(server.request("GET", "/api/v1/games?limit=0"), 400, "limit below 1")
        expect(server.request("GET", "/api/v1/games?limit=201"), 400, "limit above 200")
        expect(server.request("GET", "/api/v1/games?after=x"), 400, "after not a number")
        everything = expect(server.request("GET", "/api/v1/games"), 200, "default page")
        check(len(everything["games"]) == 7 and everything["links"]["next"] is None, "one page")
    finally:
        server.close()


def test_second_server():
    """A second server on the same database refuses to start, saying why; the first
    keeps serving; after the first dies (even by kill -9) a new one starts."""
    first = new_server()
    second = Server(ARGS.binary, ARGS.variants, workdir=tempfile.mkdtemp(prefix="adjutant-it-"))
    second.database = first.database
    try:
        game_id, _, _, _ = create_game(first)
        proc = subprocess.run([ARGS.binary, "serve", "--config", second.config_path()],
                              capture_output=True, text=True, timeout=30)
        check(proc.returncode != 0, f"the second server exits: {proc.returncode}")
        check("already using" in proc.stderr and first.database in proc.stderr and
              str(first.proc.pid) in proc.stderr, f"a clear refusal: {proc.stderr}")
        check("listening" not in proc.stdout, "it never listened")
        expect(first.request("GET", f"/api/v1/games/{game_id}"), 200, "the first still serves")
        first.kill9()
        second.start()
        expect(second.request("GET", f"/api/v1/games/{game_id}"), 200, "a new server starts")
    finally:
        second.close()
        first.close()


def unprivileged():
    """How to run the server as a user the file permissions bind: (the command prefix, uid,
    gid). Root writes a file of mode 0444 all the same, so as root the server runs as nobody
    (setpriv); SkipTest when that cannot be done here."""
    if os.geteuid() != 0:
        return [], os.getuid(), os.getgid()
    setpriv = shutil.which("setpriv")
    if not setpriv:
        raise SkipTest("running as root without setpriv: no user the file permissions bind")
    prefix = [setpriv, "--reuid=65534", "--regid=65534", "--clear-groups"]
    probe = subprocess.run([*prefix, ARGS.binary, "--version"], capture_output=True, timeout=30)
    if probe.returncode != 0:
        raise SkipTest(f"nobody (uid 65534) cannot run {ARGS.binary}: {probe.stderr[:200]!r}")
    return prefix, 65534, 65534


def test_read_only_database():
    """A server that may not write its database file refuses to start, naming the file and the
    reason, with the exit status of a second server on the same file (75), and never listens:
    the file of mode 0444, the file of another user (as root only: nobody else can make one),
    and a directory it may not write (SQLite keeps its write-ahead log beside the file). The
    same server starts and writes once the permissions allow it."""
    prefix, uid, gid = unprivileged()
    workdir = tempfile.mkdtemp(prefix="adjutant-it-")
    os.chown(workdir, uid, gid)
    server = Server(ARGS.binary, ARGS.variants, workdir=workdir, prefix=prefix)
    if server.postgres:
        raise SkipTest("a database file's permissions are SQLite's")
    try:
        server.start()
        game_id, _, tokens, _ = create_game(server, powers=POWERS[1:])
        check(server.stop() == 0, "clean stop")
        config = server.config_path()
        database = server.database

        def refused(why):
            try:
                proc = subprocess.run([*prefix, ARGS.binary, "serve", "--config", config],
                                      capture_output=True, text=True, timeout=20)
            except subprocess.TimeoutExpired as running:
                raise AssertionError(f"{why}: the server started anyway: {running.stdout!r}")
            check("listening" not in proc.stdout, f"{why}: it listened: {proc.stdout!r}")
            check(proc.returncode == 75, f"{why}: exit {proc.returncode}: {proc.stderr!r}")
            return proc.stderr

        os.chmod(database, 0o444)
        said = refused("mode 0444")
        check(f"cannot write the database {database}" in said and "Permission denied" in said,
              f"mode 0444: the file and the reason: {said!r}")
        if os.geteuid() == 0:
            os.chmod(database, 0o644)
            os.chown(database, 0, 0)
            said = refused("another user's file")
            check(f"cannot write the database {database}" in said and "Permission denied" in said,
                  f"another user's file: the file and the reason: {said!r}")
            os.chown(database, uid, gid)
        os.chmod(database, 0o644)
        os.chmod(workdir, 0o555)
        said = refused("a read-only directory")
        check(f"cannot write the database {database}" in said and workdir in said and
              "Permission denied" in said, f"a read-only directory: {said!r}")
        check(not os.path.exists(database + "-wal"), "nothing written beside the database")
        os.chmod(workdir, 0o755)
        server.start()
        expect(server.request("POST", f"/api/v1/games/{game_id}/seats/Austria/join", {}), 201,
               "writable again: the server starts and writes")
    finally:
        os.chmod(workdir, 0o755)
        server.close()


def test_fd_limit():
    """Out of file descriptors, the accept loop backs off and logs at most about once a
    second instead of spinning; when descriptors come back the server serves again."""
    server = Server(ARGS.binary, ARGS.variants, prefix=["prlimit", "--nofile=48:48"],
                    extra={"limits": {"header_timeout_seconds": 60, "read_timeout_seconds": 60}})
    server.start()
    held = []
    try:
        for _ in range(80):
            try:
                held.append(socket.create_connection(("127.0.0.1", server.port), timeout=2))
            except OSError:
                break
        time.sleep(0.5)  # the server has taken what it can; the rest wait in the backlog
        stat = lambda: [int(x) for x in open(f"/proc/{server.proc.pid}/stat").read()
                        .rsplit(")", 1)[1].split()[11:13]]
        log_path = os.path.join(server.workdir, "server.log")
        before_log = len(open(log_path, errors="replace").read().splitlines())
        before_cpu = sum(stat())
        time.sleep(4)
        cpu_ticks = sum(stat()) - before_cpu
        lines = open(log_path, errors="replace").read().splitlines()[before_log:]
        warnings = [line for line in lines if "accept:" in line]
        print(f"fd limit: {len(held)} connections held, {len(warnings)} accept warnings and "
              f"{cpu_ticks} CPU ticks in 4 s")
        check(warnings, "the shortage is logged")
        check(len(lines) <= 8, f"at most about one line a second: {len(lines)} lines")
        check(cpu_ticks < 100, f"no busy loop: {cpu_ticks} ticks of CPU in 4 s")
        check(server.proc.poll() is None, "the server is still running")
        for sock in held:
            sock.close()
        held = []
        deadline = time.time() + 10
        answered = False
        while time.time() < deadline and not answered:
            try:
                answered = server.request("GET", "/healthz", timeout=3)[0] == 200
            except OSError:
                time.sleep(0.2)
        check(answered, "the server serves again once descriptors are free")
    finally:
        for sock in held:
            sock.close()
        server.close()


def test_drain():
    """SIGTERM does not wait out the 30 s read timeout for a client dribbling a body:
    busy connections are closed after limits.drain_seconds."""
    server = new_server(limits={"read_timeout_seconds": 30, "header_timeout_seconds": 30,
                                "drain_seconds": 2})
    try:
        sock = socket.create_connection(("127.0.0.1", server.port), timeout=5)
        sock.sendall(b"PUT /api/v1/games/1/orders HTTP/1.1\r\nHost: x\r\n"
                     b"Content-Type: text/plain\r\nContent-Length: 1000\r\n\r\nA PAR")
        idle = socket.create_connection(("127.0.0.1", server.port), timeout=5)
        time.sleep(0.5)
        started = time.time()
        server.proc.send_signal(signal.SIGTERM)
        code = server.proc.wait(timeout=25)
        took = time.time() - started
        print(f"drain: stopped in {took:.1f} s with a body still arriving")
        check(code == 0, f"clean exit: {code}")
        check(1.5 <= took < 6, f"bounded by drain_seconds: {took:.1f} s")
        sock.close()
        idle.close()
        quiet = new_server()
        started = time.time()
        check(quiet.stop() == 0 and time.time() - started < 2, "an idle server stops at once")
        quiet.close()
    finally:
        server.close()


def test_seeds():
    """A new game has a 256-bit seed (commitment: SHA-256 of its 32 bytes); a game
    created before keeps its 64-bit seed, its commitment and its dice (replay, and the same
    rolls as `adjutant adjudicate --seed N`)."""
    server = new_server()
    try:
        game_id, gm_token, tokens, game = create_game(server, powers=WESTERN_FRONT_POWERS,
                                                      variant="western-front-1914")
        check(game["seed_bits"] == 256 and "seed" not in game, "256 bits, secret")
        legacy_id, legacy_gm, legacy_tokens, _ = create_game(
            server, powers=WESTERN_FRONT_POWERS, variant="western-front-1914")
        check(server.stop() == 0, "clean stop")
        # A game as it was before 256-bit seeds: 64-bit seed, its 8-byte commitment, no hex.
        legacy_seed = 9876543210123456789
        db = sqlite3.connect(server.database)
        db.execute("UPDATE games SET seed = ?, seed_hex = NULL, seed_commitment = ? WHERE id = ?",
                   (legacy_seed - 2**64 if legacy_seed >= 2**63 else legacy_seed,
                    hashlib.sha256(struct.pack("<Q", legacy_seed)).hexdigest(), legacy_id))
        db.commit()
        db.close()
        server.start()
        check(state(server, legacy_id)["seed_bits"] == 64, "the old game keeps 64 bits")
        plan = ["A AAC - LIE", "A LIE BESIEGE", "A LIE BESIEGE", "A LIE ASSAULT"]
        rolls = {}
        for gid, gmt, toks in [(game_id, gm_token, tokens), (legacy_id, legacy_gm, legacy_tokens)]:
            for order in plan:
                expect(put_orders(server, gid, toks["Germany"], [order]), 200, order)
                gm(server, gid, gmt, "resolve")
            # The GM's record: the whole position and every seat's orders, which the public
            # reads only once the fog lifts at the game's end (docs/fog-of-war.md).
            last = expect(server.request("GET", f"/api/v1/games/{gid}/phases/3", token=gmt), 200,
                          "assault")
            rolls[gid] = (last, [e["roll"] for e in last["results"]["events"] if "roll" in e])
            check(rolls[gid][1], f"the assault week rolled dice: {last['results']['events']}")
        ended = gm(server, legacy_id, legacy_gm, "end")["game"]
        check(ended["seed"] == str(legacy_seed), f"the old seed is revealed as it was: {ended}")
        check(hashlib.sha256(struct.pack("<Q", legacy_seed)).hexdigest() ==
              ended["seed_commitment"], "and matches its old commitment")
        new_end = gm(server, game_id, gm_token, "end")["game"]
        check(hashlib.sha256(bytes.fromhex(new_end["seed"])).hexdigest() ==
              new_end["seed_commitment"], "the new seed matches its commitment")
        # The command line recomputes each game's assault week from its revealed seed.
        for gid, seed in [(legacy_id, str(legacy_seed)), (game_id, new_end["seed"])]:
            last, served = rolls[gid]
            position = os.path.join(server.workdir, f"position-{gid}.json")
            orders = os.path.join(server.workdir, f"orders-{gid}.txt")
            json.dump(last["position"], open(position, "w"))
            # Each seat's accepted orders in canonical form.
            open(orders, "w").write("".join(f"{o['power']}: {line}\n" for o in last["orders"]
                                            for line in o["orders"]))
            cli = subprocess.run([ARGS.binary, "adjudicate", "--variant", "western-front-1914",
                                  "--position", position, "--orders", orders, "--seed", seed,
                                  ],
                                 capture_output=True, text=True, timeout=60,
                                 cwd=os.path.join(os.path.dirname(ARGS.variants), ".."))
            check(cli.returncode == 0, f"adjudicate: {cli.stderr}")
            recomputed = [e["roll"] for e in json.loads(cli.stdout)["events"] if "roll" in e]
            check(recomputed == served, f"game {gid}: the same rolls from seed {seed[:12]}...: "
                                        f"{recomputed} != {served}")
        check(server.stop() == 0, "clean stop")
        replay = server.run_cli("replay")
        check(replay.returncode == 0 and "all match" in replay.stdout, replay.stdout + replay.stderr)
    finally:
        server.close()


def test_lobby():
    """The lobby lists each game's open seats and filters by status, variant and open seats;
    a bad filter is a clear 400."""
    server = new_server()
    try:
        full_id, _, _, _ = create_game(server)  # every seat taken: it starts
        open_id, _, _, _ = create_game(server, powers=["France", "Italy"])
        colonial = expect(server.request("POST", "/api/v1/games",
                                         {"name": "Far East", "variant": "colonial"}), 201, "new")
        colonial_id = colonial["game"]["id"]

        def listed(query):
            page = expect(server.request("GET", "/api/v1/games" + query), 200, query)
            return {g["id"]: g for g in page["games"]}, page
        every, _ = listed("")
        check(every[full_id]["open_seats"] == [] and every[full_id]["status"] == "active" and
              every[open_id]["open_seats"] == ["Austria", "England", "Germany", "Russia",
                                               "Turkey"], f"open seats: {every}")
        check(sorted(listed("?open=true")[0]) == sorted([open_id, colonial_id]), "open only")
        check(sorted(listed("?status=active")[0]) == [full_id], "active only")
        check(sorted(listed("?variant=colonial")[0]) == [colonial_id], "colonial only")
        got, page = listed("?variant=standard&open=true&limit=1")
        check(list(got) == [open_id] and page["links"]["next"] is None and
              "variant=standard" in page["links"]["self"], f"filters with paging: {page}")
        for query in ("?status=won", "?open=yes", "?variant=a%26b"):
            got = server.request("GET", "/api/v1/games" + query)
            check(got[0] == 400 and got[1]["error"]["code"] == "bad_request", f"{query}: {got[0]}")
    finally:
        server.close()


# Control characters a stored text may not hold (docs/security.md): NUL, ESC, DEL, and from the
# C1 block U+0085 (next line) and U+009B (the 8-bit terminal escape, CSI).
CONTROLS = ["\u0000", "\u001b[2J", "\u007f", "\u0085", "\u009b31m"]


def test_stored_text():
    """Every text a person writes that the server stores (a game's name, a player's at join,
    invite and replace, press, orders) goes through one check: UTF-8 with no control character,
    C0, C1 or DEL, but tabs and line breaks where the text has lines; 400 naming the character
    otherwise, and nothing stored."""
    server = new_server()
    try:
        for control in CONTROLS:
            got = server.request("POST", "/api/v1/games",
                                 {"name": "Evil" + control, "variant": "standard"})
            check(got[0] == 400 and "control character" in got[1]["error"]["message"],
                  f"a game named with {control!r}: {got[0]} {got[3][:200]!r}")
        check(expect(server.request("GET", "/api/v1/games"), 200, "lobby")["games"] == [],
              "no game was created")
        game_id, gm_token, tokens, _ = create_game(server, powers=POWERS[1:],
                                                   name="Entente cordiale \u00e9t\u00e9 1914")
        base = f"/api/v1/games/{game_id}"
        for control in CONTROLS:
            for method, path, token in [("POST", "/seats/Austria/join", None),
                                        ("POST", "/seats/Austria/invite", gm_token),
                                        ("POST", "/seats/France/replace", gm_token)]:
                got = server.request(method, base + path, {"player": "Bad" + control},
                                     token=token)
                check(got[0] == 400 and "U+00" in got[1]["error"]["message"],
                      f"{path} with player {control!r}: {got[0]} {got[3][:200]!r}")
            got = server.request("POST", base + "/press", {"to": ["Italy"],
                                                           "text": "Hello " + control},
                                 token=tokens["France"])
            check(got[0] == 400 and "control character" in got[1]["error"]["message"],
                  f"press with {control!r}: {got[0]} {got[3][:200]!r}")
            for method, path in [("PUT", "/orders"), ("POST", "/orders/validate")]:
                got = server.request(method, base + path, raw=("A PAR-BUR" + control).encode(),
                                     token=tokens["France"],
                                     headers={"Content-Type": "text/plain; charset=utf-8"})
                check(got[0] == 400 and "control character" in got[1]["error"]["message"],
                      f"{path} with {control!r}: {got[0]} {got[3][:200]!r}")
        # Named where it is: the line and the character.
        got = server.request("POST", base + "/press", {"to": ["Italy"],
                                                       "text": "Line one\nab\u009b2J"},
                             token=tokens["France"])
        check("U+009B, at line 2, character 3" in got[1]["error"]["message"], got[1])
        game = state(server, game_id)
        check(game["seats"][0]["player"] is None and
              game["seats"][2]["player"] == "France player", f"no player stored: {game['seats']}")
        check(expect(server.request("GET", base + "/press", token=gm_token), 200,
                     "press")["messages"] == [], "no press stored")
        check(expect(server.request("GET", base + "/orders", token=tokens["France"]), 200,
                     "orders")["seats"][0]["submitted"] is False, "no orders stored")
        # Tabs and line breaks where the text has lines; letters of any script anywhere.
        expect(server.request("POST", base + "/press",
                              {"to": ["Italy"], "text": "Plan:\r\n\tA PAR-BUR — d'accord?"},
                              token=tokens["France"]), 201, "press with a tab and line breaks")
        expect(put_orders(server, game_id, tokens["France"], "A PAR-BUR\r\n\tA MAR H\n"), 200,
               "orders with a tab and line breaks")
        got = server.request("POST", base + "/seats/Austria/join",
                             {"player": "Tab\tName"})
        check(got[0] == 400, f"a name is one line, without a tab: {got[0]}")
        expect(server.request("POST", base + "/seats/Austria/join",
                              {"player": "Franz \u00c9douard \u5f35"}), 201, "a name in letters")
        # A variant's names and title are one line each, as every name is.
        tiny = json.load(open(os.path.join(os.path.dirname(os.path.abspath(__file__)), "..",
                                           "variants", "tiny.json")))
        tiny.update(name="tiny-titled", title="Tiny \u009b2J")
        tiny["powers"][0]["adjective"] = "Red\u001b[31m"
        got = server.request("POST", "/api/v1/variants", tiny, token=server.admin_token)
        check(got[0] == 422 and sorted(d["path"] for d in got[1]["error"]["details"]) ==
              ["/powers/0/adjective", "/title"] and
              "U+009B" in json.dumps(got[1]["error"]["details"]),
              f"a variant with control characters: {got[0]} {got[3][:300]!r}")
        tiny.update(title="Tiny \u00e9t\u00e9")
        tiny["powers"][0]["adjective"] = "Redish"
        expect(server.request("POST", "/api/v1/variants", tiny, token=server.admin_token), 201,
               "a variant in letters")
    finally:
        server.close()


def test_email_addresses():
    """An e-mail address is exactly one RFC 5321 mailbox, checked alike at join, invite, replace,
    game creation and the GM's settings: 400 for a NUL (the mail went to the part before it), a
    tab, a list; nothing stored."""
    server = new_server()
    try:
        game_id, gm_token, tokens, _ = create_game(server, powers=POWERS[1:])
        base = f"/api/v1/games/{game_id}"
        bad = ["victim@evil.test\u0000@x.test", "a\tb@x.test", "r@x.test,victim@evil.test",
               "r@x.test victim@evil.test", "Name <r@x.test>", "r@x.test\r\nBcc: v@evil.test",
               "r@@x.test", "r@x..test", "no-at-sign"]
        for address in bad:
            for method, path, field, token in [
                    ("POST", "/seats/Austria/join", "email", None),
                    ("POST", "/seats/Austria/invite", "email", gm_token),
                    ("POST", "/seats/France/replace", "email", gm_token),
                    ("POST", "/actions/settings", "gm_email", gm_token)]:
                got = server.request(method, base + path, {field: address}, token=token)
                check(got[0] == 400 and f"'{field}' is not one e-mail address" in
                      got[1]["error"]["message"],
                      f"{path} with {address!r}: {got[0]} {got[3][:200]!r}")
            got = server.request("POST", "/api/v1/games", {"name": "x", "gm_email": address})
            check(got[0] == 400, f"a new game with gm_email {address!r}: {got[0]}")
        check(server.rows("SELECT count(*) FROM seats WHERE email IS NOT NULL") == [(0,)],
              "no address stored")
        check(server.rows("SELECT count(*) FROM games") == [(1,)], "no game created")
        check(server.rows("SELECT count(*) FROM missing_orders_settings WHERE gm_email IS NOT "
                          "NULL") == [(0,)], "no GM address stored")
        for address, path, token in [("austria@player.test", "/seats/Austria/join", None),
                                     ("\"Franz Joseph\"@hofburg.test", "/seats/France/replace",
                                      gm_token)]:
            expect(server.request("POST", base + path, {"email": address}, token=token), 201,
                   f"{path} with {address}")
        settings = expect(server.request("POST", base + "/actions/settings",
                                         {"gm_email": "gm@[192.0.2.1]"}, token=gm_token), 200,
                          "settings")
        check(settings["gm_email"] == "gm@[192.0.2.1]", f"the GM's address: {settings}")
        check(sorted(r[0] for r in server.rows("SELECT email FROM seats WHERE email IS NOT NULL"))
              == ["\"Franz Joseph\"@hofburg.test", "austria@player.test"], "stored as given")
    finally:
        server.close()


def tests_of(namespace):
    """A script's tests: its test_* functions by name, without the prefix."""
    return {name[5:]: fn for name, fn in namespace.items() if name.startswith("test_")}


def script_main(tests):
    """The main of every test script built on these helpers (--only NAME runs one test)."""
    global ARGS
    ARGS = parse_server_test_args(tests)
    return run_tests(tests, ARGS.only)


if __name__ == "__main__":
    sys.exit(script_main(tests_of(globals())))
