// SPDX-License-Identifier: Apache-2.0
// adjudicate() reuses its thread's scratch space from call to call: each answer is the one a
// new Adjudicator gives, whatever the thread adjudicated before (a larger phase, another
// variant, a campaign week).
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

std::string report(const Case& phase, bool kept) {
    const ParsedOrders parsed = parse_orders(*phase.variant, phase.position, phase.orders);
    const Adjudication result =
        kept ? adjudicate(*phase.variant, phase.position, parsed.orders, 7)
             : Adjudicator().run(*phase.variant, phase.position, parsed.orders, 7);
    return adjudication_to_json(*phase.variant, parsed, result).dump();
}

}  // namespace

TEST_CASE("adjudicate: the thread's kept scratch space answers as a new Adjudicator") {
    const Variant& standard = standard_variant();
    const Variant& front = variant_named("western-front-1914");
    const Case opening{&standard, starting_position(standard),
                       "France: A PAR - BUR\nFrance: A MAR S A PAR - BUR\nGermany: A MUN - BUR\n"
                       "Austria: A VIE - GAL\nRussia: A WAR - GAL\nEngland: F LON - NTH\n"};
    const Case holds{&standard, starting_position(standard), ""};
    const Case week{&front, starting_position(front),
                    "Germany: A AAC - LIE\nFrance: A MEZ - GIV\nBelgium: A LOU - BRU\n"};
    for (const Case* phase : {&week, &opening, &holds, &week, &opening, &week})
        CHECK(report(*phase, true) == report(*phase, false));
}

TEST_CASE("adjudicate: into a kept Adjudication, as the server's resolution keeps one per thread") {
    const Variant& standard = standard_variant();
    const Variant& front = variant_named("western-front-1914");
    const Case opening{&standard, starting_position(standard),
                       "France: A PAR - BUR\nGermany: A MUN - BUR\nEngland: F LON - NTH\n"};
    const Case holds{&standard, starting_position(standard), ""};
    const Case week{&front, starting_position(front),
                    "Germany: A AAC - LIE\nFrance: A MEZ - GIV\nBelgium: A LOU - BRU\n"};
    // One kept result throughout: each phase, of either variant, starts on what the last left.
    Adjudication kept;
    for (const Case* phase : {&opening, &week, &holds, &week, &opening}) {
        const ParsedOrders parsed = parse_orders(*phase->variant, phase->position, phase->orders);
        adjudicate(*phase->variant, phase->position, parsed.orders, kept, 7);
        const Adjudication fresh =
            Adjudicator().run(*phase->variant, phase->position, parsed.orders, 7);
        CHECK(adjudication_to_json(*phase->variant, parsed, kept).dump() ==
              adjudication_to_json(*phase->variant, parsed, fresh).dump());
        CHECK(kept.next == fresh.next);
    }
}
