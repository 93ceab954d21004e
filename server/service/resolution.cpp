// SPDX-License-Identifier: Apache-2.0
// The adjudicator runs before the transaction opens (it is pure), so SQLite's write lock is
// held only for the handful of row writes.
#include "service/resolution_service.h"

#include <algorithm>
#include <cstring>
#include <memory>

#include <spdlog/spdlog.h>

#include "adjudicate.h"
#include "core/phase.h"
#include "orders/parser.h"
#include "orders/shared_texts.h"
#include "service/absence.h"
#include "service/attendance.h"
#include "service/codec.h"
#include "service/draw_service.h"
#include "service/game_internal.h"
#include "service/gm_input.h"
#include "service/text.h"
#include "storage/audit_details.h"
#include "storage/claims.h"

namespace adjutant::service {

namespace {

constexpr int kMaxChainedResolutions = 8;

// A seat in civil disorder is not waited for: nobody is there to say ready.
bool all_ready(const Variant& variant, const Position& position,
               const std::vector<storage::SeatRow>& seats, const std::vector<std::string>& absent) {
    for (const auto& seat : seats)
        if (!seat.ready && needs_orders(variant, position, variant.find_power(seat.power)) &&
            std::find(absent.begin(), absent.end(), seat.power) == absent.end())
            return false;
    return true;
}

bool anyone_needs_orders(const Variant& variant, const Position& position) {
    for (std::size_t p = 0; p < variant.powers.size(); ++p)
        if (needs_orders(variant, position, static_cast<PowerId>(p))) return true;
    return false;
}

// Every seat's stored orders for the current phase, as the results report and the phase row
// take them.
struct GatheredOrders {
    std::vector<storage::StoredOrders> stored;
    std::vector<storage::PhaseEvent> events;  // unreadable and missing orders
    std::vector<std::string> ordered;         // the powers whose orders count
};

// Every seat's verdicts and orders go into `all`, emptied first; `kept` holds the seats as they
// are read (the service's scratch, or a caller's own), emptied first too.
GatheredOrders gather_orders(storage::Store& store, const LoadedGame& game, ParsedOrders& all,
                             ResolutionService::Seats& kept) {
    const Variant& variant = game.variant->variant;
    const std::int64_t id = game.row.id;
    GatheredOrders out;
    std::vector<std::string> submitted;
    // Each seat parsed straight onto the end of the joined lists, which have room for an order
    // per unit (most phases do not pass it): no seat's lists of its own, no join that moves
    // every verdict again.
    all.verdicts.clear();
    all.orders.clear();
    all.orders.reserve(game.position.units.size());
    all.verdicts.reserve(game.position.units.size());
    const std::vector<storage::OrderRow> rows = store.orders(id, game.phase.seq);
    // Every seat's text in one buffer, which the verdicts' echoes share, instead of a copy
    // made by each seat's parse.
    SharedTexts texts(rows,
                      [](const storage::OrderRow& row) -> const std::string& { return row.text; });
    // A stored set the server cannot read (bytes that are not UTF-8, verdicts that are not JSON, a
    // power the variant lacks) never blocks the game: the seat resolves as if it had sent nothing,
    // and an event says why. The others are parsed together.
    kept.seats.clear();
    kept.problems.resize(rows.size());
    for (std::size_t r = 0; r < rows.size(); ++r) {
        const storage::OrderRow& row = rows[r];
        const std::string_view text = texts.next(row.text);
        std::string& problem = kept.problems[r];
        problem = unreadable_orders(row);
        if (!problem.empty()) continue;
        try {
            const PowerId power = power_id(variant, row.power);
            SeatSubmission& seat = kept.seats.emplace_back();
            seat.text = text;
            seat.power = power;
        } catch (const std::exception& error) {  // a power the variant lacks
            problem = std::string("the stored orders cannot be parsed: ") + error.what();
        }
    }
    // Re-parsed against the same position they were submitted for, so the verdicts are the
    // ones the player saw; a seat whose parse fails counts as missing, its lines taken off.
    game.variant->parser().parse_seats(all, game.position, kept.seats, texts.owner());
    std::size_t seat = 0;
    std::size_t first_order = 0;
    for (std::size_t r = 0; r < rows.size(); ++r) {
        const storage::OrderRow& row = rows[r];
        std::string& problem = kept.problems[r];
        if (problem.empty()) {
            const SeatSubmission& parsed = kept.seats[seat++];
            if (!parsed.error.empty())
                problem = "the stored orders cannot be parsed: " + parsed.error;
            const std::size_t begin = first_order;
            first_order = parsed.orders_end;
            if (problem.empty()) {
                std::vector<std::string> lines;
                for (std::size_t i = begin; i < parsed.orders_end; ++i)
                    lines.push_back(all.orders[i].text(variant));
                // The text as submitted is kept so replay reproduces the very same verdicts.
                out.stored.push_back({row.power, row.text, std::move(lines), row.source});
                submitted.push_back(row.power);
                continue;
            }
        }
        spdlog::warn("game {} phase {}: {}'s orders are unreadable and count as missing: {}", id,
                     game.phase.phase, row.power, problem);
        out.events.push_back(storage::UnreadableOrdersEvent{row.power, problem});
    }
    out.ordered = submitted;
    for (std::size_t p = 0; p < variant.powers.size(); ++p) {
        const auto& name = variant.powers[p].name;
        if (std::find(submitted.begin(), submitted.end(), name) != submitted.end()) continue;
        if (needs_orders(variant, game.position, static_cast<PowerId>(p)))
            out.events.push_back(storage::MissingOrdersEvent{name, game.row.missing_policy});
    }
    return out;
}

// A phase that waits for the GM's input (a rule module's GM action: the tabletop results) is
// not resolved: the GM enters it first (tabletop.h).
void require_gm_input(const LoadedGame& game, const std::vector<Order>& orders) {
    const Variant& variant = game.variant->variant;
    const auto waiting = gm_input_pending(variant, game.position, orders, game.phase.phase);
    if (waiting) throw ApiError(409, waiting->code, waiting->message);
}

// The next phase's deadline: its normal one, and where the absences' rule moved it
// (service/absence.h), which the resolving transaction records.
struct NextDeadline {
    std::int64_t normal = 0;
    absence::Effective effective;
};

// The game's clock after a resolution whose next position is `next`: ended with a winner,
// the next phase's deadline, or the time a paused game will have for it.
std::optional<NextDeadline> next_clock(const Locked& locked, storage::GameRow& row,
                                       const Variant& variant, const Position& next,
                                       PowerId winner_id, std::int64_t now) {
    if (winner_id != kNoPower) {
        row.status = GameStatus::ended;
        row.winner = variant.powers[winner_id].name;
        row.ended_at = now;
        row.deadline.reset();
        row.paused_remaining.reset();
    } else if (row.status == GameStatus::active && !row.sandbox) {  // a sandbox has no deadlines
        NextDeadline out;
        out.normal = now + phase_seconds(row, next.phase.code());
        out.effective = AbsenceService::plan(locked, row.id, variant, next, out.normal);
        row.deadline = out.effective.deadline;
        return out;
    } else if (row.status == GameStatus::paused) {
        row.paused_remaining = phase_seconds(row, next.phase.code());
    }
    return std::nullopt;
}

}  // namespace

ParsedOrders phase_orders(const Locked& locked, const LoadedGame& game) {
    ParsedOrders all;
    ResolutionService::Seats seats;
    gather_orders(locked.store(), game, all, seats);
    return all;
}

std::optional<GmInputPending> waiting_for_gm(const Locked& locked, const LoadedGame& game) {
    const Variant& variant = game.variant->variant;
    if (!may_wait_for_gm(variant)) return std::nullopt;
    return gm_input_pending(variant, game.position, phase_orders(locked, game).orders,
                            game.phase.phase);
}

void ResolutionService::resolve_one(const Locked& locked, LoadedGame& game,
                                    const std::string& actor) {
    auto& store = locked.store();
    const Variant& variant = game.variant->variant;
    const std::int64_t id = game.row.id;
    // The service's working space, reused from resolution to resolution (resolution_service.h):
    // whatever game or variant it held before, every part is set anew here.
    ParsedOrders& all = scratch_.orders;
    const GatheredOrders gathered = gather_orders(store, game, all, scratch_.seats);
    require_gm_input(game, all.orders);
    Adjudication& adjudication = scratch_.result;
    try {
        scratch_.adjudicator.run(variant, game.position, all.orders, adjudication,
                                 dice_seed(game.row));
    } catch (const std::exception& error) {
        throw ApiError(500, "adjudication_failed", error.what());
    }
    const std::string orders_text = storage::orders_text(gathered.stored);
    const std::string results_text = adjudication_text(variant, all, adjudication);
    // Planned under the lock before the transaction opens, written inside it.
    const attendance::Plan attendance_plan =
        attendance::plan_attendance(locked, game, gathered.ordered, context_.now());
    std::vector<storage::PhaseEvent> events = gathered.events;
    events.insert(events.end(), attendance_plan.events.begin(), attendance_plan.events.end());
    const std::string events_text = storage::events_text(events);

    storage::PhaseRow resolved = game.phase;
    resolved.orders = orders_text;
    resolved.results = results_text;
    resolved.events = events_text;
    resolved.hash = phase_hash(resolved.prev_hash, resolved.phase, resolved.position, orders_text,
                               results_text);
    resolved.resolved_at = context_.now();

    storage::PhaseRow next;
    next.game_id = id;
    next.seq = game.phase.seq + 1;
    next.phase = adjudication.next.phase.code();
    next.position = position_text(variant, adjudication.next);
    next.prev_hash = *resolved.hash;

    storage::GameRow& row = game.row;
    const PowerId winner_id = winner(variant, adjudication.next);
    const std::optional<NextDeadline> moved =
        next_clock(locked, row, variant, adjudication.next, winner_id, context_.now());
    next.deadline = row.deadline;

    storage::Transaction transaction(store.database());
    // The guard, inside the transaction: the phase must still be the game's newest and
    // unresolved, so two resolves of one phase (a double click, a retry, the GM racing the
    // deadline) resolve it once; the second is a conflict and writes nothing.
    if (!store.resolve_phase(resolved))
        throw ApiError(409, "stale_phase", "phase " + resolved.phase + " has already been resolved",
                       current_phase(locked.load(id)));
    store.insert_phase(next);
    if (moved)
        AbsenceService::record(locked, id, next.seq, moved->normal, moved->effective,
                               context_.now());
    store.clear_ready(id);
    attendance::apply(locked, game, attendance_plan, context_.now());
    // A draw or concession is voted on within one phase: what the next phase brings may
    // change a power's mind, so it votes again on a new proposal.
    DrawService::expire_open(locked, id, context_.now());
    store.update_game(row);
    store.audit(
        id, actor, "resolve",
        storage::encode_audit_details({{"phase", resolved.phase}, {"hash", *resolved.hash}}),
        context_.now());
    if (winner_id != kNoPower)
        store.audit(id, "server", "end", storage::encode_audit_details({{"winner", *row.winner}}),
                    context_.now());
    locked.changed(id);
    transaction.commit();
    ++resolutions_;
}

int ResolutionService::resolve(const Locked& locked, std::int64_t game_id, const std::string& actor,
                               std::int64_t seq) {
    // Before the game is read: its orders are then all the submissions there will be.
    storage::GameLock game_lock(locked.store().database(), game_id);
    int resolved = 0;
    for (int i = 0; i < kMaxChainedResolutions; ++i) {
        LoadedGame game = locked.load(game_id);
        if (game.row.status == GameStatus::ended) break;
        if (i == 0 && game.phase.seq != seq)
            throw ApiError(409, "stale_phase",
                           "the game is no longer at that phase: it is at " + game.phase.phase,
                           current_phase(game));
        // Only the first phase is resolved on request; later ones only when nobody has
        // anything to order (e.g. a winter with no builds or disbands).
        if (i > 0 && anyone_needs_orders(game.variant->variant, game.position)) break;
        resolve_one(locked, game, i == 0 ? actor : "server");
        ++resolved;
    }
    game_lock.commit();
    return resolved;
}

void ResolutionService::resolve_when_ready(const Locked& locked, std::int64_t game_id) {
    const LoadedGame game = locked.load(game_id);
    if (game.row.status != GameStatus::active || !game.row.resolve_when_ready) return;
    if (!anyone_needs_orders(game.variant->variant, game.position)) return;
    if (!all_ready(game.variant->variant, game.position, locked.store().seats(game_id),
                   attendance::civil_disorder_powers(locked, game_id)))
        return;
    if (waiting_for_gm(locked, game)) return;  // the GM's input comes first
    resolve(locked, game_id, "ready", game.phase.seq);
}

int ResolutionService::resolve_due() {
    const auto locked = context_.lock();
    int resolved = 0;
    const std::int64_t t = context_.now();
    for (std::int64_t id : locked.store().games_due(t)) {
        // A game that failed is retried after a delay that doubles to 10 minutes, so one
        // broken game cannot fill the log every tick.
        if (auto failed = failures_.find(id); failed != failures_.end() && failed->second.first > t)
            continue;
        try {
            // On PostgreSQL the game's row is this server's until the claim commits: another
            // server's scheduler skips it, so a due phase resolves once (storage/claims.h).
            storage::DueGameClaim claim(locked.store().database(), id, t);
            if (!claim.held()) continue;
            LoadedGame game = locked.load(id);
            if (game.row.missing_policy == "wait") {
                // A seat in civil disorder is not waited for: nobody would send its orders.
                const auto absent = attendance::civil_disorder_powers(locked, id);
                bool missing = false;
                const Variant& variant = game.variant->variant;
                for (std::size_t p = 0; p < variant.powers.size() && !missing; ++p) {
                    const std::string& name = variant.powers[p].name;
                    missing = needs_orders(variant, game.position, static_cast<PowerId>(p)) &&
                              !locked.store().order(id, game.phase.seq, name) &&
                              std::find(absent.begin(), absent.end(), name) == absent.end();
                }
                if (missing) continue;  // the GM decides; the deadline does not resolve
            } else if (attendance::extend_if_owed(locked, game, t)) {
                claim.commit();
                continue;  // a late seat's extension: the phase resolves at the new deadline
            }
            // Input the GM owes the phase (tabletop results): he resolves once he has entered it.
            if (waiting_for_gm(locked, game)) continue;
            // The phase that is due, through the same guard as the GM's resolve.
            resolved += resolve(locked, id, "scheduler", game.phase.seq);
            claim.commit();
            failures_.erase(id);
        } catch (const std::exception& error) {
            // One broken game must not stop the others from resolving.
            auto& [next_try, delay] = failures_[id];
            delay = std::min<std::int64_t>(600, std::max<std::int64_t>(5, delay * 2));
            next_try = t + delay;
            spdlog::error("scheduler: game {} failed to resolve: {}; retrying in {} s", id,
                          error.what(), delay);
        }
    }
    return resolved;
}

}  // namespace adjutant::service
