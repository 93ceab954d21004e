#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0
"""Integration tests of the mail gateway against the real server, a real SQLite file and a
real SMTP server on loopback (aiosmtpd). Run:
  test_mail.py --binary PATH --variants DIR [--only NAME]"""

import argparse
import email
import email.policy
import json
import os
import sqlite3
import sys
import time
from email.message import EmailMessage

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from mail_harness import (FROM, SmtpSink, Server, check, create_game, db_rows,  # noqa: E402
                          free_port, mail_config, mail_in, message, orders_of, seat_address)

ARGS = None
FRANCE = "fred@player.test"


def new_server(relay_port, enabled=True):
    return Server(ARGS.binary, ARGS.variants, extra=mail_config(relay_port, enabled)).start()


def headers_block(data):
    """The header lines, each with its CRLF."""
    return data.split(b"\r\n\r\n", 1)[0] + b"\r\n"


def test_outbound():
    """Welcome, confirmation and results reach a real SMTP server, well formed."""
    port = free_port()
    sink = SmtpSink(port)
    server = new_server(port)
    try:
        game_id, gm_token, tokens = create_game(
            server, {"France": FRANCE, "England": "eng@player.test"},
            names={"France": "Frédéric Müller"})
        address = seat_address(server, game_id, "France")
        welcome = sink.wait_for(lambda m: m["to"] == [FRANCE] and b"you play France" in
                                m["data"], "welcome to France")[0]
        data = welcome["data"]
        head = headers_block(data)
        check(welcome["from"] == "judge@adjutant.test", f"envelope from: {welcome['from']}")
        check(b"\r\n" in data and b"\n" not in data.replace(b"\r\n", b""),
              "CRLF line ends only")
        check(all(b < 128 for b in head), "headers are 7-bit")
        check(b"From: Adjutant Judge <judge@adjutant.test>\r\n" in head, head)
        # The name is one RFC 2047 encoded word in UTF-8, byte for byte.
        check(b"\r\nTo: =?UTF-8?b?RnLDqWTDqXJpYyBNw7xsbGVy?= <fred@player.test>\r\n" in head,
              head)
        check(b"Auto-Submitted: auto-generated\r\n" in head, head)
        check(b"X-Loop: judge@adjutant.test\r\n" in head, head)
        check(b"MIME-Version: 1.0\r\n" in head, head)
        check(b"Content-Type: text/plain; charset=utf-8\r\n" in head, head)
        check(f"Reply-To: {address}\r\n".encode() in head, head)
        check(f"References: <game-{game_id}.adjutant@adjutant.test>\r\n".encode() in head, head)
        parsed = email.message_from_bytes(data, policy=email.policy.default)
        check(str(parsed["To"]) == "Frédéric Müller <fred@player.test>", str(parsed["To"]))
        check(parsed["Message-ID"].endswith(".adjutant@adjutant.test>"), parsed["Message-ID"])
        welcome_text = parsed.get_content()
        check(address in welcome_text, "the welcome names the orders address")
        # What a new player needs first: the phase by name, the deadline, the units, the web.
        check("Phase: Spring 1901 movement" in welcome_text, welcome_text)
        check("Deadline: " in welcome_text, welcome_text)
        check("Your units: A PAR, A MAR, F BRE" in welcome_text or
              all(u in welcome_text for u in ("A PAR", "A MAR", "F BRE")), welcome_text)
        check(f"On the web: http://127.0.0.1:{server.port}/#/game/{game_id}" in welcome_text,
              welcome_text)
        check("S1901M" not in welcome_text, "no phase code in the welcome")

        # Orders by mail: a confirmation threaded to the player's message, UTF-8 body in
        # quoted-printable (the name has non-ASCII letters).
        raw = message(FRANCE, address,
                      "A PAR-BUR\nA MAR-SPA\nF BRE-MAO\nXYZZY\nGrüße\n\n-- \nFred\n",
                      subject="Spring moves", message_id="<spring-1@player.test>")
        done = mail_in(server, raw, recipient=address)
        check(done.returncode == 0, f"mail-in: {done.returncode} {done.stderr}")
        mine = orders_of(server, game_id, tokens["France"])
        check(mine["submitted"] and mine["source"] == "email", f"orders stored: {mine}")
        check(mine["text"].splitlines() == ["A PAR-BUR", "A MAR-SPA", "F BRE-MAO", "XYZZY",
                                           "Grüße"],
              f"signature cut: {mine['text']!r}")
        reply = sink.wait_for(lambda m: b"In-Reply-To: <spring-1@player.test>" in m["data"],
                              "confirmation")[0]
        head = headers_block(reply["data"])
        check(b"Subject: Re: Spring moves\r\n" in head, head)
        # Threaded under the game (like the results) and under the player's message.
        check(f"References: <game-{game_id}.adjutant@adjutant.test> <spring-1@player.test>\r\n"
              .encode() in head, head)
        check(b"Auto-Submitted: auto-replied\r\n" in head, head)
        # The answer echoes the non-ASCII line: UTF-8 in quoted-printable, byte for byte.
        check(b"Content-Transfer-Encoding: quoted-printable\r\n" in head, head)
        check(b"  Gr=C3=BC=C3=9Fe  ->  REJECTED: unknown command" in reply["data"], reply["data"])
        body = email.message_from_bytes(reply["data"], policy=email.policy.default).get_content()
        check("A PAR-BUR  ->  accepted: A PAR - BUR" in body, body)
        check("XYZZY  ->  REJECTED: unknown command" in body, body)
        check("Your orders in force for Spring 1901 movement:" in body and "Deadline: " in body,
              body)
        check("Orders received for Spring 1901 movement" in body, body)

        # Results after resolution go to every seat with an address.
        status, _, _, raw_answer = server.request(
            "POST", f"/api/v1/games/{game_id}/actions/resolve", {"phase": "S1901M"},
            token=gm_token)
        check(status == 200, f"resolve: {raw_answer[:200]!r}")
        for rcpt in (FRANCE, "eng@player.test"):
            result = sink.wait_for(lambda m, r=rcpt: m["to"] == [r] and
                                   b"Spring 1901 movement results" in m["data"],
                                   "results to " + rcpt)
            check(len(result) == 1, f"results mailed once to {rcpt}")
        text = email.message_from_bytes(result[0]["data"],
                                        policy=email.policy.default).get_content()
        check("\nFrance:\n  " in text.replace("\r\n", "\n") and
              "  A PAR - BUR  ->  succeeds" in text, text)
        time.sleep(2)  # a few more sender rounds: nothing is sent twice
        sent = db_rows(server, "SELECT count(*) FROM mail_outbox WHERE status = 'sent'")[0][0]
        check(sent == len(sink.messages), f"outbox sent {sent} vs received {len(sink.messages)}")
    finally:
        server.close()
        sink.stop()


