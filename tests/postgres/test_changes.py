#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0
"""Servers on one PostgreSQL database hold views and variants in memory; a change made on one
must never leave another serving what it had (docs/storage.md, "Telling the other servers").
Each check reads from the second server at once after a write on the first, with no pause in
between, so a server that waited for the change notice to arrive would fail it.

Needs the private cluster (ADJUTANT_TEST_POSTGRES_CLUSTER, tests/postgres/cluster.py): without
it the test fails. Every wait is bounded."""

import json
import os
import sys
import time

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, "..", "integration"))
from server_harness import check, expect, parse_server_test_args, run_tests  # noqa: E402
import instances  # noqa: E402

ARGS = None
POWERS = ["Austria", "England", "France", "Germany", "Italy", "Russia", "Turkey"]
JSON = {"Content-Type": "application/json"}


def two_servers():
    return instances.start_instances(ARGS.binary, ARGS.variants, 2)


def game_view(server, game_id):
    status, body, response, _ = server.request("GET", f"/api/v1/games/{game_id}")
    check(status == 200, f"GET game {game_id}: {status} {body}")
    return body, response.getheader("ETag")


def test_views_follow_other_servers():
    servers = two_servers()
    first, second = servers
    try:
        created = expect(first.request("POST", "/api/v1/games", {
            "name": "Across", "variant": "standard", "missing_orders": "hold"}), 201, "create")
        game_id, gm_token = created["game"]["id"], created["gm_token"]
        tokens = {}
        for power in POWERS:
            # The second server renders (and caches) the game, twice so the second read is a
            # hit; then the first server seats a player and the second is read at once.
            before, etag = game_view(second, game_id)
            again, same_etag = game_view(second, game_id)
            check(etag == same_etag and again == before, "a cached view is served as it was")
            joined = expect(first.request("POST", f"/api/v1/games/{game_id}/seats/{power}/join",
                                          {"player": power}), 201, f"join {power}")
            tokens[power] = joined["token"]
            after, new_etag = game_view(second, game_id)
            check(new_etag != etag, f"{power}: the ETag did not change: {etag}")
            check(after["revision"] > before["revision"], f"{power}: revision {after['revision']}")
            seat = next(s for s in after["seats"] if s["power"] == power)
            check(seat != next(s for s in before["seats"] if s["power"] == power),
                  f"{power}: the second server still shows the seat as it was: {seat}")
            # A client holding the old ETag is not told 304.
            status, _, _, _ = second.request("GET", f"/api/v1/games/{game_id}",
                                             headers={"If-None-Match": etag})
            check(status == 200, f"{power}: a stale If-None-Match was answered {status}")
            status, _, _, _ = second.request("GET", f"/api/v1/games/{game_id}",
                                             headers={"If-None-Match": new_etag})
            check(status == 304, f"{power}: the current ETag was answered {status}")
        # The history: cached on the second, then a GM's resolve on the first.
        history = expect(second.request("GET", f"/api/v1/games/{game_id}/phases"), 200, "history")
        expect(second.request("GET", f"/api/v1/games/{game_id}/phases"), 200, "history again")
        view, _ = game_view(first, game_id)
        expect(first.request("POST", f"/api/v1/games/{game_id}/actions/resolve",
                             {"phase": view["phase"]}, token=gm_token), 200, "resolve")
        after = expect(second.request("GET", f"/api/v1/games/{game_id}/phases"), 200, "history")
        check(len(after["phases"]) == len(history["phases"]) + 1,
              f"the second server's history missed the resolve: {after}")
        check(after["phases"][0]["resolved"], f"the first phase is resolved: {after['phases'][0]}")
        # The two servers render the same document with the same ETag.
        one, one_etag = game_view(first, game_id)
        two, two_etag = game_view(second, game_id)
        check(one == two and one_etag == two_etag, f"they differ: {one_etag} {two_etag}")
    finally:
        instances.stop_instances(servers, failed=sys.exc_info()[0] is not None)


def test_variants_follow_other_servers():
    servers = two_servers()
    first, second = servers
    try:
        tiny_path = os.path.join(HERE, "..", "variants", "tiny.json")
        tiny = open(tiny_path, "rb").read()
        # A server-wide upload on the first: the second offers it and creates games on it.
        renamed = json.loads(tiny)
        renamed["name"] = "tiny-shared"
        expect(first.request("POST", "/api/v1/variants", raw=json.dumps(renamed).encode(),
                             token=first.admin_token, headers=JSON), 201, "admin upload")
        expect(second.request("GET", "/api/v1/variants/tiny-shared"), 200, "served by the second")
        expect(second.request("POST", "/api/v1/games", {"name": "on it",
                                                        "variant": "tiny-shared"}),
               201, "a game on it, created on the second")
        # A GM's own variant, uploaded on the first, then replaced there: the second shows each.
        created = expect(second.request("POST", "/api/v1/games", {"name": "own"}), 201, "create")
        game_id, gm_token = created["game"]["id"], created["gm_token"]
        path = f"/api/v1/games/{game_id}/variant"
        expect(first.request("PUT", path, raw=tiny, token=gm_token, headers=JSON), 200, "upload")
        view, _ = game_view(second, game_id)
        check(sorted(s["power"] for s in view["seats"]) == ["Blue", "Red"], f"v1: {view['seats']}")
        green = tiny.replace(b'"Blue"', b'"Green"')
        check(green != tiny, "the second version differs")
        expect(first.request("PUT", path, raw=green, token=gm_token, headers=JSON), 200,
               "replace")
        view, _ = game_view(second, game_id)
        check(sorted(s["power"] for s in view["seats"]) == ["Green", "Red"], f"v2: {view['seats']}")
        # A player joins on the second, which must check the seat against the new map.
        expect(second.request("POST", f"/api/v1/games/{game_id}/seats/Green/join",
                              {"player": "g"}), 201, "join the new power on the second")
        expect(second.request("GET", f"/api/v1/variants/tiny@g{game_id}"), 200, "its map")
        # The notices arrive too: within a bounded wait the second lists the shared variant
        # without having been asked for it by name first.
        deadline = time.time() + 10
        names = []
        while time.time() < deadline:
            names = [v["name"] for v in expect(second.request("GET", "/api/v1/variants"), 200,
                                               "list")["variants"]]
            if "tiny-shared" in names:
                break
            time.sleep(0.1)
        check("tiny-shared" in names, f"the second never listed the upload: {names}")
        for server in (first, second):
            with open(os.path.join(server.workdir, "server.log")) as f:
                log = f.read()
            check("change listener: cannot" not in log, "the listener failed:\n" + log[-2000:])
    finally:
        instances.stop_instances(servers, failed=sys.exc_info()[0] is not None)


TESTS = {"views_follow_other_servers": test_views_follow_other_servers,
         "variants_follow_other_servers": test_variants_follow_other_servers}

if __name__ == "__main__":
    ARGS = parse_server_test_args(TESTS)
    sys.exit(run_tests(TESTS, ARGS.only))
