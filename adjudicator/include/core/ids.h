// SPDX-License-Identifier: Apache-2.0
// Small typed identifiers shared by the whole adjudicator.
//
// Provinces and powers are indices into the variant's arrays, so resolver state can live in
// flat per-province arrays. A Location is a province plus, for split-coast provinces, which
// coast a fleet stands on (Coast::None everywhere else, and always for armies).
#pragma once

#include <compare>
#include <cstdint>
#include <optional>
#include <string_view>

namespace adjutant {

using ProvinceId = std::uint16_t;
inline constexpr ProvinceId kNoProvince = 0xFFFF;

using PowerId = std::uint8_t;
inline constexpr PowerId kNoPower = 0xFF;

enum class UnitType : std::uint8_t { Army, Fleet };

enum class Coast : std::uint8_t { None, North, South, East, West };

struct Location {
    ProvinceId province = kNoProvince;
    Coast coast = Coast::None;

    bool valid() const { return province != kNoProvince; }
    friend auto operator<=>(const Location&, const Location&) = default;
};

// "A" / "F".
char unit_letter(UnitType type);
std::optional<UnitType> unit_type_from_letter(char letter);

// "NC", "SC", "EC", "WC"; empty for Coast::None.
std::string_view coast_code(Coast coast);
// Accepts "nc", "NC", "north", "north coast" ... (case-insensitive); nullopt otherwise.
std::optional<Coast> coast_from_code(std::string_view text);

}  // namespace adjutant
