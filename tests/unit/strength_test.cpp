// SPDX-License-Identifier: Apache-2.0
// Pluggable strength (docs/design.md, "The adjudicator contract"): the same decisions with `points`
// strength, where each unit brings its strength points and supports add their supporter's points.
#include <doctest/doctest.h>

#include <vector>

#include "orders/parser.h"
#include "resolve/movement.h"
#include "rules_case.h"
#include "starting_position.h"
#include "variant/unit_text.h"

using namespace adjutant;

namespace {

struct Setup {
    Position position;
    std::vector<Strength> points;
};

// Units as "France: A PAR 300".
Setup setup(std::initializer_list<std::tuple<const char*, const char*, Strength>> units) {
    const Variant& v = testing::standard_variant();
    Setup s;
    s.position = starting_position(v);
    s.position.units.clear();
    for (const auto& [power, unit, points] : units) {
        auto u = parse_unit_text(v, unit, v.find_power(power));
        REQUIRE(u);
        s.position.units.push_back(*u);
    }
    s.position.normalise();
    for (const Unit& u : s.position.units)
        for (const auto& [power, unit, points] : units)
            if (parse_unit_text(v, unit, v.find_power(power))->location == u.location)
                s.points.push_back(points);
    return s;
}

// Outcome per unit, in position order: "s" succeeded / "f" failed.
std::string outcomes(const Setup& s, const char* orders) {
    const Variant& v = testing::standard_variant();
    const ParsedOrders parsed = parse_orders(v, s.position, orders);
    MovementResolver resolver;
    resolver.load(v, s.position, parsed.orders, s.points);
    resolver.run();
    std::string out;
    for (std::size_t i = 0; i < resolver.unit_count(); ++i)
        out += resolver.failure_reason(i) == Reason::None &&
                       (!resolver.is_move(i) || resolver.succeeded(i))
                   ? 's'
                   : 'f';
    return out;
}

}  // namespace

TEST_CASE("points strength: the stronger army wins a standoff, by any margin") {
    // Results are listed in province order: BUR, MUN, PAR.
    const Setup s =
        setup({{"France", "A PAR", 30001}, {"Germany", "A MUN", 30000}, {"Italy", "A BUR", 1}});
    // PAR and MUN both attack the 1-point army in BUR: 30001 beats 30000 and dislodges it.
    CHECK(outcomes(s, "France: A PAR - BUR\nGermany: A MUN - BUR\nItaly: A BUR H") == "ffs");
    // One point less and it is a standoff: nobody enters, BUR holds.
    const Setup t =
        setup({{"France", "A PAR", 30000}, {"Germany", "A MUN", 30000}, {"Italy", "A BUR", 1}});
    CHECK(outcomes(t, "France: A PAR - BUR\nGermany: A MUN - BUR\nItaly: A BUR H") == "sff");
}

TEST_CASE("points strength: supports add the supporter's points, equal totals bounce") {
    const Setup s =
        setup({{"France", "A PAR", 200}, {"France", "A MAR", 150}, {"Germany", "A MUN", 350}});
    // 200 + 150 = 350 against 350: a standoff in BUR.
    CHECK(outcomes(s, "France: A PAR - BUR\nFrance: A MAR S A PAR - BUR\nGermany: A MUN - BUR") ==
          "sff");
    const Setup t =
        setup({{"France", "A PAR", 201}, {"France", "A MAR", 150}, {"Germany", "A MUN", 350}});
    CHECK(outcomes(t, "France: A PAR - BUR\nFrance: A MAR S A PAR - BUR\nGermany: A MUN - BUR") ==
          "sfs");
}

TEST_CASE("points strength: a hold is as strong as the holder's points plus hold supports") {
    // Results in province order: BER, BUR, MUN. 505 points dislodge a 500-point army...
    const Setup s =
        setup({{"Germany", "A MUN", 500}, {"Germany", "A BER", 10}, {"France", "A BUR", 505}});
    CHECK(outcomes(s, "France: A BUR - MUN\nGermany: A MUN H\nGermany: A BER H") == "ssf");
    // ...but not when 10 points of hold support make it 510.
    CHECK(outcomes(s, "France: A BUR - MUN\nGermany: A MUN H\nGermany: A BER S A MUN") == "sfs");
}
