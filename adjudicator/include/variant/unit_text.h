// SPDX-License-Identifier: Apache-2.0
// Units and locations written the way players and position files write them: "A PAR",
// "F STP/SC", "F STP(sc)", "f st petersburg (south coast)"; a province by abbreviation, name or
// alias, case-insensitive.
//
// Parsing only resolves names; whether the unit may stand there is a separate question
// (standing_error), so callers can report the two problems differently.
#pragma once

#include <optional>
#include <string>
#include <string_view>

#include "core/ids.h"
#include "core/unit.h"

namespace adjutant {

struct Variant;

// "STP/SC", "STP(sc)", "Spain (north coast)", "PAR". nullopt if the province or coast is unknown.
std::optional<Location> parse_location_text(const Variant& variant, std::string_view text);

// "A PAR", "F STP/SC" owned by `power`. nullopt if the text is not a unit type and a location.
std::optional<Unit> parse_unit_text(const Variant& variant, std::string_view text, PowerId power);

// Same as above, but on failure `error` says why ("unknown province \"XYZ\"").
struct UnitText {
    std::optional<Unit> unit;
    std::string error;
};
UnitText read_unit_text(const Variant& variant, std::string_view text, PowerId power);
struct LocationText {
    std::optional<Location> location;
    std::string error;
};
LocationText read_location_text(const Variant& variant, std::string_view text);

// Empty when `unit` may stand where it is; otherwise the reason, e.g.
// "an army cannot stand in NTH (sea)" or "a fleet in STP must name its coast (STP/NC, STP/SC)".
std::string standing_error(const Variant& variant, const Unit& unit);

// "A PAR", "F STP/SC".
std::string unit_text(const Variant& variant, const Unit& unit);

}  // namespace adjutant
