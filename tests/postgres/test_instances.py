#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0
"""Two `adjutant serve` instances on one PostgreSQL database (docs/storage.md): games with short
deadlines, both schedulers due at the same moments, and each phase resolved exactly once, by
one of them, with no resolve lost to a conflict; either instance serves the same game.

Needs the private cluster (ADJUTANT_TEST_POSTGRES_CLUSTER, tests/postgres/cluster.py): without
it the test fails. Every wait is bounded."""

import os
import shutil
import sys
import time

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, "..", "integration"))
from server_harness import (Server, check, expect, parse_server_test_args,  # noqa: E402
                            run_tests)

ARGS = None
GAMES = 4
PHASES = 3  # resolutions each game must reach: S1901M, F1901M and what follows


def test_simultaneous_deadlines():
    check(os.environ.get("ADJUTANT_TEST_POSTGRES_CLUSTER"),
          "ADJUTANT_TEST_POSTGRES_CLUSTER is not set: run through CTest's postgres fixture")
    first = Server(ARGS.binary, ARGS.variants).start()
    second = Server(ARGS.binary, ARGS.variants)
    second.database = first.database  # the second instance shares the first one's database
    try:
        second.start()
        games = []
        for i in range(GAMES):
            # Alternate the instance that creates and seats each game: any instance serves any
            # request.
            server = (first, second)[i % 2]
            created = expect(server.request("POST", "/api/v1/games", {
                "name": f"Shared {i}", "variant": "standard", "missing_orders": "hold",
                "resolve_when_ready": False,
                "deadlines": {"movement": 2, "retreat": 2, "adjustment": 2}}), 201, "create")
            game_id = created["game"]["id"]
            for power in ["Austria", "England", "France", "Germany", "Italy", "Russia",
                          "Turkey"]:
                expect((second, first)[i % 2].request(
                    "POST", f"/api/v1/games/{game_id}/seats/{power}/join",
                    {"player": power}), 201, "join")
            games.append((game_id, created["gm_token"]))

        def resolves(game_id, gm_token):
            log = expect(first.request("GET", f"/api/v1/games/{game_id}/audit", token=gm_token),
                         200, "audit")
            return [e for e in log["audit"] if e["action"] == "resolve"]

        deadline = time.time() + 90
        while time.time() < deadline and any(len(resolves(*g)) < PHASES for g in games):
            time.sleep(0.5)
        actors = set()
        for game_id, gm_token in games:
            entries = resolves(game_id, gm_token)
            check(len(entries) >= PHASES, f"game {game_id} resolved {len(entries)} phases")
            phases = [e["detail"]["phase"] for e in entries]
            check(len(phases) == len(set(phases)), f"game {game_id}: a phase resolved twice: "
                  f"{phases}")
            actors.update(e["actor"] for e in entries)
            # Both instances render the same game from the database (a deadline may fall
            # between the two reads: a few tries).
            views = []
            for _ in range(10):
                views = [expect(s.request("GET", f"/api/v1/games/{game_id}"), 200, "view")["phase"]
                         for s in (first, second)]
                if views[0] == views[1]:
                    break
                time.sleep(0.2)
            check(views[0] == views[1], f"game {game_id}: the instances disagree: {views}")
        check(actors == {"scheduler"}, f"resolved by {actors}")
        # A conflict (the phase guard refusing a second resolve) would have been logged as a
        # failed resolution: the claims keep the schedulers from ever racing to one.
        for server in (first, second):
            with open(os.path.join(server.workdir, "server.log")) as f:
                log = f.read()
            check("failed to resolve" not in log, "a scheduler lost a race:\n" + log[-2000:])
    finally:
        second.stop()
        shutil.rmtree(second.workdir, ignore_errors=True)
        first.close()


TESTS = {"simultaneous_deadlines": test_simultaneous_deadlines}

if __name__ == "__main__":
    ARGS = parse_server_test_args(TESTS)
    sys.exit(run_tests(TESTS, ARGS.only))
