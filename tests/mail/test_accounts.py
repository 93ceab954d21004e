# SPDX-License-Identifier: Apache-2.0
"""Accounts (docs/accounts.md) through the real server and a real SMTP server: sign-in by a link
read from the mail and followed, the same answer for known and unknown addresses, a link used
twice, from another browser, or late; the sign-in limits; seats claimed, joined and listed;
account API tokens; who reads another power's private data with a session cookie, an account
token, a seat token or nothing; CSRF; REGISTER and SIGNON by mail."""

import argparse
import email
import email.policy
import hashlib
import os
import re
import sys
import time

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
from mail_harness import (DOMAIN, Server, SmtpSink, check, create_game, free_port,  # noqa: E402
                          mail_config, mail_in, message)

sys.path.insert(0, os.path.join(HERE, "..", "integration"))
from server_harness import expect, run_tests  # noqa: E402

ARGS = None
ORDERS = f"orders@{DOMAIN}"


def new_server(relay_port, **accounts):
    extra = mail_config(relay_port)
    extra["accounts"] = dict({"link_seconds": 900, "sign_ins_per_hour_per_email": 100,
                              "sign_ins_per_hour_per_address": 1000}, **accounts)
    return Server(ARGS.binary, ARGS.variants, extra=extra).start()


def body_of(data):
    parsed = email.message_from_bytes(data, policy=email.policy.default)
    return parsed.get_body(preferencelist=("plain",)).get_content()


def link_in(sink, address, after=0):
    """The newest sign-in link mailed to `address`, once more than `after` were."""
    found = sink.wait_for(lambda m: m["to"] == [address] and b"Subject: Adjutant: " in m["data"]
                          and b"link" in m["data"], f"a link to {address}")
    deadline = time.time() + 30
    while len(found) <= after and time.time() < deadline:
        time.sleep(0.2)
        found = [m for m in sink.messages if m["to"] == [address]
                 and b"Subject: Adjutant: " in m["data"]]
    check(len(found) > after, f"link number {after + 1} to {address}")
    text = body_of(found[-1]["data"])
    match = re.search(r"(http://\S+/#/sign-in\?token=(\S+))", text)
    check(match, f"a link in {text!r}")
    return match.group(1), match.group(2)


class Browser:
    """One browser: the cookies the server set, sent back on every request."""

    def __init__(self, server):
        self.server = server
        self.cookies = {}
        self.csrf = None
        self.last = None

    def request(self, method, path, body=None, headers=None, csrf=True, token=None):
        hdrs = dict(headers or {})
        if self.cookies:
            hdrs["Cookie"] = "; ".join(f"{k}={v}" for k, v in self.cookies.items())
        if csrf and self.csrf and method not in ("GET", "HEAD"):
            hdrs["X-CSRF-Token"] = self.csrf
        result = self.server.request(method, path, body, token=token, headers=hdrs)
        self.last = result[2].msg.get_all("Set-Cookie") or []
        for cookie in self.last:
            name, _, rest = cookie.partition("=")
            value = rest.split(";", 1)[0]
            if "Max-Age=0" in cookie:
                self.cookies.pop(name, None)
            else:
                self.cookies[name] = value
        return result

    def sign_in(self, sink, address, after=0):
        expect(self.request("POST", "/api/v1/accounts/sign-in", {"email": address}), 202,
               "sign-in")
        url, token = link_in(sink, address, after)
        signed = expect(self.request("GET", "/api/v1/accounts/sign-in/confirm?token=" + token),
                        200, "confirm")
        self.csrf = signed["csrf_token"]
        return signed


