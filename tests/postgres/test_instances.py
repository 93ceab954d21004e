#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0
"""Several `adjutant serve` instances on one PostgreSQL database (docs/storage.md):
two instances with short deadlines, both schedulers due at the same moments, each phase
resolved exactly once; three instances playing one game, each request on another instance, and
a GM's resolve sent to all three at once resolving the phase once; and kill -9 of one of three
during a burst of submissions, losing no acknowledged order while the others carry on.

Needs the private cluster (ADJUTANT_TEST_POSTGRES_CLUSTER, tests/postgres/cluster.py): without
it the test fails. Every wait is bounded."""

import http.client
import os
import sys
import threading
import time

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, "..", "integration"))
from server_harness import check, expect, parse_server_test_args, run_tests  # noqa: E402
import instances  # noqa: E402

ARGS = None
GAMES = 4
PHASES = 3  # resolutions each game must reach: S1901M, F1901M and what follows


def test_simultaneous_deadlines():
    servers = start_instances(2)
    first, second = servers
    try:
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
        stop_instances(servers, failed=sys.exc_info()[0] is not None)


POWERS = ["Austria", "England", "France", "Germany", "Italy", "Russia", "Turkey"]


def start_instances(count):
    return instances.start_instances(ARGS.binary, ARGS.variants, count)


def stop_instances(servers, failed):
    instances.stop_instances(servers, failed)


def create_game(server, join_on):
    """A standard game created on `server`, each seat joined on the instance join_on(i) names;
    no deadlines due during the test and no resolve when all are ready, so only the GM
    resolves."""
    created = expect(server.request("POST", "/api/v1/games", {
        "name": "Instances", "variant": "standard", "missing_orders": "hold",
        "resolve_when_ready": False}), 201, "create")
    game_id = created["game"]["id"]
    tokens = {}
    for i, power in enumerate(POWERS):
        joined = expect(join_on(i).request("POST", f"/api/v1/games/{game_id}/seats/{power}/join",
                                           {"player": power}), 201, "join " + power)
        tokens[power] = joined["token"]
    return game_id, created["gm_token"], tokens


def put_orders(server, game_id, token, text, timeout=30):
    return server.request("PUT", f"/api/v1/games/{game_id}/orders", token=token,
                          raw=text.encode(), headers={"Content-Type": "text/plain"},
                          timeout=timeout)


def game_of(server, game_id):
    return expect(server.request("GET", f"/api/v1/games/{game_id}"), 200, "game")


def units_of(game, power):
    return [u["unit"] if isinstance(u, dict) else u
            for u in game["position"]["units"].get(power, [])]


def resolves(server, game_id, gm_token):
    log = expect(server.request("GET", f"/api/v1/games/{game_id}/audit", token=gm_token), 200,
                 "audit")
    return [e for e in log["audit"] if e["action"] == "resolve"]


def same_everywhere(servers, game_id):
    """The game document and the history, byte for byte and with their ETags, as every
    instance serves them: each renders them from the database, so they must agree."""
    for path in (f"/api/v1/games/{game_id}", f"/api/v1/games/{game_id}/phases"):
        answers = []
        for server in servers:
            status, _, resp, payload = server.request("GET", path)
            check(status == 200, f"GET {path}: {status} {payload[:200]!r}")
            answers.append((resp.getheader("ETag"), payload))
        check(answers[0][0], f"GET {path} has an ETag")
        for i, answer in enumerate(answers[1:], 1):
            check(answer == answers[0], f"GET {path}: instance {i} differs from instance 0: "
                  f"{answer[0]} {answer[1][:300]!r} vs {answers[0][0]} {answers[0][1][:300]!r}")


