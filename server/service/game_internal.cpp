// SPDX-License-Identifier: Apache-2.0
#include "service/game_internal.h"

#include <arpa/inet.h>

#include <algorithm>

#include "core/phase.h"
#include "resolve/phase_flow.h"
#include "service/crypto.h"
#include "service/phase_etag.h"
#include "service/text.h"
#include "storage/codec.h"

namespace adjutant::service {

std::string canonical_power(const Variant& variant, std::string_view name) {
    return variant.powers[power_id(variant, name)].name;
}

PowerId power_id(const Variant& variant, std::string_view name) {
    PowerId id = variant.find_power(name);
    if (id == kNoPower || id >= variant.powers.size())
        throw not_found("no power '" + std::string(name) + "' in variant " + variant.name);
    return id;
}

std::string phase_hash(std::string_view prev_hash, std::string_view phase,
                       std::string_view position, std::string_view orders,
                       std::string_view results) {
    std::string data;
    for (std::string_view part : {prev_hash, phase, position, orders, results}) {
        data += std::to_string(part.size());
        data += ':';
        data += part;
    }
    return sha256_hex(data);
}

bool needs_orders(const Variant& variant, const Position& position, PowerId power) {
    if (power == kNoPower) return false;
    switch (position.phase.kind) {
        case PhaseKind::Movement:
            for (const auto& unit : position.units)
                if (unit.power == power) return true;
            return false;
        case PhaseKind::Retreat:
            for (const auto& dislodged : position.dislodged)
                if (dislodged.unit.power == power) return true;
            return false;
        case PhaseKind::Adjustment: {
            int units = 0;
            for (const auto& unit : position.units)
                if (unit.power == power) ++units;
            const int centers = position.center_count(power);
            if (units > centers) return true;
            if (units == centers) return false;
            // Builds are possible only on an owned, empty build site (a home centre, or with
            // build_any any centre).
            return adjustment_allowance(variant, position, power) > 0;
        }
    }
    return false;
}

std::int64_t phase_seconds(const storage::GameRow& game, std::string_view phase_code) {
    auto phase = Phase::parse(phase_code);
    if (!phase || phase->kind == PhaseKind::Movement) return game.movement_seconds;
    return phase->kind == PhaseKind::Retreat ? game.retreat_seconds : game.adjustment_seconds;
}

DiceSeed dice_seed(const storage::GameRow& game) {
    if (!game.seed_hex) return DiceSeed(static_cast<std::uint64_t>(game.seed));
    auto seed = DiceSeed::from_hex(*game.seed_hex);
    if (!seed) throw ApiError(500, "corrupt_state", "the game's stored seed is not 64 hex digits");
    return *seed;
}

CurrentPhase current_phase(const LoadedGame& game) {
    return {game.phase.phase, phase_name(game.phase.phase), game.phase.seq,
            phase_etag(game.row.id, game.phase.seq, game.phase.resolved_at.has_value()),
            std::string(to_string(game.row.status))};
}

std::string unreadable_orders(const storage::OrderRow& row) {
    if (auto problem = find_invalid_utf8(row.text))
        return "the stored order text is not UTF-8 (" + describe(*problem) + ")";
    if (!storage::is_verdict_list(row.verdicts)) return "the stored verdicts are not a JSON list";
    return {};
}

std::string client_rate_key(std::string_view address) {
    const std::string text(address);
    in6_addr v6{};
    if (inet_pton(AF_INET6, text.c_str(), &v6) != 1) return text;
    static constexpr unsigned char kMapped[12] = {0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0xff, 0xff};
    char out[INET6_ADDRSTRLEN] = {};
    if (std::equal(kMapped, kMapped + 12, v6.s6_addr)) {
        inet_ntop(AF_INET, v6.s6_addr + 12, out, sizeof out);
        return out;
    }
    std::fill(v6.s6_addr + 8, v6.s6_addr + 16, 0);
    inet_ntop(AF_INET6, &v6, out, sizeof out);
    return std::string(out) + "/64";
}

}  // namespace adjutant::service