def test_sign_in():
    port = free_port()
    sink = SmtpSink(port)
    server = new_server(port)
    try:
        browser = Browser(server)
        # Unknown address: the answer, then the account made by the link.
        status, unknown, resp, raw = browser.request("POST", "/api/v1/accounts/sign-in",
                                                     {"email": "Ann@Player.test"})
        check(status == 202, f"sign-in: {status} {raw!r}")
        binding = [c for c in browser.last if c.startswith("adjutant_signin=")]
        check(binding and "HttpOnly" in binding[0] and "SameSite=Lax" in binding[0] and
              "Secure" not in binding[0] and "Max-Age=900" in binding[0], f"binding: {binding}")
        url, token = link_in(sink, "ann@player.test")
        check(url.startswith(f"http://127.0.0.1:{server.port}/"), url)
        # Another browser (no binding cookie, or another's) is refused, and the link survives.
        other = Browser(server)
        expect(other.request("POST", "/api/v1/accounts/sign-in", {"email": "x@player.test"}),
               202, "other sign-in")
        got = expect(other.request("GET", "/api/v1/accounts/sign-in/confirm?token=" + token),
                     403, "another browser")
        check(got["error"]["code"] == "wrong_browser", got)
        expect(server.request("GET", "/api/v1/accounts/sign-in/confirm?token=" + token), 403,
               "no browser")
        signed = expect(browser.request("GET", "/api/v1/accounts/sign-in/confirm?token=" + token),
                        200, "confirm")
        check(signed["created"] is True and signed["account"]["email"] == "ann@player.test",
              signed)
        browser.csrf = signed["csrf_token"]
        session = [c for c in browser.last if c.startswith("adjutant_session=")]
        check(session and "HttpOnly" in session[0] and "SameSite=Lax" in session[0] and
              "Path=/" in session[0] and "Secure" not in session[0], f"session: {session}")
        check("adjutant_signin" not in browser.cookies, "the binding cookie is cleared")
        # Used once only.
        again = expect(browser.request("GET", "/api/v1/accounts/sign-in/confirm?token=" + token),
                       410, "reused")
        check(again["error"]["code"] == "link_used", again)
        me = expect(browser.request("GET", "/api/v1/accounts/me"), 200, "me")
        check(me["email"] == "ann@player.test" and me["csrf_token"] == signed["csrf_token"], me)
        # Known address: the same answer, and the same account.
        second = Browser(server)
        status2, known, _, _ = second.request("POST", "/api/v1/accounts/sign-in",
                                              {"email": "ann@player.test"})
        check(status2 == status and known == unknown, f"same answer: {known} vs {unknown}")
        _, token2 = link_in(sink, "ann@player.test", after=1)
        signed2 = expect(second.request("POST", "/api/v1/accounts/sign-in/confirm",
                                        {"token": token2}), 200, "confirm by POST")
        check(signed2["created"] is False and signed2["account"]["id"] == me["id"], signed2)
        # Nothing secret is stored in clear: the link by its hash, the session by its hash.
        check(server.rows("SELECT count(*) FROM account_links WHERE token_hash = ?",
                          (hashlib.sha256(token.encode()).hexdigest(),))[0][0] == 1, "link hash")
        session_id = browser.cookies["adjutant_session"]
        check(server.rows("SELECT count(*) FROM account_sessions WHERE id_hash = ?",
                          (hashlib.sha256(session_id.encode()).hexdigest(),))[0][0] == 1,
              "session hash")
        if not server.postgres:
            with open(server.database, "rb") as f:
                stored = f.read()
            check(token.encode() not in stored and session_id.encode() not in stored,
                  "no secret in the database file")
        # Audited.
        check(server.rows("SELECT count(*) FROM audit WHERE action = 'account_created'")[0][0]
              == 1, "account creation audited")
        # Sign-out ends the session.
        expect(browser.request("POST", "/api/v1/accounts/sign-out"), 200, "sign out")
        expect(server.request("GET", "/api/v1/accounts/me",
                              headers={"Cookie": "adjutant_session=" + session_id}), 401,
               "the session ended")
        # A browser that kept the ended session's cookie is not locked out: the cookie is
        # ignored (no CSRF token asked for) and cleared.
        status, _, resp, raw = server.request(
            "POST", "/api/v1/games", {"name": "after", "variant": "standard"},
            headers={"Cookie": "adjutant_session=" + session_id})
        check(status == 201, f"a stale cookie is ignored: {status} {raw[:200]!r}")
        cleared = resp.msg.get_all("Set-Cookie") or []
        check(any(c.startswith("adjutant_session=;") and "Max-Age=0" in c for c in cleared),
              f"and cleared: {cleared}")
    finally:
        server.close()
        sink.stop()


