// SPDX-License-Identifier: Apache-2.0
// Finding and loading variant files by name for the command line and the server.
//
// A name that is a path to an existing file is that file. Otherwise NAME.json is looked up in,
// in order: the directory in the ADJUTANT_VARIANTS environment variable, ./config/variants,
// and the source tree's config/variants compiled into the binary (so a build runs anywhere).
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "variant/variant_json.h"

namespace adjutant::cli {

// The path of the variant file, or nullopt when none is found.
std::optional<std::string> find_variant_file(const std::string& name_or_path);

// Reads a whole file into `out`; false when it cannot be read.
bool read_file(const std::string& path, std::string& out);

// Finds and loads; on failure `errors` holds readable messages ("path: problem").
std::optional<VariantLoad> load_variant_by_name(const std::string& name_or_path,
                                                std::vector<std::string>& errors);

}  // namespace adjutant::cli
