// SPDX-License-Identifier: Apache-2.0
// Resolution: a game's current phase adjudicated and written in one transaction, on the GM's
// word, when every seat is ready, or at the deadline (the scheduler calls resolve_due()). A
// crash at any point leaves the phase unresolved, never half-resolved, and a phase resolves
// once however many ask: the write is guarded by that phase (Store::resolve_phase).
#pragma once

#include <atomic>
#include <cstdint>
#include <string>
#include <unordered_map>
#include <utility>
#include <vector>

#include "adjudicate.h"
#include "orders/parser.h"
#include "service/context.h"

namespace adjutant::service {

class ResolutionService {
  public:
    explicit ResolutionService(ServiceContext& context) : context_(context) {}

    // Resolves every active game whose deadline plus grace has passed (including deadlines
    // that passed while the server was down). Returns how many phases resolved. Under the
    // 'wait' policy a due game waits until every seat that must order has orders.
    int resolve_due();

    // Resolves phase `seq`, which must be the current one (else ApiError 409 "stale_phase");
    // then, while the new phase needs no orders from anyone, resolves that too. Returns the
    // phases resolved. `actor` is who the audit log names.
    int resolve(const Locked& locked, std::int64_t game_id, const std::string& actor,
                std::int64_t seq);
    // Resolves the current phase if the game resolves when ready and every seat that must
    // order is ready.
    void resolve_when_ready(const Locked& locked, std::int64_t game_id);

    std::uint64_t resolutions() const { return resolutions_; }  // for /metrics

    // The seats of a resolution as gather_orders reads them (resolution.cpp).
    struct Seats {
        std::vector<SeatSubmission> seats;  // the readable seats' texts, in the rows' order
        std::vector<std::string> problems;  // per row: why its orders are unreadable, or empty
    };

  private:
    // What a resolution works in, kept from one to the next so that its vectors' room is
    // reused rather than allocated and freed each time: the seats, their parsed orders, the
    // result (the next position's units, owners, index) and the adjudicator's own scratch
    // space (docs/design.md, "Scratch space"). Only resolve_one uses it, and only under the
    // service's lock (it takes the Locked), so one resolution at a time. Each resolution sets
    // every part anew; nothing reads it once the resolution is written.
    struct Scratch {
        Seats seats;
        ParsedOrders orders;
        Adjudication result;
        Adjudicator adjudicator;
    };

    void resolve_one(const Locked& locked, LoadedGame& game, const std::string& actor);

    ServiceContext& context_;
    std::atomic<std::uint64_t> resolutions_{0};
    // Games whose resolution failed -> (next attempt, delay); only resolve_due, under the lock.
    std::unordered_map<std::int64_t, std::pair<std::int64_t, std::int64_t>> failures_;
    Scratch scratch_;
};

}  // namespace adjutant::service
