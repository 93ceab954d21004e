// SPDX-License-Identifier: Apache-2.0
// The variants a server knows: files from the configured directory at start-up, plus those an
// admin uploaded (stored in the database by the caller). Loaded variants are immutable and
// shared; games hold a shared_ptr so a re-upload never changes a variant under a running call.
//
// Thread-safe: lookups take a shared lock, additions an exclusive one.
#pragma once

#include <filesystem>
#include <map>
#include <memory>
#include <shared_mutex>
#include <string>
#include <string_view>
#include <vector>

#include "variant/variant_json.h"

namespace adjutant::service {

struct LoadedVariant {
    Variant variant;
    VariantDisplay display;
    std::string json;  // the file as given, served with the map data
};

class VariantRegistry {
  public:
    // Loads every *.json file of `dir`. Returns one message per file that failed to load
    // (naming the file, the JSON path and the problem); the good files are registered anyway.
    std::vector<std::string> load_directory(const std::filesystem::path& dir);

    // Validates and registers `json_text`, replacing a variant of the same name. Throws
    // ApiError 422 "invalid_variant" listing every problem.
    std::shared_ptr<const LoadedVariant> add(std::string_view json_text);

    std::shared_ptr<const LoadedVariant> find(std::string_view name) const;  // nullptr if unknown
    std::vector<std::shared_ptr<const LoadedVariant>> list() const;          // by name

  private:
    mutable std::shared_mutex mutex_;
    std::map<std::string, std::shared_ptr<const LoadedVariant>, std::less<>> variants_;
};

}  // namespace adjutant::service
