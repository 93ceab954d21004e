#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0
"""Press through the real server (docs/press.md): who reads what, each press rule, grey press,
press in adjustments, publication when the game ends, unread counts, paging and ETags, and the
Atom feed.
Run: test_press.py --binary PATH --variants DIR [--only NAME]"""

import json
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import test_server as ts  # noqa: E402
from test_server import check, create_game, expect, gm, put_orders  # noqa: E402

# A marker in every private message: it must reach its recipients and no one else.
SECRET = "qx9-press-secret"


def send(server, game_id, token, to, text, expect_status=201, **extra):
    body = {"to": to, "text": text}
    body.update(extra)
    return expect(server.request("POST", f"/api/v1/games/{game_id}/press", body, token=token),
                  expect_status, f"press to {to}")


def read(server, game_id, token, query=""):
    return expect(server.request("GET", f"/api/v1/games/{game_id}/press{query}", token=token),
                  200, "read press")


def everything_public(server, game_id, tokens_of_others):
    """Every document of the game that others can read, joined, for a secret search."""
    texts = []
    for path in ("", "/phases", "/phases/0"):
        texts.append(server.request("GET", f"/api/v1/games/{game_id}{path}")[3].decode())
    for token in tokens_of_others:
        for path in ("/press", "/orders", "", "/phases/0"):
            texts.append(server.request("GET", f"/api/v1/games/{game_id}{path}",
                                        token=token)[3].decode())
    return "\n".join(texts)


