// SPDX-License-Identifier: Apache-2.0
// Movement-phase legality and the one-order-per-unit rule, with the DATC cases they follow.
#include "parser_test_support.h"

using namespace parser_test;

TEST_CASE("movement: moves (DATC 6.A)") {
    const Position pos = position("S1901M", {{"England", "F NTH"},
                                             {"England", "A LVP"},
                                             {"Germany", "F KIE"},
                                             {"Italy", "F ROM"},
                                             {"England", "A YOR"},
                                             {"Germany", "A MUN"}});
    CHECK(one(pos, "England: F NTH - PIC") == "error: F NTH cannot reach PIC");  // 6.A.1
    CHECK(one(pos, "England: A LVP - IRI") ==                                    // 6.A.2
          "error: A LVP cannot move to IRI: armies cannot enter sea");
    CHECK(one(pos, "Germany: F KIE - MUN") ==  // 6.A.3
          "error: F KIE cannot move to MUN: fleets cannot enter inland provinces");
    CHECK(one(pos, "Germany: F KIE - KIE") == "error: F KIE cannot move to its own province");
    CHECK(one(pos, "Italy: F ROM - VEN") == "error: F ROM cannot reach VEN");  // 6.A.9
    CHECK(one(pos, "Germany: A MUN - LON") == "error: LON is not adjacent to MUN");
    CHECK(one(pos, "Germany: A MUN - KIE") == "A MUN - KIE");
    CHECK(one(pos, "MUN H") ==
          "error: no power given: write 'France: A PAR H' or a line "
          "'France:' before the orders");
    CHECK(one(pos, "Germany: A BER H") == "error: no unit at BER");
    // A convoy attempt is legal when fleets at sea could carry the army (DATC 4.E.1, 6.D.32).
    CHECK(one(pos, "England: A YOR - NWY") == "A YOR - NWY");
    CHECK(one(pos, "England: A YOR - HOL") == "A YOR - HOL");
    CHECK(one(pos, "England: A LVP - NWY") ==
          "error: NWY is not adjacent to LVP and no fleets at sea could convoy A LVP there");
    CHECK(one(pos, "England: A YOR - YOR") == "error: A YOR cannot move to its own province");
    CHECK(one(pos, "England: A YOR - LON VIA CONVOY") == "A YOR - LON VIA CONVOY");
    CHECK(one(pos, "England: A LVP - WAL VIA CONVOY") ==
          "error: no fleets at sea could convoy A LVP to WAL");
    CHECK(one(pos, "Germany: A MUN - KIE VIA CONVOY") ==
          "error: armies are only convoyed between coastal provinces");
    CHECK(one(pos, "England: F NTH - HOL VIA CONVOY") == "error: a fleet cannot be convoyed");
}

TEST_CASE("movement: coasts (DATC 4.B, 6.B)") {
    const Position pos = position("S1901M", {{"France", "F POR"},
                                             {"France", "F GAS"},
                                             {"France", "F SPA/NC"},
                                             {"France", "A MAR"},
                                             {"Russia", "F STP/SC"},
                                             {"Turkey", "F CON"}});
    CHECK(one(pos, "France: F POR - SPA") == "error: SPA needs a coast: nc or sc");  // 6.B.1
    // GAS reaches only the north coast (6.B.2) but SPA is occupied by a French fleet, which is
    // the resolver's business, not a legality question.
    CHECK(one(pos, "France: F GAS - SPA") == "F GAS - SPA/NC");
    CHECK(one(pos, "France: F GAS - SPA/SC") == "error: F GAS cannot reach SPA/SC");  // 6.B.3
    CHECK(one(pos, "France: F GAS - SPA/WC") == "F GAS - SPA/NC");  // unknown coast (4.B.6)
    CHECK(one(pos, "France: F POR - SPA(sc)") == "F POR - SPA/SC");
    CHECK(one(pos, "France: F SPA - MAO") == "F SPA/NC - MAO");     // own coast omitted (4.B.5)
    CHECK(one(pos, "France: F SPA/SC - MAO") == "F SPA/NC - MAO");  // wrong own coast (6.B.10)
    CHECK(one(pos, "France: F SPA/SC - GOL") == "error: F SPA/NC cannot reach LYO");  // 6.B.11
    CHECK(one(pos, "France: A MAR - SPA/NC") == "A MAR - SPA");  // army coast ignored (6.B.12)
    CHECK(one(pos, "France: A MAR - PIE/SC") == "A MAR - PIE");  // irrelevant coast (4.B.6)
    CHECK(one(pos, "France: F GAS - BRE/nc") == "F GAS - BRE");
    CHECK(one(pos, "Russia: F STP - BOT") == "F STP/SC - BOT");
    CHECK(one(pos, "Russia: F STP/NC - BAR") == "error: F STP/SC cannot reach BAR");
    CHECK(one(pos, "Turkey: F CON - BUL") == "error: BUL needs a coast: sc or ec");  // 6.D.30
}

