#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0
"""A client made from /openapi.json talks to the real server: every operation is called by its
operationId (method and path come from the document), and every answer must have a status the
operation lists and a body that its schema accepts (a small validator of the OpenAPI 3.0 subset
the document uses: $ref, type, nullable, enum, required, properties, items).
Run: test_openapi.py --binary PATH --variants DIR. Standard library only."""

import json
import os
import re
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from server_harness import Server, parse_server_test_args, run_tests  # noqa: E402

ARGS = None
TYPES = {"object": dict, "array": list, "string": str, "boolean": bool}


def check(condition, message):
    if not condition:
        raise AssertionError(message)


class Client:
    def __init__(self, server):
        self.server = server
        status, self.spec, _, _ = server.request("GET", "/openapi.json")
        check(status == 200, "GET /openapi.json")
        self.operations = {}
        for path, operations in self.spec["paths"].items():
            for method, operation in operations.items():
                self.operations[operation["operationId"]] = (method.upper(), path, operation)
        self.called = set()

    def resolve(self, schema):
        while "$ref" in schema:
            node = self.spec
            for part in schema["$ref"].lstrip("#/").split("/"):
                node = node[part]
            schema = node
        return schema

    def validate(self, value, schema, where):
        schema = self.resolve(schema)
        if value is None:
            check(schema.get("nullable", False) or not schema, f"{where}: null not allowed")
            return
        kind = schema.get("type")
        if kind == "integer":
            check(isinstance(value, int) and not isinstance(value, bool), f"{where}: {value!r}")
        elif kind in TYPES:
            check(isinstance(value, TYPES[kind]), f"{where}: {type(value).__name__}, not {kind}")
        if "enum" in schema:
            check(value in schema["enum"], f"{where}: {value!r} not in {schema['enum']}")
        if kind == "object":
            for key in schema.get("required", []):
                check(key in value, f"{where}: missing {key!r}")
            properties = schema.get("properties", {})
            for key, item in value.items():
                if key in properties:
                    self.validate(item, properties[key], f"{where}.{key}")
                else:
                    check(schema.get("additionalProperties", True) is not False,
                          f"{where}: undocumented {key!r}")
        if kind == "array":
            for i, item in enumerate(value):
                self.validate(item, schema.get("items", {}), f"{where}[{i}]")

    def call(self, operation_id, expect, params=None, body=None, token=None, text=None,
             headers=None, query=""):
        method, path, operation = self.operations[operation_id]
        for name, value in (params or {}).items():
            path = path.replace("{" + name + "}", str(value))
        path += query
        raw, headers = None, dict(headers or {})
        if text is not None:
            raw = text.encode()
            headers["Content-Type"] = "text/plain"
        status, parsed, response, payload = self.server.request(
            method, path, body=body, token=token, raw=raw, headers=headers)
        self.last_response = response
        where = f"{operation_id} {method} {path}"
        check(status == expect, f"{where}: expected {expect}, got {status}: {payload[:300]!r}")
        responses = operation["responses"]
        check(str(status) in responses or "default" in responses,
              f"{where}: status {status} is not documented")
        answer = self.resolve(responses.get(str(status), responses.get("default")))
        content = answer.get("content", {})
        ctype = (response.getheader("Content-Type") or "").split(";")[0]
        if "application/json" in content:
            check(ctype == "application/json", f"{where}: Content-Type {ctype}")
            self.validate(parsed, content["application/json"]["schema"], where)
        self.called.add(operation_id)
        return parsed


