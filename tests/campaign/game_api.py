# SPDX-License-Identifier: Apache-2.0
"""A game seen through the server's HTTP API, as the driver's players and GM use it: create,
join, submit, validate, resolve (sending the phase it resolves, so a stale resolve is refused),
read the phase documents. Standard library only."""

import json
from urllib.parse import quote


class ApiError(AssertionError):
    pass


def expect(result, status, what):
    got, body, _, raw = result
    if got != status:
        raise ApiError(f"{what}: expected HTTP {status}, got {got}: {raw[:400]!r}")
    return body


class Game:
    def __init__(self, server, variant, powers, name):
        self.server = server
        self.variant = variant
        created = expect(server.request("POST", "/api/v1/games", {
            "name": name, "variant": variant, "missing_orders": "hold",
            "resolve_when_ready": False,
            "deadlines": {"movement": 86400, "retreat": 86400, "adjustment": 86400}}),
            201, "create game")
        self.id = created["game"]["id"]
        self.gm_token = created["gm_token"]
        self.tokens = {}
        for power in powers:
            joined = expect(server.request("POST", f"/api/v1/games/{self.id}/seats/{quote(power)}/join",
                                           {"player": power + " (scripted)"}), 201, "join " + power)
            self.tokens[power] = joined["token"]
        self.base = f"/api/v1/games/{self.id}"

    def state(self, token=None):
        """The game document as `token` reads it: in the fog of war (docs/fog-of-war.md) a seat
        reads its power's view and the public no units at all; the GM reads everything."""
        return expect(self.server.request("GET", self.base, token=token), 200, "game state")

    def phase(self, seq, token=None):
        """The phase document as `token` sees it: the GM sees every seat's refused lines, the
        public (no token) accepted orders only."""
        return expect(self.server.request("GET", f"{self.base}/phases/{seq}", token=token), 200,
                      f"phase {seq}")

    def submit(self, power, lines):
        text = "\n".join(lines)
        return expect(self.server.request("PUT", f"{self.base}/orders", token=self.tokens[power],
                                          raw=text.encode(),
                                          headers={"Content-Type": "text/plain"}),
                      200, f"{power}'s orders")

    def summary(self, seq, token):
        return expect(self.server.request("GET", f"{self.base}/phases/{seq}/summary",
                                          token=token), 200, f"summary of phase {seq}")

    def accepted(self, power, line):
        """Whether the server's live validation accepts `line` for `power` (nothing saved)."""
        answer = expect(self.server.request("POST", f"{self.base}/orders/validate",
                                            {"orders": [line]}, token=self.tokens[power]),
                        200, "validate")
        return answer["accepted"] == 1 and answer["rejected"] == 0

    def resolve(self, phase_code):
        """The GM resolves the phase it saw; returns (status, body) so the driver can report a
        refusal instead of stopping."""
        status, body, _, raw = self.server.request(
            "POST", f"{self.base}/actions/resolve", {"phase": phase_code}, token=self.gm_token)
        return status, body if body is not None else raw[:400]

    def battles(self):
        """The GM's list of the current phase's tabletop battles (docs/tabletop-battles.md)."""
        return expect(self.server.request("GET", f"{self.base}/battles", token=self.gm_token),
                      200, "battles")["battles"]

    def enter_battles(self, results):
        return expect(self.server.request("POST", f"{self.base}/actions/battles",
                                          {"battles": results}, token=self.gm_token),
                      200, "battle results")

    def end(self):
        return expect(self.server.request("POST", f"{self.base}/actions/end", {},
                                          token=self.gm_token), 200, "end")["game"]


def variant_document(server, name):
    return expect(server.request("GET", f"/api/v1/variants/{name}"), 200, "variant " + name)


def dumps(document):
    return json.dumps(document, sort_keys=True)
