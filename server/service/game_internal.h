// SPDX-License-Identifier: Apache-2.0
// Small helpers shared by the services' implementation files. Not part of any service's
// interface.
#pragma once

#include <memory>
#include <optional>
#include <string>
#include <string_view>

#include "core/keyed_rng.h"
#include "position/position.h"
#include "service/context.h"
#include "service/error.h"
#include "service/mail.h"
#include "storage/records.h"
#include "variant/variant.h"

namespace adjutant::service {

// The variant's spelling of a power named by a client ("france" -> "France"); 404 if unknown.
std::string canonical_power(const Variant& variant, std::string_view name);
PowerId power_id(const Variant& variant, std::string_view name);

// Whether `power` has anything to order in `position` (units to move, units to retreat,
// builds or disbands to make).
bool needs_orders(const Variant& variant, const Position& position, PowerId power);

// How long a phase of `phase_code`'s kind lasts in `game`.
std::int64_t phase_seconds(const storage::GameRow& game, std::string_view phase_code);

// The game's current phase, for the details of a "stale_phase" or "phase_required" error.
CurrentPhase current_phase(const LoadedGame& game);

// The game's dice seed: its 256-bit seed, or the 64-bit one of a game created before.
// Throws ApiError 500 "corrupt_state" when the stored seed is not 64 hex digits.
DiceSeed dice_seed(const storage::GameRow& game);

// Why a stored order row cannot be used (text not UTF-8, verdicts not JSON), or "" when it
// can. Such a seat resolves as if it had sent no orders, with an "unreadable_orders" event.
std::string unreadable_orders(const storage::OrderRow& row);

// The key a client's requests are counted under by the rate limits (game creations, sign-ins):
// an IPv4 address as it is, an IPv6 address by its /64 (one host is usually given a whole
// /64), an IPv4-mapped IPv6 address as the IPv4 one.
std::string client_rate_key(std::string_view address);

// The Message-ID every mail about a game refers to (`References`), so that welcome,
// confirmations, reminders and results of one game thread together in a mail client.
inline std::string game_thread_id(std::int64_t game_id, const MailIdentity& identity) {
    return "<game-" + std::to_string(game_id) + ".adjutant@" + identity.domain + ">";
}

inline constexpr std::string_view kGenesisHash =
    "0000000000000000000000000000000000000000000000000000000000000000";

// The phase hash: SHA-256 over the previous hash and the phase's stored documents, each
// length-prefixed so no two different rows hash alike.
std::string phase_hash(std::string_view prev_hash, std::string_view phase,
                       std::string_view position, std::string_view orders,
                       std::string_view results);

}  // namespace adjutant::service
