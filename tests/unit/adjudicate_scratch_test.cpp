// SPDX-License-Identifier: Apache-2.0
// An Adjudicator kept from call to call reuses its scratch space, the resolver's and the rule
// modules' (docs/design.md, "Scratch space"): each answer is the one a new Adjudicator gives,
// whatever it adjudicated before (a larger phase, another variant, a campaign week).
#include <doctest/doctest.h>

#include <string>

#include "adjudicate.h"
#include "orders/parser.h"
#include "report/adjudication_json.h"
#include "rules_case.h"
#include "starting_position.h"
#include "variant/variant.h"

using namespace adjutant;
using namespace adjutant::testing;

namespace {

struct Case {
    const Variant* variant;
    Position position;
    std::string orders;
};

// With `kept`, or a new Adjudicator when it is null.
std::string report(const Case& phase, Adjudicator* kept) {
    const ParsedOrders parsed = parse_orders(*phase.variant, phase.position, phase.orders);
    const Adjudication result =
        kept != nullptr ? kept->run(*phase.variant, phase.position, parsed.orders, 7)
                        : Adjudicator().run(*phase.variant, phase.position, parsed.orders, 7);
    return adjudication_to_json(*phase.variant, parsed, result).dump();
}

}  // namespace

TEST_CASE("adjudicate: a kept Adjudicator answers as a new one") {
    const Variant& standard = standard_variant();
    const Variant& front = variant_named("western-front-1914");
    const Case opening{&standard, starting_position(standard),
                       "France: A PAR - BUR\nFrance: A MAR S A PAR - BUR\nGermany: A MUN - BUR\n"
                       "Austria: A VIE - GAL\nRussia: A WAR - GAL\nEngland: F LON - NTH\n"};
    const Case holds{&standard, starting_position(standard), ""};
    const Case week{&front, starting_position(front),
                    "Germany: A AAC - LIE\nFrance: A MEZ - GIV\nBelgium: A LOU - BRU\n"};
    Adjudicator kept;
    for (const Case* phase : {&week, &opening, &holds, &week, &opening, &week})
        CHECK(report(*phase, &kept) == report(*phase, nullptr));
}

TEST_CASE("adjudicate: into a kept Adjudication, as the server's resolution keeps one") {
    const Variant& standard = standard_variant();
    const Variant& front = variant_named("western-front-1914");
    const Case opening{&standard, starting_position(standard),
                       "France: A PAR - BUR\nGermany: A MUN - BUR\nEngland: F LON - NTH\n"};
    const Case holds{&standard, starting_position(standard), ""};
    const Case week{&front, starting_position(front),
                    "Germany: A AAC - LIE\nFrance: A MEZ - GIV\nBelgium: A LOU - BRU\n"};
    // One kept result and Adjudicator throughout: each phase, of either variant, starts on what
    // the last left.
    Adjudicator adjudicator;
    Adjudication kept;
    for (const Case* phase : {&opening, &week, &holds, &week, &opening}) {
        const ParsedOrders parsed = parse_orders(*phase->variant, phase->position, phase->orders);
        adjudicator.run(*phase->variant, phase->position, parsed.orders, kept, 7);
        const Adjudication fresh =
            Adjudicator().run(*phase->variant, phase->position, parsed.orders, 7);
        CHECK(adjudication_to_json(*phase->variant, parsed, kept).dump() ==
              adjudication_to_json(*phase->variant, parsed, fresh).dump());
        CHECK(kept.next == fresh.next);
    }
}