TEST_CASE("movement: wrong or missing unit letter is ignored (DATC 4.C.1, 4.C.2)") {
    const Position pos = position("S1901M", {{"France", "A PAR"}});
    const ParsedOrders parsed = parse_orders(standard(), pos, "France: F PAR - BUR");
    REQUIRE(parsed.verdicts.size() == 1);
    CHECK(show(parsed.verdicts[0]) == "A PAR - BUR");
    CHECK(parsed.verdicts[0].note == "written as F, but the unit in PAR is an army (DATC 4.C.2)");
    CHECK(one(pos, "France: PAR - BUR") == "A PAR - BUR");
}

TEST_CASE("movement: supports (DATC 6.A.8, 6.A.10, 6.B.4, 6.B.5, 6.D)") {
    const Position pos = position("S1901M", {{"Austria", "F TRI"},
                                             {"Italy", "F ROM"},
                                             {"Italy", "A APU"},
                                             {"Austria", "A VEN"},
                                             {"France", "F MAR"},
                                             {"France", "F GAS"},
                                             {"France", "F SPA/NC"},
                                             {"Germany", "A BUR"},
                                             {"Germany", "F KIE"},
                                             {"Austria", "A RUM"},
                                             {"Turkey", "F BLA"},
                                             {"Italy", "A PRU"},
                                             {"Russia", "A LVN"}});
    CHECK(one(pos, "Austria: F TRI S F TRI") == "error: a unit cannot support itself");  // 6.A.8
    CHECK(one(pos, "Italy: F ROM S A APU - VEN") ==                                      // 6.A.10
          "error: F ROM cannot reach VEN, so cannot support A APU - VEN");
    CHECK(one(pos, "Italy: F ROM S A APU - NAP") == "F ROM S A APU - NAP");
    CHECK(one(pos, "France: F MAR S F GAS - SPA/NC") == "F MAR S F GAS - SPA/NC");  // 6.B.4
    CHECK(one(pos, "France: F MAR S F GAS - SPA") == "F MAR S F GAS - SPA");        // 6.B.8
    CHECK(one(pos, "France: F SPA/NC S F MAR - GOL") ==                             // 6.B.5
          "error: F SPA/NC cannot reach LYO, so cannot support F MAR - LYO");
    CHECK(one(pos, "Germany: A BUR S F KIE - MUN") ==  // 6.D.22
          "error: the supported move F KIE - MUN is impossible");
    CHECK(one(pos, "France: F MAR S F GAS - SPA/SC") ==  // 6.D.23
          "error: the supported move F GAS - SPA is impossible");
    CHECK(one(pos, "Turkey: F BLA S A RUM - ARM") ==  // 6.D.31
          "error: the supported move A RUM - ARM is impossible");
    CHECK(one(pos, "Italy: A PRU S A LVN - PRU") ==  // 6.D.34
          "error: a unit cannot support a move into its own province");
    CHECK(one(pos, "Germany: A BUR S A PAR") == "error: no unit at PAR to support");
    CHECK(one(pos, "Germany: A BUR S A PAR - PIC") == "error: no unit at PAR to support");
    CHECK(one(pos, "Germany: A BUR S F MAR") == "A BUR S F MAR");
    CHECK(one(pos, "Germany: A BUR S A MAR") == "A BUR S F MAR");  // letter ignored
    CHECK(one(pos, "Germany: A BUR S F MAR - MAR") ==
          "error: the supported unit cannot move to its own province");
    CHECK(one(pos, "Germany: A BUR S A BUR - PAR") == "error: a unit cannot support its own move");
    CHECK(one(pos, "Germany: A BUR S F KIE") ==
          "error: A BUR cannot reach KIE, so cannot "
          "support it");
    CHECK(one(pos, "Austria: A RUM S A LVN - UKR") ==
          "error: the supported move A LVN - UKR is impossible");
    CHECK(one(pos, "Austria: A RUM S A VEN - TRI") ==
          "error: A RUM cannot reach TRI, so cannot support A VEN - TRI");
}

TEST_CASE("movement: a supported move may need a convoy, but not through the supporter") {
    const Position pos = position("S1901M", {{"England", "A YOR"},
                                             {"England", "F NTH"},
                                             {"England", "F LON"},
                                             {"France", "F ENG"},
                                             {"France", "F BEL"}});
    CHECK(one(pos, "England: F LON S A YOR - NWY") ==
          "error: F LON cannot reach NWY, so cannot "
          "support A YOR - NWY");
    CHECK(one(pos, "France: F BEL S A YOR - HOL") == "F BEL S A YOR - HOL");
    CHECK(one(pos, "England: F NTH S A YOR - HOL") ==
          "error: the supported move A YOR - HOL is impossible");
}

