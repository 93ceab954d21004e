// SPDX-License-Identifier: Apache-2.0
// Mail about missing orders (docs/server.md, "Missing orders"): the seat whose deadline was
// extended, and the GM (when the game has a GM address) about every extension and every seat
// that went into civil disorder. Each is recorded in mail_notices in the transaction that
// queues it, so it goes out once, across restarts.
#include <map>
#include <vector>

#include "core/phase.h"
#include "service/game_internal.h"
#include "service/mail_service.h"
#include "service/mail_text.h"

namespace adjutant::service {

namespace {

std::string game_title(const storage::GameRow& game) {
    return "Game " + std::to_string(game.id) + " (" + game.name + ")";
}

}  // namespace

int MailService::queue_attendance(const Locked& locked, const MailIdentity& identity) {
    auto& store = locked.store();
    auto records = store.attendance();
    int queued = 0;
    for (const auto& game : store.games()) {
        if (game.status == GameStatus::ended) continue;
        const auto settings = records.settings(game.id);
        const storage::MailHeaders gm_headers = {{"Auto-Submitted", "auto-generated"},
                                                 {"References", game_thread_id(game.id, identity)}};
        for (const auto& extension : records.extensions(game.id)) {
            const std::string name = phase_name(extension.phase);
            const std::string when = mail_text::deadline(extension.deadline);
            auto seat = store.seat(game.id, extension.power);
            // Told to the player who was charged: not to a replacement who came in since.
            if (seat && seat->email && seat->token_hash &&
                seat->joined_at.value_or(0) <= extension.at &&
                store.add_notice(game.id, extension.seq, "extension", extension.power,
                                 context_.now())) {
                queue(locked, *seat->email, seat->player.value_or(""),
                      game_title(game) + ": deadline extended for " + name,
                      "The deadline passed without your orders for " + name + " (" +
                          extension.power + "), so it was extended once, to " + when + ".\n" +
                          std::to_string(extension.remaining) + " automatic extension" +
                          (extension.remaining == 1 ? "" : "s") +
                          " left in this game. Reply to this message with your orders, one per "
                          "line.\n",
                      notice_headers(locked, game.id, *seat, identity), identity);
                ++queued;
            }
        }
        // The GM hears once per extended phase, of every seat charged, not once per seat.
        if (settings.gm_email) {
            std::map<std::int64_t, std::vector<storage::ExtensionRow>> by_phase;
            for (const auto& extension : records.extensions(game.id))
                by_phase[extension.seq].push_back(extension);
            for (const auto& [seq, rows] : by_phase) {
                if (!store.add_notice(game.id, seq, "extension-gm", "", context_.now())) continue;
                std::string powers;
                std::string lines;
                for (const auto& r : rows) {
                    powers += (powers.empty() ? "" : ", ") + r.power;
                    lines += "  " + r.power + ": " + std::to_string(r.remaining) +
                             " automatic extension" + (r.remaining == 1 ? "" : "s") + " left\n";
                }
                queue(locked, *settings.gm_email, "",
                      game_title(game) + ": " + phase_name(rows.front().phase) + " extended for " +
                          powers,
                      "The deadline of " + phase_name(rows.front().phase) +
                          " passed without orders from " + powers + "; it was extended once, to " +
                          mail_text::deadline(rows.front().deadline) + ".\n" + lines,
                      gm_headers, identity);
                ++queued;
            }
        }
        if (!settings.gm_email) continue;
        for (const auto& row : records.seats(game.id)) {
            if (!row.civil_disorder_since) continue;
            if (!store.add_notice(game.id, *row.civil_disorder_since, "civil-disorder-gm",
                                  row.power, context_.now()))
                continue;
            auto phase = store.phase(game.id, *row.civil_disorder_since);
            queue(locked, *settings.gm_email, "",
                  game_title(game) + ": " + row.power + " is in civil disorder",
                  row.power + " missed " + std::to_string(row.missed_phases) +
                      " phases in a row (the last " +
                      phase_name(phase ? phase->phase : std::string()) +
                      ") and is now in civil disorder: its units hold, its retreats and builds "
                      "follow the civil-disorder rules, and it accepts every draw.\n"
                      "Invite a replacement with POST /api/v1/games/" +
                      std::to_string(game.id) + "/seats/" + row.power +
                      "/invite (or replace); the game's history is kept.\n",
                  gm_headers, identity);
            ++queued;
        }
    }
    return queued;
}

}  // namespace adjutant::service
