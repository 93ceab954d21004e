// Field-by-field reading of a parsed JSON document that records every problem instead of
// stopping at the first: the variant and position loaders report all errors in one pass.
//
// Paths are JSON Pointers (RFC 6901): "/provinces/12/coasts". A getter returns nullptr (or
// nullopt) when the field is absent or of the wrong type, after recording an error when the
// field was required or present-but-mistyped. Nothing here throws.
#pragma once

#include <cstddef>
#include <initializer_list>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include <nlohmann/json.hpp>

namespace adjutant {

struct JsonError {
    std::string path;
    std::string message;
};

enum class JsonKind { String, Bool, Integer, Number, Array, Object };

// "/a" + "b~c/d" -> "/a/b~0c~1d".
std::string json_child(std::string_view path, std::string_view key);
std::string json_child(std::string_view path, std::size_t index);
// `"text"`, for quoting user text inside messages.
std::string quote_text(std::string_view text);

class JsonChecker {
  public:
    void error(std::string path, std::string message);
    const std::vector<JsonError>& errors() const { return errors_; }
    std::vector<JsonError> take_errors() { return std::move(errors_); }
    bool ok() const { return errors_.empty(); }

    // Records an error unless `value` has `kind`.
    bool expect(const nlohmann::json& value, std::string_view path, JsonKind kind);
    // The member `key` of `object` when it has `kind`; an absent member is an error only
    // when `required`.
    const nlohmann::json* get(const nlohmann::json& object, std::string_view path,
                              std::string_view key, JsonKind kind, bool required);
    std::optional<std::string> get_string(const nlohmann::json& object, std::string_view path,
                                          std::string_view key, bool required);
    // Every member of `object` not in `known` is reported as an unknown field (catches typos).
    void only_fields(const nlohmann::json& object, std::string_view path,
                     std::initializer_list<std::string_view> known);
    void only_fields(const nlohmann::json& object, std::string_view path,
                     std::span<const std::string_view> known);

  private:
    std::vector<JsonError> errors_;
};

}  // namespace adjutant
