#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0
"""`adjutant migrate --from FILE --to postgresql://…` (docs/storage.md): a site played on
SQLite, copied into an empty PostgreSQL database, replays there, and a server on the copy
serves the same games and goes on: new ids after the copied ones, the same tokens.

Needs the private cluster (ADJUTANT_TEST_POSTGRES_CLUSTER, tests/postgres/cluster.py): without
it the test fails. Every wait is bounded."""

import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, "..", "integration"))
from server_harness import (Server, check, expect, parse_server_test_args,  # noqa: E402
                            run_tests)

ARGS = None
POWERS = ["Austria", "England", "France", "Germany", "Italy", "Russia", "Turkey"]


def test_sqlite_to_postgres():
    check(os.environ.get("ADJUTANT_TEST_POSTGRES_CLUSTER"),
          "ADJUTANT_TEST_POSTGRES_CLUSTER is not set: run through CTest's postgres fixture")
    site = Server(ARGS.binary, ARGS.variants)
    target = site.database  # the fresh PostgreSQL database the harness made
    site.database = os.path.join(site.workdir, "adjutant.db")
    try:
        site.start()
        created = expect(site.request("POST", "/api/v1/games", {
            "name": "To copy", "variant": "standard", "resolve_when_ready": False}), 201,
            "create")
        game_id, gm_token = created["game"]["id"], created["gm_token"]
        tokens = {}
        for power in POWERS:
            tokens[power] = expect(site.request(
                "POST", f"/api/v1/games/{game_id}/seats/{power}/join", {"player": power}),
                201, "join")["token"]
        expect(site.request("PUT", f"/api/v1/games/{game_id}/orders",
                            {"orders": ["A PAR - BUR"]}, token=tokens["France"]), 200, "orders")
        expect(site.request("POST", f"/api/v1/games/{game_id}/actions/resolve",
                            {"phase": "S1901M"}, token=gm_token), 200, "resolve")
        before = expect(site.request("GET", f"/api/v1/games/{game_id}"), 200, "game")
        check(site.stop() == 0, "clean stop")

        copied = site.run_cli("migrate", "--from", site.database, "--to", target)
        check(copied.returncode == 0 and "all match" in copied.stdout,
              f"copy: {copied.stdout} {copied.stderr}")
        check("phases: 2 row(s)" in copied.stdout, copied.stdout)
        again = site.run_cli("migrate", "--from", site.database, "--to", target)
        check(again.returncode != 0 and "not empty" in again.stderr,
              f"a second copy into the same database is refused: {again.stderr}")

        site.database = target
        site.start()
        after = expect(site.request("GET", f"/api/v1/games/{game_id}"), 200, "copied game")
        check(after["phase"] == before["phase"] == "F1901M", f"{before['phase']} {after['phase']}")
        check(after["position"] == before["position"], "the same position")
        # The seat tokens and the GM token were copied; ids go on after the copied ones.
        expect(site.request("PUT", f"/api/v1/games/{game_id}/orders",
                            {"orders": ["A BUR - MUN"]}, token=tokens["France"]), 200, "orders")
        expect(site.request("POST", f"/api/v1/games/{game_id}/actions/resolve",
                            {"phase": "F1901M"}, token=gm_token), 200, "resolve on the copy")
        second = expect(site.request("POST", "/api/v1/games", {
            "name": "After", "variant": "standard"}), 201, "create on the copy")
        check(second["game"]["id"] > game_id, "new ids after the copied ones")
    finally:
        site.stop()
        site.database = target
        site.close()


TESTS = {"sqlite_to_postgres": test_sqlite_to_postgres}

if __name__ == "__main__":
    ARGS = parse_server_test_args(TESTS)
    sys.exit(run_tests(TESTS, ARGS.only))