def test_press_privacy():
    """Full press: a message reaches its recipients, the sender and the GM, never another seat,
    another game or the public; a broadcast reaches everyone; unread counts, marking read,
    paging and ETag/304; bad messages are refused with a clear error."""
    server = ts.new_server()
    try:
        game_id, gm_token, tokens, game = create_game(server)
        check(game["settings"]["press"]["rule"] == "full", f"full press by default: {game}")
        other_id, other_gm, other_tokens, _ = create_game(server)
        sent = send(server, game_id, tokens["France"], ["Italy", "germany"],
                    f"Attack Austria together? {SECRET}-1")
        check(sent["from"] == "France" and sent["to"] == ["Germany", "Italy"] and
              sent["conversation"] == "Germany,Italy", f"sent as the sender sees it: {sent}")
        send(server, game_id, tokens["Italy"], ["France"], f"Agreed. {SECRET}-2")
        send(server, game_id, tokens["England"], "all", "England wants peace.")
        send(server, game_id, gm_token, ["Russia"], f"Your deadline is tight. {SECRET}-3")

        # Who sees what.
        def texts(token):
            return [m["text"] for m in read(server, game_id, token)["messages"]]
        check(texts(tokens["France"]) == [f"Attack Austria together? {SECRET}-1",
                                          f"Agreed. {SECRET}-2", "England wants peace."],
              f"France: {texts(tokens['France'])}")
        check(texts(tokens["Germany"]) == [f"Attack Austria together? {SECRET}-1",
                                           "England wants peace."], "Germany")
        check(texts(tokens["Russia"]) == ["England wants peace.", f"Your deadline is tight. "
                                          f"{SECRET}-3"], "Russia reads the GM's message")
        for power in ("Austria", "Turkey", "England"):
            check(SECRET not in json.dumps(read(server, game_id, tokens[power])),
                  f"{power} reads a private message")
        check(len(texts(gm_token)) == 4, "the GM reads all press")
        for token, status in [(None, 401), ("seat_not-a-real-token", 401),
                              (other_tokens["France"], 403), (other_gm, 403)]:
            got = server.request("GET", f"/api/v1/games/{game_id}/press", token=token)
            check(got[0] == status and SECRET not in got[3].decode(),
                  f"press read with a foreign token: {got[0]} != {status}")
            got = server.request("POST", f"/api/v1/games/{game_id}/press",
                                 {"to": ["Italy"], "text": "forged"}, token=token)
            check(got[0] == status, f"press sent with a foreign token: {got[0]} != {status}")
        others = [tokens[p] for p in ("Austria", "England", "Turkey")] + [other_gm]
        check(SECRET not in everything_public(server, game_id, others),
              "the secret leaks into another document")
        check(SECRET not in everything_public(server, other_id, [other_gm]), "another game")

        # Unread counts per conversation, marking read, and the sender's own messages.
        italy = read(server, game_id, tokens["Italy"])
        check(italy["unread"] == {"France,Germany": 1, "all": 1}, f"Italy unread: {italy}")
        check(italy["may_write_to"][0] == "all" and "Italy" not in italy["may_write_to"] and
              italy["closed"] is None, f"Italy may write: {italy['may_write_to']}")
        first = italy["messages"][0]["id"]
        expect(server.request("POST", f"/api/v1/games/{game_id}/press/read",
                              {"conversation": "France,Germany", "up_to": first},
                              token=tokens["Italy"]), 200, "mark read")
        check(read(server, game_id, tokens["Italy"])["unread"] == {"all": 1}, "one conversation")
        last = read(server, game_id, tokens["Italy"])["messages"][-1]["id"]
        expect(server.request("POST", f"/api/v1/games/{game_id}/press/read", {"up_to": last},
                              token=tokens["Italy"]), 200, "mark all read")
        check(read(server, game_id, tokens["Italy"])["unread"] == {}, "all read")
        # A stale mark never makes read messages unread again.
        expect(server.request("POST", f"/api/v1/games/{game_id}/press/read", {"up_to": 0},
                              token=tokens["Italy"]), 200, "stale mark")
        check(read(server, game_id, tokens["Italy"])["unread"] == {}, "still all read")

        # Paging by id, with links.next, and ETag/304 for polling.
        page = read(server, game_id, gm_token, "?limit=3")
        check(len(page["messages"]) == 3 and page["links"]["next"], f"first page: {page}")
        rest = expect(server.request("GET", page["links"]["next"], token=gm_token), 200, "next")
        check(len(rest["messages"]) == 1 and rest["links"]["next"] is None, f"last page: {rest}")
        status, _, response, _ = server.request("GET", f"/api/v1/games/{game_id}/press",
                                                token=tokens["France"])
        etag = response.getheader("ETag")
        check(status == 200 and etag, "an ETag")
        got = server.request("GET", f"/api/v1/games/{game_id}/press", token=tokens["France"],
                             headers={"If-None-Match": etag})
        check(got[0] == 304 and got[3] == b"", f"304 while nothing changed: {got[0]}")
        send(server, game_id, tokens["Germany"], ["France"], "Count me in.")
        got = server.request("GET", f"/api/v1/games/{game_id}/press", token=tokens["France"],
                             headers={"If-None-Match": etag})
        check(got[0] == 200, "200 once there is something new")

        # Refused messages, each with its own clear error, and nothing stored.
        before = len(texts(gm_token))
        bad = [
            ({"to": ["France"], "text": "to myself"}, 400, "bad_request"),
            ({"to": ["Narnia"], "text": "hello"}, 400, "bad_request"),
            ({"to": [], "text": "hello"}, 400, "bad_request"),
            ({"to": "everyone", "text": "hello"}, 400, "bad_request"),
            ({"to": ["Italy"], "text": "  \n "}, 400, "bad_request"),
            ({"to": ["Italy"], "text": "bell\u0007"}, 400, "bad_request"),
            ({"to": ["Italy"], "text": "x" * 8001}, 400, "bad_request"),
            ({"to": ["Italy"], "text": "grey?", "anonymous": True}, 403, "press_not_allowed"),
            ({"to": ["Italy"]}, 400, "bad_request"),
        ]
        for body, status, code in bad:
            got = server.request("POST", f"/api/v1/games/{game_id}/press", body,
                                 token=tokens["France"])
            check(got[0] == status and got[1]["error"]["code"] == code,
                  f"{body!r:.60}: {got[0]} {got[3][:200]!r}")
        raw = b'{"to": ["Italy"], "text": "caf\xe9"}'
        got = server.request("POST", f"/api/v1/games/{game_id}/press", raw=raw,
                             headers={"Content-Type": "application/json"},
                             token=tokens["France"])
        check(got[0] == 400, f"bytes that are not UTF-8: {got[0]}")
        check(len(texts(gm_token)) == before, "no refused message was stored")
        # The game goes on: press never blocks orders.
        expect(put_orders(server, game_id, tokens["France"], "A PAR-BUR"), 200, "orders")
    finally:
        server.close()