def test_expired_link():
    port = free_port()
    sink = SmtpSink(port)
    server = new_server(port, link_seconds=2)
    try:
        browser = Browser(server)
        expect(browser.request("POST", "/api/v1/accounts/sign-in", {"email": "late@player.test"}),
               202, "sign-in")
        _, token = link_in(sink, "late@player.test")
        time.sleep(3)
        late = expect(browser.request("GET", "/api/v1/accounts/sign-in/confirm?token=" + token),
                      410, "expired")
        check(late["error"]["code"] == "link_expired", late)
        check(server.rows("SELECT count(*) FROM accounts")[0][0] == 0, "no account made")
        bad = expect(browser.request("GET", "/api/v1/accounts/sign-in/confirm?token=link_nope"),
                     404, "unknown link")
        check(bad["error"]["code"] == "invalid_link", bad)
    finally:
        server.close()
        sink.stop()


def test_rate_limit():
    port = free_port()
    sink = SmtpSink(port)
    server = new_server(port, sign_ins_per_hour_per_email=2, sign_ins_per_hour_per_address=4)
    try:
        for _ in range(2):
            expect(server.request("POST", "/api/v1/accounts/sign-in", {"email": "r@player.test"}),
                   202, "within the limit")
        status, body, resp, _ = server.request("POST", "/api/v1/accounts/sign-in",
                                               {"email": "R@player.test"})
        check(status == 429 and body["error"]["code"] == "rate_limited", f"{status} {body}")
        check(int(resp.getheader("Retry-After")) > 0, "Retry-After")
        check(body["error"]["details"]["limit"] == 2, body)
        # Per client: other addresses, from the same client.
        expect(server.request("POST", "/api/v1/accounts/sign-in", {"email": "s@player.test"}),
               202, "third of the client")
        status, body, resp, _ = server.request("POST", "/api/v1/accounts/sign-in",
                                               {"email": "t@player.test"})
        check(status == 202, f"fourth of the client {status}")
        status, body, resp, _ = server.request("POST", "/api/v1/accounts/sign-in",
                                               {"email": "u@player.test"})
        check(status == 429 and body["error"]["details"]["limit"] == 4, f"{status} {body}")
        check(resp.getheader("Retry-After"), "Retry-After")
    finally:
        server.close()
        sink.stop()


