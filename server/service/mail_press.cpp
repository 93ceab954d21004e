// SPDX-License-Identifier: Apache-2.0
// Press by mail (docs/press.md, "By mail"): every message goes, once, to each recipient seat
// that has an email address, threaded under the game's thread, with a Message-ID that names
// the message, so a reply to it can go back to its sender alone.
#include <algorithm>
#include <charconv>

#include "core/phase.h"
#include "service/game_internal.h"
#include "service/mail_service.h"

namespace adjutant::service {

namespace {

constexpr std::int64_t kPressLookback = 24 * 3600;  // older press is not mailed late
constexpr int kPressPerTick = 200;
constexpr std::string_view kPressIdPrefix = "<press-";

std::string recipients_text(const storage::PressRow& row) {
    if (row.broadcast) return "all powers";
    std::string text;
    for (const auto& r : row.recipients) text += (text.empty() ? "" : ", ") + r;
    return text;
}

}  // namespace

std::string MailService::press_message_id(std::int64_t press_id, const std::string& power,
                                          const MailIdentity& identity) {
    return std::string(kPressIdPrefix) + std::to_string(press_id) + "-" + power + "@" +
           identity.domain + ">";
}

std::optional<std::int64_t> MailService::replied_press(std::string_view references) {
    // References lists the thread oldest first: the last press id in it is the one replied to.
    const auto at = references.rfind(kPressIdPrefix);
    if (at == std::string_view::npos) return std::nullopt;
    const std::string_view rest = references.substr(at + kPressIdPrefix.size());
    std::int64_t id = 0;
    const auto [end, ec] = std::from_chars(rest.data(), rest.data() + rest.size(), id);
    if (ec != std::errc() || end == rest.data() || id <= 0) return std::nullopt;
    return id;
}

int MailService::queue_press(const Locked& locked, const MailIdentity& identity) {
    auto& store = locked.store();
    int queued = 0;
    for (const auto& row :
         store.press().sent_since(context_.now() - kPressLookback, kPressPerTick)) {
        const LoadedGame game = locked.load(row.game_id);
        for (const auto& seat : store.seats(row.game_id)) {
            if (seat.power == row.sender || !seat.email || !seat.token_hash) continue;
            if (std::find(row.recipients.begin(), row.recipients.end(), seat.power) ==
                row.recipients.end())
                continue;
            if (!store.add_notice(row.game_id, row.seq, "press-" + std::to_string(row.id),
                                  seat.power, context_.now()))
                continue;
            const std::string from = row.grey             ? "anonymous (grey press)"
                                     : row.sender == "GM" ? "the GM"
                                                          : row.sender;
            std::string body = "Press in game " + std::to_string(row.game_id) + " (" +
                               game.row.name + "), " + phase_name(row.phase) + ".\nFrom: " + from +
                               "\nTo: " + recipients_text(row) + "\n\n" + row.body + "\n\n";
            if (!row.grey && row.sender != "GM")
                body += "Reply to this mail to answer " + row.sender + " alone.\n";
            body +=
                "To write to others, send PRESS TO <powers>, your text, then ENDPRESS, to\n"
                "your orders address (send HELP for the commands).\n";
            storage::MailHeaders headers = notice_headers(locked, row.game_id, seat, identity);
            headers["Message-ID"] = press_message_id(row.id, seat.power, identity);
            queue(locked, *seat.email, seat.player.value_or(""),
                  "Game " + std::to_string(row.game_id) + " (" + game.row.name + "): press from " +
                      (row.grey ? std::string("anonymous") : from),
                  body, headers, identity);
            ++queued;
        }
    }
    return queued;
}

}  // namespace adjutant::service