def test_press_rules():
    """Gunboat, public press, grey press, the GM's view without press between powers, no press
    during adjustments, the rules fixed once the game starts, publication at the end."""
    server = ts.new_server()
    try:
        # Gunboat: players write only to the GM; the GM writes to anyone.
        game_id, gm_token, tokens, _ = create_game(server, press={"rule": "none"})
        got = send(server, game_id, tokens["France"], ["Italy"], "psst", 403)
        check("gunboat" in got["error"]["message"], f"says why: {got}")
        send(server, game_id, tokens["France"], "all", "hello all", 403)
        send(server, game_id, tokens["France"], ["GM"], "My NMR was a mistake.")
        send(server, game_id, gm_token, "all", "Welcome to the game.")
        france = read(server, game_id, tokens["France"])
        check(france["may_write_to"] == ["GM"], f"gunboat: only the GM: {france}")
        check([m["text"] for m in read(server, game_id, tokens["Italy"])["messages"]] ==
              ["Welcome to the game."], "Italy reads the GM's broadcast only")

        # Public press: only broadcasts between powers.
        game_id, gm_token, tokens, _ = create_game(server, press={"rule": "public"})
        send(server, game_id, tokens["France"], ["Italy"], "psst", 403)
        send(server, game_id, tokens["France"], "all", "France speaks to all.")

        # Grey press: the recipients do not see the sender; the sender and the GM do.
        game_id, gm_token, tokens, _ = create_game(server, press={"grey": True,
                                                                  "gm_reads_all": True})
        send(server, game_id, tokens["France"], ["Italy"], f"Guess who. {SECRET}", anonymous=True)
        italy = read(server, game_id, tokens["Italy"])["messages"][0]
        check(italy["from"] == "anonymous" and italy["anonymous"] and
              italy["conversation"] == "anonymous", f"Italy sees no sender: {italy}")
        check("France" not in json.dumps(read(server, game_id, tokens["Italy"])["messages"]),
              "the sender's name nowhere in Italy's view")
        check(read(server, game_id, gm_token)["messages"][0]["from"] == "France", "GM sees it")
        check(read(server, game_id, tokens["France"])["messages"][0]["from"] == "France", "own")
        send(server, game_id, gm_token, ["Italy"], "GM in grey?", 400, anonymous=True)

        # The GM without press between powers: only its own and the broadcasts.
        game_id, gm_token, tokens, _ = create_game(server, press={"gm_reads_all": False})
        send(server, game_id, tokens["France"], ["Italy"], f"Not for the GM. {SECRET}")
        send(server, game_id, tokens["France"], ["GM"], "For the GM.")
        send(server, game_id, tokens["England"], "all", "For all.")
        check([m["text"] for m in read(server, game_id, gm_token)["messages"]] ==
              ["For the GM.", "For all."], "the GM does not read France to Italy")

        # No press during adjustments: France may not write in W1901A; the GM may.
        game_id, gm_token, tokens, _ = create_game(server, press={"adjustments": False},
                                                   resolve_when_ready=False)
        expect(put_orders(server, game_id, tokens["Germany"], "F KIE-HOL"), 200, "S1901M")
        gm(server, game_id, gm_token, "resolve")
        gm(server, game_id, gm_token, "resolve")
        check(ts.state(server, game_id)["phase"] == "W1901A", "the builds phase")
        got = send(server, game_id, tokens["France"], ["Italy"], "builds?", 403)
        check("adjustments" in got["error"]["message"], f"says why: {got}")
        check(read(server, game_id, tokens["France"])["closed"], "the view says press is closed")
        send(server, game_id, gm_token, "all", "Builds are due.")

        # The rules are the GM's, set before the start; a bad setting is refused by name.
        game_id, gm_token, tokens, _ = create_game(server, powers=["France"])
        got = server.request("POST", f"/api/v1/games/{game_id}/actions/press", {"rule": "none"},
                             token=tokens["France"])
        check(got[0] == 403, "a player may not change the press rules")
        for body in ({"rule": "loud"}, {"gray": True}, {"grey": "yes"}):
            got = server.request("POST", f"/api/v1/games/{game_id}/actions/press", body,
                                 token=gm_token)
            check(got[0] == 400, f"{body}: {got[0]} {got[3][:200]!r}")
        changed = gm(server, game_id, gm_token, "press", {"rule": "public"})
        check(changed["press"]["rule"] == "public" and
              changed["game"]["settings"]["press"]["rule"] == "public", f"changed: {changed}")
        gm(server, game_id, gm_token, "start")
        got = server.request("POST", f"/api/v1/games/{game_id}/actions/press", {"rule": "full"},
                             token=gm_token)
        check(got[0] == 409, "the rules are fixed once the game has started")
        got = server.request("POST", "/api/v1/games", {"name": "x", "press": {"rule": "loud"}})
        check(got[0] == 400, "a bad rule at creation")

        # Publication: after the end everyone reads all press, grey senders still hidden; a
        # game whose rules keep press private keeps it private.
        game_id, gm_token, tokens, _ = create_game(server, press={"grey": True})
        send(server, game_id, tokens["France"], ["Italy"], "Private, until the end.")
        send(server, game_id, tokens["Turkey"], ["Russia"], "Grey forever.", anonymous=True)
        got = server.request("GET", f"/api/v1/games/{game_id}/press")
        check(got[0] == 401, "no public press while the game runs")
        gm(server, game_id, gm_token, "end")
        public = read(server, game_id, None)
        check(public["reader"] == "public" and
              [m["text"] for m in public["messages"]] == ["Private, until the end.",
                                                          "Grey forever."], f"{public}")
        check(public["messages"][1]["from"] == "anonymous", "grey stays grey when published")
        send(server, game_id, tokens["France"], ["Italy"], "after the end", 409)
        game_id, gm_token, tokens, _ = create_game(server, press={"publish_at_end": False})
        send(server, game_id, tokens["France"], ["Italy"], f"Never public. {SECRET}")
        gm(server, game_id, gm_token, "end")
        got = server.request("GET", f"/api/v1/games/{game_id}/press")
        check(got[0] == 401 and SECRET not in got[3].decode(), "kept private after the end")
        check(len(read(server, game_id, tokens["Italy"])["messages"]) == 1, "Italy still reads it")
    finally:
        server.close()


