// SPDX-License-Identifier: Apache-2.0
// The details of an audit row (Store::audit, the column audit_log.detail): a JSON object of
// named values, which the GM's audit log shows as it is. The service says what happened as a
// map of typed values; this is where it becomes the stored text, and where replay's reading of
// it back is.
#pragma once

#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <string_view>
#include <variant>
#include <vector>

#include <nlohmann/json_fwd.hpp>

namespace adjutant::storage {

// One detail: none (JSON null), a flag, a number, a text or a list of texts.
using AuditValue =
    std::variant<std::nullptr_t, bool, std::int64_t, std::string, std::vector<std::string>>;
// Name -> value, written in the order of the names.
using AuditDetails = std::map<std::string, AuditValue>;

// The stored text; bytes of a text that are not UTF-8 are written as U+FFFD, so no detail can
// make the audit fail.
std::string encode_audit_details(const AuditDetails& details);

// The server's assignment of powers from a join list (docs/assignment.md), with everything it
// was computed from, so anyone who knows the game's seed can compute it again: the mode, the
// open powers in the variant's order, and each player in join-list order with their ranking,
// the power given and what it cost them (a preference game; the total too).
struct AssignedPlayer {
    std::int64_t place = 0;
    std::string player;
    std::vector<std::string> ranking;  // empty: any
    std::string power;
    std::optional<std::int64_t> cost;
};
std::string encode_assignment_audit(const std::string& mode, const std::vector<std::string>& powers,
                                    const std::vector<AssignedPlayer>& players,
                                    std::optional<std::int64_t> total_cost);

// A rule module's GM action as audited: the input it entered, as the module records it
// (rules/module_api.h's gm_action_record, the module's own form, passed through), with the
// phase and its seq beside it: {...the record's keys, "phase", "seq"}.
std::string encode_gm_input_audit(const nlohmann::json& record, const std::string& phase,
                                  std::int64_t seq);
// The module's record as text, written as the audit writes it: replay compares a position's
// record with the audited one so.
std::string gm_input_text(const nlohmann::json& record);
// An audited module action read back: its phase's seq and the record (gm_input_text's form), or
// none when the detail is not an object with an integer seq.
struct AuditedGmInput {
    std::int64_t seq = 0;
    std::string record;
};
std::optional<AuditedGmInput> decode_gm_input_audit(std::string_view detail);

}  // namespace adjutant::storage