def test_seats():
    """A claimed seat, a seat joined while signed in, "My games", a replaced seat."""
    port = free_port()
    sink = SmtpSink(port)
    server = new_server(port)
    try:
        game_id, gm_token, tokens = create_game(server, {})
        other_id, _, other_tokens = create_game(server, {})
        browser = Browser(server)
        browser.sign_in(sink, "fred@player.test")
        # Both proofs are needed: the wrong seat token is refused.
        wrong = expect(browser.request("POST", f"/api/v1/games/{game_id}/seats/France/claim",
                                       headers={"X-Seat-Token": tokens["England"]}), 403,
                       "another seat's token")
        del wrong
        expect(server.request("POST", f"/api/v1/games/{game_id}/seats/France/claim",
                              headers={"X-Seat-Token": tokens["France"]}), 401,
               "no account")
        seat = expect(browser.request("POST", f"/api/v1/games/{game_id}/seats/france/claim",
                                      headers={"X-Seat-Token": tokens["France"]}), 200, "claim")
        check(seat["power"] == "France" and seat["orders_in"] is False, seat)
        check(server.rows("SELECT count(*) FROM audit WHERE game_id = ? AND action = 'claim'",
                          (game_id,))[0][0] == 1, "claim audited")
        # The account acts as France: orders by the session, with the CSRF header.
        expect(browser.request("PUT", f"/api/v1/games/{game_id}/orders",
                               {"orders": ["A PAR H"]}), 200, "orders by account")
        # England writes to France.
        expect(server.request("POST", f"/api/v1/games/{game_id}/press",
                              {"to": ["France"], "text": "hello"}, token=tokens["England"]),
               201, "press")
        games = expect(browser.request("GET", "/api/v1/accounts/me/games"), 200, "my games")
        check(len(games["seats"]) == 1, games)
        mine = games["seats"][0]
        check(mine["game_id"] == game_id and mine["power"] == "France" and mine["orders_in"] and
              mine["unread_press"] == 1 and mine["phase"] == "S1901M" and
              mine["game_name"] == "Mail game", mine)
        # One seat per game: a second claim in the same game is refused.
        expect(browser.request("POST", f"/api/v1/games/{game_id}/seats/Italy/claim",
                               headers={"X-Seat-Token": tokens["Italy"]}), 409,
               "second seat of a game")
        # A join while signed in binds the new seat.
        created = expect(server.request("POST", "/api/v1/games",
                                        {"name": "Third", "variant": "standard"}), 201, "create")
        third = created["game"]["id"]
        expect(browser.request("POST", f"/api/v1/games/{third}/seats/Russia/join",
                               {"player": "Fred"}), 201, "join signed in")
        powers = {(s["game_id"], s["power"])
                  for s in expect(browser.request("GET", "/api/v1/accounts/me/games"), 200,
                                  "my games")["seats"]}
        check(powers == {(game_id, "France"), (third, "Russia")}, powers)
        del other_id, other_tokens
        # The GM hands France to someone else: the account no longer acts for it.
        expect(server.request("POST", f"/api/v1/games/{game_id}/seats/France/replace",
                              {"player": "New"}, token=gm_token), 201, "replace")
        expect(browser.request("GET", f"/api/v1/games/{game_id}/orders"), 403,
               "replaced seat")
        powers = {s["power"] for s in
                  expect(browser.request("GET", "/api/v1/accounts/me/games"), 200,
                         "my games")["seats"]}
        check(powers == {"Russia"}, powers)
    finally:
        server.close()
        sink.stop()


def test_tokens():
    port = free_port()
    sink = SmtpSink(port)
    server = new_server(port)
    try:
        game_id, _, tokens = create_game(server, {})
        browser = Browser(server)
        browser.sign_in(sink, "bot@player.test")
        expect(browser.request("POST", f"/api/v1/games/{game_id}/seats/Turkey/claim",
                               {"seat_token": tokens["Turkey"]}), 200, "claim by body")
        made = expect(browser.request("POST", "/api/v1/accounts/me/tokens", {"name": "my bot"}),
                      201, "create token")
        token = made["token"]
        check(token.startswith("acct_") and made["name"] == "my bot", made)
        listed = expect(browser.request("GET", "/api/v1/accounts/me/tokens"), 200, "list")
        check(len(listed["tokens"]) == 1 and "token" not in listed["tokens"][0], listed)
        check(token not in str(listed), "no secret listed")
        # The token authenticates, with no CSRF header and no cookie.
        me = expect(server.request("GET", "/api/v1/accounts/me", token=token), 200, "me by token")
        check("csrf_token" not in me, me)
        expect(server.request("PUT", f"/api/v1/games/{game_id}/orders", {"orders": ["F ANK H"]},
                              token=token), 200, "orders by token")
        orders = expect(server.request("GET", f"/api/v1/games/{game_id}/orders", token=token),
                        200, "orders")
        check([s["power"] for s in orders["seats"]] == ["Turkey"], orders)
        check(server.rows("SELECT count(*) FROM account_tokens WHERE token_hash = ?",
                          (hashlib.sha256(token.encode()).hexdigest(),))[0][0] == 1, "hash")
        expect(browser.request("DELETE", f"/api/v1/accounts/me/tokens/{made['id']}"), 200,
               "revoke")
        expect(server.request("GET", "/api/v1/accounts/me", token=token), 401, "revoked")
        expect(server.request("GET", f"/api/v1/games/{game_id}/orders", token=token), 401,
               "revoked on a game")
        expect(browser.request("DELETE", f"/api/v1/accounts/me/tokens/{made['id']}"), 404,
               "revoked twice")
        actions = [r[0] for r in server.rows(
            "SELECT action FROM audit WHERE action LIKE 'account_token_%' ORDER BY id")]
        check(actions == ["account_token_created", "account_token_revoked"], actions)
        # Profile: name and time zone, validated.
        changed = expect(browser.request("PATCH", "/api/v1/accounts/me",
                                         {"display_name": "Bot", "time_zone": "Europe/Paris"}),
                         200, "patch")
        check(changed["display_name"] == "Bot" and changed["time_zone"] == "Europe/Paris",
              changed)
        expect(browser.request("PATCH", "/api/v1/accounts/me", {"time_zone": "Mars/Olympus"}),
               400, "unknown zone")
        expect(browser.request("PATCH", "/api/v1/accounts/me", {"time_zone": "../../etc/passwd"}),
               400, "a path is no zone")
    finally:
        server.close()
        sink.stop()


