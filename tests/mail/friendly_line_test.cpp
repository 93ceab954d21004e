// SPDX-License-Identifier: Apache-2.0
// Which refused lines the mail notes as friendly, "not an order" (service/friendly_line.h,
// docs/mail.md "Friendly lines"): a greeting or a thank-you is, and a mistyped order never is.
#include <doctest/doctest.h>

#include <fstream>
#include <sstream>

#include "service/friendly_line.h"
#include "variant/variant_json.h"

namespace {

adjutant::VariantLoad standard() {
    std::ifstream in(std::string(ADJUTANT_VARIANTS) + "/standard.json", std::ios::binary);
    REQUIRE(in.good());
    std::stringstream text;
    text << in.rdbuf();
    adjutant::VariantLoad load = adjutant::load_variant(text.str());
    REQUIRE(load.ok());
    return load;
}

}  // namespace

TEST_CASE("friendly lines: greetings and thanks are not orders") {
    const auto load = standard();
    const auto& variant = *load.variant;
    using adjutant::service::is_friendly_line;
    CHECK(is_friendly_line(variant, "Thanks and good luck!"));
    CHECK(is_friendly_line(variant, "See you in the fall"));
    CHECK(is_friendly_line(variant, "Have a nice day, everyone."));
    CHECK(is_friendly_line(variant, "  Cheers, Fred  "));
    CHECK(is_friendly_line(variant, "Bonne chance \xC3\xA0 tous !"));
    CHECK(is_friendly_line(variant, "Don't forget me"));
}

TEST_CASE("friendly lines: anything of an order stays a refused order") {
    const auto load = standard();
    const auto& variant = *load.variant;
    using adjutant::service::is_friendly_line;
    // A mistyped province, unit, keyword or province name: the parser's reason stands.
    CHECK_FALSE(is_friendly_line(variant, "A PAR-BRX"));
    CHECK_FALSE(is_friendly_line(variant, "PRX-BUR"));
    CHECK_FALSE(is_friendly_line(variant, "PRX \xE2\x80\x93 BUR"));  // an en dash
    CHECK_FALSE(is_friendly_line(variant, "PRX holds"));
    CHECK_FALSE(is_friendly_line(variant, "PRX S BUR"));
    CHECK_FALSE(is_friendly_line(variant, "A BRX"));
    CHECK_FALSE(is_friendly_line(variant, "Fleeet BRE MAO"));
    CHECK_FALSE(is_friendly_line(variant, "Bulid army Paris"));
    CHECK_FALSE(is_friendly_line(variant, "Pariss to Burgundy"));
    CHECK_FALSE(is_friendly_line(variant, "Move Pariss"));
    CHECK_FALSE(is_friendly_line(variant, "Waive"));
    CHECK_FALSE(is_friendly_line(variant, "F STP/SC H"));
    CHECK_FALSE(is_friendly_line(variant, "F NTH C A LON - NWY"));
    CHECK_FALSE(is_friendly_line(variant, "A Mid Atlantic"));
    // A power opens a line of orders ("France A PAR-BUR"); a province in the text is an order's
    // word too, so such a line is refused with its reason, as before.
    CHECK_FALSE(is_friendly_line(variant, "French army holds"));
    CHECK_FALSE(is_friendly_line(variant, "Germany hold Munich please"));
    CHECK_FALSE(is_friendly_line(variant, "Greetings from Mid-Atlantic Ocean"));
    CHECK_FALSE(is_friendly_line(variant, "Thanks, see you in Paris"));
    // One word is a mistyped command or order; a line ending in ':' is a heading, which the
    // parser explains.
    CHECK_FALSE(is_friendly_line(variant, "Thanks!"));
    CHECK_FALSE(is_friendly_line(variant, "Here are my orders:"));
    CHECK_FALSE(is_friendly_line(variant, ""));
}