def confirmations(server, recipient):
    return [body for (body,) in db_rows(
        server, "SELECT body FROM mail_outbox WHERE recipient = ? AND subject LIKE 'Re:%' "
        "ORDER BY id", (recipient,))]


def test_headings():
    """Friendly lines ending in ':' fail alone; a message none of whose lines is accepted does
    not replace the orders in force, says so, and a READY in it is about those orders. Error
    texts show UTF-8 as text."""
    server = new_server(free_port(), enabled=False)
    try:
        game_id, _, tokens = create_game(server, {"France": FRANCE})
        address = seat_address(server, game_id, "France")

        def send(body):
            done = mail_in(server, message(FRANCE, address, body), recipient=address)
            check(done.returncode == 0, f"mail-in: {done.returncode} {done.stderr}")
            return confirmations(server, FRANCE)[-1]

        text = send("Here are my orders:\nA PAR-BUR\nChanging my mind:\nF BRE-MAO\n"
                    "Bonjour, voici mes ordres pour l'\u00e9t\u00e9 :\nA MAR-SPA\n")
        check("(3 accepted, 3 rejected)" in text, text)
        mine = orders_of(server, game_id, tokens["France"])
        in_force = [v["order"] for v in mine["verdicts"] if v["status"] == "accepted"]
        check(in_force == ["A PAR - BUR", "F BRE - MAO", "A MAR - SPA"], f"in force: {mine}")
        # The French line is shown as written, not as escaped bytes.
        check("'Bonjour, voici mes ordres pour l'\u00e9t\u00e9' is not a power" in text, text)
        check("\\x" not in text, f"no escaped bytes: {text}")

        # Nothing accepted: the orders in force stay, the confirmation says so, and READY is
        # about the orders in force (the earlier ones), which the confirmation lists.
        text = send("Thanks for hosting, see you in the fall:\nA MUN-RUH\nREADY\n")
        check("No line of your message was accepted as an order for Spring 1901 movement,\nso "
              "your orders in force are unchanged" in text, text)
        check("EARLIER orders" in text, text)
        check("  A PAR - BUR\n  F BRE - MAO\n  A MAR - SPA\n" in text, text)
        after = orders_of(server, game_id, tokens["France"])
        check(after["text"] == mine["text"], f"the stored orders did not change: {after}")
        check(after["ready"], "the seat is ready with its orders in force")
        status, game, _, _ = server.request("GET", f"/api/v1/games/{game_id}")
        check(status == 200 and game["phase"] == "S1901M", "nothing resolved (GM resolves)")

        # READY alone says it marks the orders in force.
        text = send("NOT READY\n")
        check("no longer ready" in text, text)
        text = send("READY\n")
        check("ready for this phase with your orders in force below" in text, text)
        check("EARLIER" not in text, text)
    finally:
        server.close()


def test_relay_down():
    """With the relay down mail waits in the outbox, across a restart, and goes out later."""
    port = free_port()
    server = new_server(port)
    sink = None
    try:
        # Turkey joins last, in the request that starts the game, so its welcome is its only
        # mail (a welcome queued once the game has started gives the deadline and stands for the
        # start mail): the outbox holds one row whenever the sender's rounds fall.
        game_id, _, _ = create_game(server, {"Turkey": TURKEY})
        deadline = time.time() + 20
        while time.time() < deadline:
            rows = db_rows(server, "SELECT status, attempts, last_error FROM mail_outbox")
            if rows and rows[0][1] >= 2:
                break
            time.sleep(0.3)
        check(rows and rows[0][0] == "pending" and rows[0][1] >= 2,
              f"pending with failed attempts: {rows}")
        server.stop()
        server.start()  # the row survives a restart
        sink = SmtpSink(port)
        sink.wait_for(lambda m: m["to"] == [TURKEY], "welcome once the relay is back")
        deadline = time.time() + 10
        while time.time() < deadline:
            rows = db_rows(server, "SELECT status FROM mail_outbox")
            if rows == [("sent",)]:
                break
            time.sleep(0.3)
        check(rows == [("sent",)], f"outbox after the outage: {rows}")
        check(len(sink.messages) == 1, f"sent exactly once: {len(sink.messages)}")
    finally:
        server.close()
        if sink:
            sink.stop()


