// SPDX-License-Identifier: Apache-2.0
// Inbound mail: the duplicate check, the seat's authentication (the key in the address AND the
// registered sender), and the answer. The commands of the body are mail_body_commands.cpp's.
#include "service/mail_service.h"

#include <charconv>

#include <spdlog/spdlog.h>

#include "core/text.h"
#include "service/crypto.h"
#include "service/game_internal.h"
#include "service/mail_text.h"
#include "service/mailbox.h"

namespace adjutant::service {

namespace {

// The answer to a message the gateway could not read (a seat's, a join list place's): nothing
// in it was done.
std::string unreadable_answer(const std::string& parse_error) {
    return "Your message could not be read (" + parse_error +
           "), so nothing was done. Please send plain text.\n";
}

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

// The headers of an answer to `request`: it is automatic, and it threads under the message.
storage::MailHeaders reply_headers(const MailRequest& request) {
    storage::MailHeaders headers = {{"Auto-Submitted", "auto-replied"}};
    if (!request.message_id.empty()) {
        headers["In-Reply-To"] = request.message_id;
        headers["References"] = std::string(trim(request.references + " " + request.message_id));
    }
    return headers;
}

}  // namespace

std::string mail_dedup_key(const MailRequest& request) {
    if (request.message_id.empty()) return "sha256:" + sha256_hex(request.raw);
    return "mid:" +
           sha256_hex(request.sender + "\n" + request.recipient + "\n" + request.message_id);
}

MailAnswer MailService::handle_mail(const MailRequest& request, const MailIdentity& identity) {
    MailAnswer answer = process_mail(request, identity);
    // Outside the lock. The MTA hears that the mail was delivered (mail-in's exit status) only
    // once it is on disk: a deferred commit is not yet, and a redelivery or a lost race may
    // have read another delivery's commit that is not either; the flush covers all of them.
    // A failed flush is a fault the MTA retries (75): the retry finds the mail recorded if it
    // was, and answers it again.
    if (!context_.group_sync().wait())
        throw storage::Error(0, "the mail's transaction could not be flushed to disk");
    return answer;
}

MailAnswer MailService::process_mail(const MailRequest& request, const MailIdentity& identity) {
    const std::string dedup_key = mail_dedup_key(request);
    const auto locked = context_.lock();
    auto& store = locked.store();
    storage::Transaction transaction(store.database(), durability_of(request));
    if (auto seen = store.inbound(dedup_key)) {
        MailAnswer answer = answer_again(locked, *seen, request, identity);
        transaction.commit();
        return answer;
    }
    const auto seat = seat_of(locked, request.recipient);
    // Not a seat's: perhaps a place on a join list (mail_preferences.cpp).
    std::optional<storage::JoinerRow> joiner;
    if (const auto ref = seat ? std::nullopt : parse_seat_address(request.recipient);
        ref && store.game(ref->game_id))
        joiner = joiner_of(locked, ref->game_id, ref->power, ref->key);
    // Neither: perhaps an account's command to the orders address (REGISTER, SIGNON).
    std::optional<Handling> account =
        seat || joiner ? std::nullopt : account_command(locked, request, identity);
    // Or an observer's (OBSERVE, UNOBSERVE: mail_observers.cpp).
    if (!seat && !joiner && !account) account = observer_command(locked, request, identity);
    Handling handling = joiner    ? run_for_joiner(locked, *joiner, request, identity)
                        : account ? std::move(*account)
                        : !seat   ? refuse_unknown_address(locked, request, identity)
                        : !from_registered_sender(*seat, request)
                            ? refuse_forged(locked, *seat, request, identity)
                            : run_for_seat(locked, *seat, request, identity);
    std::optional<std::int64_t> game_of_mail;
    if (seat) game_of_mail = seat->game_id;
    if (joiner) game_of_mail = joiner->game_id;
    const bool first =
        store.record_inbound(dedup_key, request.sender, game_of_mail,
                             seat ? std::optional<std::string>(seat->power) : std::nullopt,
                             request.body, handling.status, context_.now());
    if (!first) {  // another delivery won the race: roll everything back
        handling.answer.outcome = MailOutcome::Duplicate;
        handling.answer.reply.reset();
        return handling.answer;
    }
    if (handling.answer.reply) store.set_inbound_reply(dedup_key, *handling.answer.reply);
    transaction.commit();
    return handling.answer;
}

// A redelivery is not processed again. A seat's mail that was processed is answered "already
// received", with the seat's orders in force now: the stored confirmation may list orders that a
// later mail replaced. It goes to the seat alone, and only while the address and the sender
// still authenticate the seat (a seat handed to another player since is told nothing of an old
// player's mail). Any other mail (refused, unreadable) is answered again with its stored
// answer. Either answer is a new message, threaded as the first was.
MailAnswer MailService::answer_again(const Locked& locked,
                                     const storage::Store::InboundRecord& seen,
                                     const MailRequest& request, const MailIdentity& identity) {
    MailAnswer answer;
    answer.outcome = MailOutcome::Duplicate;
    answer.detail = "duplicate of a message already " + seen.status;
    if (!seen.reply_outbox_id) return answer;
    const auto row = locked.store().outbox_row(*seen.reply_outbox_id);
    if (!row) return answer;
    storage::MailHeaders headers = storage::decode_mail_headers(row->headers);
    headers.erase("Message-ID");
    headers.erase("Date");
    const std::string to_name = storage::header_value(headers, "To-Name");
    if (seen.status != "applied") {
        answer.reply =
            queue(locked, row->recipient, to_name, row->subject, row->body, headers, identity);
        return answer;
    }
    const auto seat = seat_of(locked, request.recipient);
    if (!seat || !from_registered_sender(*seat, request)) {
        answer.detail += " (not answered: the seat's address or player changed since)";
        return answer;
    }
    const Caller caller{Role::Player, seat->game_id, seat->power};
    std::string text = "Game " + std::to_string(seat->game_id) + ", " + seat->power +
                       ".\n\nYour message was already received and processed. This copy of it "
                       "(mail is\nsometimes delivered twice) was not processed again.\n\n";
    try {
        text += standing_text(locked, caller, false, false);
    } catch (const ApiError& error) {
        text += "Your orders could not be listed: " + std::string(error.what()) + "\n";
    }
    headers.erase("To-Name");
    answer.reply = queue(locked, *seat->email, seat->player.value_or(""), row->subject, text,
                         headers, identity);
    return answer;
}

// The seat whose private address `recipient` is, if its key is right.
std::optional<storage::SeatRow> MailService::seat_of(const Locked& locked,
                                                     std::string_view recipient) {
    const auto ref = parse_seat_address(recipient);
    auto& store = locked.store();
    if (!ref || !store.game(ref->game_id)) return std::nullopt;
    std::optional<storage::SeatRow> seat;
    for (auto& candidate : store.seats(ref->game_id))
        if (lowercase(candidate.power) == ref->power && candidate.token_hash &&
            constant_time_equal(
                seat_key(locked, ref->game_id, candidate.power, *candidate.token_hash), ref->key))
            seat = candidate;
    return seat;
}

bool MailService::from_registered_sender(const storage::SeatRow& seat, const MailRequest& request) {
    return seat.email && lowercase(*seat.email) == lowercase(request.sender);
}

// The account commands (docs/accounts.md, "By mail") need no seat: REGISTER mails the sender a
// link that confirms their address, SIGNON <game> binds the sender's seats of a game to the
// sender's account. Only the first line of the body is read.
std::optional<MailService::Handling> MailService::account_command(const Locked& locked,
                                                                  const MailRequest& request,
                                                                  const MailIdentity& identity) {
    if (!request.parse_error.empty() || request.sender.empty()) return std::nullopt;
    std::string_view body = trim(request.body);
    const std::string_view line = trim(body.substr(0, body.find('\n')));
    const std::string_view word = line.substr(0, line.find_first_of(" \t"));
    const std::string command = uppercase(word);
    if (command != "REGISTER" && command != "SIGNON") return std::nullopt;
    std::optional<std::string> text;
    if (command == "REGISTER") {
        text = accounts_.mail_register(locked, request.sender);
    } else {
        std::string_view game = trim(line.substr(word.size()));
        if (!game.empty() && (game.front() == 'g' || game.front() == 'G')) game.remove_prefix(1);
        std::int64_t game_id = 0;
        const auto [end, ec] = std::from_chars(game.data(), game.data() + game.size(), game_id);
        if (game.empty() || ec != std::errc() || end != game.data() + game.size())
            text = "SIGNON needs a game's number: SIGNON 12\n";
        else
            text = accounts_.mail_signon(locked, request.sender, game_id);
    }
    Handling handling;
    handling.status = "applied";
    handling.answer.outcome = MailOutcome::Applied;
    handling.answer.detail = "account command " + command;
    if (!text) {
        handling.answer.detail += " (not answered: rate limit)";
        return handling;
    }
    handling.answer.reply = queue(locked, request.sender, "", reply_subject(request.subject), *text,
                                  reply_headers(request), identity);
    return handling;
}

// OBSERVE <game> and UNOBSERVE <game> (docs/observers.md) need no seat either. The sender may be
// forged, so OBSERVE alone subscribes nobody: it mails the sender a confirmation code, and only
// "OBSERVE <game> <code>" from that address (whose owner read the code) confirms it. A second
// OBSERVE within the hour is not answered, so no address is flooded with codes.
std::optional<MailService::Handling> MailService::observer_command(const Locked& locked,
                                                                   const MailRequest& request,
                                                                   const MailIdentity& identity) {
    constexpr std::int64_t kCodeSeconds = 24 * 3600;
    if (!request.parse_error.empty() || request.sender.empty()) return std::nullopt;
    std::string_view body = trim(request.body);
    const std::string_view line = trim(body.substr(0, body.find('\n')));
    const std::string_view word = line.substr(0, line.find_first_of(" \t"));
    const std::string command = uppercase(word);
    if (command != "OBSERVE" && command != "UNOBSERVE") return std::nullopt;
    const std::string_view rest = trim(line.substr(word.size()));
    std::string_view game = rest.substr(0, rest.find_first_of(" \t"));
    const std::string code = std::string(trim(rest.substr(game.size())));
    if (!game.empty() && (game.front() == 'g' || game.front() == 'G')) game.remove_prefix(1);
    std::int64_t game_id = 0;
    const auto [end, ec] = std::from_chars(game.data(), game.data() + game.size(), game_id);
    auto& store = locked.store();
    Handling handling;
    handling.answer.detail = "observer command " + command;
    if (!mailbox_problem(request.sender).empty()) return handling;
    const std::string email = lowercase(request.sender);
    const auto row = game.empty() || ec != std::errc() || end != game.data() + game.size()
                         ? std::nullopt
                         : store.game(game_id);
    const std::string number = std::to_string(game_id);
    std::string text;
    bool applied = true;
    if (!row || row->sandbox) {
        applied = false;
        text = command + " needs the number of a game to follow: " + command + " 12\n";
    } else if (command == "UNOBSERVE") {
        text = store.observers().remove(game_id, email)
                   ? "UNOBSERVE: " + email + " no longer follows game " + number + ".\n"
                   : "UNOBSERVE: " + email + " did not follow game " + number + ".\n";
    } else if (const auto existing = store.observers().observer(game_id, email);
               existing && existing->confirmed_at) {
        text = "OBSERVE: " + email + " already follows game " + number + ". UNOBSERVE " + number +
               " stops it.\n";
    } else if (row->status == GameStatus::ended) {
        applied = false;
        text = "OBSERVE: game " + number + " has ended; there is nothing more to follow.\n";
    } else if (code.empty()) {
        if (existing && existing->code_hash && existing->created_at > context_.now() - 3600) {
            handling.status = "applied";
            handling.answer.outcome = MailOutcome::Applied;
            handling.answer.detail += " (not answered: a code was mailed within the hour)";
            return handling;
        }
        const std::string fresh = new_token("").substr(0, 20);
        store.observers().put(
            {game_id, email, std::nullopt, sha256_hex(fresh), context_.now(), std::nullopt});
        text = "OBSERVE: to follow game " + number + " (" + row->name +
               ") and receive its public results by mail, answer this message with this line "
               "first:\n\nOBSERVE " +
               number + " " + fresh +
               "\n\nThe code works once, within a day. If you did not ask to follow this game, "
               "ignore this\nmessage: nothing more is mailed to " +
               email + " unless it is confirmed.\n";
    } else if (existing && existing->code_hash &&
               existing->created_at > context_.now() - kCodeSeconds &&
               constant_time_equal(sha256_hex(code), *existing->code_hash)) {
        store.observers().put(
            {game_id, email, std::nullopt, std::nullopt, existing->created_at, context_.now()});
        text = "OBSERVE: " + email + " now follows game " + number + " (" + row->name +
               ") and is mailed the public results of each phase. UNOBSERVE " + number +
               " stops it.\n";
    } else {
        applied = false;
        text = "OBSERVE: that confirmation code is not right, or has expired. Send OBSERVE " +
               number + " alone for a new one.\n";
    }
    if (applied) {
        handling.status = "applied";
        handling.answer.outcome = MailOutcome::Applied;
    } else if (answers_exhausted(
                   store.rejected_from(request.sender, context_.now() - kRejectWindowSeconds))) {
        handling.answer.detail += " (not answered: rate limit)";
        return handling;
    }
    // The answer to a code comes back to the orders address, whatever the server's From.
    storage::MailHeaders headers = reply_headers(request);
    headers["Reply-To"] = identity.orders_local_part + "@" + identity.domain;
    handling.answer.reply =
        queue(locked, request.sender, "", reply_subject(request.subject), text, headers, identity);
    return handling;
}

// No valid seat key: nothing is processed, and the sender learns only how to play.
MailService::Handling MailService::refuse_unknown_address(const Locked& locked,
                                                          const MailRequest& request,
                                                          const MailIdentity& identity) {
    Handling handling;
    handling.answer.detail = "no valid seat key in the recipient address";
    if (request.sender.empty()) return handling;
    if (answers_exhausted(
            locked.store().rejected_from(request.sender, context_.now() - kRejectWindowSeconds))) {
        handling.answer.detail += " (not answered: rate limit)";
        return handling;
    }
    handling.answer.reply = queue(
        locked, request.sender, "", reply_subject(request.subject),
        "Your message was not processed: it was not sent to a seat's private orders address.\n\n" +
            mail_text::help(""),
        reply_headers(request), identity);
    return handling;
}

// The right key from the wrong sender: a forged From: or a leaked key. Tell the seat's owner
// at the registered address; never answer the claimed sender.
MailService::Handling MailService::refuse_forged(const Locked& locked, const storage::SeatRow& seat,
                                                 const MailRequest& request,
                                                 const MailIdentity& identity) {
    Handling handling;
    handling.answer.detail = "sender does not match the seat's registered address";
    const bool quiet = answers_exhausted(locked.store().rejected_for_seat(
        seat.game_id, seat.power, context_.now() - kRejectWindowSeconds));
    if (quiet) handling.answer.detail += " (owner not told again: rate limit)";
    if (seat.email && !quiet)
        handling.answer.reply =
            queue(locked, *seat.email, seat.player.value_or(""),
                  "Adjutant: a message for " + seat.power + " was refused",
                  "A message to your orders address for game " + std::to_string(seat.game_id) +
                      ", " + seat.power + ", came from " +
                      (request.sender.empty() ? "an unknown sender" : request.sender) +
                      ", not from your registered address, and was NOT processed.\n\n"
                      "If it was not you, someone knows your orders address: ask the GM to "
                      "replace your seat's token, which changes the address.\n",
                  storage::MailHeaders{}, identity);
    return handling;
}

// A place on a join list: its player's mail (from their registered address only) sets their
// ranking. Mail from anyone else is not processed and not answered.
MailService::Handling MailService::run_for_joiner(const Locked& locked,
                                                  const storage::JoinerRow& row,
                                                  const MailRequest& request,
                                                  const MailIdentity& identity) {
    Handling handling;
    if (!row.email || lowercase(*row.email) != lowercase(request.sender)) {
        handling.answer.detail = "sender does not match the join list's registered address";
        return handling;
    }
    std::string text;
    if (!request.parse_error.empty()) {
        handling.answer.detail = "unreadable: " + request.parse_error;
        text = unreadable_answer(request.parse_error);
    } else {
        handling.status = "applied";
        handling.answer.outcome = MailOutcome::Applied;
        handling.answer.detail = "processed";
        text = answer_joiner(locked, row, request, identity);
    }
    storage::MailHeaders headers = reply_headers(request);
    headers["Reply-To"] = joiner_address(locked, row, identity);
    handling.answer.reply = queue(locked, *row.email, row.player, reply_subject(request.subject),
                                  text, headers, identity);
    return handling;
}

// An authenticated seat: its commands run (unless the message could not be read) and the
// answer goes to its registered address.
MailService::Handling MailService::run_for_seat(const Locked& locked, const storage::SeatRow& seat,
                                                const MailRequest& request,
                                                const MailIdentity& identity) {
    Handling handling;
    std::string text;
    if (!request.parse_error.empty()) {
        handling.answer.detail = "unreadable: " + request.parse_error;
        text = unreadable_answer(request.parse_error);
    } else {
        handling.status = "applied";
        handling.answer.outcome = MailOutcome::Applied;
        handling.answer.detail = "processed";
        try {
            text = answer_commands(locked, Caller{Role::Player, seat.game_id, seat.power}, request);
        } catch (const ApiError& error) {
            text = "Your message could not be processed: " + std::string(error.what()) + "\n";
        }
    }
    // The answer threads under the game's thread (like results and reminders) as well as under
    // the player's own message: the game's root comes first, as the oldest.
    storage::MailHeaders headers = reply_headers(request);
    const std::string thread = game_thread_id(seat.game_id, identity);
    const std::string references = storage::header_value(headers, "References");
    if (references.find(thread) == std::string::npos)
        headers["References"] = std::string(trim(thread + " " + references));
    headers["Reply-To"] = seat_address(locked, seat.game_id, seat.power, identity);
    handling.answer.reply = queue(locked, *seat.email, seat.player.value_or(""),
                                  reply_subject(request.subject), text, headers, identity);
    return handling;
}

}  // namespace adjutant::service
