// SPDX-License-Identifier: Apache-2.0
// Retreat- and adjustment-phase legality (DATC 6.H, 6.I, 6.J and 4.B.7, 4.C.3, 4.C.4, 4.D.4-7).
#include "parser_test_support.h"

using namespace parser_test;

namespace {

Position retreat_position() {
    Position pos = position(
        "F1901R",
        {{"Italy", "A TRI"}, {"Austria", "A SER"}, {"England", "F ENG"}, {"England", "F MAO"}});
    pos.dislodged.push_back(DislodgedUnit{Unit{UnitType::Fleet, power("Austria"), loc("TRI"), {}},
                                          province("VEN"),
                                          {loc("ADR"), loc("ALB")}});
    pos.dislodged.push_back(DislodgedUnit{Unit{UnitType::Fleet, power("France"), loc("MAO"), {}},
                                          province("BRE"),
                                          {loc("IRI"), loc("POR"), loc("SPA/NC"), loc("SPA/SC")}});
    pos.standoffs.push_back(province("NAO"));
    pos.normalise();
    return pos;
}

}  // namespace

TEST_CASE("retreat: forms and legal destinations") {
    const Position pos = retreat_position();
    CHECK(one(pos, "Austria: F TRI - ALB") == "F TRI R ALB");
    CHECK(one(pos, "Austria: F TRI R ADR") == "F TRI R ADR");
    CHECK(one(pos, "Austria: F Trieste retreats to Albania") == "F TRI R ALB");
    CHECK(one(pos, "Austria: F TRI retreat ALB") == "F TRI R ALB");
    CHECK(one(pos, "Austria: TRI R ALB") == "F TRI R ALB");
    CHECK(one(pos, "Austria: F TRI D") == "F TRI D");
    CHECK(one(pos, "Austria: F TRI disband") == "F TRI D");
    CHECK(one(pos, "Austria: disband F TRI") == "F TRI D");
    CHECK(one(pos, "France: F MAO - SPA/SC") == "F MAO R SPA/SC");
    CHECK(one(pos, "France: F MAO R SPA north coast") == "F MAO R SPA/NC");
    CHECK(one(pos, "France: F MAO R POR") == "F MAO R POR");
}

TEST_CASE("retreat: illegal retreats name the reason (DATC 6.H)") {
    const Position pos = retreat_position();
    CHECK(one(pos, "Austria: F TRI - VEN") ==
          "error: F TRI cannot retreat to VEN: the attacker came from there");  // 6.H.5
    CHECK(one(pos, "France: F MAO - NAO") ==
          "error: F MAO cannot retreat to NAO: it was left empty by a standoff");  // 6.H.6
    CHECK(one(pos, "France: F MAO - ENG") == "error: F MAO cannot retreat to ENG: it is occupied");
    CHECK(one(pos, "France: F MAO - GAS") == "error: F MAO cannot retreat to GAS");
    CHECK(one(pos, "France: F MAO - MAO") == "error: F MAO cannot retreat to its own province");
    CHECK(one(pos, "France: F MAO - SPA") == "error: SPA needs a coast: nc or sc");
    CHECK(one(pos, "Austria: A SER - BUL") ==
          "error: A SER was not dislodged; only dislodged units retreat");
    CHECK(one(pos, "Austria: F GRE R ALB") == "error: no dislodged unit at GRE");
    CHECK(one(pos, "Italy: F TRI R ALB") == "error: F TRI belongs to Austria, not Italy");
    CHECK(one(pos, "Austria: F TRI - ALB VIA CONVOY") == "error: a retreat cannot be convoyed");
    CHECK(one(pos, "Austria: A SER S F TRI - ALB") ==  // 6.H.1
          "error: only retreats and disbands are ordered in a retreat phase");
    CHECK(one(pos, "Austria: F TRI H") ==
          "error: only retreats and disbands are ordered in a retreat phase");
    CHECK(one(pos, "Austria: BUILD A VIE") ==
          "error: only retreats and disbands are ordered in a retreat phase");
}

// A refused retreat never names the player's unit by a letter they did not write: "A TRI - VEN",
// for Austria's dislodged fleet, read "F TRI cannot retreat to VEN", as if the server had
// renamed the player's army (DATC 4.C.2, the letter is not part of the order). "Dislodged":
// the attacker's army may stand in TRI too.
TEST_CASE("retreat: a refused retreat with the wrong unit letter says the type does not match") {
    const Position pos = retreat_position();
    const std::string error = one(pos, "Austria: A TRI - VEN");
    CHECK(error ==
          "error: there is no dislodged army in TRI; the dislodged unit there is a fleet (DATC "
          "4.C.2), which cannot retreat to VEN: the attacker came from there");
    CHECK(error.find("F TRI") == std::string::npos);
    CHECK(one(pos, "Austria: A TRI - ALB VIA CONVOY") ==
          "error: there is no dislodged army in TRI; the dislodged unit there is a fleet (DATC "
          "4.C.2); a retreat cannot be convoyed");
    // The right letter keeps the message it had; an accepted retreat keeps the note.
    CHECK(one(pos, "Austria: F TRI - VEN") ==
          "error: F TRI cannot retreat to VEN: the attacker came from there");
    CHECK(one(pos, "Austria: A TRI - ALB") == "F TRI R ALB");
}