def test_forged_sender():
    """The right address from the wrong sender, or a wrong key: nothing is processed."""
    server = new_server(free_port(), enabled=False)
    try:
        game_id, _, tokens = create_game(server, {"France": FRANCE})
        address = seat_address(server, game_id, "France")
        forged = message("mallory@evil.test", address, "A PAR-BUR\n")
        done = mail_in(server, forged, recipient=address)
        check(done.returncode == 0 and b"rejected" in done.stderr, done.stderr)
        check(not orders_of(server, game_id, tokens["France"])["submitted"], "forged: no orders")
        alerts = db_rows(server, "SELECT recipient, subject FROM mail_outbox")
        check(alerts == [(FRANCE, "Adjutant: a message for France was refused")],
              f"only the registered address is told: {alerts}")
        wrong_key = address.split("@")[0][:-4] + "0000@" + address.split("@")[1]
        done = mail_in(server, message(FRANCE, wrong_key, "A PAR-BUR\n"), recipient=wrong_key)
        check(done.returncode == 0 and b"rejected" in done.stderr, done.stderr)
        check(not orders_of(server, game_id, tokens["France"])["submitted"], "bad key: no orders")
        check(b"A PAR-BUR" not in address.encode(), "sanity")
        # Mail that must never be answered: no reply is queued, nothing is processed.
        before = db_rows(server, "SELECT count(*) FROM mail_outbox")[0][0]
        for extra in ({"Auto-Submitted": "auto-replied"}, {"Precedence": "bulk"},
                      {"X-Loop": "judge@adjutant.test"}):
            done = mail_in(server, message(FRANCE, address, "A PAR-BUR\n", extra=extra),
                           recipient=address)
            check(done.returncode == 0 and b"ignored" in done.stderr, done.stderr)
        done = mail_in(server, message("MAILER-DAEMON@relay.test", address, "bounce"),
                       recipient=address)
        check(done.returncode == 0 and b"ignored" in done.stderr, done.stderr)
        after = db_rows(server, "SELECT count(*) FROM mail_outbox")[0][0]
        check(before == after, "nothing answered")
        check(not orders_of(server, game_id, tokens["France"])["submitted"], "nothing processed")
        # No From: at all: nobody to answer, EX_DATAERR.
        done = mail_in(server, b"Subject: hi\r\n\r\nA PAR-BUR\r\n", recipient=address)
        check(done.returncode == 65, f"no From: {done.returncode}")
    finally:
        server.close()


def test_duplicate():
    """A redelivered message is not processed again: it is answered "already received", with
    the orders in force now (not the stored confirmation, whose orders a later mail may have
    replaced), to the seat alone."""
    server = new_server(free_port(), enabled=False)
    try:
        game_id, gm_token, tokens = create_game(server, {"France": FRANCE,
                                                         "England": "eng@player.test"})
        address = seat_address(server, game_id, "France")
        first = message(FRANCE, address, "A PAR-BUR\nF BRE-MAO\n", subject="Spring",
                        message_id="<m1@player.test>")
        second = message(FRANCE, address, "A PAR-PIC\n", message_id="<m2@player.test>")
        for raw in (first, second, first):
            done = mail_in(server, raw, recipient=address)
            check(done.returncode == 0, done.stderr)
        check(b"duplicate" in done.stderr, done.stderr)
        mine = orders_of(server, game_id, tokens["France"])
        check(mine["text"].strip() == "A PAR-PIC", f"the redelivery was not re-applied: {mine}")
        inbox = db_rows(server, "SELECT count(*) FROM mail_inbox")[0][0]
        check(inbox == 2, f"two messages recorded: {inbox}")
        replies = db_rows(server, "SELECT recipient, subject, body, headers FROM mail_outbox "
                          "ORDER BY id")
        check([r[0] for r in replies] == [FRANCE] * 3, f"to the seat alone: {replies}")
        again = replies[2][2]
        check(again != replies[0][2], "not the stored confirmation")
        check("already received" in again, again)
        check(replies[2][1] == "Re: Spring", replies[2][1])
        check(json.loads(replies[2][3]).get("In-Reply-To") == "<m1@player.test>", replies[2][3])
        # The orders in force now, the second message's, and nothing of the first's verdicts.
        check("Your orders in force for Spring 1901 movement:\n  A PAR - PIC\n" in again, again)
        check("A PAR - BUR" not in again and "BRE" not in again, again)
        check("England" not in again and "LON" not in again, f"no other seat's orders: {again}")
        # Once the GM has handed the seat to another player, a redelivery of the old player's
        # mail tells nobody anything of the seat.
        status, _, _, raw = server.request(
            "POST", f"/api/v1/games/{game_id}/seats/France/replace",
            {"player": "Newcomer", "email": "new@player.test"}, token=gm_token)
        check(status == 201, f"replace: {raw[:200]!r}")
        done = mail_in(server, second, recipient=address)
        check(done.returncode == 0 and b"duplicate" in done.stderr, done.stderr)
        after = db_rows(server, "SELECT count(*) FROM mail_outbox")[0][0]
        check(after == 3, f"nothing answered for a replaced seat: {after}")
        # Without a Message-ID the content hash recognises the copy.
        raw = first.replace(b"Message-ID: <m1@player.test>\n", b"")
        check(b"Message-ID" not in raw, "fixture has no Message-ID")
        for _ in range(2):
            done = mail_in(server, raw, recipient=address)
        check(b"duplicate" in done.stderr, done.stderr)
    finally:
        server.close()


