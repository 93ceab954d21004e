// SPDX-License-Identifier: Apache-2.0
// The order parser on the Colonial map: the TSR order, PERMIT for the Suez Canal, and the exact
// errors for their misuse.
#include <doctest/doctest.h>

#include <string>
#include <vector>

#include "orders/parser.h"
#include "position/position.h"
#include "rules_case.h"
#include "starting_position.h"
#include "variant/unit_text.h"

using namespace adjutant;

namespace {

Position colonial_position(std::initializer_list<std::pair<const char*, const char*>> units) {
    const Variant& v = testing::variant_named("colonial");
    Position pos = starting_position(v);
    pos.units.clear();
    for (const auto& entry : units) {
        const char* unit = entry.second;  // a plain name: clang 14 cannot capture a binding
        auto parsed = parse_unit_text(v, unit, v.find_power(entry.first));
        REQUIRE_MESSAGE(parsed, unit);
        pos.units.push_back(*parsed);
    }
    pos.normalise();
    return pos;
}

// The last line's verdict: its canonical order when accepted, "error: ..." when refused.
std::string colonial_verdict(const Position& pos, const std::string& text) {
    return testing::last_verdict(testing::variant_named("colonial"), pos, text);
}

}  // namespace

TEST_CASE("colonial: the TSR order is read in every spelling") {
    const Position pos = colonial_position({{"Russia", "A MOS"}});
    CHECK(colonial_verdict(pos, "Russia: A MOS-TSR-IRK") == "A MOS - TSR - IRK");
    CHECK(colonial_verdict(pos, "Russia: a mos - tsr - irk") == "A MOS - TSR - IRK");
    CHECK(colonial_verdict(pos, "Russia: A Moscow -> TSR -> Irkutsk") == "A MOS - TSR - IRK");
    CHECK(colonial_verdict(pos, "Russian: A MOS-TSR-VLA") == "A MOS - TSR - VLA");
}

TEST_CASE("colonial: TSR misuse gets a precise error") {
    const Position pos = colonial_position({{"Russia", "A MOS"},
                                            {"Russia", "A OMS"},
                                            {"Russia", "F VLA"},
                                            {"Russia", "A ORE"},
                                            {"China", "A KRA"},
                                            {"China", "A MON"}});
    CHECK(colonial_verdict(pos, "China: A KRA-TSR-IRK") == "error: only Russia may use the TSR");
    CHECK(colonial_verdict(pos, "Russia: F VLA-TSR-IRK") == "error: only armies may use the TSR");
    CHECK(colonial_verdict(pos, "Russia: A ORE-TSR-IRK") == "error: A ORE is not on the TSR");
    CHECK(colonial_verdict(pos, "Russia: A MOS-TSR-MON") == "error: MON is not on the TSR");
    CHECK(colonial_verdict(pos, "Russia: A MOS-TSR-KRA") ==
          "error: the TSR only carries a unit to an unoccupied province; KRA is occupied");
    CHECK(colonial_verdict(pos, "Russia: A MOS-TSR-MOS") == "error: A MOS is already in MOS");
    CHECK(colonial_verdict(pos, "Russia: A MOS-XYZ-IRK") == "error: unknown province 'XYZ'");
    CHECK(colonial_verdict(pos, "Russia: A MOS-TSR-IRK\nRussia: A OMS-TSR-IRK") ==
          "error: only one unit may use the TSR per turn; line 1 already moves A MOS on it");
}

TEST_CASE("colonial: ordering the same unit twice on the TSR replaces its order") {
    const Position pos = colonial_position({{"Russia", "A MOS"}});
    const ParsedOrders parsed = parse_orders(testing::variant_named("colonial"), pos,
                                             "Russia: A MOS-TSR-IRK\nRussia: A MOS-TSR-OMS");
    REQUIRE(parsed.orders.size() == 1);
    CHECK(parsed.orders[0].text(testing::variant_named("colonial")) == "A MOS - TSR - OMS");
    CHECK(parsed.verdicts[1].note == "replaces line 1");
}

TEST_CASE("colonial: the TSR is a movement-phase order only") {
    const Variant& v = testing::variant_named("colonial");
    Position pos = colonial_position({{"Russia", "A MOS"}});
    pos.phase = *Phase::parse("W1870A");
    CHECK(colonial_verdict(pos, "Russia: A MOS-TSR-IRK") ==
          "error: only builds, disbands and waives are ordered in an adjustment phase");
    (void)v;
}

TEST_CASE("colonial: PERMIT and the Suez Canal") {
    const Position pos = colonial_position(
        {{"Turkey", "A EGY"}, {"Britain", "F MED"}, {"Britain", "F ADE"}, {"France", "F RED"}});
    CHECK(colonial_verdict(pos, "Turkey: PERMIT SUEZ Britain") == "PERMIT SUEZ Britain");
    CHECK(colonial_verdict(pos, "Turkey: permit british") == "PERMIT SUEZ Britain");
    CHECK(colonial_verdict(pos, "Britain: F MED - RED") == "F MED - RED");
    CHECK(colonial_verdict(pos, "Britain: F MED S F ADE - RED") == "F MED S F ADE - RED");
    CHECK(colonial_verdict(pos, "Turkey: PERMIT SUEZ Turkey") ==
          "error: your own fleets need no permission to use the SUEZ canal");
    CHECK(colonial_verdict(pos, "France: PERMIT SUEZ Britain") ==
          "error: only the power with a unit in EGY can permit passage through the SUEZ canal");
    CHECK(colonial_verdict(pos, "Turkey: PERMIT SUEZ Atlantis") ==
          "error: unknown power 'Atlantis'");

    const Position closed = colonial_position({{"Britain", "F MED"}});
    CHECK(colonial_verdict(closed, "Britain: F MED - RED") ==
          "error: the SUEZ canal is closed: no unit in EGY");
}

// A refusal never names the player's unit by a letter they did not write: the line
// "F VLA-SOJ", for Russia's army in Vladivostok, was answered "A VLA cannot move to SOJ", which
// read as the server renaming the player's fleet. It says there is no fleet there, what is
// there, and why that unit cannot go.
TEST_CASE("colonial: a refused order with the wrong unit letter says the type does not match") {
    const Position pos = colonial_position({{"Russia", "A VLA"}});
    const std::string error = colonial_verdict(pos, "Russia: F VLA-SOJ");
    CHECK(error ==
          "error: there is no fleet in VLA; the unit there is an army (DATC 4.C.2), which cannot "
          "move to SOJ: armies cannot enter sea");
    CHECK(error.find("A VLA") == std::string::npos);
    // The right letter keeps the message it had.
    CHECK(colonial_verdict(pos, "Russia: A VLA-SOJ") ==
          "error: A VLA cannot move to SOJ: armies cannot enter sea");
}
