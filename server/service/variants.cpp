// SPDX-License-Identifier: Apache-2.0
#include "service/variants.h"

#include <fstream>
#include <mutex>
#include <sstream>

#include <nlohmann/json.hpp>

#include "service/error.h"
#include "service/text.h"

namespace adjutant::service {

namespace {

// `game_id`: the game a GM's variant is for, or none for a server-wide one.
std::shared_ptr<const LoadedVariant> load(std::string_view json_text,
                                          std::optional<std::int64_t> game_id,
                                          std::vector<VariantError>& errors) {
    VariantLoad loaded = load_variant(json_text);
    if (!loaded.ok() || !loaded.variant) {
        errors = std::move(loaded.errors);
        return nullptr;
    }
    auto result = std::make_shared<LoadedVariant>();
    result->variant = std::move(*loaded.variant);
    result->display = std::move(loaded.display);
    result->json = std::string(json_text);
    result->key = game_id ? game_variant_key(result->variant.name, *game_id) : result->variant.name;
    result->game_id = game_id;
    result->build_parser();
    return result;
}

// Every name, word and title of a variant is one line of text, as every stored text a person
// wrote is (text.h): each string, key or value, that holds a control character is a problem.
void find_control_characters(const nlohmann::json& value, const std::string& path,
                             std::vector<VariantError>& errors) {
    auto check = [&errors](const std::string& text, const std::string& at) {
        if (const auto found = find_control_character(text, TextLines::One))
            errors.push_back({at, "holds a control character, " + describe(*found) +
                                      ": every name and title is one line of text"});
    };
    if (value.is_string()) {
        check(value.get_ref<const std::string&>(), path);
    } else if (value.is_object()) {
        for (const auto& [key, item] : value.items()) {
            check(key, path + "/" + key);
            find_control_characters(item, path + "/" + key, errors);
        }
    } else if (value.is_array()) {
        for (std::size_t i = 0; i < value.size(); ++i)
            find_control_characters(value[i], path + "/" + std::to_string(i), errors);
    }
}

[[noreturn]] void invalid(const std::vector<VariantError>& errors) {
    nlohmann::json details = nlohmann::json::array();
    for (const auto& error : errors)
        details.push_back({{"path", error.path}, {"message", error.message}});
    throw ApiError(422, "invalid_variant",
                   "the variant has " + std::to_string(errors.size()) + " problem(s)",
                   json_text(details));
}

}  // namespace

std::vector<std::string> VariantRegistry::load_directory(const std::filesystem::path& dir) {
    std::vector<std::string> problems;
    std::error_code ec;
    if (!std::filesystem::is_directory(dir, ec)) {
        problems.push_back(dir.string() + ": not a directory");
        return problems;
    }
    std::vector<std::filesystem::path> files;
    for (const auto& entry : std::filesystem::directory_iterator(dir, ec))
        if (entry.path().extension() == ".json") files.push_back(entry.path());
    std::sort(files.begin(), files.end());
    for (const auto& file : files) {
        std::ifstream in(file, std::ios::binary);
        std::stringstream text;
        text << in.rdbuf();
        std::vector<VariantError> errors;
        auto variant = load(text.str(), std::nullopt, errors);
        if (!variant) {
            for (const auto& error : errors)
                problems.push_back(file.string() + ": " + error.path + ": " + error.message);
            continue;
        }
        std::unique_lock lock(mutex_);
        variants_[variant->variant.name] = std::move(variant);
    }
    return problems;
}

std::string game_variant_key(std::string_view name, std::int64_t game_id) {
    return std::string(name) + "@g" + std::to_string(game_id);
}

std::shared_ptr<const LoadedVariant> VariantRegistry::check(
    std::string_view json_text, std::optional<std::int64_t> game_id) const {
    std::vector<VariantError> errors;
    auto variant = load(json_text, game_id, errors);
    if (!variant) invalid(errors);
    if (variant->variant.name.find('@') != std::string::npos)
        invalid({VariantError{"/name", "a variant name may not contain '@'"}});
    // The file parsed as the variant loader read it; a discarded value holds no string.
    find_control_characters(nlohmann::json::parse(json_text, nullptr, false), "", errors);
    if (!errors.empty()) invalid(errors);
    return variant;
}

std::shared_ptr<const LoadedVariant> VariantRegistry::add(std::string_view json_text,
                                                          std::optional<std::int64_t> game_id) {
    auto variant = check(json_text, game_id);
    std::unique_lock lock(mutex_);
    variants_[variant->key] = variant;
    return variant;
}

void VariantRegistry::remove(std::string_view key) {
    std::unique_lock lock(mutex_);
    if (auto it = variants_.find(key); it != variants_.end()) variants_.erase(it);
}

std::shared_ptr<const LoadedVariant> VariantRegistry::find(std::string_view name) const {
    std::shared_lock lock(mutex_);
    auto it = variants_.find(name);
    return it == variants_.end() ? nullptr : it->second;
}

std::vector<std::shared_ptr<const LoadedVariant>> VariantRegistry::list() const {
    std::shared_lock lock(mutex_);
    std::vector<std::shared_ptr<const LoadedVariant>> result;
    for (const auto& [name, variant] : variants_)
        if (!variant->game_id) result.push_back(variant);
    return result;
}

}  // namespace adjutant::service