def test_reminder():
    """A seat that must order and has not is reminded once before the deadline."""
    port = free_port()
    sink = SmtpSink(port)
    server = new_server(port)  # reminder_seconds 3600 > the 600 s deadline below
    try:
        game_id, _, _ = create_game(server, {"France": FRANCE},
                                    deadlines={"movement": 600})
        reminder = sink.wait_for(lambda m: b"orders due for Spring 1901 movement" in m["data"],
                                  "reminder")
        check(reminder[0]["to"] == [FRANCE], reminder[0]["to"])
        time.sleep(3)  # more sender rounds: still one reminder
        count = sum(1 for m in sink.messages if b"orders due for" in m["data"])
        check(count == 1, f"one reminder, got {count}")
    finally:
        server.close()
        sink.stop()


def test_tempfail():
    """A locked database makes mail-in exit 75 (EX_TEMPFAIL) so the MTA retries; the retry
    then goes through."""
    server = new_server(free_port(), enabled=False)
    try:
        game_id, _, tokens = create_game(server, {"France": FRANCE})
        address = seat_address(server, game_id, "France")
        raw = message(FRANCE, address, "A PAR-BUR\n")
        lock = sqlite3.connect(server.database, isolation_level=None, timeout=10)
        lock.execute("BEGIN IMMEDIATE")  # holds the write lock past mail-in's 5 s busy timeout
        try:
            done = mail_in(server, raw, recipient=address)
        finally:
            lock.execute("ROLLBACK")
            lock.close()
        check(done.returncode == 75, f"EX_TEMPFAIL: {done.returncode} {done.stderr}")
        check(not orders_of(server, game_id, tokens["France"])["submitted"], "nothing applied")
        done = mail_in(server, raw, recipient=address)
        check(done.returncode == 0, done.stderr)
        check(orders_of(server, game_id, tokens["France"])["submitted"], "applied on retry")
    finally:
        server.close()


def test_rate_limit():
    """Mail that is not accepted is answered at most three times an hour per sender and per seat;
    the rest is recorded and not answered, and a seat's own orders still get through."""
    server = new_server(free_port(), enabled=False)
    try:
        game_id, _, tokens = create_game(server, {"France": FRANCE})
        address = seat_address(server, game_id, "France")
        wrong_key = address.split("@")[0][:-4] + "0000@" + address.split("@")[1]
        for i in range(6):
            done = mail_in(server, message("stranger@else.test", wrong_key, f"hello {i}\n"),
                           recipient=wrong_key)
            check(done.returncode == 0 and b"rejected" in done.stderr, done.stderr)
            check((b"rate limit" in done.stderr) == (i >= 3), f"mail {i}: {done.stderr}")
        answered = db_rows(server, "SELECT count(*) FROM mail_outbox WHERE recipient = ?",
                           ("stranger@else.test",))[0][0]
        check(answered == 3, f"three answers to the stranger, not {answered}")
        recorded = db_rows(server, "SELECT count(*) FROM mail_inbox WHERE sender = ?",
                           ("stranger@else.test",))[0][0]
        check(recorded == 6, f"every message recorded: {recorded}")
        for i in range(5):
            done = mail_in(server, message("mallory@evil.test", address, f"A PAR-BUR {i}\n"),
                           recipient=address)
            check(done.returncode == 0 and b"rejected" in done.stderr, done.stderr)
        alerts = db_rows(server, "SELECT count(*) FROM mail_outbox WHERE recipient = ?",
                         (FRANCE,))[0][0]
        check(alerts == 3, f"the seat's owner is told three times, not {alerts}")
        done = mail_in(server, message(FRANCE, address, "A PAR-BUR\n"), recipient=address)
        check(done.returncode == 0, done.stderr)
        check(orders_of(server, game_id, tokens["France"])["submitted"], "the owner's orders apply")
    finally:
        server.close()


TESTS = {"headings": test_headings, "rate_limit": test_rate_limit, "outbound": test_outbound, "reminder": test_reminder, "tempfail": test_tempfail, "relay_down": test_relay_down,
         "forged_sender": test_forged_sender, "duplicate": test_duplicate}


ITALY = "ida@player.test"
GERMANY = "gus@player.test"


