# SPDX-License-Identifier: Apache-2.0
"""The two seats that do not play straight. The careless player mixes its sensible orders with
bad lines, duplicate orders and orders for other powers' units; every one of them must still
get a verdict and none may discard a good line. The attacker seat tries, every week, what a
player must not be able to do (read others' orders, act as the GM, order in another game,
replace a seat, send a body over the limit); every attempt must be refused and change nothing."""

from urllib.parse import quote


class CarelessPlayer:
    def __init__(self, side, rng):
        self.side = side
        self.power = side.power
        self.rng = rng

    def orders(self, board):
        lines = list(self.side.orders(board))
        mine = sorted(board.units.get(self.power, []), key=lambda u: u["unit"])
        others = sorted(u["unit"] for p, units in board.units.items() if p != self.power
                        for u in units)
        noise = ["banana", "A XYZ H", "", "   "]
        if mine:
            noise.append(f"{mine[0]['unit']} H")  # a duplicate: replaces the earlier order
        if others:
            pick = others[self.rng.randrange(len(others))]
            noise.append(f"{pick} H")  # someone else's unit
            other_power = next(p for p, units in sorted(board.units.items())
                               if p != self.power and units)
            noise.append(f"{other_power}: {board.units[other_power][0]['unit']} H")
        if self.side.graph.campaign:
            noise += ["T ZZZ SUPPLY A PAR", "BUY 999 T PAR", "A PAR BESIEGE"]
        self.rng.shuffle(noise)
        position = self.rng.randrange(len(lines) + 1)
        return lines[:position] + noise + lines[position:]


class AttackerSeat:
    """Wraps a side: before submitting its own orders it attacks, and checks the refusals."""

    def __init__(self, side, other_game):
        self.side = side
        self.power = side.power
        self.game = side.game
        self.other_game = other_game

    def orders(self, board):
        return self.side.orders(board)

    def attack(self, failures, week):
        game, server, token = self.game, self.game.server, self.game.tokens[self.power]
        before = game.state()

        def refused(method, path, body, statuses, what, **extra):
            status, _, _, raw = server.request(method, path, body, token=token, **extra)
            if status not in statuses:
                failures.append(f"week {week}: attacker seat {self.power}: {what}: got HTTP "
                                f"{status}, expected {sorted(statuses)}: {raw[:200]!r}")

        base = game.base
        refused("POST", base + "/actions/resolve", {"phase": before["phase"]}, {403},
                "resolve as a player")
        refused("POST", base + "/actions/end", {}, {403}, "end the game as a player")
        refused("GET", base + "/audit", None, {403}, "read the audit log")
        victim = next(p for p in sorted(game.tokens) if p != self.power)
        refused("POST", f"{base}/seats/{quote(victim)}/replace", {"player": "me"}, {403},
                "take another seat")
        if self.other_game is not None:
            refused("PUT", self.other_game.base + "/orders", {"orders": ["A PAR H"]}, {403},
                    "order in another game")
        refused("PUT", base + "/orders", None, {413}, "a body over the limit",
                raw=b"A PAR H\n" * 20000, headers={"Content-Type": "text/plain"})
        refused("GET", "/web/../../etc/passwd", None, {400, 404}, "a path outside the web root")
        status, seen, _, _ = server.request("GET", base + "/orders", token=token)
        if status != 200 or [s["power"] for s in seen["seats"]] != [self.power]:
            failures.append(f"week {week}: attacker seat {self.power} sees others' orders: "
                            f"{seen}")
        after = game.state()
        if after != before:
            failures.append(f"week {week}: attacker seat {self.power}: refused requests "
                            f"changed the game")
