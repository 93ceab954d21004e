#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0
"""Draws and concessions through the real server (docs/draws.md): a draw accepted (a seat in
civil disorder accepting), one refused, secret votes, expiry at the phase's end, a concession,
and who may propose and vote. Run: test_draws.py --binary PATH --variants DIR [--only NAME]"""

import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import test_server as ts  # noqa: E402
from test_server import check, create_game, expect, gm, put_orders  # noqa: E402


def propose(server, game_id, token, status=201, **body):
    return expect(server.request("POST", f"/api/v1/games/{game_id}/draws", body, token=token),
                  status, f"propose {body}")


def vote(server, game_id, token, proposal, accept, status=200):
    return expect(server.request("POST", f"/api/v1/games/{game_id}/draws/{proposal}/vote",
                                 {"accept": accept}, token=token), status, f"vote {accept}")


def draws(server, game_id, token=None):
    return expect(server.request("GET", f"/api/v1/games/{game_id}/draws", token=token), 200,
                  "draws")


def test_draw_accepted_and_refused():
    """Every surviving power accepts: the game ends drawn, with its result shown. One refusal
    fails a proposal, and until it closes nobody sees another's vote."""
    server = ts.new_server()
    try:
        # Austria's seat stays open: a power in civil disorder accepts.
        players = [p for p in ts.POWERS if p != "Austria"]
        game_id, gm_token, tokens, _ = create_game(server, powers=players)
        gm(server, game_id, gm_token, "start")
        first = propose(server, game_id, tokens["France"], kind="draw")
        check(first["status"] == "open" and first["votes"] is None and
              first["powers"] == ts.POWERS and first["your_vote"] == "accept",
              f"a DIAS proposal, the proposer accepting: {first}")
        propose(server, game_id, tokens["Italy"], 409, kind="draw")  # one at a time
        vote(server, game_id, tokens["England"], first["id"], True)
        # Secret: Germany and the GM see neither England's vote nor France's; the public sees
        # no open proposal at all.
        for token in (tokens["Germany"], gm_token):
            seen = draws(server, game_id, token)["proposals"][0]
            check(seen["votes"] is None and "your_vote" not in seen, f"secret: {seen}")
        check(draws(server, game_id)["proposals"] == [], "the public sees no open proposal")
        check(draws(server, game_id, tokens["England"])["proposals"][0]["your_vote"] == "accept",
              "England sees its own vote")
        vote(server, game_id, tokens["England"], first["id"], False, 409)  # votes are final
        refused = vote(server, game_id, tokens["Turkey"], first["id"], False)
        check(refused["status"] == "failed" and refused["votes"]["Turkey"] == "refuse" and
              refused["votes"]["Austria"] == "civil_disorder", f"failed, votes shown: {refused}")
        check(ts.state(server, game_id)["status"] == "active", "the game goes on")

        second = propose(server, game_id, tokens["Turkey"], kind="draw")
        for power in ("England", "France", "Germany", "Italy"):
            check(vote(server, game_id, tokens[power], second["id"], True)["status"] == "open",
                  "open until the last vote")
        passed = vote(server, game_id, tokens["Russia"], second["id"], True)
        check(passed["status"] == "passed", f"passed: {passed}")
        game = ts.state(server, game_id)
        check(game["status"] == "ended" and game["result"] == {"kind": "draw",
                                                               "powers": ts.POWERS} and
              game["winner"] is None and game["deadline"] is None, f"ended drawn: {game}")
        public = draws(server, game_id)["proposals"]
        check([p["status"] for p in public] == ["failed", "passed"] and
              public[1]["votes"]["Austria"] == "civil_disorder", f"the record: {public}")
        propose(server, game_id, tokens["France"], 409, kind="draw")
        expect(put_orders(server, game_id, tokens["France"], "A PAR H"), 409, "no more orders")
    finally:
        server.close()


def test_concession_and_expiry():
    """A concession to one power ends the game with that winner; a proposal expires when its
    phase resolves; only the game's surviving seats propose and vote."""
    server = ts.new_server()
    try:
        game_id, gm_token, tokens, _ = create_game(server, resolve_when_ready=False)
        other_id, other_gm, other_tokens, _ = create_game(server)  # both start full
        for token, status in [(None, 401), (gm_token, 403), (other_tokens["France"], 403),
                              (other_gm, 403)]:
            got = server.request("POST", f"/api/v1/games/{game_id}/draws", {"kind": "draw"},
                                 token=token)
            check(got[0] == status, f"propose with a foreign token: {got[0]} != {status}")
        propose(server, game_id, tokens["France"], 400, kind="concession")  # to whom?
        propose(server, game_id, tokens["France"], 400, kind="concession", to="France")
        propose(server, game_id, tokens["France"], 400, kind="surrender")
        propose(server, game_id, tokens["France"], 404, kind="concession", to="Narnia")

        expiring = propose(server, game_id, tokens["Italy"], kind="draw")
        gm(server, game_id, gm_token, "resolve")
        listed = draws(server, game_id, tokens["Italy"])["proposals"]
        check(listed[0]["status"] == "expired" and listed[0]["votes"]["Italy"] == "accept",
              f"expired at the phase's end, its votes shown: {listed}")
        vote(server, game_id, tokens["France"], expiring["id"], True, 409)  # no longer open

        conceded = propose(server, game_id, tokens["Austria"], kind="concession", to="russia")
        # A proposal that does not exist, or is another game's, is not found (404), as the API
        # document says; one that exists but is not open is a conflict (409, above).
        other = propose(server, other_id, other_tokens["France"], kind="draw")
        for unknown in (conceded["id"] + 1000, other["id"]):
            got = vote(server, game_id, tokens["France"], unknown, True, 404)
            check(got["error"]["code"] == "not_found" and str(unknown) in
                  got["error"]["message"], f"the unknown proposal is named: {got}")
        check(conceded["to"] == "Russia" and conceded.get("you_vote") is True, f"{conceded}")
        vote(server, game_id, tokens["Russia"], conceded["id"], True, 403)  # Russia doesn't vote
        for power in ("England", "France", "Germany", "Italy"):
            vote(server, game_id, tokens[power], conceded["id"], True)
        done = vote(server, game_id, tokens["Turkey"], conceded["id"], True)
        check(done["status"] == "passed", f"{done}")
        game = ts.state(server, game_id)
        check(game["status"] == "ended" and game["winner"] == "Russia" and
              game["result"] == {"kind": "concession", "winner": "Russia"}, f"{game}")
        audit = expect(server.request("GET", f"/api/v1/games/{game_id}/audit", token=gm_token),
                       200, "audit")
        actions = [e["action"] for e in audit["audit"]]
        check("propose_concession" in actions and actions[-1] == "end", f"audited: {actions}")
        # The other game was never touched; an ended-by-GM game says so.
        check(ts.state(server, other_id)["result"] is None, "a running game has no result")
        gm(server, other_id, other_gm, "end")
        check(ts.state(server, other_id)["result"] == {"kind": "ended"}, "ended by the GM")
    finally:
        server.close()


if __name__ == "__main__":
    sys.exit(ts.script_main(ts.tests_of(globals())))
