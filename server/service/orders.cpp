// SPDX-License-Identifier: Apache-2.0
#include "service/order_service.h"

#include "orders/parser.h"
#include "position/sight.h"
#include "service/attendance.h"
#include "service/codec.h"
#include "service/fog.h"
#include "service/game_internal.h"
#include "service/guidance.h"
#include "service/results_decode.h"
#include "service/text.h"
#include "storage/claims.h"

namespace adjutant::service {

namespace {

constexpr std::size_t kMaxOrderText = 32 * 1024;

std::vector<std::string> in_force(const Variant& variant, const ParsedOrders& parsed) {
    std::vector<std::string> orders;
    for (const auto& order : parsed.orders) orders.push_back(order.text(variant));
    return orders;
}

OrderCheck check_of(const Variant& variant, const ParsedOrders& parsed,
                    const storage::PhaseRow& phase) {
    OrderCheck check{phase.phase, phase.seq, {}, in_force(variant, parsed)};
    for (const auto& verdict : parsed.verdicts)
        check.verdicts.push_back(verdict_of(variant, verdict));
    return check;
}

void check_open(const storage::GameRow& game) {
    if (game.status == GameStatus::ended) throw conflict("the game has ended");
}

// The position a seat's orders are judged on when it is told their verdicts: the game's, or
// in the fog of war its power's view (service/fog.h), so that a verdict never tells of a unit
// the power does not see ("no unit at DIN to support" is all that a player who cannot see DIN
// may learn). Resolution judges the stored text again on the whole position.
class JudgedPosition {
  public:
    JudgedPosition(const LoadedGame& game, PowerId power) : position_(&game.position) {
        const Variant& variant = game.variant->variant;
        if (power >= variant.powers.size() ||
            !in_fog(variant, game.row.status, Viewer{false, variant.powers[power].name}))
            return;
        if (const auto sight = sight_of(variant, game.position, power)) {
            view_ = seen_position(variant, game.position, *sight);
            position_ = &*view_;
        }
    }
    JudgedPosition(const JudgedPosition&) = delete;
    JudgedPosition& operator=(const JudgedPosition&) = delete;
    const Position& operator*() const { return *position_; }

