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

nlohmann::json verdict_json(const OrderVerdict& verdict) {
    nlohmann::json out = {{"line", verdict.line},
                          {"input", verdict.input},
                          {"status", verdict.accepted() ? "accepted" : "rejected"}};
    if (verdict.accepted())
        out["order"] = verdict.canonical;
    else
        out["error"] = verdict.error;
    if (!verdict.note.empty()) out["note"] = verdict.note;
    return out;
}

}  // namespace adjutant::service
