// SPDX-License-Identifier: Apache-2.0
#include "core/ids.h"

#include "core/text.h"

namespace adjutant {

char unit_letter(UnitType type) {
    return type == UnitType::Army ? 'A' : 'F';
}

std::optional<UnitType> unit_type_from_letter(char letter) {
    switch (letter) {
        case 'A':
        case 'a':
            return UnitType::Army;
        case 'F':
        case 'f':
            return UnitType::Fleet;
        default:
            return std::nullopt;
    }
}

std::string_view coast_code(Coast coast) {
    switch (coast) {
        case Coast::North:
            return "NC";
        case Coast::South:
            return "SC";
        case Coast::East:
            return "EC";
        case Coast::West:
            return "WC";
        case Coast::None:
            break;
    }
    return "";
}

std::optional<Coast> coast_from_code(std::string_view text) {
    const std::string key = lowercase(text);
    if (key == "nc" || key == "north" || key == "north coast") return Coast::North;
    if (key == "sc" || key == "south" || key == "south coast") return Coast::South;
    if (key == "ec" || key == "east" || key == "east coast") return Coast::East;
    if (key == "wc" || key == "west" || key == "west coast") return Coast::West;
    return std::nullopt;
}

}  // namespace adjutant
