#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0
"""Rivers and barges through the real server (docs/rivers.md), on the 1914 map with a GM's own
start: German armies besiege Namur and hold Charleroi and Marche, so a French army at Dinant
is three roads from Reims. Belgium buys a barge flotilla in Liège by the API; from
the next week the French army's supply line runs down the Meuse past Namur, whose Belgian
garrison holds its bridge; a French train goes from Liège by barge and delivers; the German
army at Namur's bridge is told of the line in its seat's view (4a), which shows the French army
without its own record of it; replay verifies.
Run: test_rivers.py --binary PATH --variants DIR [--only NAME]"""

import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import test_server as ts  # noqa: E402
from test_server import check, expect, gm, put_orders  # noqa: E402


def start():
    return {
        "phase": "1914W34M",
        "units": {
            "France": [{"unit": "A DIN", "points": 300, "supply": 1}],
            "Germany": [{"unit": "A NAM", "points": 600, "supply": 2, "engineers": 2,
                         "siege_guns": 2},
                        {"unit": "A CHR", "points": 300, "supply": 2},
                        {"unit": "A MAR", "points": 300, "supply": 2}]},
        "garrisons": {"Belgium": [{"province": "NAM", "points": 100, "stores": 10}]},
        "trains": {"France": [{"province": "LIE", "count": 1}]},
        "treasury": {"Germany": 0, "France": 0, "Britain": 0, "Belgium": 250},
        "control": {},
    }


def gm_start_at_namur(variant):
    """The GM's own start. Its armies are not the map's, so the guards and veterans the map
    places in its start armies (docs/experience.md) go with them: the server refuses a start
    that names an army it does not have."""
    variant["start"] = start()
    variant["rules"].pop("experience", None)


def army(game, power, where):
    for unit in game["position"]["units"].get(power, []):
        if unit["unit"] == f"A {where}":
            return unit
    return None


def test_barges():
    server = ts.new_server(limits={"gm_variant_bytes": 1 << 20})
    try:
        game_id, gm_token, tokens = ts.gm_1914_game(
            server, "Barges", gm_start_at_namur, "the GM's 1914 start at Namur")
        base = f"/api/v1/games/{game_id}"

        # Week 1: Belgium buys the flotilla; the line is still by road, by Givet and Mézières.
        bought = expect(put_orders(server, game_id, tokens["Belgium"], "buy a barge flotilla Liege"),
                        200, "Belgium's purchase")
        check(bought["accepted"] == 1 and bought["verdicts"][0]["order"] == "BUY FLOTILLA LIE",
              f"canonical text: {bought}")
        refused = expect(put_orders(server, game_id, tokens["France"], "BUY FLOTILLA BRU"), 200,
                         "a refused purchase is a verdict, not an error")
        check(refused["rejected"] == 1 and
              refused["verdicts"][0]["error"] == "BRU is on no navigable river of the map",
              f"the reason: {refused}")
        expect(put_orders(server, game_id, tokens["France"], "A DIN H"), 200, "France")
        expect(put_orders(server, game_id, tokens["Germany"],
                          "A NAM BESIEGE\nA CHR H\nA MAR H"), 200, "Germany")
        gm(server, game_id, gm_token, "resolve")
        after = expect(server.request("GET", base, token=gm_token), 200, "week 1")
        check(after["position"]["flotillas"] == {"Belgium": ["LIE"]}, f"{after['position']}")
        check(after["position"]["treasury"]["Belgium"] == 50, "200 points paid")
        line = army(after, "France", "DIN")
        check(line.get("supply_line", [None])[-1] == "REI" and "supply_river" not in line,
              f"the barges gather for a week; the line is Reims' by road: {line}")

        # Week 2: the line goes down the Meuse; a train goes by barge from Liège.
        expect(put_orders(server, game_id, tokens["France"], "T LIE SUPPLY A DIN\nA DIN H"), 200,
               "France's train")
        expect(put_orders(server, game_id, tokens["Germany"],
                          "A NAM BESIEGE\nA CHR H\nA MAR H"), 200, "Germany")
        gm(server, game_id, gm_token, "resolve")
        week2 = expect(server.request("GET", base, token=gm_token), 200, "week 2")
        din = army(week2, "France", "DIN")
        check(din["supply_line"] == ["DIN", "NAM", "LIE"] and
              din["supply_river"] == {"river": "Meuse", "from": "DIN"}, f"the river line: {din}")
        doc = expect(server.request("GET", f"{base}/phases/1", token=gm_token), 200, "week 2's results")
        texts = [e["text"] for e in doc["results"]["events"]]
        check("a supply train left LIE for A DIN" in texts and
              "a supply train delivered 1 week of supply to A DIN (now 1)" in texts and
              "A DIN draws its supply from LIE (2 reaches of the Meuse)" in texts,
              f"the barges carried the train past Namur: {texts}")

        # Germany's seat: its army at Namur's bridge is told of the line (4a), within its sight.
        german = expect(server.request("GET", base, token=tokens["Germany"]), 200, "Germany")
        seen = german["position"].get("supply_lines_seen", {})
        check(seen.get("France") == [["DIN", "NAM", "LIE"]], f"told at the bridge: {seen}")
        check("flotillas" not in german["position"] or
              "Belgium" in german["position"]["flotillas"],
              "a flotilla in a city Germany sees is shown")
        french = army(german, "France", "DIN")
        check(french is not None and "supply_river" not in french and "supply_line" not in french,
              f"the line is told, not the army's own record: {french}")

        check(server.stop() == 0, "clean stop")
        replay = server.run_cli("replay")
        check(replay.returncode == 0 and "all match" in replay.stdout,
              replay.stdout + replay.stderr)
    finally:
        server.close()


if __name__ == "__main__":
    sys.exit(ts.script_main(ts.tests_of(globals())))
