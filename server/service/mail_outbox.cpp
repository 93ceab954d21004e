// SPDX-License-Identifier: Apache-2.0
// Outbound mail: queueing (with the headers that thread and identify each message), the
// notifications (welcome, results, reminders) and the outbox calls of the sender. Every
// notification is recorded in mail_notices in the same transaction as its outbox rows, so
// each goes out once, across restarts.
#include "service/mail_service.h"

#include <spdlog/spdlog.h>

#include "core/phase.h"
#include "service/crypto.h"
#include "service/game_internal.h"
#include "service/mail_text.h"
#include "service/results_decode.h"

namespace adjutant::service {

namespace {

constexpr std::int64_t kResultsLookback = 24 * 3600;  // older results are not mailed late
constexpr int kResultsPerTick = 50;

// A seat is mailed once it has a player with an email address.
bool mailable(const storage::SeatRow& seat) {
    return seat.email.has_value() && seat.token_hash.has_value();
}

}  // namespace

std::int64_t MailService::queue(const Locked& locked, const std::string& to,
                                const std::string& to_name, const std::string& subject,
                                const std::string& body, storage::MailHeaders headers,
                                const MailIdentity& identity) {
    if (!headers.contains("Message-ID"))
        headers["Message-ID"] = std::string("<")
                                    .append(new_token("").substr(0, 32))
                                    .append(".adjutant@")
                                    .append(identity.domain)
                                    .append(">");
    if (!headers.contains("Date")) headers["Date"] = mail_text::rfc5322_date(context_.now());
    if (!to_name.empty()) headers["To-Name"] = to_name;
    storage::OutboxRow row;
    row.recipient = to;
    row.subject = subject;
    row.body = body;
    row.headers = storage::encode_mail_headers(headers);
    return locked.store().enqueue_mail(row, context_.now());
}

int MailService::queue_notifications(const MailIdentity& identity, std::int64_t reminder_seconds) {
    const auto locked = context_.lock();
    storage::Transaction transaction(locked.store().database());
    // Welcomes first, so a new seat learns its address before it reads its first results.
    int queued = queue_welcomes(locked, identity);
    queued += queue_join_welcomes(locked, identity);
    queued += queue_starts(locked, identity);
    queued += queue_results(locked, identity);
    queued += queue_press(locked, identity);
    queued += queue_reminders(locked, identity, reminder_seconds);
    queued += queue_attendance(locked, identity);
    transaction.commit();
    return queued;
}

storage::MailHeaders MailService::notice_headers(const Locked& locked, std::int64_t game_id,
                                                 const storage::SeatRow& seat,
                                                 const MailIdentity& identity) {
    return {{"Auto-Submitted", "auto-generated"},
            {"References", game_thread_id(game_id, identity)},
            {"Reply-To", seat_address(locked, game_id, seat.power, identity)}};
}

// The seat's private orders address, once per seat token (a replaced seat's new player gets
// their own). A welcome sent once the game has started gives the deadline, and so counts as
// the seat's start mail (queue_starts).
int MailService::queue_welcomes(const Locked& locked, const MailIdentity& identity) {
    auto& store = locked.store();
    int queued = 0;
    for (const auto& game : store.games()) {
        if (game.status == GameStatus::ended) continue;
        for (const auto& seat : store.seats(game.id)) {
            if (!mailable(seat)) continue;
            if (!store.add_notice(game.id, 0, "welcome-" + seat.token_hash->substr(0, 16),
                                  seat.power, context_.now()))
                continue;
            if (game.status != GameStatus::forming)
                store.add_notice(game.id, 0, "start", seat.power, context_.now());
            const std::string address = seat_address(locked, game.id, seat.power, identity);
            const LoadedGame loaded = locked.load(game.id);
            queue(
                locked, *seat.email, seat.player.value_or(""),
                "Game " + std::to_string(game.id) + " (" + game.name + "): you play " + seat.power,
                "Welcome to game " + std::to_string(game.id) + " (" + game.name + "). You play " +
                    seat.power + ".\n\n" +
                    mail_text::welcome(
                        game_standing(views_, locked, loaded, Viewer{false, seat.power}),
                        seat.power, identity.web_url) +
                    "\n" + mail_text::help(address),
                notice_headers(locked, game.id, seat, identity), identity);
            ++queued;
        }
    }
    return queued;
}

// The game's start, with its first deadline, to each seat welcomed while the game was forming
// (its welcome could name no deadline), once. Only in the game's first phase: a seat of a game
// further on (one that started before this mail existed) is not told of a start long past.
int MailService::queue_starts(const Locked& locked, const MailIdentity& identity) {
    auto& store = locked.store();
    int queued = 0;
    for (const auto& game : store.games()) {
        if (game.status != GameStatus::active) continue;
        for (const auto& seat : store.seats(game.id)) {
            if (!mailable(seat) ||
                !store.add_notice(game.id, 0, "start", seat.power, context_.now()))
                continue;
            const LoadedGame loaded = locked.load(game.id);
            if (loaded.phase.seq != 0) continue;
            const std::string title = "Game " + std::to_string(game.id) + " (" + game.name + ")";
            queue(locked, *seat.email, seat.player.value_or(""),
                  title + " has started: you play " + seat.power,
                  title + " has started. You play " + seat.power + ".\n\n" +
                      mail_text::welcome(
                          game_standing(views_, locked, loaded, Viewer{false, seat.power}),
                          seat.power, identity.web_url) +
                      "\nReply to this message with your orders, one per line (HELP for the "
                      "commands).\n",
                  notice_headers(locked, game.id, seat, identity), identity);
            ++queued;
        }
    }
    return queued;
}

// The results of every phase resolved lately, to every seat.
int MailService::queue_results(const Locked& locked, const MailIdentity& identity) {
    auto& store = locked.store();
    int queued = 0;
    int phases_done = 0;
    for (const auto& [game_id, seq] : store.resolved_since(context_.now() - kResultsLookback)) {
        if (phases_done >= kResultsPerTick) break;
        if (!store.add_notice(game_id, seq, "results", "", context_.now())) continue;
        ++phases_done;
        auto phase = store.phase(game_id, seq);
        const LoadedGame game = locked.load(game_id);
        const std::string name = phase_name(phase->phase);
        for (const auto& seat : store.seats(game_id)) {
            if (!mailable(seat)) continue;
            // Each seat reads the accepted orders of all and its own refused lines only, after
            // its own week's summary (campaigns only): the short read before the full results.
            // In the fog of war it reads what its power saw (service/fog.h).
            const SeatResults results = seat_results(game, *phase, seat.power);
            const std::string now_text =
                "\nNow:\n" +
                mail_text::status(game_standing(views_, locked, game, Viewer{false, seat.power}));
            const std::string& summary = results.week_summary;
            queue(locked, *seat.email, seat.player.value_or(""),
                  "Game " + std::to_string(game_id) + " (" + game.row.name + "): " + name +
                      " results",
                  (summary.empty() ? "" : "Week's summary (" + name + "):\n" + summary + "\n") +
                      "Results of " + name + ":\n" +
                      mail_text::results(results.report, game.variant->variant) + now_text,
                  notice_headers(locked, game_id, seat, identity), identity);
            ++queued;
        }
        queued += queue_observer_results(locked, game, *phase, identity);
    }
    return queued;
}

// Once per seat and phase, to seats that must order and have not.
int MailService::queue_reminders(const Locked& locked, const MailIdentity& identity,
                                 std::int64_t reminder_seconds) {
    auto& store = locked.store();
    int queued = 0;
    for (std::int64_t game_id : store.games_deadline_before(context_.now() + reminder_seconds)) {
        const LoadedGame game = locked.load(game_id);
        if (!game.row.deadline || *game.row.deadline <= context_.now()) continue;
        const Variant& variant = game.variant->variant;
        for (const auto& seat : store.seats(game_id)) {
            if (!mailable(seat) || store.order(game_id, game.phase.seq, seat.power)) continue;
            if (!needs_orders(variant, game.position, variant.find_power(seat.power))) continue;
            if (!store.add_notice(game_id, game.phase.seq, "reminder", seat.power, context_.now()))
                continue;
            queue(locked, *seat.email, seat.player.value_or(""),
                  "Game " + std::to_string(game_id) + " (" + game.row.name + "): orders due for " +
                      phase_name(game.phase.phase),
                  "You have no orders for " + phase_name(game.phase.phase) + " yet (" + seat.power +
                      "). The deadline is " + mail_text::deadline(game.row.deadline) +
                      ".\nReply to this message with your orders, one per line.\n",
                  notice_headers(locked, game_id, seat, identity), identity);
            ++queued;
        }
    }
    return queued;
}

std::vector<storage::OutboxRow> MailService::due(int limit) {
    auto rows = context_.lock().store().mail_due(context_.now(), limit);
    // An answer to a mail may be committed and not yet flushed (handle_mail, deferred; mail-in
    // may still be waiting for its flush): a flush that begins after the rows were read makes
    // them durable, so no player is told of orders that a crash could still lose.
    if (!rows.empty() && !context_.group_sync().wait()) {
        spdlog::error("mail: the outbox could not be flushed to disk; nothing sent this round");
        return {};
    }
    return rows;
}

void MailService::sent(std::int64_t id) {
    context_.lock().store().mail_sent(id, context_.now());
}

void MailService::failed(std::int64_t id, const std::string& error, std::int64_t retry_at,
                         bool give_up) {
    context_.lock().store().mail_failed(id, error, retry_at, give_up);
}

}  // namespace adjutant::service
