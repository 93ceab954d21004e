// SPDX-License-Identifier: Apache-2.0
#include "storage/audit_details.h"

#include <nlohmann/json.hpp>

namespace adjutant::storage {

namespace {

std::string detail_text(const nlohmann::json& detail) {
    return detail.dump(-1, ' ', false, nlohmann::json::error_handler_t::replace);
}

}  // namespace

std::string encode_audit_details(const AuditDetails& details) {
    nlohmann::json out = nlohmann::json::object();
    for (const auto& [name, value] : details)
        out[name] = std::visit([](const auto& v) { return nlohmann::json(v); }, value);
    return detail_text(out);
}

std::string encode_assignment_audit(const std::string& mode, const std::vector<std::string>& powers,
                                    const std::vector<AssignedPlayer>& players,
                                    std::optional<std::int64_t> total_cost) {
    nlohmann::json list = nlohmann::json::array();
    for (const auto& p : players) {
        nlohmann::json entry = {
            {"place", p.place}, {"player", p.player}, {"ranking", p.ranking}, {"power", p.power}};
        if (p.cost) entry["cost"] = *p.cost;
        list.push_back(std::move(entry));
    }
    nlohmann::json out = {{"mode", mode}, {"powers", powers}, {"players", std::move(list)}};
    if (total_cost) out["total_cost"] = *total_cost;
    return detail_text(out);
}

std::string encode_gm_input_audit(const nlohmann::json& record, const std::string& phase,
                                  std::int64_t seq) {
    nlohmann::json detail = record;
    detail["phase"] = phase;
    detail["seq"] = seq;
    return detail_text(detail);
}

std::string gm_input_text(const nlohmann::json& record) {
    return detail_text(record);
}

std::optional<AuditedGmInput> decode_gm_input_audit(std::string_view detail) {
    auto record = nlohmann::json::parse(detail, nullptr, false);
    if (!record.is_object() || !record.contains("seq") || !record["seq"].is_number_integer())
        return std::nullopt;
    const auto seq = record["seq"].get<std::int64_t>();
    record.erase("seq");
    record.erase("phase");
    return AuditedGmInput{seq, detail_text(record)};
}

}  // namespace adjutant::storage