def test_email_change():
    port = free_port()
    sink = SmtpSink(port)
    server = new_server(port)
    try:
        browser = Browser(server)
        browser.sign_in(sink, "old@player.test")
        changed = expect(browser.request("PATCH", "/api/v1/accounts/me",
                                         {"email": "new@player.test"}), 200, "change email")
        check(changed["email"] == "old@player.test" and
              changed["pending_email"] == "new@player.test", changed)
        me = expect(browser.request("GET", "/api/v1/accounts/me"), 200, "me")
        check(me["email"] == "old@player.test", "not before the link")
        _, token = link_in(sink, "new@player.test")
        done = expect(server.request("GET", "/api/v1/accounts/sign-in/confirm?token=" + token),
                      200, "confirm new address")
        check(done["email_changed"] and done["account"]["email"] == "new@player.test", done)
        me = expect(browser.request("GET", "/api/v1/accounts/me"), 200, "me")
        check(me["email"] == "new@player.test", me)
    finally:
        server.close()
        sink.stop()


def test_authorization():
    """England's orders before resolution and England's press to Germany, asked for by France
    with a session cookie, an account token and a seat token, by an account with no seat in the
    game, and by nobody: none reads them."""
    port = free_port()
    sink = SmtpSink(port)
    server = new_server(port)
    try:
        game_id, _, tokens = create_game(server, {})
        expect(server.request("PUT", f"/api/v1/games/{game_id}/orders",
                              {"orders": ["F LON - NTH"]}, token=tokens["England"]), 200,
               "England's orders")
        expect(server.request("POST", f"/api/v1/games/{game_id}/press",
                              {"to": ["Germany"], "text": "secret plan"},
                              token=tokens["England"]), 201, "England's press")
        france = Browser(server)
        france.sign_in(sink, "france@player.test")
        expect(france.request("POST", f"/api/v1/games/{game_id}/seats/France/claim",
                              headers={"X-Seat-Token": tokens["France"]}), 200, "claim")
        account_token = expect(france.request("POST", "/api/v1/accounts/me/tokens", {}), 201,
                               "token")["token"]
        outsider = Browser(server)
        outsider.sign_in(sink, "outsider@player.test")
        session = {"Cookie": "adjutant_session=" + france.cookies["adjutant_session"]}

        ways = {
            "cookie": lambda m, p: server.request(m, p, headers=session),
            "account token": lambda m, p: server.request(m, p, token=account_token),
            "seat token": lambda m, p: server.request(m, p, token=tokens["France"]),
        }
        for name, ask in ways.items():
            status, orders, _, raw = ask("GET", f"/api/v1/games/{game_id}/orders")
            check(status == 200, f"{name}: orders {status}")
            check([s["power"] for s in orders["seats"]] == ["France"] and b"NTH" not in raw,
                  f"{name}: only France's orders: {orders}")
            status, press, _, raw = ask("GET", f"/api/v1/games/{game_id}/press")
            check(status == 200 and b"secret plan" not in raw, f"{name}: press {raw[:200]!r}")
            status, phase, _, raw = ask("GET", f"/api/v1/games/{game_id}/phases/0")
            check(status == 200 and b"NTH" not in raw, f"{name}: phase {raw[:200]!r}")
            status, _, _, raw = ask("GET", f"/api/v1/games/{game_id}/powers/England/orders")
            check(b"NTH" not in raw, f"{name}: England's history {raw[:200]!r}")
        for path in (f"/api/v1/games/{game_id}/orders", f"/api/v1/games/{game_id}/press"):
            expect(outsider.request("GET", path), 403, "an account without a seat: " + path)
            expect(server.request("GET", path), 401, "nobody: " + path)
        # An account's credentials for one game act for nothing in another.
        other_id, _, _ = create_game(server, {})
        expect(server.request("GET", f"/api/v1/games/{other_id}/orders", token=account_token),
               403, "another game")
    finally:
        server.close()
        sink.stop()