def test_feed():
    """A seat's Atom feed holds the resolved phases and its own press, never another seat's;
    the public feed holds the results only; a key that names no seat is refused, and a
    replacement player's new token gives a new key."""
    import xml.etree.ElementTree as ET
    atom = "{http://www.w3.org/2005/Atom}"
    server = ts.new_server()
    try:
        game_id, gm_token, tokens, _ = create_game(server, resolve_when_ready=False)
        send(server, game_id, tokens["France"], ["Italy"], f"For Italy only. {SECRET}")
        expect(put_orders(server, game_id, tokens["France"], f"A PAR-BUR\nnote {SECRET}"), 200,
               "orders with a refused line")
        gm(server, game_id, gm_token, "resolve")

        def feed(path):
            got = server.request("GET", path)
            check(got[0] == 200 and got[2].getheader("Content-Type").startswith(
                "application/atom+xml"), f"{path}: {got[0]} {got[3][:200]!r}")
            root = ET.fromstring(got[3])
            return got[3].decode(), [e.find(atom + "title").text for e in root.iter(atom + "entry")]

        italy_feed = read(server, game_id, tokens["Italy"])["feed"]
        text, titles = feed(italy_feed)
        check("Spring 1901 movement resolved" in titles and
              "Press from France to Italy" in titles and SECRET in text, f"Italy's feed: {titles}")
        germany_text, germany_titles = feed(read(server, game_id, tokens["Germany"])["feed"])
        check(SECRET not in germany_text and "Spring 1901 movement resolved" in germany_titles,
              f"Germany's feed has the results and nothing private: {germany_titles}")
        public_text, public_titles = feed(f"/api/v1/games/{game_id}/feed")
        check(SECRET not in public_text and not any(t.startswith("Press") for t in public_titles),
              f"the public feed: {public_titles}")
        france_text, _ = feed(read(server, game_id, tokens["France"])["feed"])
        check(france_text.count(SECRET) >= 2, "France's feed has its own press and refused line")
        got = server.request("GET", f"/api/v1/games/{game_id}/feed?key=" + "0" * 32)
        check(got[0] == 403, f"a bad key: {got[0]}")
        expect(server.request("POST", f"/api/v1/games/{game_id}/seats/Italy/replace",
                              {"player": "New"}, token=gm_token), 201, "replace Italy")
        got = server.request("GET", italy_feed)
        check(got[0] == 403, f"the old player's feed key is revoked: {got[0]}")
    finally:
        server.close()


if __name__ == "__main__":
    sys.exit(ts.script_main(ts.tests_of(globals())))
