// SPDX-License-Identifier: Apache-2.0
// The position document (docs/positions.md): a position as JSON, for files, the API and storage.
//
//   {"variant": "standard", "phase": "S1901M",
//    "units": {"France": ["A PAR", "F BRE"], "Russia": ["F STP/SC"]},
//    "dislodged": {"Italy": [{"unit": "A VIE", "from": "TRI", "retreats": ["BOH", "GAL"]}]},
//    "standoffs": ["BUR"],
//    "supply_centers": {"France": ["PAR", "BRE", "MAR"]}}
//
// Campaign positions add unit attributes ({"unit": "A LIE", "id": 3, "points": 600,
// "engineers": 1, ...}) and "next_unit_id". Each rule module reads and writes its own top-level
// keys (RuleModule::read_position, write_position) and its own attributes of a unit
// (read_unit, write_unit; docs/positions.md), whatever the variant.
//
// Writing is deterministic (object keys in nlohmann's sorted order, lists in province order).
// Reading reports every problem as "PATH: message" and returns a Position only when there is none.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "position/position.h"
#include "variant/unit_text.h"

namespace adjutant {

struct Variant;

// "dislodged" and "standoffs" appear only when non-empty; powers without units or centres are
// left out.
nlohmann::json position_to_json(const Variant& variant, const Position& position);

// A unit as the document writes it: "A PAR", or an object when it has campaign attributes.
nlohmann::json unit_json(const Variant& variant, const Unit& unit);

struct PositionLoad {
    std::optional<Position> position;  // engaged exactly when `errors` is empty
    std::vector<std::string> errors;   // "/units/France/1: unknown province \"XYZ\""

    bool ok() const { return errors.empty(); }
};

// Names are resolved like players write them (abbreviation, name or alias; power name or
// adjective; case-insensitive). "variant", when present, must match the variant's name.
PositionLoad position_from_json(const Variant& variant, const nlohmann::json& document);

}  // namespace adjutant
