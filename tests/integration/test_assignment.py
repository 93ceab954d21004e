#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0
"""Assigning powers through the real server (docs/assignment.md): a preference game whose seven
players join a list and rank the powers, assigned the optimum a brute force finds, with the
seed's tie-breaking checked once the seed is revealed; a random game; a first-come game as
before; rankings private; a ranking after the start refused.
Run: test_assignment.py --binary PATH --variants DIR [--only NAME]"""

import hashlib
import hmac
import itertools
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import test_server as ts  # noqa: E402
from test_server import check, expect, gm  # noqa: E402

POWERS = ts.POWERS


def create(server, assignment, **settings):
    body = {"name": "Assigned", "variant": "standard", "assignment": assignment}
    body.update(settings)
    created = expect(server.request("POST", "/api/v1/games", body), 201, "create game")
    return created["game"]["id"], created["gm_token"], created["game"]


def join(server, game_id, player, status=201):
    return expect(server.request("POST", f"/api/v1/games/{game_id}/join", {"player": player}),
                  status, "join the list as " + player)


def rank(server, game_id, token, ranking, status=200):
    return expect(server.request("PUT", f"/api/v1/games/{game_id}/preferences",
                                 {"ranking": ranking}, token=token), status, f"rank {ranking}")


def preferences(server, game_id, token, status=200):
    return expect(server.request("GET", f"/api/v1/games/{game_id}/preferences", token=token),
                  status, "read the ranking")


def cost(ranking, power):
    """docs/assignment.md, "Cost": half-ranks; unranked powers share the places after."""
    n = len(POWERS)
    if power in ranking:
        return 2 * ranking.index(power)
    return len(ranking) + n - 1


def tie_value(seed_hex, place, power):
    digest = hmac.new(bytes.fromhex(seed_hex),
                      f"adjutant-assign-v1|{place}|{power}".encode(), hashlib.sha256).digest()
    return int.from_bytes(digest[:2], "big")


def best(costs):
    """The least total over every permutation, and every permutation reaching it."""
    totals = {}
    for perm in itertools.permutations(range(len(POWERS))):
        totals[perm] = sum(costs[i][perm[i]] for i in range(len(costs)))
    least = min(totals.values())
    return least, [p for p, t in totals.items() if t == least]


def audit_of(server, game_id, gm_token):
    return expect(server.request("GET", f"/api/v1/games/{game_id}/audit", token=gm_token), 200,
                  "audit")["audit"]


RANKINGS = [
    ["France", "Italy", "Germany"],
    ["France", "England"],
    "any",
    ["Russia", "Turkey", "Austria", "Italy", "Germany", "France", "England"],
    ["France"],
    ["Turkey", "Russia"],
    [],
]


def test_preference_game():
    """Seven players join the list, rank, and the last join starts the game with the optimal
    assignment; each learns their power; nobody reads another's ranking; the seed, revealed
    at the end, reproduces the assignment exactly."""
    server = ts.new_server()
    try:
        game_id, gm_token, game = create(server, "preference")
        check(game["settings"]["assignment"] == "preference" and game["joined"] == 0,
              f"the game says how it assigns: {game['settings']}")
        # Powers are not taken by name in such a game.
        expect(server.request("POST", f"/api/v1/games/{game_id}/seats/France/join",
                              {"player": "x"}), 409, "a seat by name")
        tokens = []
        # Six join and rank; the seventh (who ranks nothing: "any") joins last.
        for i, ranking in enumerate(RANKINGS[:-1]):
            place = join(server, game_id, f"P{i}")
            check(place["place"] == i, f"places in order: {place}")
            tokens.append(place["token"])
            mine = rank(server, game_id, place["token"], ranking)
            shown = "any" if ranking in ("any", []) else ranking
            check(mine["ranking"] == shown and mine["power"] is None, f"{mine}")
        # Changing one's mind before the start: P0 ranks again.
        rank(server, game_id, tokens[0], ["Austria"])
        rank(server, game_id, tokens[0], RANKINGS[0])
        rank(server, game_id, tokens[0], ["Narnia"], 400)
        rank(server, game_id, tokens[0], ["France", "france"], 400)
        # Privacy: a player reads only their own ranking, the public and the players nothing
        # of the list, the GM who ranked but not how.
        check(preferences(server, game_id, tokens[1])["ranking"] == RANKINGS[1], "own ranking")
        preferences(server, game_id, None, 401)
        expect(server.request("GET", f"/api/v1/games/{game_id}/join", token=tokens[1]), 403,
               "a player reads no join list")
        listed = expect(server.request("GET", f"/api/v1/games/{game_id}/join", token=gm_token),
                        200, "the GM's join list")
        check([p["player"] for p in listed["players"]] == [f"P{i}" for i in range(6)] and
              "ranking" not in listed["players"][0] and listed["players"][0]["ranked"] and
              not listed["players"][2]["ranked"] and listed["open_seats"] == 7, f"{listed}")
        public = ts.state(server, game_id)
        check(public["status"] == "forming" and public["joined"] == 6 and
              "France" not in str(public.get("joined")), f"{public['status']}")
        # The seventh join fills the list: the game starts, powers assigned.
        last = join(server, game_id, "P6")
        tokens.append(last["token"])
        game = ts.state(server, game_id)
        check(game["status"] == "active" and game["joined"] == 0, f"started: {game['status']}")
        join(server, game_id, "late", 409)
        given = []
        for i, token in enumerate(tokens):
            mine = preferences(server, game_id, token)
            check(mine["power"] in POWERS and mine["status"] == "active", f"{mine}")
            given.append(mine["power"])
            # The list's token is now the seat's.
            expect(server.request("GET", f"/api/v1/games/{game_id}/orders", token=token), 200,
                   "orders with the seat token")
            seat = [s for s in game["seats"] if s["power"] == mine["power"]][0]
            check(seat["player"] == f"P{i}" and seat["taken"], f"{seat}")
        check(sorted(given) == sorted(POWERS), f"every power once: {given}")
        rank(server, game_id, tokens[0], ["England"], 409)  # too late
        rankings = [[] if r == "any" else r for r in RANKINGS]
        costs = [[cost(r, p) for p in POWERS] for r in rankings]
        least, optimal = best(costs)
        total = sum(cost(rankings[i], given[i]) for i in range(7))
        check(total == least, f"the optimum {least}, given {total}: {given}")
        entry = [e for e in audit_of(server, game_id, gm_token) if e["action"] == "assign"]
        check(len(entry) == 1, "the assignment is audited once")
        detail = entry[0]["detail"]
        check(detail["mode"] == "preference" and detail["powers"] == POWERS and
              detail["total_cost"] == least and
              [p["ranking"] for p in detail["players"]] == rankings and
              [p["power"] for p in detail["players"]] == given, f"audited inputs: {detail}")
        # A seat given from the list and then handed to someone else: the newcomer does not
        # read the first player's ranking, and the first player's token is spent.
        replaced = expect(server.request(
            "POST", f"/api/v1/games/{game_id}/seats/{given[0]}/replace", {"player": "New"},
            token=gm_token), 201, "replace P0")
        preferences(server, game_id, replaced["token"], 404)
        preferences(server, game_id, tokens[0], 401)
        # Once the game ends the seed is public: the ties among the optimal assignments are
        # broken by it, exactly as documented.
        gm(server, game_id, gm_token, "end")
        seed = ts.state(server, game_id)["seed"]
        ties = [[tie_value(seed, i, p) for p in POWERS] for i in range(7)]
        chosen = min(optimal, key=lambda perm: sum(ties[i][perm[i]] for i in range(7)))
        check([POWERS[j] for j in chosen] == given,
              f"the seed's tie-break gives {[POWERS[j] for j in chosen]}, server {given}")
        check(len(optimal) > 1, "the rankings leave ties for the seed to break")
    finally:
        server.close()