def test_press():
    """Press by mail (docs/press.md): PRESS TO ... ENDPRESS beside orders, delivered to the
    recipients who play by mail, threaded; a reply goes to its sender alone; grey press reaches
    its recipient without the sender's name and cannot be replied to; a forged sender's press is
    refused like its orders."""
    port = free_port()
    sink = SmtpSink(port)
    server = new_server(port)
    try:
        game_id, gm_token, tokens = create_game(
            server, {"France": FRANCE, "Italy": ITALY, "Germany": GERMANY}, press={"grey": True})
        france = seat_address(server, game_id, "France")
        italy = seat_address(server, game_id, "Italy")
        germany = seat_address(server, game_id, "Germany")

        def send(sender, address, body, **kw):
            done = mail_in(server, message(sender, address, body, **kw), recipient=address)
            check(done.returncode == 0, f"mail-in: {done.returncode} {done.stderr}")
            return confirmations(server, sender)[-1] if b"rejected" not in done.stderr else None

        def press_of(token):
            status, body, _, raw = server.request("GET", f"/api/v1/games/{game_id}/press",
                                                  token=token)
            check(status == 200, f"read press: {raw[:200]!r}")
            return body["messages"]

        text = send(FRANCE, france, "PRESS TO Italy, germany\nShall we share Austria?\n"
                    "qx9-mail-secret\nENDPRESS\nA PAR-BUR\n")
        check("Press sent to Germany, Italy, message" in text, text)
        check("(1 accepted, 0 rejected)" in text, f"the orders beside it: {text}")
        delivered = sink.wait_for(lambda m: b"Shall we share Austria?" in m["data"], "press")
        deadline = time.time() + 20
        while len(delivered) < 2 and time.time() < deadline:
            time.sleep(0.3)
            delivered = [m for m in sink.messages if b"Shall we share Austria?" in m["data"]]
        check(sorted(r for m in delivered for r in m["to"]) == sorted([ITALY, GERMANY]),
              f"to the recipients only: {[m['to'] for m in delivered]}")
        to_italy = next(email.message_from_bytes(m["data"], policy=email.policy.default)
                        for m in delivered if m["to"] == [ITALY])
        check(to_italy["Message-ID"].startswith("<press-") and
              f"<game-{game_id}." in to_italy["References"],
              f"threaded under the game: {to_italy['Message-ID']} {to_italy['References']}")
        check("From: France" in to_italy.get_content(), to_italy.get_content())
        check(to_italy["Reply-To"] == italy, f"replies come back to Italy's address")

        # A reply is press to France alone, whatever it says.
        text = send(ITALY, italy, "Yes. READY\n", extra={"In-Reply-To": to_italy["Message-ID"],
                                                           "References": to_italy["Message-ID"]})
        check("Your reply was sent to France alone" in text, text)
        check([m["text"] for m in press_of(tokens["France"])][-1] == "Yes. READY",
              "France reads the reply")
        check("Yes. READY" not in str(press_of(tokens["Germany"])), "Germany does not")
        check(not orders_of(server, game_id, tokens["Italy"])["ready"], "no command was run")

        # Grey press by mail: Italy is not told who sent it, and cannot reply to it.
        text = send(GERMANY, germany, "GREY PRESS TO Italy\nWatch France.\nENDPRESS\n")
        check("(grey)" in text, text)
        grey = sink.wait_for(lambda m: b"Watch France." in m["data"], "grey press")[0]
        check(b"Germany" not in grey["data"] and b"anonymous" in grey["data"],
              "the grey sender is not named")
        grey_id = email.message_from_bytes(grey["data"], policy=email.policy.default)["Message-ID"]
        text = send(ITALY, italy, "Who are you?\n", extra={"References": grey_id})
        check("NOT sent" in text and "grey" in text, text)

        # A forged sender's press is refused with its orders; gunboat-like refusals say why.
        before = len(press_of(gm_token))
        check(send("mallory@evil.test", france, "PRESS TO Italy\nforged\nENDPRESS\n") is None,
              "the forged mail is rejected")
        text = send(FRANCE, france, "PRESS TO France\nto me\nENDPRESS\n")
        check("Your press was NOT sent" in text, text)
        check(len(press_of(gm_token)) == before, "nothing was stored")
    finally:
        server.close()
        sink.stop()


TESTS["press"] = test_press


def test_draws():
    """Draws by mail (docs/draws.md, docs/mail.md): DRAW proposes a draw or accepts the open
    one, NO DRAW refuses it, CONCEDE TO accepts the open concession or proposes one, DRAWS lists
    them; the answers say each vote and the outcome, and the votes stay secret meanwhile."""
    port = free_port()
    sink = SmtpSink(port)
    server = new_server(port)
    try:
        game_id, gm_token, tokens = create_game(
            server, {"France": FRANCE, "Italy": ITALY, "Germany": GERMANY})
        france = seat_address(server, game_id, "France")
        italy = seat_address(server, game_id, "Italy")
        germany = seat_address(server, game_id, "Germany")

        def send(sender, address, body):
            done = mail_in(server, message(sender, address, body), recipient=address)
            check(done.returncode == 0, f"mail-in: {done.returncode} {done.stderr}")
            return confirmations(server, sender)[-1]

        text = send(FRANCE, france, "NO DRAW\n")
        check("no open proposal to refuse" in text, text)
        text = send(FRANCE, france, "A PAR-BUR\nSET DRAW\n")
        check("You proposed proposal 1 (a draw of Austria, England, France, Germany, Italy, "
              "Russia and Turkey, by France)" in text, text)
        check("(1 accepted, 0 rejected)" in text, f"the orders beside it: {text}")
        text = send(ITALY, italy, "draw\n")
        check("You accepted proposal 1" in text and "stays open" in text, text)
        check("France" not in text.split("You accepted")[1].split("stays open")[1][:40],
              "no one else's vote is told")
        text = send(GERMANY, germany, "NODRAW\n")
        check("You refused proposal 1" in text and "It has FAILED" in text, text)

        text = send(ITALY, italy, "CONCEDE TO France\n")
        check("You proposed proposal 2 (a concession to France, by Italy)" in text, text)
        text = send(GERMANY, germany, "concede to france\n")
        check("You accepted proposal 2" in text, text)
        text = send(FRANCE, france, "CONCEDE TO France\n")
        check("CONCEDE TO FRANCE failed:" in text, f"France does not vote on its own: {text}")
        for power in ("Austria", "England", "Russia", "Turkey"):
            status, body, _, raw = server.request(
                "POST", f"/api/v1/games/{game_id}/draws/2/vote", {"accept": True},
                token=tokens[power])
            check(status == 200, f"vote {power}: {raw[:200]!r}")
        check(body["status"] == "passed", body)
        status, game, _, _ = server.request("GET", f"/api/v1/games/{game_id}")
        check(game["result"] == {"kind": "concession", "winner": "France"}, game)
        text = send(GERMANY, germany, "DRAWS\n")
        check("proposal 1 (a draw of" in text and ": failed, your vote refuse" in text, text)
        check("proposal 2 (a concession to France, by Italy)" in text and
              ": passed, your vote accept" in text, text)
    finally:
        server.close()
        sink.stop()


