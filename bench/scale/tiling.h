// SPDX-License-Identifier: Apache-2.0
// What the two synthetic maps share: reading a variant file of config/variants/ as JSON,
// renaming a copy's provinces and loading the result with the project's own loader.
#pragma once

#include <nlohmann/json.hpp>
#include <string>

#include "variant/variant.h"

namespace adjutant::bench {

// config/variants/NAME.json, parsed; exits with a message if it cannot be read.
nlohmann::json read_variant_json(const std::string& name);

// A location ("PAR", "STP/NC") or unit ("A PAR", "F STP/SC") with its province renamed for copy
// `copy`: "PAR" stays "PAR" in copy 0 and is another three-letter name in copy 3 ("XAK"), or
// "PAR3" after use_numbered_names().
std::string in_copy(const std::string& text, int copy);

// The copies' provinces named by their original's abbreviation and the copy's number ("PAR3"),
// to show what longer names cost; before any map is made.
void use_numbered_names();

// A name or alias in copy `copy`: "Paris" in copy 0, "Paris 3" in copy 3.
std::string named_in_copy(const std::string& name, int copy);

// Each entry of a list of locations or units (`in_copy`) renamed for copy `copy`.
nlohmann::json renamed_list(const nlohmann::json& list, int copy);

// A province of the variant file renamed for copy `copy` (its abbreviation, name, aliases,
// army and fleet neighbours and coasts' fleet neighbours), drawn `offset` further along
// `axis` ("x" or "y"), its coasts too.
nlohmann::json province_in_copy(const nlohmann::json& province, int copy, const char* axis,
                                int offset);

// load_variant() on `text`; exits naming the first errors if it does not load.
Variant load_or_exit(const std::string& text, const std::string& what);

}  // namespace adjutant::bench