def test_client():
    server = Server(ARGS.binary, ARGS.variants).start()
    try:
        c = Client(server)
        admin = server.admin_token
        c.call("getHealth", 200)
        c.call("getMetrics", 200)
        c.call("getOpenApi", 200)
        c.call("getWebApp", 200)
        c.call("getWebFile", 200, {"file": "app.js"})
        c.call("listVariants", 200)
        c.call("getVariant", 200, {"name": "standard"})
        with open(os.path.join(os.path.dirname(__file__), "..", "variants", "tiny.json")) as f:
            c.call("uploadVariant", 201, body=json.load(f), token=admin)
        # A GM's own variant, uploaded while the game forms and no seat is taken.
        own = c.call("createGame", 201, body={"name": "own map", "variant": "standard"})
        with open(os.path.join(os.path.dirname(__file__), "..", "variants", "tiny.json")) as f:
            c.call("uploadGameVariant", 200, {"id": own["game"]["id"]}, body=json.load(f),
                   token=own["gm_token"])
        created = c.call("createGame", 201, body={"name": "g", "variant": "standard"})
        game, gm = created["game"]["id"], created["gm_token"]
        c.call("createGame", 201, body={"name": "alone", "sandbox": True})
        c.call("listGames", 200)
        c.call("getGame", 200, {"id": game})
        seat = c.call("joinSeat", 201, {"id": game, "power": "France"}, body={"player": "p"})
        c.call("joinSeat", 409, {"id": game, "power": "France"}, body={"player": "q"})
        c.call("inviteToSeat", 201, {"id": game, "power": "Italy"}, body={"player": "i"}, token=gm)
        c.call("replacePlayer", 201, {"id": game, "power": "Italy"}, body={"player": "j"},
               token=gm)
        token = seat["token"]
        c.call("submitOrders", 200, {"id": game}, token=token, text="A PAR-BUR\nF XYZ-ABC")
        c.call("validateOrders", 200, {"id": game}, token=token, text="A MAR-SPA")
        c.call("getOrders", 200, {"id": game}, token=token)
        c.call("getOrders", 200, {"id": game}, token=gm)
        c.call("getOrders", 401, {"id": game})
        c.call("setReady", 200, {"id": game}, body={"ready": True}, token=token)
        c.call("gmAction", 200, {"id": game, "action": "start"}, body={}, token=gm)
        phase = c.call("getGame", 200, {"id": game})["phase"]
        c.call("gmAction", 200, {"id": game, "action": "resolve"}, body={"phase": phase},
               token=gm)
        c.call("gmAction", 403, {"id": game, "action": "pause"}, body={}, token=token)
        # The settings action's answer (the GM's address) and the game state's attendance
        # fields are checked against their schemas here.
        c.call("gmAction", 200, {"id": game, "action": "settings"},
               body={"extensions_per_player": 2, "gm_email": "gm@example.org"}, token=gm)
        phases = c.call("listPhases", 200, {"id": game})["phases"]
        check(len(phases) >= 2, f"the resolve made a new phase: {phases}")
        for entry in phases:  # a resolved one (orders, results, events) and the current one
            c.call("getPhase", 200, {"id": game, "seq": entry["seq"]})
        c.call("getPhaseSummary", 200, {"id": game, "seq": phases[0]["seq"]}, token=gm)
        c.call("getPowerHistory", 200, {"id": game, "power": "France"}, token=token)
        c.call("getPowerHistory", 404, {"id": game, "power": "Narnia"})
        c.call("getAudit", 200, {"id": game}, token=gm)
        c.call("getBattles", 200, {"id": game}, token=gm)
        sent = c.call("sendPress", 201, {"id": game}, body={"to": ["Italy"], "text": "hello"},
                      token=token)
        c.call("sendPress", 401, {"id": game}, body={"to": "all", "text": "who?"})
        c.call("readPress", 200, {"id": game}, token=gm)
        c.call("readPress", 401, {"id": game})
        c.call("markPressRead", 200, {"id": game}, body={"up_to": sent["id"]}, token=gm)
        c.call("getFeed", 200, {"id": game})
        proposal = c.call("proposeDraw", 201, {"id": game}, body={"kind": "draw"}, token=token)
        c.call("listDraws", 200, {"id": game}, token=gm)
        c.call("voteDraw", 403, {"id": game, "proposal": proposal["id"]}, body={"accept": True},
               token=gm)
        # Absences (docs/absence.md): one over the deadline, so the game shows its wait.
        away = c.call("declareAbsence", 201, {"id": game},
                      body={"from": time.strftime("%Y-%m-%d", time.gmtime()),
                            "to": time.strftime("%Y-%m-%d", time.gmtime(time.time() + 2 * 86400)),
                            "note": "away"}, token=token)
        c.call("declareAbsence", 409, {"id": game}, body={"from": "2030-01-01", "to": "2030-01-02"},
               token=token)
        check("waiting_for_absence" in c.call("getGame", 200, {"id": game}), "the game waits")
        c.call("listAbsences", 200, {"id": game}, token=token)
        c.call("listAbsences", 401, {"id": game})
        c.call("grantAbsenceDays", 200, {"id": game}, body={"power": "France", "days": 2},
               token=gm)
        c.call("cancelAbsence", 200, {"id": game, "absence": away["absence"]["id"]}, token=gm)
        # Assigning powers (docs/assignment.md): a game that assigns them by preference.
        listed = c.call("createGame", 201, body={"name": "ranked", "assignment": "preference"})
        ranked, ranked_gm = listed["game"]["id"], listed["gm_token"]
        place = c.call("joinList", 201, {"id": ranked}, body={"player": "r"})
        c.call("setPreferences", 200, {"id": ranked}, body={"ranking": ["France", "Italy"]},
               token=place["token"])
        c.call("setPreferences", 400, {"id": ranked}, body={"ranking": ["Narnia"]},
               token=place["token"])
        c.call("getPreferences", 200, {"id": ranked}, token=place["token"])
        c.call("getPreferences", 401, {"id": ranked})
        c.call("getJoinList", 200, {"id": ranked}, token=ranked_gm)
        c.call("getJoinList", 403, {"id": ranked}, token=place["token"])
        c.call("getGame", 200, {"id": ranked})
        c.call("joinList", 409, {"id": game}, body={"player": "late"})
        c.call("getGame", 404, {"id": 999})
        c.call("getVariant", 404, {"name": "nope"})
        # Accounts (docs/accounts.md). Mail is off here: the link is read from the outbox.
        c.call("requestSignIn", 202, body={"email": "api@example.org"})
        cookies = [v.split(";", 1)[0] for v in c.last_response.msg.get_all("Set-Cookie")]
        body = server.rows("SELECT body FROM mail_outbox WHERE recipient = ? ORDER BY id DESC",
                           ("api@example.org",))[0][0]
        link = re.search(r"#/sign-in\?token=(\S+)", body).group(1)
        c.call("confirmSignIn", 200, query="?token=" + link, headers={"Cookie": cookies[0]})
        cookies = [v.split(";", 1)[0] for v in c.last_response.msg.get_all("Set-Cookie")]
        session = {"Cookie": cookies[0]}
        c.call("confirmSignInPost", 410, body={"token": link})
        me = c.call("getAccount", 200, headers=session)
        csrf = me["csrf_token"]
        c.call("getAccountReliability", 200, {"id": me["id"]})
        c.call("getAccountReliability", 404, {"id": 999})
        session["X-CSRF-Token"] = csrf
        c.call("updateAccount", 200, body={"display_name": "API"}, headers=session)
        made = c.call("createAccountToken", 201, body={"name": "script"}, headers=session)
        c.call("listAccountTokens", 200, token=made["token"])
        c.call("claimSeat", 200, {"id": game, "power": "France"}, token=made["token"],
               headers={"X-Seat-Token": token})
        c.call("listAccountGames", 200, token=made["token"])
        away = c.call("declareAccountAbsence", 200, body={"from": "2030-01-01", "to": "2030-01-02"},
                      token=made["token"])
        check([s["power"] for s in away["seats"] if "declared" in s] == ["France"], away)
        c.call("declareAccountAbsence", 400, body={"from": "soon", "to": "2030-01-02"},
               token=made["token"])
        c.call("declareAccountAbsence", 401, body={"from": "2030-01-01", "to": "2030-01-02"})
        # Observers (docs/observers.md): an account follows; the GM alone lists.
        c.call("followGame", 200, {"id": ranked}, token=made["token"])
        c.call("followGame", 401, {"id": ranked})
        c.call("listObservers", 200, {"id": ranked}, token=ranked_gm)
        c.call("listObservers", 403, {"id": ranked}, token=place["token"])
        c.call("unfollowGame", 200, {"id": ranked}, token=made["token"])
        c.call("revokeAccountToken", 200, {"token": made["id"]}, headers=session)
        c.call("signOut", 200, headers=session)
        missing = sorted(set(c.operations) - c.called)
        check(not missing, f"operations never called: {missing}")
    finally:
        server.close()


TESTS = {name[5:]: fn for name, fn in globals().items() if name.startswith("test_")}


def main():
    global ARGS
    ARGS = parse_server_test_args(TESTS)
    return run_tests(TESTS, ARGS.only)


if __name__ == "__main__":
    sys.exit(main())