def test_csrf():
    port = free_port()
    sink = SmtpSink(port)
    server = new_server(port)
    try:
        game_id, _, tokens = create_game(server, {})
        browser = Browser(server)
        browser.sign_in(sink, "csrf@player.test")
        expect(browser.request("POST", f"/api/v1/games/{game_id}/seats/France/claim",
                               headers={"X-Seat-Token": tokens["France"]}), 200, "claim")
        for method, path, body in [
                ("PUT", f"/api/v1/games/{game_id}/orders", {"orders": ["A PAR H"]}),
                ("POST", f"/api/v1/games/{game_id}/press", {"to": "all", "text": "x"}),
                ("POST", "/api/v1/accounts/me/tokens", {}),
                ("PATCH", "/api/v1/accounts/me", {"display_name": "x"}),
                ("POST", "/api/v1/accounts/sign-out", None)]:
            got = expect(browser.request(method, path, body, csrf=False), 403,
                         f"{method} {path} without the header")
            check(got["error"]["code"] == "csrf", got)
            got = expect(browser.request(method, path, body, csrf=False,
                                         headers={"X-CSRF-Token": "csrf_" + "0" * 64}), 403,
                         f"{method} {path} with a wrong header")
        check(server.rows("SELECT count(*) FROM orders")[0][0] == 0, "nothing written")
        expect(browser.request("PUT", f"/api/v1/games/{game_id}/orders", {"orders": ["A PAR H"]}),
               200, "with the header")
        # A bearer token needs none, even beside the cookie.
        expect(browser.request("PUT", f"/api/v1/games/{game_id}/orders", {"orders": ["F ANK H"]},
                               csrf=False, token=tokens["Turkey"]), 200, "seat token")
    finally:
        server.close()
        sink.stop()


def test_mail_commands():
    """REGISTER mails back a link (bound to no browser); SIGNON binds the sender's seat."""
    port = free_port()
    sink = SmtpSink(port)
    server = new_server(port)
    try:
        player = "gina@player.test"
        game_id, _, tokens = create_game(server, {"Germany": player})
        done = mail_in(server, message(player, ORDERS, "REGISTER\n", subject="register"),
                       recipient=ORDERS)
        check(done.returncode == 0, f"mail-in: {done.stderr!r}")
        # Told apart from the seat's welcome, whose HELP names every command too.
        answer = sink.wait_for(lambda m: m["to"] == [player] and b"REGISTER" in m["data"] and
                               b"Welcome to game" not in m["data"], "the REGISTER answer")[0]
        check("a link to confirm your account was mailed" in body_of(answer["data"]),
              body_of(answer["data"]))
        _, token = link_in(sink, player)
        signed = expect(server.request("GET", "/api/v1/accounts/sign-in/confirm?token=" + token),
                        200, "confirm a mailed link")
        check(signed["created"] and signed["account"]["email"] == player, signed)
        done = mail_in(server, message(player, ORDERS, f"SIGNON {game_id}\n", subject="signon"),
                       recipient=ORDERS)
        check(done.returncode == 0, f"mail-in: {done.stderr!r}")
        answer = sink.wait_for(lambda m: m["to"] == [player] and b"SIGNON" in m["data"] and
                               b"Welcome to game" not in m["data"], "the SIGNON answer")[0]
        text = body_of(answer["data"])
        check(f"Germany in game {game_id} is now held by your account" in text, text)
        browser = Browser(server)
        browser.sign_in(sink, player, after=1)
        seats = expect(browser.request("GET", "/api/v1/accounts/me/games"), 200, "my games")
        check([(s["game_id"], s["power"]) for s in seats["seats"]] == [(game_id, "Germany")],
              seats)
        # From an address with no account: told to REGISTER; nothing bound.
        done = mail_in(server, message("nobody@player.test", ORDERS, f"SIGNON {game_id}\n"),
                       recipient=ORDERS)
        answer = sink.wait_for(lambda m: m["to"] == ["nobody@player.test"],
                               "the answer to an unknown sender")[0]
        check("Send REGISTER first" in body_of(answer["data"]), body_of(answer["data"]))
        del tokens
    finally:
        server.close()
        sink.stop()


