// SPDX-License-Identifier: Apache-2.0
// Inbound mail: authentication of the seat, the commands of the body, the answer. One
// transaction covers the duplicate check, the commands and the queued answer, so a mail is
// either processed and answered or not at all (the MTA then delivers it again).
#include "service/mail_service.h"

#include <spdlog/spdlog.h>

#include "core/phase.h"
#include "core/text.h"
#include "service/crypto.h"
#include "service/game_internal.h"
#include "service/mail_text.h"

namespace adjutant::service {

namespace {

// Mail that is not accepted is answered (the sender learns how to play; a seat's owner learns of
// a forged message), but at most a few times an hour per sender and per seat, so a flood of
// unauthenticated mail cannot turn the server into a mail cannon (docs/mail.md, "Rate limits").
constexpr std::int64_t kRejectWindowSeconds = 3600;
constexpr std::int64_t kRejectAnswersPerWindow = 3;

bool answers_exhausted(std::int64_t rejected_in_window) {
    return rejected_in_window >= kRejectAnswersPerWindow;
}

struct SeatRef {
    std::int64_t game_id = 0;
    std::string power;  // lower-case
    std::string key;
};

// "orders+g12-france-0123456789abcdef0123@host" -> {12, "france", "0123..."}.
std::optional<SeatRef> parse_seat_address(std::string_view address) {
    const auto at = address.rfind('@');
    const std::string_view local = address.substr(0, at);
    const auto plus = local.find('+');
    if (plus == std::string_view::npos) return std::nullopt;
    const std::string tag = lowercase(local.substr(plus + 1));
    const auto first = tag.find('-');
    const auto last = tag.rfind('-');
    if (tag.size() < 2 || tag[0] != 'g' || first == std::string::npos || first == last)
        return std::nullopt;
    SeatRef ref;
    try {
        std::size_t used = 0;
        ref.game_id = std::stoll(tag.substr(1, first - 1), &used);
        if (used != first - 1) return std::nullopt;
    } catch (const std::exception&) {
        return std::nullopt;
    }
    ref.power = tag.substr(first + 1, last - first - 1);
    ref.key = tag.substr(last + 1);
    return ref;
}

std::string reply_subject(const std::string& subject) {
    if (subject.empty()) return "Re: your message to Adjutant";
    if (lowercase(subject.substr(0, 3)) == "re:") return subject;
    return "Re: " + subject;
}

// A rejected line of one word is almost always a mistyped command, not an order.
void explain_unknown_commands(std::vector<Verdict>& verdicts) {
    for (auto& v : verdicts)
        if (!v.accepted && v.input.find_first_of(" -") == std::string::npos)
            v.error = "unknown command or order (send HELP for the list)";
}

}  // namespace

std::string MailService::mail_commands(const Locked& locked, const Caller& caller,
                                       const MailRequest& request) {
    std::vector<std::string> order_lines;
    bool help = false, status = false, history = false;
    std::optional<bool> ready;
    std::size_t start = 0;
    const std::string& body = request.body;
    while (start <= body.size()) {
        auto end = body.find('\n', start);
        if (end == std::string::npos) end = body.size();
        const std::string line(trim(std::string_view(body).substr(start, end - start)));
        start = end + 1;
        if (line.empty()) continue;
        const std::string command = uppercase(line);
        if (command == "HELP")
            help = true;
        else if (command == "STATUS" || command == "LIST")
            status = true;
        else if (command == "HISTORY")
            history = true;
        else if (command == "READY")
            ready = true;
        else if (command == "NOT READY" || command == "UNREADY")
            ready = false;
        else if (command == "END" || command == "SIGNOFF")
            break;
        else if (command == "ORDERS")
            continue;  // a heading some players write; the lines after it are the orders
        else
            order_lines.push_back(line);
    }

    const std::int64_t game_id = caller.game_id;
    std::string text = "Game " + std::to_string(game_id) + ", " + caller.power + ".\n\n";
    bool kept = false;  // this message's lines were all refused: the earlier orders stand
    if (!order_lines.empty()) {
        std::string joined;
        for (const auto& line : order_lines) joined += line + "\n";
        try {
            auto answer = orders_.submit(locked, caller, game_id, joined, "email");
            explain_unknown_commands(answer.check.verdicts);
            const std::string phase = phase_name(answer.check.phase);
            kept = !answer.replaced;
            if (kept)
                text += "No line of your message was accepted as an order for " + phase +
                        ",\nso your orders in force are unchanged (listed below):\n";
            else
                text += "Orders received for " + phase + " (" +
                        std::to_string(answer.check.accepted()) + " accepted, " +
                        std::to_string(answer.check.rejected()) +
                        " rejected); they replace any earlier orders:\n";
            text += mail_text::verdicts(answer.check.verdicts) + "\n";
        } catch (const ApiError& error) {
            text += "Your orders were NOT accepted: " + std::string(error.what()) + "\n\n";
        }
    }
    if (ready) {
        // READY is about the orders in force, whatever this message's lines did: say which,
        // so a player whose new orders were all refused is not surprised by the old ones.
        try {
            orders_.set_ready(locked, caller, game_id, *ready);
            if (!*ready)
                text += "You are no longer ready for this phase.\n\n";
            else if (kept)
                text +=
                    "You are now ready for this phase with your orders in force below,\n"
                    "which are your EARLIER orders (none of this message's lines was\n"
                    "accepted). Send NOT READY, or corrected orders, if that is not what\n"
                    "you meant.\n\n";
            else
                text += "You are now ready for this phase with your orders in force below.\n\n";
        } catch (const ApiError& error) {
            text += "READY failed: " + std::string(error.what()) + "\n\n";
        }
    }
    if (order_lines.empty() && !ready && !help && !status && !history)
        text += "Your message had no orders and no commands I know.\n\n";

    const auto game = nlohmann::json::parse(views_.game(locked, game_id)->body);
    const auto mine = orders_.orders(locked, caller, game_id);
    text += "Your orders in force for " + phase_name(mine.phase) + ":\n";
    if (!mine.seats.empty() && mine.seats[0].submitted)
        text += mail_text::orders_in_force(mine.seats[0].submitted->verdicts);
    else
        text += "  (none submitted)\n";
    text += "Deadline: " + mail_text::deadline(game.value("deadline", nlohmann::json())) + "\n";

    if (status) text += "\n" + mail_text::status(game);
    if (history) {
        const auto phases = nlohmann::json::parse(views_.history(locked, game_id)->body)["phases"];
        nlohmann::json latest;
        for (const auto& p : phases)
            if (p.value("resolved", false))
                latest = views_.phase(locked, caller, game_id, p.value("seq", 0));
        text += "\n" + mail_text::history(phases, latest);
    }
    if (help || (order_lines.empty() && !ready && !status && !history))
        text += "\n" + mail_text::help(request.recipient);
    return text;
}

std::string mail_dedup_key(const MailRequest& request) {
    if (request.message_id.empty()) return "sha256:" + sha256_hex(request.raw);
    return "mid:" +
           sha256_hex(request.sender + "\n" + request.recipient + "\n" + request.message_id);
}

MailAnswer MailService::handle_mail(const MailRequest& request, const MailIdentity& identity) {
    MailAnswer answer;
    const std::string dedup_key = mail_dedup_key(request);
    const auto locked = context_.lock();
    auto& store = locked.store();
    storage::Transaction transaction(store.database());

    if (auto seen = store.inbound(dedup_key)) {
        answer.outcome = MailOutcome::Duplicate;
        answer.detail = "duplicate of a message already " + seen->status;
        if (seen->reply_outbox_id)
            if (auto row = store.outbox_row(*seen->reply_outbox_id)) {
                auto headers = nlohmann::json::parse(row->headers, nullptr, false);
                if (!headers.is_object()) headers = nlohmann::json::object();
                headers.erase("Message-ID");  // a new message with the stored answer
                headers.erase("Date");
                const std::string to_name = headers.value("To-Name", "");
                answer.reply = queue(locked, row->recipient, to_name, row->subject, row->body,
                                     headers, identity);
            }
        transaction.commit();
        return answer;
    }

    nlohmann::json headers = {{"Auto-Submitted", "auto-replied"}};
    if (!request.message_id.empty()) {
        headers["In-Reply-To"] = request.message_id;
        headers["References"] = std::string(trim(request.references + " " + request.message_id));
    }
    const std::string subject = reply_subject(request.subject);

    std::optional<storage::SeatRow> seat;
    if (auto ref = parse_seat_address(request.recipient))
        if (auto game = store.game(ref->game_id))
            for (auto& candidate : store.seats(ref->game_id))
                if (lowercase(candidate.power) == ref->power && candidate.token_hash &&
                    constant_time_equal(
                        seat_key(locked, ref->game_id, candidate.power, *candidate.token_hash),
                        ref->key))
                    seat = candidate;

    std::string status;
    std::optional<std::int64_t> reply;
    if (!seat) {
        // No valid seat key: nothing is processed, and the sender learns only how to play.
        status = "rejected";
        answer.detail = "no valid seat key in the recipient address";
        std::string text =
            "Your message was not processed: it was not sent to a seat's private "
            "orders address.\n\n" +
            mail_text::help("");
        if (!request.sender.empty() && !answers_exhausted(store.rejected_from(
                                           request.sender, context_.now() - kRejectWindowSeconds)))
            reply = queue(locked, request.sender, "", subject, text, headers, identity);
        else if (!request.sender.empty())
            answer.detail += " (not answered: rate limit)";
    } else if (!seat->email || lowercase(*seat->email) != lowercase(request.sender)) {
        // The right key from the wrong sender: a forged From: or a leaked key. Tell the seat's
        // owner at the registered address; never answer the claimed sender.
        status = "rejected";
        answer.detail = "sender does not match the seat's registered address";
        const bool quiet = answers_exhausted(store.rejected_for_seat(
            seat->game_id, seat->power, context_.now() - kRejectWindowSeconds));
        if (quiet) answer.detail += " (owner not told again: rate limit)";
        if (seat->email && !quiet)
            reply = queue(locked, *seat->email, seat->player.value_or(""),
                          "Adjutant: a message for " + seat->power + " was refused",
                          "A message to your orders address for game " +
                              std::to_string(seat->game_id) + ", " + seat->power + ", came from " +
                              (request.sender.empty() ? "an unknown sender" : request.sender) +
                              ", not from your registered address, and was NOT processed.\n\n"
                              "If it was not you, someone knows your orders address: ask the GM to "
                              "replace your seat's token, which changes the address.\n",
                          nlohmann::json::object(), identity);
    } else {
        // The confirmation threads under the game's thread (like results and reminders) as
        // well as under the player's own message: the game's root comes first, as the oldest.
        const std::string thread = game_thread_id(seat->game_id, identity);
        std::string references = headers.value("References", "");
        if (references.find(thread) == std::string::npos)
            headers["References"] = std::string(trim(thread + " " + references));
        Caller caller{Role::Player, seat->game_id, seat->power};
        std::string text;
        if (!request.parse_error.empty()) {
            status = "rejected";
            answer.detail = "unreadable: " + request.parse_error;
            text = "Your message could not be read (" + request.parse_error +
                   "), so nothing was done. Please send plain text.\n";
        } else {
            status = "applied";
            answer.outcome = MailOutcome::Applied;
            answer.detail = "processed";
            try {
                text = mail_commands(locked, caller, request);
            } catch (const ApiError& error) {
                text = "Your message could not be processed: " + std::string(error.what()) + "\n";
            }
        }
        headers["Reply-To"] = seat_address(locked, seat->game_id, seat->power, identity);
        reply = queue(locked, *seat->email, seat->player.value_or(""), subject, text, headers,
                      identity);
    }
    const bool first = store.record_inbound(
        dedup_key, request.sender, seat ? std::optional<std::int64_t>(seat->game_id) : std::nullopt,
        seat ? std::optional<std::string>(seat->power) : std::nullopt, request.body, status,
        context_.now());
    if (!first) {  // another delivery won the race: roll everything back
        answer.outcome = MailOutcome::Duplicate;
        answer.reply.reset();
        return answer;
    }
    if (reply) store.set_inbound_reply(dedup_key, *reply);
    transaction.commit();
    answer.reply = reply;
    return answer;
}

}  // namespace adjutant::service
