// SPDX-License-Identifier: Apache-2.0
// The text of a variant file shipped in config/variants, for tests that load it themselves.
#pragma once

#include <fstream>
#include <sstream>
#include <string>
#include <string_view>

inline std::string variant_file_text(std::string_view name) {
    std::ifstream in(
        std::string(ADJUTANT_SOURCE_DIR) + "/config/variants/" + std::string(name) + ".json",
        std::ios::binary);
    std::stringstream text;
    text << in.rdbuf();
    return text.str();
}