  private:
    std::optional<Position> view_;
    const Position* position_;
};

// Counted from the stored text parsed again, as resolution parses it (gather_orders), so the
// guidance covers exactly the orders that would resolve; an unreadable set counts as none.
Guidance seat_guidance(const LoadedGame& game, const storage::SeatRow& seat,
                       const SeatOrders& entry, const ServiceContext& context) {
    const Variant& variant = game.variant->variant;
    const PowerId power = power_id(variant, seat.power);
    ParsedOrders parsed;
    const bool readable = entry.submitted && entry.submitted->unreadable.empty();
    const JudgedPosition judged(game, power);
    if (readable) parsed = game.variant->parser().parse(*judged, entry.submitted->text, power);
    GuidanceInput input;
    input.accepted = readable ? &parsed.orders : nullptr;
    input.ready = seat.ready;
    input.open = game.row.status != GameStatus::ended;
    if (game.row.status == GameStatus::active) input.deadline = game.row.deadline;
    input.now = context.now();
    input.reminder_seconds = context.reminder_seconds();
    input.phase_seconds = phase_seconds(game.row, game.phase.phase);
    return phase_guidance(variant, *judged, power, input);
}

}  // namespace

OrderSubmission OrderService::submit(const Caller& caller, std::int64_t game_id,
                                     std::string_view text, std::string_view source) {
    OrderSubmission answer = submit_deferred(caller, game_id, text, source);
    if (answer.replaced && !context_.group_sync().wait())
        throw ApiError(500, "database", "the orders could not be written to disk");
    return answer;
}

OrderSubmission OrderService::submit_deferred(const Caller& caller, std::int64_t game_id,
                                              std::string_view text, std::string_view source) {
    // The lock is released when this returns, before anyone waits for the flush.
    return submit(context_.lock(), caller, game_id, text, source, storage::Durability::Deferred);
}

void OrderService::when_durable(storage::GroupSync::Done done) {
    context_.group_sync().after_commit(std::move(done));
}

OrderSubmission OrderService::submit(const Locked& locked, const Caller& caller,
                                     std::int64_t game_id, std::string_view text,
                                     std::string_view source, storage::Durability durability) {
    require_player(caller, game_id);
    if (text.size() > kMaxOrderText) throw ApiError(413, "too_large", "order text is too long");
    // Refused at the edge: a text that is not UTF-8 could be stored but not served back or
    // resolved, and a control character would reach the GM's screen and
    // the seat's mail.
    require_text(text, "the order text", TextLines::Many);
    if (source != "web" && source != "email" && source != "api")
        throw bad_request("unknown order source");
    auto& store = locked.store();
    // Before the phase is read: a resolution on another server either has read this order
    // or is over, and the order is for the phase that is current then (storage/claims.h).
    storage::GameLock game_lock(store.database(), game_id);
    const LoadedGame game = locked.load(game_id);
    check_open(game.row);
    const Variant& variant = game.variant->variant;
    const PowerId power = power_id(variant, caller.power);
    OrderSubmission answer;
    const OrderParser& parser = game.variant->parser();
    const JudgedPosition judged(game, power);
    answer.check = check_of(variant, parser.parse(*judged, text, power), game.phase);
    answer.verdicts_text = verdicts_text(answer.check.verdicts);
    // A submission of nothing but refused lines (a note to the GM, orders typed for the wrong
    // phase) is a mistake, not a wish to withdraw: it must not replace the orders in force with
    // none. An empty submission still withdraws them (docs/server.md, "Orders").
    answer.replaced = answer.check.accepted() > 0 || answer.check.rejected() == 0;
    if (!answer.replaced) {
        // "orders" is always what is in force now: here, the earlier submission's.
        answer.check.orders.clear();
        if (auto earlier = store.order(game_id, game.phase.seq, caller.power))
            answer.check.orders = in_force(variant, parser.parse(*judged, earlier->text, power));
        return answer;
    }
    storage::Transaction transaction(store.database(), durability);
    store.put_order(game_id, game.phase.seq,
                    storage::OrderRow{caller.power, std::string(text), answer.verdicts_text,
                                      std::string(source), context_.now()});
    attendance::orders_received(locked, game_id, caller.power, context_.now());
    // Synced: on disk when this returns. Deferred: in the WAL, and the caller acknowledges
    // only after the group commit's flush (submit_deferred).
    transaction.commit();
    game_lock.commit();
    answer.submitted_at = context_.now();
    return answer;
}

OrderCheck OrderService::validate(const Caller& caller, std::int64_t game_id,
                                  std::string_view text) {
    require_player(caller, game_id);
    if (text.size() > kMaxOrderText) throw ApiError(413, "too_large", "order text is too long");
    require_text(text, "the order text", TextLines::Many);
    const LoadedGame game = context_.lock().load(game_id);
    const Variant& variant = game.variant->variant;
    const PowerId power = power_id(variant, caller.power);
    const JudgedPosition judged(game, power);
    return check_of(variant, game.variant->parser().parse(*judged, text, power), game.phase);
}

PhaseOrders OrderService::orders(const Caller& caller, std::int64_t game_id) {
    return orders(context_.lock(), caller, game_id);
}

PhaseOrders OrderService::orders(const Locked& locked, const Caller& caller, std::int64_t game_id) {
    if (caller.role == Role::Anonymous) throw unauthorized();
    const bool gm = caller.role == Role::GameMaster && caller.game_id == game_id;
    const bool player = caller.role == Role::Player && caller.game_id == game_id;
    if (!gm && !player) throw forbidden("a token of this game is required");
    auto& store = locked.store();
    const LoadedGame game = locked.load(game_id);
    const Variant& variant = game.variant->variant;
    PhaseOrders out{game.phase.phase, game.phase.seq, {}};
    for (const auto& seat : store.seats(game_id)) {
        // Before resolution a player sees only their own orders (docs/design.md, "Visibility").
        if (!gm && seat.power != caller.power) continue;
        SeatOrders entry{seat.power,
                         seat.ready,
                         needs_orders(variant, game.position, power_id(variant, seat.power)),
                         std::nullopt,
                         {}};
        if (auto order = store.order(game_id, game.phase.seq, seat.power)) {
            auto& submitted = entry.submitted.emplace();
            submitted.text = order->text;
            submitted.source = order->source;
            submitted.at = order->submitted_at;
            // A stored set the server cannot read is shown as such; resolution treats the seat
            // as having sent no orders.
            submitted.unreadable = unreadable_orders(*order);
            if (submitted.unreadable.empty()) submitted.verdicts = stored_verdicts(order->verdicts);
        }
        entry.guidance = seat_guidance(game, seat, entry, context_);
        out.seats.push_back(std::move(entry));
    }
    return out;
}

ReadyFlag OrderService::set_ready(const Caller& caller, std::int64_t game_id, bool ready) {
    return set_ready(context_.lock(), caller, game_id, ready);
}

ReadyFlag OrderService::set_ready(const Locked& locked, const Caller& caller, std::int64_t game_id,
                                  bool ready) {
    require_player(caller, game_id);
    auto& store = locked.store();
    const LoadedGame game = locked.load(game_id);
    check_open(game.row);
    auto seat = store.seat(game_id, caller.power);
    if (!seat) throw not_found("no seat " + caller.power);
    storage::Transaction transaction(store.database());
    seat->ready = ready;
    store.update_seat(*seat);
    locked.changed(game_id);
    transaction.commit();
    resolution_.resolve_when_ready(locked, game_id);
    return {caller.power, ready};
}

}  // namespace adjutant::service
