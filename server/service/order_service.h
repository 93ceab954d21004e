// SPDX-License-Identifier: Apache-2.0
// Orders for the current phase, as text (one order per line), judged by the adjudicator's
// parser with the seat's power as `as_power`, so a player can never order another power's
// units. submit replaces the seat's earlier orders (unless no line of it was accepted) and is
// on disk before it answers; validate judges without saving; orders() reads them back (a
// player their own, the GM every seat's with who has submitted); set_ready marks a seat's
// orders final, and the phase resolves once every seat that must order is ready.
//
// The calls that take a Locked are for a caller that holds the lock (the mail gateway, which
// runs a seat's commands inside its own transaction).
#pragma once

#include <cstdint>
#include <string_view>

#include "service/caller.h"
#include "service/context.h"
#include "service/order_results.h"
#include "service/resolution_service.h"

namespace adjutant::service {

class OrderService {
  public:
    OrderService(ServiceContext& context, ResolutionService& resolution)
        : context_(context), resolution_(resolution) {}

    // `source`: "web", "api" or "email", as the adapter decided. Returns once the orders are
    // on disk.
    OrderSubmission submit(const Caller& caller, std::int64_t game_id, std::string_view text,
                           std::string_view source);
    // The same, returning once the orders are committed but before they are on disk (when
    // the answer says `replaced`): the caller acknowledges only once when_durable() says so.
    // Submissions committed together then share one fsync, made outside the lock (group
    // commit, storage/group_sync.h); the HTTP session waits for it without holding a thread.
    OrderSubmission submit_deferred(const Caller& caller, std::int64_t game_id,
                                    std::string_view text, std::string_view source);
    // `done(true)` once every commit made before this call is on disk; false if the flush
    // failed. Runs on the flushing thread.
    void when_durable(storage::GroupSync::Done done);
    // Inside the caller's lock (and transaction, if it holds one). `durability`: Deferred only
    // for a caller that then waits for when_durable().
    OrderSubmission submit(const Locked& locked, const Caller& caller, std::int64_t game_id,
                           std::string_view text, std::string_view source,
                           storage::Durability durability = storage::Durability::Synced);
    OrderCheck validate(const Caller& caller, std::int64_t game_id, std::string_view text);
    PhaseOrders orders(const Caller& caller, std::int64_t game_id);
    PhaseOrders orders(const Locked& locked, const Caller& caller, std::int64_t game_id);
    ReadyFlag set_ready(const Caller& caller, std::int64_t game_id, bool ready);
    ReadyFlag set_ready(const Locked& locked, const Caller& caller, std::int64_t game_id,
                        bool ready);

    // Who orders when a request names `power` (sandbox.cpp): nobody but the GM of a sandbox
    // game, who then acts as that power's seat. An empty `power` leaves `caller` as it is.
    // 401 without a token; 403 for a seat token, or for the GM of a game that is no sandbox.
    Caller acting(const Caller& caller, std::int64_t game_id, std::string_view power);

  private:
    ServiceContext& context_;
    ResolutionService& resolution_;
};

}  // namespace adjutant::service