def test_random_game():
    """A random game: the GM starts it with three on the list; they get the first three powers
    of the seed's order, the other seats stay open."""
    server = ts.new_server()
    try:
        game_id, gm_token, _ = create(server, "first-come")
        gm(server, game_id, gm_token, "settings", {"assignment": "random"})
        check(ts.state(server, game_id)["settings"]["assignment"] == "random", "set by the GM")
        tokens = [join(server, game_id, f"R{i}")["token"] for i in range(3)]
        rank(server, game_id, tokens[0], ["France"])  # allowed, and of no weight
        expect(server.request("POST", f"/api/v1/games/{game_id}/actions/settings",
                              {"assignment": "first-come"}, token=gm_token), 409,
               "back to first-come with players on the list")
        gm(server, game_id, gm_token, "start")
        given = [preferences(server, game_id, t)["power"] for t in tokens]
        game = ts.state(server, game_id)
        check(game["status"] == "active" and
              sum(1 for s in game["seats"] if s["taken"]) == 3, f"three seats taken: {given}")
        detail = [e for e in audit_of(server, game_id, gm_token)
                  if e["action"] == "assign"][0]["detail"]
        check(detail["mode"] == "random" and "total_cost" not in detail, f"{detail}")
        gm(server, game_id, gm_token, "end")
        seed = ts.state(server, game_id)["seed"]

        def key(power):
            digest = hmac.new(bytes.fromhex(seed), f"adjutant-assign-v1|random|{power}".encode(),
                              hashlib.sha256).digest()
            return int.from_bytes(digest[:8], "big")
        check(sorted(POWERS, key=key)[:3] == given, f"the seed's shuffle: {given}")
    finally:
        server.close()


def test_first_come_unchanged():
    """A game created as before shows nothing new and takes powers by name; no list to join."""
    server = ts.new_server()
    try:
        created = expect(server.request("POST", "/api/v1/games", {"name": "plain"}), 201, "create")
        game = created["game"]
        check("assignment" not in game["settings"] and "joined" not in game, f"{game['settings']}")
        join(server, game["id"], "nobody", 409)
        seat = expect(server.request("POST", f"/api/v1/games/{game['id']}/seats/France/join",
                                     {"player": "f"}), 201, "join France")
        preferences(server, game["id"], seat["token"], 409)
        expect(server.request("PUT", f"/api/v1/games/{game['id']}/preferences",
                              {"ranking": ["France"]}, token=seat["token"]), 409,
               "no ranking in a first-come game")
        expect(server.request("POST", "/api/v1/games",
                              {"name": "s", "sandbox": True, "assignment": "random"}), 400,
               "a sandbox has no players")
        expect(server.request("POST", "/api/v1/games", {"name": "s", "assignment": "lottery"}),
               400, "an unknown mode")
    finally:
        server.close()


if __name__ == "__main__":
    sys.exit(ts.script_main(ts.tests_of(globals())))