TESTS["draws"] = test_draws


GM_ADDRESS = "gm@master.test"


def test_missing_orders():
    """A late seat is mailed about its automatic extension, and the GM about the extension and
    then the seat's civil disorder; each once (docs/server.md, "Missing orders")."""
    port = free_port()
    sink = SmtpSink(port)
    server = new_server(port)
    try:
        game_id, _, tokens = create_game(server, {"France": FRANCE},
                                         deadlines={"movement": 2, "retreat": 600,
                                                    "adjustment": 600},
                                         civil_disorder_after=1, gm_email=GM_ADDRESS)
        for power, token in tokens.items():
            if power != "France":
                status, _, _, raw = server.request(
                    "PUT", f"/api/v1/games/{game_id}/orders", {"orders": ""}, token=token)
                check(status == 200, f"orders {power}: {raw[:200]!r}")
        extended = sink.wait_for(
            lambda m: b"deadline extended for Spring 1901 movement" in m["data"], "extension")
        check(extended[0]["to"] == [FRANCE], extended[0]["to"])
        check(b"0 automatic extensions" in extended[0]["data"], extended[0]["data"][:600])
        told = sink.wait_for(
            lambda m: b"Spring 1901 movement extended for France" in m["data"], "GM extension")
        check(told[0]["to"] == [GM_ADDRESS], told[0]["to"])
        disorder = sink.wait_for(lambda m: b"France is in civil disorder" in m["data"],
                                 "GM civil disorder")
        check(disorder[0]["to"] == [GM_ADDRESS], disorder[0]["to"])
        # The fall: France in civil disorder is not extended; the six silent seats are, and the
        # GM hears of them in one mail.
        fall = sink.wait_for(lambda m: b"Fall 1901 movement extended for" in m["data"],
                             "GM fall extension")
        check(len(fall) == 1 and b"Austria, England, Germany, Italy, Russia, Turkey" in
              fall[0]["data"], fall[0]["data"][:400])
        time.sleep(3)  # more sender rounds: still one of each
        # (In the fall the other seats, silent now, get their own extension, told to the GM in
        # one mail.)
        for marker in (b"deadline extended for Spring",
                       b"Spring 1901 movement extended for France",
                       b"France is in civil disorder"):
            count = sum(1 for m in sink.messages if marker in m["data"])
            check(count == 1, f"one {marker!r} mail, got {count}")
    finally:
        server.close()
        sink.stop()


TESTS["missing_orders"] = test_missing_orders


TURKEY = "tom@player.test"


def mail_text(data):
    """A received message's text, with "\n" line ends."""
    text = email.message_from_bytes(data, policy=email.policy.default).get_content()
    return text.replace("\r\n", "\n")


