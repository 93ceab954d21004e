// SPDX-License-Identifier: Apache-2.0
#include "cli/variant_files.h"

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <sstream>

namespace adjutant::cli {

namespace fs = std::filesystem;

bool read_file(const std::string& path, std::string& out) {
    std::ifstream in(path, std::ios::binary);
    if (!in) return false;
    std::ostringstream buffer;
    buffer << in.rdbuf();
    out = buffer.str();
    return !in.bad();
}

std::optional<std::string> find_variant_file(const std::string& name_or_path) {
    std::error_code ec;
    if (fs::is_regular_file(name_or_path, ec)) return name_or_path;
    if (name_or_path.find('/') != std::string::npos) return std::nullopt;
    std::vector<fs::path> dirs;
    if (const char* env = std::getenv("ADJUTANT_VARIANTS"); env != nullptr && *env != '\0')
        dirs.emplace_back(env);
    dirs.emplace_back("config/variants");
#ifdef ADJUTANT_SOURCE_DIR
    dirs.emplace_back(fs::path(ADJUTANT_SOURCE_DIR) / "config" / "variants");
#endif
    for (const fs::path& dir : dirs) {
        const fs::path candidate = dir / (name_or_path + ".json");
        if (fs::is_regular_file(candidate, ec)) return candidate.string();
    }
    return std::nullopt;
}

std::optional<VariantLoad> load_variant_by_name(const std::string& name_or_path,
                                                std::vector<std::string>& errors) {
    const auto path = find_variant_file(name_or_path);
    if (!path) {
        errors.push_back("variant '" + name_or_path + "' not found");
        return std::nullopt;
    }
    std::string text;
    if (!read_file(*path, text)) {
        errors.push_back(*path + ": cannot read");
        return std::nullopt;
    }
    VariantLoad load = load_variant(text);
    for (const VariantError& e : load.errors)
        errors.push_back(*path + ":" + e.path + ": " + e.message);
    if (!load.ok()) return std::nullopt;
    return load;
}

}  // namespace adjutant::cli
