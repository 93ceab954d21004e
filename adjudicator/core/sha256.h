// SPDX-License-Identifier: Apache-2.0
// SHA-256 (FIPS 180-4), for the keyed dice stream. Small and dependency-free so the
// adjudicator library stays free of I/O and crypto libraries.
#pragma once

#include <array>
#include <cstdint>
#include <string_view>

namespace adjutant {

std::array<std::uint8_t, 32> sha256(std::string_view data);

}  // namespace adjutant
