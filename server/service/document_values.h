// SPDX-License-Identifier: Apache-2.0
// The game, history and results documents as typed values, for the renderings that read them
// as text: the mail gateway's (service/mail_text.h) and the Atom feed's. They are made from the
// very documents the API serves (service/game_document.h, service/phase_document.h; see
// service/results_decode.h), so a player by mail reads what a player by web reads, fog of war
// and redaction included. A field the document leaves out keeps the default given here.
#pragma once

#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <vector>

#include "storage/game_status.h"
#include "storage/position_standing.h"

namespace adjutant::service {

// What the position shows by power: read from the position document by storage's codec
// (storage/position_standing.h), which holds the sections rule modules write.
using storage::GarrisonStanding;
using storage::GeneralStanding;
using storage::SiegeStanding;
using storage::UnitStanding;

struct SeatStanding {
    std::string power;
    int centers = 0;
    bool needs_orders = false;
    bool ready = false;
};

// The game document as one reader reads it: its settings, its seats and the position. The
// position's sections are keyed by power; a power with no entry in a section is absent from it
// (for `generals`: a power without a pool). storage::PositionStanding's sections, as the
// reader's position document holds them.
struct GameStanding {
    std::int64_t id = 0;
    std::string name;
    std::string variant;
    std::string phase;  // the phase's code
    GameStatus status = GameStatus::forming;
    std::optional<std::int64_t> deadline;
    std::optional<std::string> winner;
    std::vector<SeatStanding> seats;
    std::map<std::string, std::vector<UnitStanding>> units;
    std::map<std::string, std::vector<UnitStanding>> dislodged;
    std::map<std::string, std::vector<GarrisonStanding>> garrisons;
    std::map<std::string, std::vector<GeneralStanding>> generals;
    std::map<std::string, std::vector<SiegeStanding>> sieges;
};

// One phase of the history document.
struct PhaseEntry {
    std::int64_t seq = 0;
    std::string phase;  // the phase's code
    bool resolved = false;
    std::optional<std::int64_t> resolved_at;
    std::string hash;
};

// One line of a phase's results: an order (`order` set) or a refused line (only `input`).
struct OrderResult {
    std::string power;
    std::string input;
    std::optional<std::string> order;
    std::string result;
    std::optional<std::string> reason;
    bool by_default = false;  // a default order the server gave an unordered unit
    // The sentence that explains the result (report/explanation.h), when it says more than the
    // result: the order failed, or strengths were compared. Cut to the reader's sight.
    std::optional<std::string> why;
};

struct DislodgedResult {
    std::string power;
    std::string unit;
    std::optional<std::string> from;
};

// A die roll as an event reports it, so that a player can recompute it by hand.
struct DieRoll {
    std::string purpose;
    std::string subject;
    int d10 = 0;
    std::string modifiers;
    std::string table;
};

// What a campaign rule did in the phase.
struct ResultEvent {
    std::string text;
    std::optional<DieRoll> roll;
};

// A resolved phase's results as one reader may read them.
struct PhaseReport {
    std::vector<OrderResult> orders;
    std::vector<DislodgedResult> dislodged;
    std::vector<ResultEvent> events;
};

// A resolved phase (its code) with its results.
struct PhaseResults {
    std::string phase;
    PhaseReport results;
};

}  // namespace adjutant::service