TEST_CASE("retreat: the later order for a dislodged unit wins") {
    const ParsedOrders parsed =
        parse_orders(standard(), retreat_position(), "F TRI R ALB\nF TRI D", power("Austria"));
    REQUIRE(parsed.verdicts.size() == 2);
    CHECK(parsed.verdicts[0].note == "replaced by line 2");
    CHECK(parsed.verdicts[1].note == "replaces line 1");
    REQUIRE(parsed.orders.size() == 1);
    CHECK(parsed.orders[0].text(standard()) == "F TRI D");
}

TEST_CASE("adjustment: build forms") {
    const Position pos = adjustment_position();
    for (const char* text : {"BUILD A MUN", "build army Munich", "B A MUN", "A MUN B",
                             "A MUN build", "Build MUN", "builds A MUN"}) {
        CAPTURE(text);
        CHECK(one(pos, text, power("Germany")) == "BUILD A MUN");
    }
    CHECK(one(pos, "Germany: BUILD F KIE") == "BUILD F KIE");
}

TEST_CASE("adjustment: where builds are legal (DATC 6.I, 4.B.7, 4.C.3, 4.C.4)") {
    const Position pos = adjustment_position();
    CHECK(one(pos, "Germany: BUILD A WAR") == "error: WAR is not a home centre of Germany");
    CHECK(one(pos, "Germany: BUILD A BER") == "error: BER is occupied");  // 6.I.3
    CHECK(one(pos, "Germany: BUILD F MUN") ==
          "error: a fleet cannot be built in MUN: it is "
          "inland");  // 6.I.2
    CHECK(one(pos, "Germany: BUILD KIE") ==
          "error: KIE is coastal: write BUILD A KIE or BUILD F "
          "KIE");  // 4.C.3
    CHECK(one(pos, "Germany: BUILD A RUH") == "error: RUH is not a supply centre");
    CHECK(one(pos, "Germany: BUILD A HOL") == "error: HOL is not a home centre of Germany");
    CHECK(one(pos, "Austria: BUILD A TRI") == "error: TRI is not owned by Austria");  // 6.I.5
    CHECK(one(pos, "Russia: BUILD F STP") == "error: STP needs a coast: nc or sc");   // 6.B.14
    CHECK(one(pos, "Russia: BUILD F STP/NC") == "BUILD F STP/NC");
    CHECK(one(pos, "Russia: BUILD STP(sc)") == "BUILD F STP/SC");  // 4.C.3
    CHECK(one(pos, "Russia: BUILD A STP/NC") == "BUILD A STP");    // 4.B.6
    CHECK(one(pos, "Russia: BUILD A SEV") == "error: SEV is occupied");
    CHECK(one(pos, "England: BUILD F EDI") == "error: England has no builds (3 centres, 3 units)");
    CHECK(one(pos, "Germany: A BER H") ==
          "error: only builds, disbands and waives are ordered in an adjustment phase");
}

TEST_CASE("adjustment: too many builds, first come first served (DATC 6.I.1, 6.I.7)") {
    const Position pos = adjustment_position();
    const ParsedOrders parsed = parse_orders(standard(), pos,
                                             "Germany:\nBuild A Warsaw\nBuild A Kiel\n"
                                             "Build A Munich\n"
                                             "Russia:\nBuild A Moscow\nBuild A Moscow\nWAIVE\n"
                                             "WAIVE\n");
    REQUIRE(parsed.verdicts.size() == 7);
    CHECK(show(parsed.verdicts[0]) == "error: WAR is not a home centre of Germany");
    CHECK(show(parsed.verdicts[1]) == "BUILD A KIE");
    CHECK(show(parsed.verdicts[2]) == "error: Germany may build only 1 unit");
    CHECK(show(parsed.verdicts[3]) == "BUILD A MOS");
    CHECK(show(parsed.verdicts[4]) == "error: a build in MOS is already ordered on line 6");
    CHECK(show(parsed.verdicts[5]) == "WAIVE");
    CHECK(show(parsed.verdicts[6]) == "error: Russia has no builds left to waive");
    REQUIRE(parsed.orders.size() == 3);
    CHECK(parsed.orders[2].type == OrderType::Waive);
    CHECK(parsed.orders[2].power == power("Russia"));
}

TEST_CASE("adjustment: disbands (DATC 6.J.1, 6.J.2)") {
    const Position pos = adjustment_position();
    for (const char* text : {"A PIC D", "A PIC disband", "disband A PIC", "remove A PIC",
                             "A PIC remove", "D A PIC", "Remove Picardy"}) {
        CAPTURE(text);
        CHECK(one(pos, text, power("France")) == "A PIC D");
    }
    const ParsedOrders parsed =
        parse_orders(standard(), pos, "Remove F Gulf of Lyon\nRemove A Picardy\nRemove A Paris",
                     power("France"));
    REQUIRE(parsed.verdicts.size() == 3);
    CHECK(show(parsed.verdicts[0]) == "error: no unit at LYO");
    CHECK(show(parsed.verdicts[1]) == "A PIC D");
    CHECK(show(parsed.verdicts[2]) == "error: France must remove only 1 unit");

    const ParsedOrders twice =
        parse_orders(standard(), pos, "Remove A Paris\nRemove A Paris", power("France"));
    REQUIRE(twice.verdicts.size() == 2);
    CHECK(twice.verdicts[0].note == "replaced by line 2");
    CHECK(show(twice.verdicts[1]) == "A PAR D");
    CHECK(twice.orders.size() == 1);

    CHECK(one(pos, "England: F LON D") ==
          "error: England has no units to remove (3 centres, 3 units)");
    CHECK(one(pos, "Germany: REMOVE A PAR") == "error: A PAR belongs to France, not Germany");
    CHECK(one(pos, "England: WAIVE") == "error: England has no builds left to waive");
}
