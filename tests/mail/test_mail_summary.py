#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0
"""The week's summary in the results mail of a campaign (docs/mail.md): each seat's results
open with its own power's summary and nothing of another power's. Real server, real SQLite
file, real SMTP server on loopback. Run: test_mail_summary.py --binary PATH --variants DIR"""

import argparse
import email
import email.policy
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from mail_harness import Server, SmtpSink, check, free_port, mail_config  # noqa: E402

EMAILS = {"Germany": "wilhelm@player.test", "Belgium": "albert@player.test"}


def body_of(mail):
    return email.message_from_bytes(mail["data"], policy=email.policy.default).get_content()


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--binary", required=True)
    parser.add_argument("--variants", required=True)
    args = parser.parse_args()
    port = free_port()
    sink = SmtpSink(port)
    server = Server(args.binary, args.variants, extra=mail_config(port)).start()
    try:
        status, created, _, raw = server.request("POST", "/api/v1/games", {
            "name": "1914 by mail", "variant": "western-front-1914",
            "resolve_when_ready": False})
        check(status == 201, f"create: {raw[:200]!r}")
        game_id, gm_token = created["game"]["id"], created["gm_token"]
        tokens = {}
        for power in ["Germany", "France", "Britain", "Belgium"]:
            who = {"player": power + " player"}
            if power in EMAILS:
                who["email"] = EMAILS[power]
            status, joined, _, raw = server.request(
                "POST", f"/api/v1/games/{game_id}/seats/{power}/join", who)
            check(status == 201, f"join {power}: {raw[:200]!r}")
            tokens[power] = joined["token"]
        status, _, _, raw = server.request("PUT", f"/api/v1/games/{game_id}/orders",
                                           {"orders": ["A AAC - LIE", "A TRI - RAIL - SAA"]},
                                           token=tokens["Germany"])
        check(status == 200, f"Germany's orders: {raw[:200]!r}")
        status, _, _, raw = server.request("POST", f"/api/v1/games/{game_id}/actions/resolve",
                                           {"phase": "1914W32M"}, token=gm_token)
        check(status == 200, f"resolve: {raw[:200]!r}")
        mails = {}
        for power, rcpt in EMAILS.items():
            found = sink.wait_for(lambda m, r=rcpt: m["to"] == [r] and b"1914, week 32 results" in
                                  m["data"], "results to " + rcpt)
            check(len(found) == 1, f"one results mail to {rcpt}")
            mails[power] = body_of(found[0])
        germany, belgium = mails["Germany"], mails["Belgium"]
        # The body is CRLF on the wire; compare lines.
        germany, belgium = germany.replace("\r\n", "\n"), belgium.replace("\r\n", "\n")
        check(germany.startswith("Week's summary (1914, week 32):\nGermany: 8 of 8 armies supplied; "
                                 "rail 113 of 600 used (1 rides)\n"), germany[:400])
        summary = germany.split("Results of 1914, week 32:")[0]
        check("Belgium:" not in summary and "France:" not in summary,
              "Germany's summary holds Germany only: " + summary)
        check(belgium.startswith("Week's summary (1914, week 32):\nBelgium: 1 of 1 armies supplied; "
                                 "rail 0 of 150 used (0 rides)\n"), belgium[:400])
        check("113" not in belgium.split("Results of 1914, week 32:")[0],
              "Belgium does not read Germany's rail: " + belgium[:400])
        # The full results follow, each power's orders under its name.
        results = germany.split("Results of 1914, week 32:\n")[1].splitlines()
        under = results[results.index("Germany:") + 1:]
        germany_orders = under[:next((i for i, line in enumerate(under)
                                      if not line.startswith(" ")), len(under))]
        check("  A TRI - RAIL - SAA  ->  succeeds" in germany_orders, germany)
        print("PASS mail summary")
        return 0
    finally:
        server.close()
        sink.stop()


if __name__ == "__main__":
    sys.exit(main())
