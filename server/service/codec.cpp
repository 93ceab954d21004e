// SPDX-License-Identifier: Apache-2.0
#include "service/codec.h"

#include "position/position_json.h"
#include "report/adjudication_json.h"
#include "service/error.h"

namespace adjutant::service {

nlohmann::json position_json(const Variant& variant, const Position& position) {
    return position_to_json(variant, position);
}

Position decode_position(const Variant& variant, std::string_view text) {
    const auto json = nlohmann::json::parse(text, nullptr, false);
    if (json.is_discarded())
        throw ApiError(500, "corrupt_state", "a stored position is not valid JSON");
    PositionLoad loaded = position_from_json(variant, json);
    if (!loaded.position) {
        std::string message = "a stored position does not fit variant " + variant.name;
        if (!loaded.errors.empty()) message += ": " + loaded.errors.front();
        throw ApiError(500, "corrupt_state", message);
    }
    return std::move(*loaded.position);
}

nlohmann::json adjudication_json(const Variant& variant, const ParsedOrders& parsed,
                                 const Adjudication& adjudication) {
    return adjudication_to_json(variant, parsed, adjudication);
}

Verdict verdict_of(const OrderVerdict& verdict) {
    const bool accepted = verdict.accepted();
    return {verdict.line,
            verdict.input,
            accepted,
            accepted ? verdict.canonical : std::string(),
            accepted ? std::string() : verdict.error,
            verdict.note};
}

nlohmann::json verdicts_json(const std::vector<Verdict>& verdicts) {
    nlohmann::json list = nlohmann::json::array();
    for (const auto& verdict : verdicts) {
        nlohmann::json out = {{"line", verdict.line},
                              {"input", verdict.input},
                              {"status", verdict.accepted ? "accepted" : "rejected"}};
        if (verdict.accepted)
            out["order"] = verdict.order;
        else
            out["error"] = verdict.error;
        if (!verdict.note.empty()) out["note"] = verdict.note;
        list.push_back(std::move(out));
    }
    return list;
}

std::vector<Verdict> decode_verdicts(const nlohmann::json& list) {
    std::vector<Verdict> verdicts;
    for (const auto& item : list) {
        if (!item.is_object()) continue;
        const auto text = [&](const char* key) {
            const auto it = item.find(key);
            return it != item.end() && it->is_string() ? it->get<std::string>() : std::string();
        };
        const auto line = item.find("line");
        verdicts.push_back({line != item.end() && line->is_number_integer() ? line->get<int>() : 0,
                            text("input"), text("status") == "accepted", text("order"),
                            text("error"), text("note")});
    }
    return verdicts;
}

}  // namespace adjutant::service