def test_reliability():
    """Reliability counted from the record: a seat held through phases ordered, missed and into
    civil disorder; the public figures and /me; a game's minimum refusing a join."""
    port = free_port()
    sink = SmtpSink(port)
    server = new_server(port)
    try:
        # Deadlines of a second that the scheduler leaves to the GM for an hour (grace): the GM
        # resolves each phase once its deadline has passed.
        game_id, gm_token, tokens = create_game(
            server, {}, deadlines={"movement": 1, "retreat": 1, "adjustment": 1},
            grace_seconds=3600, extensions_per_player=0, civil_disorder_after=2)
        browser = Browser(server)
        account = browser.sign_in(sink, "rel@player.test")["account"]["id"]
        expect(browser.request("POST", f"/api/v1/games/{game_id}/seats/Austria/claim",
                               headers={"X-Seat-Token": tokens["Austria"]}), 200, "claim")

        def resolve_past_deadline():
            game = expect(server.request("GET", f"/api/v1/games/{game_id}"), 200, "game")
            time.sleep(max(0.0, game["deadline"] + 1.1 - time.time()))
            expect(server.request("POST", f"/api/v1/games/{game_id}/actions/resolve",
                                  {"phase": game["phase"]}, token=gm_token), 200, "resolve")

        expect(browser.request("PUT", f"/api/v1/games/{game_id}/orders",
                               {"orders": ["A VIE H"]}), 200, "Austria orders")
        resolve_past_deadline()  # on time
        resolve_past_deadline()  # missed
        resolve_past_deadline()  # missed again: civil disorder
        figures = expect(server.request("GET", f"/api/v1/accounts/{account}/reliability"), 200,
                         "reliability")
        check(figures == {"phases_on_time": 1, "phases_missed": 2, "civil_disorders": 1,
                          "games_finished": 0, "games_abandoned": 0, "percent": 33,
                          "average_submit_seconds": None}, figures)
        me = expect(browser.request("GET", "/api/v1/accounts/me"), 200, "me")
        check(me["reliability"] == figures, me)
        expect(server.request("GET", "/api/v1/accounts/999/reliability"), 404, "no account")
        # The GM hands Austria to someone else: a game abandoned, the phases kept.
        expect(server.request("POST", f"/api/v1/games/{game_id}/seats/Austria/replace",
                              {"player": "New"}, token=gm_token), 201, "replace")
        after = expect(server.request("GET", f"/api/v1/accounts/{account}/reliability"), 200,
                       "reliability after the replacement")
        check(after == dict(figures, games_abandoned=1), after)

        # A GM's minimum: 50% refuses this account (33%); no account: sign in first.
        created = expect(server.request("POST", "/api/v1/games",
                                        {"name": "Careful", "variant": "standard",
                                         "min_reliability": 50}), 201, "create with minimum")
        careful = created["game"]["id"]
        low = expect(browser.request("POST", f"/api/v1/games/{careful}/seats/Russia/join",
                                     {"player": "Rel"}), 403, "below the minimum")
        check("at least 50%" in low["error"]["message"] and "33%" in low["error"]["message"],
              low)
        anonymous = expect(server.request("POST", f"/api/v1/games/{careful}/seats/Russia/join",
                                          {"player": "Anon"}), 403, "no account")
        check(anonymous["error"]["message"] == "sign in to join this game", anonymous)
        # The GM lowers it: the account joins.
        expect(server.request("POST", f"/api/v1/games/{careful}/actions/settings",
                              {"min_reliability": 30}, token=created["gm_token"]), 200,
               "settings")
        expect(browser.request("POST", f"/api/v1/games/{careful}/seats/Russia/join",
                               {"player": "Rel"}), 201, "at the minimum")
        # Taken away (0): anyone joins again.
        expect(server.request("POST", f"/api/v1/games/{careful}/actions/settings",
                              {"min_reliability": 0}, token=created["gm_token"]), 200,
               "no minimum")
        expect(server.request("POST", f"/api/v1/games/{careful}/seats/Italy/join",
                              {"player": "Anon"}), 201, "no minimum, no account")
    finally:
        server.close()
        sink.stop()


