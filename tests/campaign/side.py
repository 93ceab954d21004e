# SPDX-License-Identifier: Apache-2.0
"""What every scripted side shares: who it plays, the game it plays in through the API, the
seeded random stream that breaks its ties, and the choice of orders by phase kind."""


class Side:
    def __init__(self, graph, power, game, rng):
        self.graph = graph
        self.power = power
        self.game = game
        self.rng = rng

    def orders(self, board):
        kind = board.phase_kind()
        if kind == "M":
            return self.movement_orders(board)
        if kind == "R":
            return self.retreat_orders(board)
        return self.adjustment_orders(board)

    def adjustment_orders(self, board):
        return []  # missing adjustments follow the civil-disorder rules
