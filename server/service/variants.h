// SPDX-License-Identifier: Apache-2.0
// The variants a server knows: files from the configured directory at start-up, those an
// admin uploaded for every game, and those a GM uploaded for one game (both stored in the
// database by the caller). A GM's variant is registered under "name@g<game>", a key no
// server-wide variant can have ('@' is refused in their names), and is not listed for new
// games. Loaded variants are immutable and shared; games hold a shared_ptr so a re-upload
// never changes a variant under a running call.
//
// Thread-safe: lookups take a shared lock, additions an exclusive one.
#pragma once

#include <cstdint>
#include <filesystem>
#include <map>
#include <memory>
#include <optional>
#include <shared_mutex>
#include <string>
#include <string_view>
#include <vector>

#include "orders/parser.h"
#include "variant/variant_json.h"

namespace adjutant::service {

struct LoadedVariant {
    LoadedVariant() = default;
    // Not copyable: the parser refers to this object's `variant`.
    LoadedVariant(const LoadedVariant&) = delete;
    LoadedVariant& operator=(const LoadedVariant&) = delete;

    Variant variant;
    VariantDisplay display;
    std::string json;  // the file as given, served with the map data
    std::string key;   // the registry's name for it: variant.name, or "name@g<game>"
    std::optional<std::int64_t> game_id;  // a GM's upload: the game it is for

    // The one order parser of this variant, built when it is loaded: building one indexes
    // every name, which cost most of each parse when every call built its own. Immutable after
    // construction, so every request thread parses with it at once.
    const OrderParser& parser() const { return *parser_; }
    // Builds the parser once `variant` is final (the registry does, before sharing it).
    void build_parser() { parser_ = std::make_unique<const OrderParser>(variant); }

  private:
    std::unique_ptr<const OrderParser> parser_;
};

// The registry key of a GM's variant `name` for `game_id`.
std::string game_variant_key(std::string_view name, std::int64_t game_id);

class VariantRegistry {
  public:
    // Loads every *.json file of `dir`. Returns one message per file that failed to load
    // (naming the file, the JSON path and the problem); the good files are registered anyway.
    std::vector<std::string> load_directory(const std::filesystem::path& dir);

    // Validates and registers `json_text`, replacing a variant of the same key: server-wide
    // without `game_id`, else for that game only. Throws ApiError 422 "invalid_variant"
    // listing every problem.
    std::shared_ptr<const LoadedVariant> add(std::string_view json_text,
                                             std::optional<std::int64_t> game_id = std::nullopt);
    // Validates without registering (same errors).
    std::shared_ptr<const LoadedVariant> check(std::string_view json_text,
                                               std::optional<std::int64_t> game_id) const;
    void remove(std::string_view key);

    std::shared_ptr<const LoadedVariant> find(std::string_view name) const;  // nullptr if unknown
    // Server-wide variants, by name (a GM's variants are not offered for new games).
    std::vector<std::shared_ptr<const LoadedVariant>> list() const;

  private:
    mutable std::shared_mutex mutex_;
    std::map<std::string, std::shared_ptr<const LoadedVariant>, std::less<>> variants_;
};

}  // namespace adjutant::service