def test_game_start():
    """A seat that joined before the start is not promised a deadline in its welcome, and is
    mailed once when the game starts, with the first deadline; a seat whose welcome came after
    the start read the deadline there."""
    port = free_port()
    sink = SmtpSink(port)
    server = new_server(port)
    try:
        status, created, _, raw = server.request(
            "POST", "/api/v1/games", {"name": "Mail game", "variant": "standard",
                                      "resolve_when_ready": False})
        check(status == 201, f"create game: {raw[:200]!r}")
        game_id = created["game"]["id"]

        def join(power, address=None):
            who = {"player": power + " player"}
            if address:
                who["email"] = address
            status, _, _, raw = server.request(
                "POST", f"/api/v1/games/{game_id}/seats/{power}/join", who)
            check(status == 201, f"join {power}: {raw[:200]!r}")

        join("France", FRANCE)
        welcome = mail_text(sink.wait_for(lambda m: m["to"] == [FRANCE] and
                                          b"you play France" in m["data"],
                                          "welcome to France")[0]["data"])
        check("(the game has not started yet)" in welcome, welcome)
        check("Deadline: none" not in welcome, f"no deadline promised: {welcome}")
        check("Deadline: set when the game starts" in welcome, welcome)
        check("has started" not in welcome, welcome)
        for power in ("Austria", "England", "Germany", "Italy", "Russia"):
            join(power)
        join("Turkey", TURKEY)  # the last seat: the game starts
        status, game, _, _ = server.request("GET", f"/api/v1/games/{game_id}")
        check(status == 200 and game["status"] == "active", f"started: {game}")
        first = time.strftime("%Y-%m-%d %H:%M UTC", time.gmtime(game["deadline"]))
        start = sink.wait_for(lambda m: m["to"] == [FRANCE] and b"has started" in m["data"],
                              "the start to France")[0]
        parsed = email.message_from_bytes(start["data"], policy=email.policy.default)
        check(parsed["Subject"] == f"Game {game_id} (Mail game) has started: you play France",
              parsed["Subject"])
        check(parsed["References"] == f"<game-{game_id}.adjutant@adjutant.test>",
              parsed["References"])
        check(parsed["Reply-To"] == seat_address(server, game_id, "France"), parsed["Reply-To"])
        text = mail_text(start["data"])
        check("Phase: Spring 1901 movement\n" in text, text)
        check(f"Deadline: {first}\n" in text, f"the first deadline {first}: {text}")
        check("A PAR" in text and "F BRE" in text, f"the seat's units: {text}")
        turkey = mail_text(sink.wait_for(lambda m: m["to"] == [TURKEY] and
                                         b"you play Turkey" in m["data"],
                                         "welcome to Turkey")[0]["data"])
        check(f"Deadline: {first}\n" in turkey and "not started" not in turkey, turkey)
        time.sleep(3)  # more sender rounds: the start is mailed once, to the seat not yet told
        starts = [m["to"] for m in sink.messages if b"has started" in m["data"]]
        check(starts == [[FRANCE]], f"one start mail, to France: {starts}")
    finally:
        server.close()
        sink.stop()


TESTS["game_start"] = test_game_start


def test_html_entities():
    """An HTML-only mail's named entities are decoded before the lines are read: a friendly
    line in it is quoted back as the player wrote it."""
    server = new_server(free_port(), enabled=False)
    try:
        game_id, _, tokens = create_game(server, {"France": FRANCE})
        address = seat_address(server, game_id, "France")
        html = EmailMessage()
        html["From"] = FRANCE
        html["To"] = address
        html["Subject"] = "ordres"
        html["Message-ID"] = "<html-1@player.test>"
        html.set_content("<html><body><div>A PAR&#x2D;BUR</div><div>&Agrave; bient&ocirc;t, "
                         "ch&egrave;re Autriche &hellip;</div></body></html>", subtype="html")
        done = mail_in(server, html.as_bytes(), recipient=address)
        check(done.returncode == 0, f"mail-in: {done.returncode} {done.stderr}")
        mine = orders_of(server, game_id, tokens["France"])
        check(mine["text"].splitlines() ==
              ["A PAR-BUR", "\u00c0 bient\u00f4t, ch\u00e8re Autriche \u2026"], mine["text"])
        text = confirmations(server, FRANCE)[-1]
        check("A PAR-BUR  ->  accepted: A PAR - BUR" in text, text)
        check("\u00c0 bient\u00f4t, ch\u00e8re Autriche \u2026  ->  " in text, text)
        check("&" not in text, f"no entity quoted back: {text}")
    finally:
        server.close()


TESTS["html_entities"] = test_html_entities


def results_block(text):
    """The results part of a results mail: from "Results of" to "Now:"."""
    start = text.index("Results of ")
    return text[start:text.index("\nNow:", start)]


def test_results_by_power():
    """The results mail lists each power's orders together, the powers in the variant's order,
    as the web page does; the seat's own refused lines are under its power."""
    port = free_port()
    sink = SmtpSink(port)
    server = new_server(port)
    try:
        game_id, gm_token, tokens = create_game(server, {"France": FRANCE})
        address = seat_address(server, game_id, "France")
        for power, orders in (("England", "F LON-NTH\nF EDI-NWG\nA LVP-YOR\n"),
                              ("Germany", "A MUN-RUH\nA BER-KIE\nF KIE-DEN\n")):
            status, _, _, raw = server.request("PUT", f"/api/v1/games/{game_id}/orders",
                                               {"orders": orders}, token=tokens[power])
            check(status == 200, f"orders {power}: {raw[:200]!r}")
        done = mail_in(server, message(FRANCE, address, "A PAR-BUR\nA MAR-SPA\nF BRE-MAO\n"
                                       "A MAR-BRX\n"), recipient=address)
        check(done.returncode == 0, f"mail-in: {done.returncode} {done.stderr}")
        status, _, _, raw = server.request(
            "POST", f"/api/v1/games/{game_id}/actions/resolve", {"phase": "S1901M"},
            token=gm_token)
        check(status == 200, f"resolve: {raw[:200]!r}")
        results = mail_text(sink.wait_for(lambda m: m["to"] == [FRANCE] and
                                          b"Spring 1901 movement results" in m["data"],
                                          "results to France")[0]["data"])
        block = results_block(results)
        lines = [line for line in block.splitlines()[1:] if line]
        headings = [line for line in lines if not line.startswith(" ")]
        check(headings == ["Austria:", "England:", "France:", "Germany:", "Italy:", "Russia:",
                           "Turkey:"], f"one heading per power, in order: {block}")
        groups = {}
        for line in lines:
            if not line.startswith(" "):
                power = line[:-1]
                groups[power] = []
            else:
                groups[power].append(line.strip())
        check(all(o in groups["France"] for o in ("A PAR - BUR  ->  succeeds",
                                                  "A MAR - SPA  ->  succeeds",
                                                  "F BRE - MAO  ->  succeeds")),
              f"France's: {block}")
        check(len(groups["France"]) == 4 and
              any(o.startswith("A MAR-BRX  ->  ") for o in groups["France"]),
              f"France's refused line under France: {block}")
        check("F LON - NTH  ->  succeeds" in groups["England"] and len(groups["England"]) == 3,
              f"England's: {block}")
        check("A MUN - RUH  ->  succeeds" in groups["Germany"], f"Germany's: {block}")
        check(all("PAR" not in o for p, g in groups.items() if p != "France" for o in g),
              f"no power's orders under another: {block}")
    finally:
        server.close()
        sink.stop()


