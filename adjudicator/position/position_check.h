// SPDX-License-Identifier: Apache-2.0
// The invariants every position the adjudicator returns keeps, checked in one place:
//
//   position_is_ok(variant, position) -> "" when all hold, else the first one broken, in words
//
// The core's: units and dislodged units stand on known provinces, one of each kind per
// province, where their type may stand; `owner` has one entry per province and only supply
// centres are owned; the core's lists are in the normal form Position::normalise() gives them
// (sorted, no repeats); dislodged units only in retreat phases. Each rule module states its
// own part's (RuleModule::check_position: its pieces on known provinces, its tables sized, its
// lists in normal form). (Distinct unit ids are not among them: position documents may repeat
// an id, and the adjudicator keeps what it was given.)
//
// Debug builds check it after every adjudicated phase (adjudicate.cpp), and the rules cases and
// random games check it in every build, so a resolver or rule module that breaks a position is
// caught at the phase that broke it rather than phases later. Apart from position.h because it
// reads the variant, which the Position type itself does not need.
#pragma once

#include <cstddef>
#include <string>
#include <vector>

#include "position/position.h"

namespace adjutant {

struct Variant;

// The core's invariants, then each rule module's (RuleModule::check_position) for its part.
std::string position_is_ok(const Variant& variant, const Position& position);

// For the checks of the parts (the core's and the modules'), so that every message reads alike.
// "3 entries"
std::string count_text(std::size_t n, const char* what);
// Empty, or "NAME has 3 entries for 4 powers" unless `size` is 0 or `want`.
std::string table_size_error(const char* name, std::size_t size, std::size_t want,
                             const char* entries, const char* of);
// Empty, or "NAME not in normal form (sorted, no repeats)" when the list differs from the
// normal form Position::normalise() gives it.
std::string normal_form_error(const char* name, bool same);
// Empty when every province is known and none is repeated; `kind` names what stands there.
std::string one_per_province(const Variant& variant, const std::vector<ProvinceId>& provinces,
                             const char* kind);

}  // namespace adjutant
