// SPDX-License-Identifier: Apache-2.0
// ASCII text helpers used by the parsers. Non-ASCII bytes are passed through untouched, so
// these are safe on arbitrary (even invalid UTF-8) input.
#pragma once

#include <string>
#include <string_view>

namespace adjutant {

std::string lowercase(std::string_view text);
std::string uppercase(std::string_view text);
std::string_view trim(std::string_view text);

}  // namespace adjutant
