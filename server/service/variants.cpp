// SPDX-License-Identifier: Apache-2.0
#include "service/variants.h"

#include <fstream>
#include <mutex>
#include <sstream>

#include "service/error.h"
#include "service/text.h"

namespace adjutant::service {

namespace {

// Every name, word and title of a variant is one line of text, as every stored text a person
// wrote is (text.h): each string of the file, key or value, that holds a control character is a
// problem (the variant loader walks the file: load_variant's StringCheck).
std::string one_line(std::string_view text) {
    const auto found = find_control_character(text, TextLines::One);
    if (!found) return {};
    return "holds a control character, " + describe(*found) +
           ": every name and title is one line of text";
}

// `game_id`: the game a GM's variant is for, or none for a server-wide one.
// `string_problems`, if given: what the check of the file's strings found (one_line), which
// the caller reports after the variant's own problems.
std::shared_ptr<const LoadedVariant> load(std::string_view json_text,
                                          std::optional<std::int64_t> game_id,
                                          std::vector<VariantError>& errors,
                                          std::vector<VariantError>* string_problems = nullptr) {
    VariantLoad loaded = load_variant(json_text, string_problems != nullptr ? &one_line : nullptr);
    if (!loaded.ok() || !loaded.variant) {
        errors = std::move(loaded.errors);
        return nullptr;
    }
    if (string_problems) *string_problems = std::move(loaded.string_problems);
    auto result = std::make_shared<LoadedVariant>();
    result->variant = std::move(*loaded.variant);
    result->display = std::move(loaded.display);
    result->json = std::string(json_text);
    result->key = game_id ? game_variant_key(result->variant.name, *game_id) : result->variant.name;
    result->game_id = game_id;
    result->build_parser();
    return result;
}

[[noreturn]] void invalid(const std::vector<VariantError>& errors) {
    std::vector<DocumentProblem> details;
    for (const auto& error : errors) details.push_back({error.path, error.message});
    throw ApiError(422, "invalid_variant",
                   "the variant has " + std::to_string(errors.size()) + " problem(s)",
                   std::move(details));
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
    std::vector<VariantError> string_problems;
    auto variant = load(json_text, game_id, errors, &string_problems);
    if (!variant) invalid(errors);
    if (variant->variant.name.find('@') != std::string::npos)
        invalid({VariantError{"/name", "a variant name may not contain '@'"}});
    if (!string_problems.empty()) invalid(string_problems);
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
