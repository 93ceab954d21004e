// SPDX-License-Identifier: Apache-2.0
// Friendly lines in a seat's orders (docs/mail.md, "Friendly lines"): "Thanks and good luck!"
// above the signature is not a mistyped order, and the mail notes it calmly as "not an order"
// instead of refusing it as an unknown province. The rule is narrow on purpose: a line that has
// anything of an order in it (a dash, a unit, an order word, a province) stays REJECTED with the
// parser's reason, so a mistyped order is never passed over quietly.
#pragma once

#include <string_view>

namespace adjutant {
struct Variant;
}

namespace adjutant::service {

// Whether `line`, which the parser refused, is a friendly line rather than an order: two or more
// words, no punctuation of orders (a dash or arrow, a slash, a bracket, a colon), a first word
// that is neither a word of the order language nor a power, no other word of the order language
// but the small words English shares with it (a, an, and, at, by, in, of, to, with), and no
// province of the map named (by abbreviation, name or alias).
bool is_friendly_line(const Variant& variant, std::string_view line);

}  // namespace adjutant::service