OPENINGS = {
    "Austria": "A VIE-GAL\nA BUD-SER\nF TRI-ALB",
    "England": "F LON-NTH\nF EDI-NWG\nA LVP-YOR",
    "France": "A PAR-BUR\nA MAR-SPA\nF BRE-MAO",
    "Germany": "A BER-KIE\nA MUN-RUH\nF KIE-DEN",
    "Italy": "A ROM-APU\nA VEN H\nF NAP-ION",
    "Russia": "A MOS-UKR\nA WAR-GAL\nF SEV-BLA\nF STP/SC-BOT",
    "Turkey": "A CON-BUL\nA SMY-ARM\nF ANK-BLA",
}
# After the openings and a fall of holds: the powers that took a center (SER, SPA, DEN, BUL)
# build one unit in a vacated home center; the others have nothing to order.
BUILDS = {"Austria": "BUILD A BUD", "France": "BUILD A PAR", "Germany": "BUILD A BER",
          "Turkey": "BUILD A CON"}


def test_three_instances_game():
    """Three instances on one database play one standard game: created on one, its seats
    joined on the others, each power's orders for S1901M (the openings), F1901M (holds),
    W1901A (builds) and S1902M (holds) sent to another instance in rotation and read back on
    yet another, each phase resolved by the GM on another instance with the If-Match of a
    phase ETag read from a third; after every resolution the three serve the same game and
    history with the same ETags. Then the GM sends one resolve to all three instances at the
    same moment, twice (If-Match, then the phase in the body): one 200 and two 409s each time,
    and the audit shows every phase resolved once. Nothing but the database is shared, so this
    is what several servers behind one load balancer must give a client."""
    servers = start_instances(3)
    failed = True
    try:
        game_id, gm_token, tokens = create_game(servers[0], lambda i: servers[1 + i % 2])
        game = game_of(servers[2], game_id)
        check(game["status"] == "active" and game["phase"] == "S1901M", f"started: {game}")
        played = []  # every phase resolved, in order
        by_gm = []  # those the GM resolved, not the server's chained ones
        for p, (phase, orders) in enumerate([
                ("S1901M", OPENINGS),
                ("F1901M", None),  # holds of the units where the openings left them
                ("W1901A", BUILDS),
                ("S1902M", None)]):
            game = game_of(servers[p % 3], game_id)
            check(game["phase"] == phase, f"expected {phase}, got {game['phase']}")
            if orders is None:
                orders = {power: "\n".join(u + " H" for u in units_of(game, power))
                          for power in POWERS}
            needs = {s["power"]: s["needs_orders"] for s in game["seats"]}
            check({power for power, n in needs.items() if n} == set(orders),
                  f"{phase}: the powers with orders to give: {needs}")
            for i, power in enumerate(sorted(orders)):
                answer = expect(put_orders(servers[(i + p) % 3], game_id, tokens[power],
                                           orders[power]), 200, f"{phase} {power} orders")
                check(answer["replaced"] and answer["rejected"] == 0 and
                      answer["accepted"] == len(orders[power].splitlines()),
                      f"{phase} {power}: {answer}")
                # Read back as the seat on the next instance: it is in the shared database.
                mine = expect(servers[(i + p + 1) % 3].request(
                    "GET", f"/api/v1/games/{game_id}/orders", token=tokens[power]), 200,
                    "own orders")["seats"]
                check(len(mine) == 1 and mine[0].get("text") == orders[power],
                      f"{phase} {power}: another instance reads {mine}")
            etag = game_of(servers[(p + 1) % 3], game_id)["phase_etag"]
            resolved = expect(servers[(p + 2) % 3].request(
                "POST", f"/api/v1/games/{game_id}/actions/resolve", token=gm_token,
                headers={"If-Match": etag}), 200, f"GM resolves {phase}")
            check(resolved["resolved"] == 1, f"{phase}: one phase resolved: {resolved}")
            played.append(phase)
            by_gm.append(phase)
            same_everywhere(servers, game_id)
        game = game_of(servers[1], game_id)
        check(game["phase"] == "F1902M", f"after S1902M: {game['phase']}")
        for power in POWERS:
            expected = 4 if power in BUILDS or power == "Russia" else 3
            check(len(units_of(game, power)) == expected,
                  f"{power}'s units after the builds: {units_of(game, power)}")
        check("A BUR" in units_of(game, "France") and "F DEN" in units_of(game, "Germany"),
              f"the openings moved: {game['position']['units']}")

        # The GM's resolve of one phase on all three instances at once (a retry sent to every
        # server behind a balancer): the game row's lock orders them, and the two that come
        # after the first find their phase resolved.
        for attempt, by_etag in enumerate((True, False)):
            game = game_of(servers[attempt], game_id)
            phase, seq = game["phase"], game["seq"]
            barrier = threading.Barrier(3)
            results = [None] * 3

            def resolve(i, game=game):
                barrier.wait(timeout=30)
                headers = {"If-Match": game["phase_etag"]} if by_etag else None
                body = None if by_etag else {"phase": game["phase"]}
                results[i] = servers[i].request(
                    "POST", f"/api/v1/games/{game_id}/actions/resolve", body, token=gm_token,
                    headers=headers)

            threads = [threading.Thread(target=resolve, args=(i,), daemon=True)
                       for i in range(3)]
            for t in threads:
                t.start()
            for t in threads:
                t.join(timeout=60)
            check(all(r is not None for r in results), f"every resolve answered: {results}")
            statuses = sorted(r[0] for r in results)
            check(statuses == [200, 409, 409], f"{phase} resolved at once on three instances: "
                  f"{statuses} {[r[3][:200] for r in results]}")
            for r in results:
                if r[0] == 409:
                    check(r[1]["error"]["code"] == "stale_phase", f"the 409: {r[1]}")
            winner = [r[1] for r in results if r[0] == 200][0]
            after = game_of(servers[(attempt + 1) % 3], game_id)
            check(after["seq"] == seq + winner["resolved"] and after["phase"] != phase,
                  f"{phase} (seq {seq}) resolved {winner['resolved']}: now {after['phase']} "
                  f"(seq {after['seq']})")
            played.append(phase)
            by_gm.append(phase)
            same_everywhere(servers, game_id)
            if winner["resolved"] > 1:
                # A phase nobody has anything to order in, resolved by the server with the
                # GM's (standard skips such a winter altogether: then there is none).
                played.extend(e["detail"]["phase"]
                              for e in resolves(servers[0], game_id, gm_token)[len(played):])

        entries = resolves(servers[2], game_id, gm_token)
        phases = [e["detail"]["phase"] for e in entries]
        check(phases == played, f"every phase resolved once, in order: {phases} vs {played}")
        check(len(phases) == len(set(phases)), f"a phase resolved twice: {phases}")
        check([e["detail"]["phase"] for e in entries if e["actor"] == "gm"] == by_gm,
              f"the GM resolved {by_gm}: {entries}")
        for i, server in enumerate(servers):
            check(server.proc.poll() is None, f"instance {i} exited: {server.proc.returncode}")
        print(f"three instances: resolved {phases}")
        failed = False
    finally:
        stop_instances(servers, failed)


