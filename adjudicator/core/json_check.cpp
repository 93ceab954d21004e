#include "core/json_check.h"

#include <algorithm>

namespace adjutant {

namespace {

using nlohmann::json;

const char* kind_name(JsonKind kind) {
    switch (kind) {
        case JsonKind::String:
            return "a string";
        case JsonKind::Bool:
            return "true or false";
        case JsonKind::Integer:
            return "an integer";
        case JsonKind::Number:
            return "a number";
        case JsonKind::Array:
            return "an array";
        case JsonKind::Object:
            return "an object";
    }
    return "?";
}

bool has_kind(const json& value, JsonKind kind) {
    switch (kind) {
        case JsonKind::String:
            return value.is_string();
        case JsonKind::Bool:
            return value.is_boolean();
        case JsonKind::Integer:
            return value.is_number_integer();
        case JsonKind::Number:
            return value.is_number();
        case JsonKind::Array:
            return value.is_array();
        case JsonKind::Object:
            return value.is_object();
    }
    return false;
}

}  // namespace

std::string json_child(std::string_view path, std::string_view key) {
    std::string out(path);
    out += '/';
    for (char c : key) {
        if (c == '~')
            out += "~0";
        else if (c == '/')
            out += "~1";
        else
            out += c;
    }
    return out;
}

std::string json_child(std::string_view path, std::size_t index) {
    std::string out(path);
    out += '/';
    out += std::to_string(index);
    return out;
}

std::string quote_text(std::string_view text) {
    std::string out = "\"";
    out += text;
    out += '"';
    return out;
}

void JsonChecker::error(std::string path, std::string message) {
    errors_.push_back(JsonError{std::move(path), std::move(message)});
}

bool JsonChecker::expect(const json& value, std::string_view path, JsonKind kind) {
    if (has_kind(value, kind)) return true;
    error(std::string(path),
          std::string("expected ") + kind_name(kind) + ", found " + value.type_name());
    return false;
}

const json* JsonChecker::get(const json& object, std::string_view path, std::string_view key,
                             JsonKind kind, bool required) {
    if (!object.is_object()) return nullptr;
    auto it = object.find(key);
    if (it == object.end()) {
        if (required) error(std::string(path), "missing field " + quote_text(key));
        return nullptr;
    }
    if (!expect(*it, json_child(path, key), kind)) return nullptr;
    return &*it;
}

std::optional<std::string> JsonChecker::get_string(const json& object, std::string_view path,
                                                   std::string_view key, bool required) {
    const json* value = get(object, path, key, JsonKind::String, required);
    if (value == nullptr) return std::nullopt;
    return value->get<std::string>();
}

void JsonChecker::only_fields(const json& object, std::string_view path,
                              std::initializer_list<std::string_view> known) {
    only_fields(object, path, std::span<const std::string_view>(known.begin(), known.size()));
}

void JsonChecker::only_fields(const json& object, std::string_view path,
                              std::span<const std::string_view> known) {
    if (!object.is_object()) return;
    for (auto it = object.begin(); it != object.end(); ++it)
        if (std::find(known.begin(), known.end(), it.key()) == known.end())
            error(json_child(path, it.key()), "unknown field " + quote_text(it.key()));
}

}  // namespace adjutant