TESTS["results_by_power"] = test_results_by_power


def test_friendly_lines():
    """A friendly line that is no order is noted calmly as "not an order"; a mistyped order is
    still REJECTED with its reason. The confirmation says whether the seat is marked ready."""
    server = new_server(free_port(), enabled=False)
    try:
        game_id, _, tokens = create_game(server, {"France": FRANCE})
        address = seat_address(server, game_id, "France")

        def send(body):
            done = mail_in(server, message(FRANCE, address, body), recipient=address)
            check(done.returncode == 0, f"mail-in: {done.returncode} {done.stderr}")
            return confirmations(server, FRANCE)[-1]

        text = send("A PAR-BUR\nThanks and good luck!\nSee you in the fall\nA MAR-BRX\n"
                    "PRX holds\nA BRX\nPRX S BUR\nXYZZY\n")
        check("  Thanks and good luck!  ->  not an order\n" in text, text)
        check("  See you in the fall  ->  not an order\n" in text, text)
        check("unknown province 'Thanks'" not in text and "'See'" not in text, text)
        for typo in ("A MAR-BRX", "PRX holds", "A BRX", "PRX S BUR"):
            check(f"  {typo}  ->  REJECTED: " in text, f"{typo} is rejected clearly: {text}")
        check("  XYZZY  ->  REJECTED: unknown command" in text, text)
        check("You are not marked ready" in text, text)
        # Ready, then new orders: the confirmation says the seat is still marked ready.
        text = send("READY\n")
        check("You are marked ready" in text, text)
        text = send("A PAR-PIC\n")
        check("You are marked ready" in text and "NOT READY" in text, text)
        check(orders_of(server, game_id, tokens["France"])["ready"], "still ready")
        text = send("NOT READY\n")
        check("You are not marked ready" in text, text)
    finally:
        server.close()


TESTS["friendly_lines"] = test_friendly_lines


def test_absence():
    """SET ABSENCE (docs/absence.md, docs/mail.md): each mistake answered with what to write or
    why it is refused, and a good one with the absence and the deadline it leaves."""
    port = free_port()
    sink = SmtpSink(port)
    server = new_server(port)
    try:
        game_id, _, _ = create_game(server, {"France": FRANCE})
        france = seat_address(server, game_id, "France")

        def send(body):
            done = mail_in(server, message(FRANCE, france, body), recipient=france)
            check(done.returncode == 0, f"mail-in: {done.returncode} {done.stderr}")
            return confirmations(server, FRANCE)[-1]

        text = send("SET ABSENCE\n")
        check("SET ABSENCE failed: write SET ABSENCE 2026-12-24 TO 2027-01-02" in text, text)
        text = send("SET ABSENCE tomorrow\n")
        check("SET ABSENCE failed: the absence's start 'tomorrow' is not a time: write a date"
              in text, text)
        today = time.strftime("%Y-%m-%d", time.gmtime())
        far = time.strftime("%Y-%m-%d", time.gmtime(time.time() + 30 * 86400))
        text = send(f"set absence {today} to {far}\n")
        check("SET ABSENCE failed: absence refused: this absence is 31 days, over the limit: the "
              "game allows 14 days per player, and this seat has 14 days left" in text, text)
        deadline = db_rows(server, f"SELECT deadline FROM games WHERE id = {game_id}")[0][0]
        text = send(f"A PAR-BUR\nSET ABSENCE {today}\n")
        check("Absence set for France: from " in text and "(1 day, absence 1)" in text and
              "(1 accepted, 0 rejected)" in text, f"beside the orders: {text}")
        after = db_rows(server, f"SELECT deadline FROM games WHERE id = {game_id}")[0][0]
        end_of_today = (int(time.time()) // 86400 + 1) * 86400
        check(after == (end_of_today if deadline < end_of_today else deadline),
              f"the deadline: {deadline} -> {after}")
    finally:
        server.close()
        sink.stop()


TESTS["absence"] = test_absence


def main():
    global ARGS
    parser = argparse.ArgumentParser()
    parser.add_argument("--binary", required=True)
    parser.add_argument("--variants", required=True)
    parser.add_argument("--only", choices=sorted(TESTS))
    ARGS = parser.parse_args()
    for name, test in TESTS.items():
        if ARGS.only and name != ARGS.only:
            continue
        print("==", name, flush=True)
        test()
        print("ok", name, flush=True)


if __name__ == "__main__":
    main()
