// SPDX-License-Identifier: Apache-2.0
#include "service/press_service.h"

#include <algorithm>
#include <limits>
#include <set>

#include "core/phase.h"
#include "service/feed_service.h"
#include "service/game_internal.h"
#include "service/text.h"

namespace adjutant::service {

namespace {

constexpr std::size_t kMaxPressBytes = 8000;
// A seat that sends more than this in one phase is flooding, not negotiating.
constexpr std::int64_t kMaxPressPerPhase = 200;
constexpr std::string_view kGm = "GM";

// Who the caller is in press: a power, "GM", or nobody (anonymous, another game's token).
std::string press_identity(const Caller& caller, std::int64_t game_id) {
    if (caller.game_id != game_id) return {};
    if (caller.role == Role::GameMaster) return std::string(kGm);
    if (caller.role == Role::Player) return caller.power;
    return {};
}

// Text a person wrote: not too long, the check of every stored text (UTF-8, no control
// characters but tabs and line breaks: a NUL or an escape sequence has no place in a message
// and could reach a mail or a terminal), not blank.
std::string checked_text(const std::string& text) {
    if (text.size() > kMaxPressBytes)
        throw bad_request("a message is at most " + std::to_string(kMaxPressBytes) + " bytes");
    require_text(text, "the message", TextLines::Many);
    std::string out = text;
    while (!out.empty() && std::isspace(static_cast<unsigned char>(out.back()))) out.pop_back();
    const auto first = out.find_first_not_of(" \t\r\n");
    if (first == std::string::npos) throw bad_request("the message is empty");
    return out;
}

ApiError press_refused(const std::string& message) {
    return ApiError(403, "press_not_allowed", message);
}

// Why players may not write now under `rules` in `phase_code`, or empty.
std::string closed_reason(const PressRules& rules, GameStatus status, std::string_view phase_code) {
    if (status == GameStatus::ended) return "the game has ended";
    const auto phase = Phase::parse(phase_code);
    if (phase && phase->kind == PhaseKind::Retreat && !rules.in_retreats)
        return "this game has no press during retreats";
    if (phase && phase->kind == PhaseKind::Adjustment && !rules.in_adjustments)
        return "this game has no press during adjustments";
    return {};
}

// The recipients a draft names, in the variant's spelling, sorted, without repeats.
std::vector<std::string> draft_recipients(const Variant& variant, const PressDraft& draft,
                                          const std::string& sender) {
    std::vector<std::string> to;
    if (draft.broadcast) {
        for (const auto& power : variant.powers)
            if (power.name != sender) to.push_back(power.name);
        return to;
    }
    if (draft.to.empty())
        throw bad_request("a message needs recipients: 'to' names them, or \"all\"");
    if (draft.to.size() > variant.powers.size() + 1) throw bad_request("too many recipients");
    for (const auto& name : draft.to) {
        std::string recipient;
        if (name.size() == kGm.size() &&
            std::equal(name.begin(), name.end(), kGm.begin(), [](char a, char b) {
                return std::toupper(static_cast<unsigned char>(a)) == b;
            }))
            recipient = std::string(kGm);
        else if (const PowerId p = variant.find_power(name); p != kNoPower)
            recipient = variant.powers[p].name;
        else
            throw bad_request("no power '" + name + "' to write to");
        if (recipient == sender) throw bad_request("a message to oneself is not press");
        to.push_back(recipient);
    }
    std::sort(to.begin(), to.end());
    to.erase(std::unique(to.begin(), to.end()), to.end());
    return to;
}

void check_rules(const PressRules& rules, const PressDraft& draft,
                 const std::vector<std::string>& to) {
    const bool only_gm = to.size() == 1 && to.front() == kGm;
    if (rules.rule == "none" && !only_gm)
        throw press_refused(
            "this game has no press between powers (gunboat); you may write to "
            "the GM");
    if (rules.rule == "public" && !draft.broadcast && !only_gm)
        throw press_refused("this game has public press only: write to all, or to the GM");
    if (draft.anonymous && !rules.grey) throw press_refused("this game has no grey press");
}

// What `reader` sees as the sender: grey press is anonymous to all but its sender and the GM.
std::string shown_sender(const storage::PressRow& row, const std::string& reader) {
    if (!row.grey || reader == row.sender || reader == kGm) return row.sender;
    return "anonymous";
}

// The reader's key for the exchange a message belongs to: "all" for broadcasts, else the other
// parties, sorted and joined by commas ("Germany,Italy"; "anonymous" for a grey sender).
std::string conversation_key(const storage::PressRow& row, const std::string& reader) {
    if (row.broadcast) return "all";
    std::set<std::string> parties(row.recipients.begin(), row.recipients.end());
    parties.insert(shown_sender(row, reader));
    parties.erase(reader);
    std::string key;
    for (const auto& party : parties) key += (key.empty() ? "" : ",") + party;
    return key.empty() ? std::string(kGm) : key;
}

PressMessage message_for(const storage::PressRow& row, const std::string& reader) {
    PressMessage m;
    m.id = row.id;
    m.phase = row.phase;
    m.from = shown_sender(row, reader);
    m.to = row.recipients;
    m.broadcast = row.broadcast;
    m.anonymous = row.grey;
    m.text = row.body;
    m.sent_at = row.sent_at;
    m.conversation = conversation_key(row, reader);
    return m;
}

}  // namespace

void PressService::require_party(const Caller& caller, std::int64_t game_id) {
    if (caller.role == Role::Anonymous) throw unauthorized();
    if (press_identity(caller, game_id).empty())
        throw forbidden("a seat or GM token of this game is required");
}

PressRules PressService::rules(const Locked& locked, std::int64_t game_id) {
    return locked.store().press().rules(game_id).value_or(PressRules{});
}

PressMessage PressService::send(const Caller& caller, std::int64_t game_id, const PressDraft& draft,
                                std::string_view source) {
    const auto locked = context_.lock();
    storage::Transaction transaction(locked.store().database());
    PressMessage sent = send(locked, caller, game_id, draft, source);
    transaction.commit();
    return sent;
}

PressMessage PressService::send(const Locked& locked, const Caller& caller, std::int64_t game_id,
                                const PressDraft& draft, std::string_view source) {
    require_party(caller, game_id);
    const std::string sender = press_identity(caller, game_id);
    const LoadedGame game = locked.load(game_id);
    if (game.row.status == GameStatus::ended) throw conflict("the game has ended: no more press");
    const PressRules rules = PressService::rules(locked, game_id);
    const std::string text = checked_text(draft.text);
    if (draft.broadcast && !draft.to.empty())
        throw bad_request("a message goes to all or to the powers named, not both");
    const auto to = draft_recipients(game.variant->variant, draft, sender);
    if (sender != kGm) {
        if (const auto why = closed_reason(rules, game.row.status, game.phase.phase); !why.empty())
            throw press_refused(why);
        check_rules(rules, draft, to);
    } else if (draft.anonymous) {
        throw bad_request("the GM's messages are never anonymous");
    }
    auto press = locked.store().press();
    if (press.sent_in_phase(game_id, game.phase.seq, sender) >= kMaxPressPerPhase)
        throw ApiError(429, "press_limit",
                       "at most " + std::to_string(kMaxPressPerPhase) + " messages per phase");
    storage::PressRow row;
    row.game_id = game_id;
    row.seq = game.phase.seq;
    row.phase = game.phase.phase;
    row.sender = sender;
    row.recipients = to;
    row.broadcast = draft.broadcast;
    row.grey = draft.anonymous;
    row.body = text;
    row.source = std::string(source);
    row.sent_at = context_.now();
    row.id = press.insert(row);
    return message_for(row, sender);
}

PressPage PressService::read(const Caller& caller, std::int64_t game_id, std::int64_t after,
                             int limit) {
    const auto locked = context_.lock();
    const LoadedGame game = locked.load(game_id);
    const PressRules rules = PressService::rules(locked, game_id);
    PressPage page;
    page.rules = rules;
    std::string reader = press_identity(caller, game_id);
    storage::PressFilter filter;
    const bool published = game.row.status == GameStatus::ended && rules.publish_at_end;
    if (reader.empty()) {
        // The public reads a game's press only once it has ended and its rules publish it.
        if (!published) require_party(caller, game_id);
        reader = "public";
        filter.everything = true;
    } else if (reader == kGm) {
        filter.everything = rules.gm_reads_all || published;
        filter.reader = reader;
        filter.broadcasts = true;
    } else {
        filter.everything = published;
        filter.reader = reader;
    }
    page.reader = reader;
    auto press = locked.store().press();
    std::map<std::string, std::int64_t> marks;
    for (auto& [conversation, last] : press.read_marks(game_id, reader)) marks[conversation] = last;
    // The unread counts cover every message, not only this page's.
    const auto all = reader == "public"
                         ? std::vector<storage::PressRow>{}
                         : press.messages(game_id, filter, 0, std::numeric_limits<int>::max());
    for (const auto& row : all) {
        if (row.sender == reader) continue;
        const std::string key = conversation_key(row, reader);
        if (row.id > marks[key]) ++page.unread[key];
    }
    auto rows = press.messages(game_id, filter, after, limit + 1);
    if (static_cast<int>(rows.size()) > limit) {
        rows.pop_back();
        page.next_after = rows.back().id;
    }
    for (const auto& row : rows) {
        PressMessage m = message_for(row, reader);
        m.unread = reader != "public" && row.sender != reader && row.id > marks[m.conversation];
        page.messages.push_back(std::move(m));
    }
    if (reader == kGm) {
        page.closed = game.row.status == GameStatus::ended ? "the game has ended" : "";
        if (page.closed.empty()) {
            page.may_write_to.push_back("all");
            for (const auto& power : game.variant->variant.powers)
                page.may_write_to.push_back(power.name);
        }
    } else if (reader != "public") {
        if (const auto seat = locked.store().seat(game_id, reader); seat && seat->token_hash)
            page.feed_key = FeedService::feed_key(*seat->token_hash);
        page.closed = closed_reason(rules, game.row.status, game.phase.phase);
        if (page.closed.empty()) {
            if (rules.rule != "none") page.may_write_to.push_back("all");
            if (rules.rule == "full")
                for (const auto& power : game.variant->variant.powers)
                    if (power.name != reader) page.may_write_to.push_back(power.name);
            page.may_write_to.push_back(std::string(kGm));
        }
    }
    return page;
}

void PressService::mark_read(const Caller& caller, std::int64_t game_id,
                             const std::string& conversation, std::int64_t up_to) {
    require_party(caller, game_id);
    const std::string reader = press_identity(caller, game_id);
    const auto locked = context_.lock();
    locked.load(game_id);  // 404 for an unknown game
    storage::Transaction transaction(locked.store().database());
    auto press = locked.store().press();
    if (!conversation.empty()) {
        press.mark_read(game_id, reader, conversation, up_to);
    } else {
        // Every conversation the reader has, as far as `up_to`.
        storage::PressFilter filter;
        filter.reader = reader;
        filter.broadcasts = reader == kGm;
        filter.everything = reader == kGm && rules(locked, game_id).gm_reads_all;
        std::set<std::string> keys;
        for (const auto& row : press.messages(game_id, filter, 0, std::numeric_limits<int>::max()))
            if (row.id <= up_to) keys.insert(conversation_key(row, reader));
        for (const auto& key : keys) press.mark_read(game_id, reader, key, up_to);
    }
    transaction.commit();
}

}  // namespace adjutant::service