# Two valid order sets a seat alternates between, in S1901M; a numbered comment line makes
# every body of the burst distinct, so the stored text names the one submission it came from.
BURST_ORDERS = {
    "Austria": ("A VIE H\nA BUD H\nF TRI H", "A VIE-TRI\nA BUD-SER\nF TRI-ALB"),
    "England": ("F LON H\nF EDI H\nA LVP H", "F LON-NTH\nF EDI-NWG\nA LVP-YOR"),
    "France": ("A PAR H\nA MAR H\nF BRE H", "A PAR-BUR\nA MAR-SPA\nF BRE-MAO"),
    "Germany": ("A BER H\nA MUN H\nF KIE H", "A BER-KIE\nA MUN-RUH\nF KIE-DEN"),
    "Italy": ("A ROM H\nA VEN H\nF NAP H", "A ROM-APU\nA VEN-TYR\nF NAP-ION"),
    "Russia": ("A MOS H\nA WAR H\nF SEV H\nF STP/SC H",
               "A MOS-UKR\nA WAR-GAL\nF SEV-BLA\nF STP/SC-BOT"),
    "Turkey": ("A CON H\nA SMY H\nF ANK H", "A CON-BUL\nA SMY-ARM\nF ANK-BLA"),
}


def test_kill9_during_burst():
    """kill -9 of one of three instances during a burst of submissions: one client thread per
    seat sends a stream of distinct order sets for its seat, each to the next instance in
    rotation; after about a second one instance is killed, and the clients go on for about a
    second more on the two survivors. Every seat's stored orders must then be its last
    acknowledged submission, or one sent after it whose answer was lost (the server may have
    committed it before dying, but never acknowledged it); a refused connection was never sent,
    and no instance answered 5xx. The survivors agree on every seat's orders and a GM resolve
    then succeeds on one of them, once. This is what "an acknowledged order is never lost" means
    with several servers: a server's death is not the database's."""
    servers = start_instances(3)
    failed = True
    try:
        game_id, gm_token, tokens = create_game(servers[0], lambda i: servers[i % 3])
        victim = servers[1]
        alive = list(servers)  # replaced, never mutated, so a reader sees one whole list
        killed = threading.Event()
        stop = threading.Event()
        lock = threading.Lock()
        # Per seat, in sending order: (body, outcome) with outcome "ack", "lost" (sent, answer
        # lost), "refused" (the connection was refused: never sent) or the HTTP status.
        sent = {power: [] for power in POWERS}
        acks_after_kill = {power: 0 for power in POWERS}
        unexpected = []
        slowest = [0.0]  # the longest answer, to show what waiting on a dead server's locks costs

        def submit(index, power):
            seat = sent[power]
            for n in range(100000):
                if stop.is_set():
                    return
                targets = alive
                server = targets[(index + n) % len(targets)]
                body = f"# burst {n}\n" + BURST_ORDERS[power][n % 2]
                sending = time.time()
                try:
                    status, answer, _, raw = put_orders(server, game_id, tokens[power], body,
                                                        timeout=15)
                    slowest[0] = max(slowest[0], time.time() - sending)
                except ConnectionRefusedError:
                    seat.append((body, "refused"))
                    continue
                except (OSError, http.client.HTTPException):
                    seat.append((body, "lost"))
                    continue
                if status == 200 and answer["replaced"] and answer["rejected"] == 0:
                    seat.append((body, "ack"))
                    if killed.is_set():
                        acks_after_kill[power] += 1
                else:
                    seat.append((body, status))
                    with lock:
                        unexpected.append((power, server is victim, status, raw[:300]))

        def acked():
            return sum(1 for seat in sent.values() for _, outcome in seat if outcome == "ack")

        threads = [threading.Thread(target=submit, args=(i, p), daemon=True)
                   for i, p in enumerate(POWERS)]
        started = time.time()
        for t in threads:
            t.start()
        # About a second of burst, and at least some acknowledgements on the busy machine.
        deadline = started + 20
        while time.time() < deadline and (time.time() < started + 1 or acked() < 20):
            time.sleep(0.05)
        before_kill = acked()
        check(before_kill >= 20, f"only {before_kill} acknowledged submissions before the kill")
        killed.set()
        victim.kill9()
        alive = [s for s in servers if s is not victim]
        killed_at = time.time()
        deadline = killed_at + 20
        while time.time() < deadline and (time.time() < killed_at + 1 or
                                          min(acks_after_kill.values()) < 3):
            time.sleep(0.05)
        stop.set()
        for t in threads:
            t.join(timeout=30)
        check(not any(t.is_alive() for t in threads), "a client thread did not finish")
        check(not unexpected, f"answers other than an acknowledgement: {unexpected[:5]}")
        check(min(acks_after_kill.values()) >= 3,
              f"every seat carried on after the kill on the survivors: {acks_after_kill}")

        survivors = alive
        stored = {}
        for power in POWERS:
            seat = sent[power]
            last_ack = max(i for i, (_, outcome) in enumerate(seat) if outcome == "ack")
            # What may be stored: the last acknowledged body, or a later one whose answer was
            # lost. Each client waits for its answer before sending again, so nothing older can
            # commit after the acknowledgement.
            allowed = [seat[last_ack][0]] + [body for body, outcome in seat[last_ack + 1:]
                                              if outcome == "lost"]
            texts = []
            for server in survivors:
                mine = expect(server.request("GET", f"/api/v1/games/{game_id}/orders",
                                             token=tokens[power]), 200, "orders")["seats"]
                texts.append(mine[0].get("text") if len(mine) == 1 else mine)
            check(texts[0] == texts[1], f"{power}: the survivors disagree: {texts}")
            stored[power] = texts[0]
            check(texts[0] in allowed,
                  f"{power}: stored {texts[0]!r}; last acknowledged (#{last_ack} of "
                  f"{len(seat)}) {seat[last_ack][0]!r}; lost after it: {allowed[1:]}")
        # The database itself holds what the survivors serve (no view of theirs in between).
        in_database = dict(servers[0].rows(
            "SELECT power, text FROM orders WHERE game_id = ? AND seq = 0", (game_id,)))
        check(in_database == stored, f"the orders table: {in_database} vs served {stored}")
        # The GM's view on a survivor shows the same seats' orders.
        everyone = expect(survivors[1].request("GET", f"/api/v1/games/{game_id}/orders",
                                               token=gm_token), 200, "GM orders")["seats"]
        check(len(everyone) == 7 and all(s.get("submitted") for s in everyone),
              f"the GM sees seven submissions: {everyone}")

        game = game_of(survivors[0], game_id)
        check(game["phase"] == "S1901M", f"nothing resolved the phase: {game['phase']}")
        resolved = expect(survivors[1].request(
            "POST", f"/api/v1/games/{game_id}/actions/resolve", token=gm_token,
            headers={"If-Match": game["phase_etag"]}), 200, "GM resolve on a survivor")
        check(resolved["resolved"] == 1 and resolved["game"]["phase"] == "F1901M",
              f"resolved: {resolved['resolved']} {resolved['game']['phase']}")
        same_everywhere(survivors, game_id)
        phases = [e["detail"]["phase"] for e in resolves(survivors[0], game_id, gm_token)]
        check(phases == ["S1901M"], f"S1901M resolved once: {phases}")
        for server in survivors:
            check(server.proc.poll() is None, "a survivor exited")
        lost = sum(1 for seat in sent.values() for _, o in seat if o == "lost")
        refused = sum(1 for seat in sent.values() for _, o in seat if o == "refused")
        # Seats whose stored orders are a submission whose answer was lost: committed, then
        # the instance died before acknowledging it.
        committed_lost = sum(1 for power in POWERS
                             if (stored[power], "lost") in sent[power])
        print(f"kill -9 burst: {acked()} acknowledged submissions ({before_kill} before the kill,"
              f" {sum(acks_after_kill.values())} after), {lost} answers lost ({committed_lost} "
              f"of them stored), {refused} connections refused; slowest answer "
              f"{slowest[0]:.2f}s")
        failed = False
    finally:
        stop_instances(servers, failed)


TESTS = {"simultaneous_deadlines": test_simultaneous_deadlines,
         "three_instances_game": test_three_instances_game,
         "kill9_during_burst": test_kill9_during_burst}

if __name__ == "__main__":
    ARGS = parse_server_test_args(TESTS)
    sys.exit(run_tests(TESTS, ARGS.only))
