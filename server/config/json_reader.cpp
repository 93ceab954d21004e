// SPDX-License-Identifier: Apache-2.0
#include "config/json_reader.h"

namespace adjutant::config {

JsonReader::JsonReader(const nlohmann::json& object, std::string where,
                       std::vector<std::string>& errors)
    : object_(object), where_(std::move(where)), errors_(errors) {}

const nlohmann::json* JsonReader::find(const char* key) {
    known_.insert(key);
    auto it = object_.find(key);
    return it == object_.end() ? nullptr : &*it;
}

void JsonReader::problem(const char* key, const std::string& what) {
    errors_.push_back(where_ + key + ": " + what);
}

void JsonReader::text(const char* key, std::string& out) {
    if (const auto* value = find(key)) {
        if (value->is_string())
            out = value->get<std::string>();
        else
            problem(key, "must be a string");
    }
}

void JsonReader::flag(const char* key, bool& out) {
    if (const auto* value = find(key)) {
        if (value->is_boolean())
            out = value->get<bool>();
        else
            problem(key, "must be true or false");
    }
}

void JsonReader::integer(const char* key, std::int64_t min, std::int64_t max, std::int64_t& out) {
    const auto* value = find(key);
    if (value == nullptr) return;
    const std::string range = " from " + std::to_string(min) + " to " + std::to_string(max);
    if (!value->is_number_integer()) {
        problem(key, "must be an integer" + range);
        return;
    }
    // An unsigned number past int64 is out of range too; get<int64_t> would wrap it.
    if (value->is_number_unsigned() &&
        value->get<std::uint64_t>() > static_cast<std::uint64_t>(max)) {
        problem(key, value->dump() + " is out of range (" + range.substr(1) + ")");
        return;
    }
    const std::int64_t number = value->get<std::int64_t>();
    if (number < min || number > max) {
        problem(key, value->dump() + " is out of range (" + range.substr(1) + ")");
        return;
    }
    out = number;
}

void JsonReader::choice(const char* key, std::initializer_list<const char*> allowed,
                        std::string& out) {
    const auto* value = find(key);
    if (value == nullptr) return;
    std::string list;
    for (const char* name : allowed) list += std::string(list.empty() ? "" : ", ") + name;
    if (value->is_string())
        for (const char* name : allowed)
            if (value->get<std::string>() == name) {
                out = name;
                return;
            }
    problem(key, value->dump() + " is not one of " + list);
}

const nlohmann::json* JsonReader::object(const char* key) {
    const auto* value = find(key);
    if (value == nullptr) return nullptr;
    if (value->is_object()) return value;
    problem(key, "must be an object");
    return nullptr;
}

void JsonReader::finish() {
    for (const auto& [key, value] : object_.items())
        if (known_.count(key) == 0)
            errors_.push_back(where_ + key + ": unknown key (see docs/server.md for the keys)");
}

}  // namespace adjutant::config