TEST_CASE("movement: convoys (DATC 6.A.5, 6.A.7, 6.F.1, 6.G.19)") {
    const Position pos = position("S1901M", {{"England", "F NTH"},
                                             {"England", "A YOR"},
                                             {"England", "F LON"},
                                             {"Turkey", "A GRE"},
                                             {"Turkey", "F AEG"},
                                             {"Turkey", "F CON"},
                                             {"Turkey", "F BLA"},
                                             {"France", "A MAR"},
                                             {"France", "F WES"},
                                             {"Italy", "F GOL"},
                                             {"Germany", "A MUN"}});
    CHECK(one(pos, "England: F NTH C A YOR - YOR") ==  // 6.A.5
          "error: the convoyed army cannot move to its own province");
    CHECK(one(pos, "England: F NTH C A LON - BEL") ==
          "error: a fleet cannot be convoyed");  // 6.A.7
    CHECK(one(pos, "England: F NTH C F LON - BEL") == "error: a fleet cannot be convoyed");
    // No chain of fleets at sea joins GRE to SEV: CON is coastal (6.F.1), so the move and
    // both sea convoys are illegal.
    CHECK(one(pos, "Turkey: A GRE - SEV") ==
          "error: SEV is not adjacent to GRE and no fleets at sea could convoy A GRE there");
    CHECK(one(pos, "Turkey: F AEG C A GRE - SEV") ==
          "error: F AEG is not on any convoy route from GRE to SEV");
    CHECK(one(pos, "Turkey: F BLA C A GRE - SEV") ==
          "error: F BLA is not on any convoy route from GRE to SEV");
    CHECK(one(pos, "Turkey: F AEG C A GRE - SMY") == "F AEG C A GRE - SMY");
    CHECK(one(pos, "Turkey: F CON C A GRE - SEV") ==
          "error: only fleets at sea can convoy");  // 6.F.1
    CHECK(one(pos, "England: A YOR C A LON - NWY") == "error: only fleets at sea can convoy");
    CHECK(one(pos, "France: F WES C A MAR - SPA") ==
          "error: F WES is not on any convoy route from MAR to SPA");
    CHECK(one(pos, "Italy: F GOL C A MAR - SPA") == "F LYO C A MAR - SPA");
    CHECK(one(pos, "England: F NTH C A YOR - NWY") == "F NTH C A YOR - NWY");
    CHECK(one(pos, "England: F NTH C A MUN - HOL") ==
          "error: armies are only convoyed between coastal provinces");
    CHECK(one(pos, "England: F NTH C A PAR - BEL") == "error: no unit at PAR to convoy");
    CHECK(one(pos, "England: F NTH C A GRE - SEV") ==
          "error: F NTH is not on any convoy route from GRE to SEV");
}

TEST_CASE("movement: a convoying fleet must be needed by some route (DATC 6.G.19)") {
    // MAR - GOL - WES - SPA is a route, but WES is never needed: GOL touches SPA already.
    const Position pos = position(
        "S1901M",
        {{"France", "A MAR"}, {"France", "F WES"}, {"Italy", "F GOL"}, {"Italy", "A SPA"}});
    CHECK(one(pos, "France: F WES C A MAR - SPA") ==
          "error: F WES is not on any convoy route from MAR to SPA");
    CHECK(one(pos, "Italy: F GOL C A MAR - SPA") == "F LYO C A MAR - SPA");
}

TEST_CASE("movement: orders of other phases are refused") {
    const Position pos = start();
    CHECK(one(pos, "France: A PAR R BUR") == "error: retreats are only ordered in a retreat phase");
    CHECK(one(pos, "France: A PAR D") ==
          "error: disbands are only ordered in retreat and adjustment phases");
    CHECK(one(pos, "France: BUILD A PAR") ==
          "error: builds and waives are only ordered in an adjustment phase");
    CHECK(one(pos, "France: WAIVE") ==
          "error: builds and waives are only ordered in an adjustment phase");
}

TEST_CASE("movement: two orders for one unit, the later one wins") {
    const Position pos = start();
    const ParsedOrders parsed = parse_orders(standard(), pos,
                                             "A PAR - BUR\n"
                                             "A MAR H\n"
                                             "A PAR - PIC\n"
                                             "A PAR - Moscow\n"  // illegal: replaces nothing
                                             "F BRE H\n"
                                             "A PAR H\n",
                                             power("France"));
    REQUIRE(parsed.verdicts.size() == 6);
    CHECK(show(parsed.verdicts[0]) == "A PAR - BUR");
    CHECK(parsed.verdicts[0].note == "replaced by line 3");
    CHECK(show(parsed.verdicts[2]) == "A PAR - PIC");
    CHECK(parsed.verdicts[2].note == "replaces line 1; replaced by line 6");
    CHECK(show(parsed.verdicts[3]) == "error: MOS is not adjacent to PAR");
    CHECK(parsed.verdicts[3].note.empty());
    CHECK(show(parsed.verdicts[5]) == "A PAR H");
    CHECK(parsed.verdicts[5].note == "replaces line 3");
    REQUIRE(parsed.orders.size() == 3);
    CHECK(parsed.orders[0].text(standard()) == "A MAR H");
    CHECK(parsed.orders[1].text(standard()) == "F BRE H");
    CHECK(parsed.orders[2].text(standard()) == "A PAR H");
    CHECK(parsed.orders[2].power == power("France"));
}
