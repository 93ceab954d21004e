# SPDX-License-Identifier: Apache-2.0
"""Helpers of the mail tests: a real SMTP server on loopback (Debian's python3-aiosmtpd), the
real `adjutant serve` with mail enabled (tests/integration/server_harness.py), and
`adjutant mail-in` fed one message on standard input. Every wait is bounded."""

import os
import socket
import subprocess
import sys
import threading
import time
from email.message import EmailMessage
from email.utils import make_msgid

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, "..", "integration"))
from server_harness import Server  # noqa: E402,F401

DOMAIN = "adjutant.test"
FROM = "Adjutant Judge <judge@adjutant.test>"


def check(condition, message):
    if not condition:
        raise AssertionError(message)


def free_port():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


class SmtpSink:
    """aiosmtpd on 127.0.0.1:port, keeping every message as received (bytes, after SMTP
    dot-unstuffing)."""

    def __init__(self, port):
        from aiosmtpd.controller import Controller
        self.messages = []
        self.lock = threading.Lock()
        sink = self

        class Handler:
            async def handle_DATA(self, server, session, envelope):
                with sink.lock:
                    sink.messages.append({"from": envelope.mail_from,
                                          "to": list(envelope.rcpt_tos),
                                          "data": envelope.original_content or
                                          envelope.content})
                return "250 OK"

        self.controller = Controller(Handler(), hostname="127.0.0.1", port=port)
        self.controller.start()

    def stop(self):
        self.controller.stop()

    def wait_for(self, predicate, what, timeout=30):
        deadline = time.time() + timeout
        while time.time() < deadline:
            with self.lock:
                found = [m for m in self.messages if predicate(m)]
            if found:
                return found
            time.sleep(0.2)
        with self.lock:
            seen = [(m["to"], m["data"][:200]) for m in self.messages]
        raise AssertionError(f"no mail {what} within {timeout}s; received: {seen}")


def mail_config(relay_port, enabled=True):
    return {"mail": {"enabled": enabled, "relay": f"smtp://127.0.0.1:{relay_port}",
                     "from": FROM, "domain": DOMAIN, "interval_seconds": 1,
                     "retry_base_seconds": 1, "retry_max_seconds": 2, "max_attempts": 50,
                     "reminder_seconds": 3600}}


def message(sender, to, body, subject="orders", message_id=None, extra=None):
    msg = EmailMessage()
    msg["From"] = sender
    msg["To"] = to
    msg["Subject"] = subject
    msg["Message-ID"] = message_id or make_msgid(domain="player.test")
    for key, value in (extra or {}).items():
        msg[key] = value
    msg.set_content(body)
    return msg.as_bytes()


def mail_in(server, raw, recipient=None, extra_args=()):
    args = [server.binary, "mail-in", "--config", server.config_path()]
    if recipient:
        args += ["--recipient", recipient]
    args += list(extra_args)
    return subprocess.run(args, input=raw, capture_output=True, timeout=60)


def seat_address(server, game_id, power):
    done = server.run_cli("mail-address", "--game", str(game_id), "--power", power)
    check(done.returncode == 0, f"mail-address: {done.stderr}")
    return done.stdout.strip()


def db_rows(server, sql, params=()):
    return server.rows(sql, params)


def create_game(server, emails, names=None, **settings):
    """A standard game; seats in `emails` join with that address, the rest without one."""
    body = {"name": "Mail game", "variant": "standard", "resolve_when_ready": False}
    body.update(settings)
    status, created, _, raw = server.request("POST", "/api/v1/games", body)
    check(status == 201, f"create game: {raw[:200]!r}")
    game_id = created["game"]["id"]
    tokens = {}
    for power in ["Austria", "England", "France", "Germany", "Italy", "Russia", "Turkey"]:
        who = {"player": (names or {}).get(power, power + " player")}
        if power in emails:
            who["email"] = emails[power]
        status, joined, _, raw = server.request(
            "POST", f"/api/v1/games/{game_id}/seats/{power}/join", who)
        check(status == 201, f"join {power}: {raw[:200]!r}")
        tokens[power] = joined["token"]
    return game_id, created["gm_token"], tokens


def orders_of(server, game_id, token):
    status, body, _, raw = server.request("GET", f"/api/v1/games/{game_id}/orders", token=token)
    check(status == 200, f"get orders: {raw[:200]!r}")
    return body["seats"][0]