def test_absence():
    """An account's absence (docs/absence.md, "For an account"): declared on each seat it holds
    as that seat's player, a game that refuses it listed with its reason, the others kept; a
    wrong date refused whole; nobody else's seat touched."""
    port = free_port()
    sink = SmtpSink(port)
    server = new_server(port)
    try:
        game_id, _, tokens = create_game(server, {})
        strict_id, _, strict_tokens = create_game(server, {}, absence_days_per_player=0)
        browser = Browser(server)
        browser.sign_in(sink, "away@player.test")
        expect(browser.request("POST", f"/api/v1/games/{game_id}/seats/France/claim",
                               headers={"X-Seat-Token": tokens["France"]}), 200, "claim")
        expect(browser.request("POST", f"/api/v1/games/{strict_id}/seats/Italy/claim",
                               headers={"X-Seat-Token": strict_tokens["Italy"]}), 200, "claim")
        deadline = server.request("GET", f"/api/v1/games/{game_id}")[1]["deadline"]
        day = time.strftime("%Y-%m-%d", time.gmtime(deadline))
        expect(browser.request("POST", "/api/v1/accounts/me/absences",
                               {"from": "soon", "to": day}), 400, "a date that is not one")
        check(server.rows("SELECT count(*) FROM absences")[0][0] == 0, "nothing declared")
        away = expect(browser.request("POST", "/api/v1/accounts/me/absences",
                                      {"from": day, "to": day, "note": "skiing"}), 200,
                      "the account's absence")
        by_game = {s["game_id"]: s for s in away["seats"]}
        check(set(by_game) == {game_id, strict_id}, away)
        france, italy = by_game[game_id], by_game[strict_id]
        check(france["power"] == "France" and "declared" in france and "refused" not in france,
              france)
        check(italy["power"] == "Italy" and "declared" not in italy and
              italy["refused"]["code"] == "absence_refused", italy)
        # France's game waits; the strict game does not.
        moved = server.request("GET", f"/api/v1/games/{game_id}")[1]
        check(moved.get("waiting_for_absence") and moved["deadline"] > deadline, moved)
        check("waiting_for_absence" not in server.request("GET", f"/api/v1/games/{strict_id}")[1],
              "the strict game does not wait")
        check(server.rows("SELECT game_id, power FROM absences") == [(game_id, "France")],
              "only the account's own seat")
    finally:
        server.close()
        sink.stop()


TESTS = {"reliability": test_reliability, "sign_in": test_sign_in, "expired_link": test_expired_link,
         "rate_limit": test_rate_limit, "seats": test_seats, "tokens": test_tokens,
         "email_change": test_email_change, "authorization": test_authorization,
         "csrf": test_csrf, "mail_commands": test_mail_commands, "absence": test_absence}


def main():
    global ARGS
    parser = argparse.ArgumentParser()
    parser.add_argument("--binary", required=True)
    parser.add_argument("--variants", required=True)
    parser.add_argument("--only", choices=sorted(TESTS))
    ARGS = parser.parse_args()
    ARGS.binary, ARGS.variants = os.path.abspath(ARGS.binary), os.path.abspath(ARGS.variants)
    return run_tests(TESTS, ARGS.only)


if __name__ == "__main__":
    sys.exit(main())
