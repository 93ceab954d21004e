// SPDX-License-Identifier: Apache-2.0
// Who may read an event of each kind in the fog of war (docs/fog-of-war.md, "Events"). Lone
// Warrior 4a: an army "must be told" of an enemy supply line it enters; a GM who must tell his
// players such things tells each power its own doings and what stands in its sight, and
// nothing else.
//
// An event's kind decides who reads it:
//   - Owner: its power alone (and the GM). The kinds that tell what a view hides of another
//     power: the supply an army carries, its supply line and line of communication, an Extended
//     line, a garrison's stores and rations, rail capacity, purchases and the treasury, a
//     general's type roll, a detachment's scouting report, an order of its own that failed.
//   - InSight: whoever sees every province the event names (the server reads the names out of
//     the event's text). Battles, sieges, detachments, field works, rail engineering.
//   - Everyone: the public state of the country, which every position shows anyway: who owns
//     a city, who holds the ground, a country lost.
// The server applies the table when it serves a phase's record (server/service/fog.cpp); the
// adjudicator writes events for the GM and knows nothing of readers.
#pragma once

#include <optional>
#include <string_view>

namespace adjutant {

enum class EventReaders {
    Owner,
    InSight,
    Everyone,
};

// The readers of an event of `kind`, or nullopt for a kind the table does not list (a reader
// of the table must then treat it as Owner). Every kind the rules write is listed
// (tests/unit/fog_of_war_test.cpp).
std::optional<EventReaders> event_readers(std::string_view kind);

// Why another power's order failed, as a reader in the fog reads it (docs/fog-of-war.md,
// "Reasons"); `reason` is a result's stored reason. The resolver's own reasons ("bounced",
// "support cut": reason_text) tell what the board shows, and stand. A rule module's own words
// (OrderResult::why) may tell what a view hides, a treasury, a rail capacity or an army's supply
// ("over the power's rail capacity this turn: the unit holds"), and the resolver's "not carried
// out: the week's events say why" points at events the reader may not read: both read
// kNotCarriedOut.
inline constexpr std::string_view kNotCarriedOut = "not carried out";
std::string_view others_reason(std::string_view reason);

}  // namespace adjutant
