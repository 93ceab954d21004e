// SPDX-License-Identifier: Apache-2.0
// Assigning powers by mail (docs/mail.md, "Ranking the powers"; docs/assignment.md): a player on
// a game's join list has an address of their own, orders+g<game>-j<place>-<key>@domain, keyed
// like a seat's from their token; they are welcomed there, and SET PREFERENCE France, Italy,
// Germany (njudge's words, or its short form of initials, SET PREFERENCE FIG) sets their
// ranking. Once the game starts they play at their seat's address, as every player does.
#include <algorithm>
#include <cctype>

#include "core/text.h"
#include "service/crypto.h"
#include "service/game_internal.h"
#include "service/mail_service.h"
#include "service/mail_text.h"
#include "service/seat_service.h"

namespace adjutant::service {

namespace {

// The address's tag for a place on the list: "j3". No power is named so (a variant's power
// with such a name keeps its seat: seats are looked up first).
std::string place_tag(std::int64_t place) {
    return "j" + std::to_string(place);
}

std::optional<std::int64_t> place_of_tag(std::string_view tag) {
    if (tag.size() < 2 || tag.size() > 7 || tag[0] != 'j') return std::nullopt;
    std::int64_t place = 0;
    for (const char c : tag.substr(1)) {
        if (!std::isdigit(static_cast<unsigned char>(c))) return std::nullopt;
        place = place * 10 + (c - '0');
    }
    return place;
}

// "France, Italy Germany" -> the names; one word that names no power: njudge's initials
// ("FIG"), when every power of the variant has its own initial. "ANY": empty (indifferent).
std::vector<std::string> ranking_words(const Variant& variant, std::string_view text) {
    std::vector<std::string> words;
    std::string word;
    for (std::size_t i = 0; i <= text.size(); ++i) {
        const char c = i < text.size() ? text[i] : ' ';
        if (c == ',' || c == ' ' || c == '\t') {
            if (!word.empty()) words.push_back(word);
            word.clear();
        } else {
            word += c;
        }
    }
    if (words.size() == 1 && uppercase(words[0]) == "ANY") return {};
    if (words.size() != 1 || variant.find_power(words[0]) != kNoPower) return words;
    std::vector<char> initials;
    for (const auto& power : variant.powers)
        initials.push_back(
            static_cast<char>(std::toupper(static_cast<unsigned char>(power.name[0]))));
    auto sorted = initials;
    std::sort(sorted.begin(), sorted.end());
    if (std::adjacent_find(sorted.begin(), sorted.end()) != sorted.end()) return words;
    std::vector<std::string> names;
    for (const char c : words[0]) {
        const auto at = std::find(initials.begin(), initials.end(),
                                  static_cast<char>(std::toupper(static_cast<unsigned char>(c))));
        if (at == initials.end()) return words;  // not initials: the word is named as unknown
        names.push_back(variant.powers[static_cast<std::size_t>(at - initials.begin())].name);
    }
    return names;
}

std::string listed(const std::vector<std::string>& powers) {
    std::string text;
    for (const auto& p : powers) text += (text.empty() ? "" : ", ") + p;
    return text;
}

}  // namespace

std::string MailService::answer_preference(const Locked& locked, const Caller& caller,
                                           const std::string& text) {
    try {
        const auto game = locked.load(caller.game_id);
        const auto ranking = set_ranking_locked(locked, context_.now(), caller, caller.game_id,
                                                ranking_words(game.variant->variant, text));
        if (ranking.ranking.empty())
            return "Your ranking of the powers is now: any (you take whichever power is left).\n\n";
        return "Your ranking of the powers is now: " + listed(ranking.ranking) +
               ".\nThe powers you did not name come after them, all alike.\n\n";
    } catch (const ApiError& error) {
        return "SET PREFERENCE failed: " + std::string(error.what()) + "\n\n";
    }
}

std::optional<storage::JoinerRow> MailService::joiner_of(const Locked& locked, std::int64_t game_id,
                                                         std::string_view tag,
                                                         std::string_view key) {
    const auto place = place_of_tag(tag);
    if (!place) return std::nullopt;
    for (auto& row : locked.store().assignment().joiners(game_id))
        if (row.place == *place && !row.power &&
            constant_time_equal(seat_key(locked, game_id, place_tag(row.place), row.token_hash),
                                key))
            return row;
    return std::nullopt;
}

std::string MailService::joiner_address(const Locked& locked, const storage::JoinerRow& row,
                                        const MailIdentity& identity) {
    const std::string key = seat_key(locked, row.game_id, place_tag(row.place), row.token_hash);
    return identity.orders_local_part + "+g" + std::to_string(row.game_id) + "-" +
           place_tag(row.place) + "-" + key + "@" + identity.domain;
}

std::string MailService::joiner_address(std::int64_t game_id, std::int64_t place,
                                        const MailIdentity& identity) {
    const auto locked = context_.lock();
    auto& store = locked.store();
    for (const auto& row : store.assignment().joiners(game_id))
        if (row.place == place && !row.power) {
            storage::Transaction transaction(store.database());  // secret() may create it
            std::string address = joiner_address(locked, row, identity);
            transaction.commit();
            return address;
        }
    throw not_found("no place " + std::to_string(place) + " waiting on game " +
                    std::to_string(game_id) + "'s join list");
}

// A joiner's mail: only SET PREFERENCE and HELP mean anything before the game starts.
std::string MailService::answer_joiner(const Locked& locked, const storage::JoinerRow& row,
                                       const MailRequest& request, const MailIdentity& identity) {
    const Caller caller{Role::Joiner, row.game_id, "", row.place};
    std::string text = "Game " + std::to_string(row.game_id) + ", join list place " +
                       std::to_string(row.place + 1) + ".\n\n";
    bool any = false;
    bool other = false;
    std::size_t start = 0;
    const std::string_view body = request.body;
    while (start <= body.size()) {
        auto end = body.find('\n', start);
        if (end == std::string_view::npos) end = body.size();
        const std::string line(trim(body.substr(start, end - start)));
        start = end + 1;
        const std::string command = uppercase(line);
        if (command == "END" || command == "SIGNOFF" || command.rfind("-- ", 0) == 0) break;
        if (line.empty() || command == "HELP") continue;
        if (const auto rest = preference_command(line)) {
            text += answer_preference(locked, caller, *rest);
            any = true;
        } else {
            other = true;
        }
    }
    if (other)
        text +=
            "The game has not started, so you have no power yet: only SET PREFERENCE\n"
            "is read here. The other lines were ignored.\n\n";
    if (!any) {
        const auto mine = ranking_of_joiner(locked, caller);
        text += "Your ranking of the powers: " + mine + ".\n\n";
    }
    text += joiner_help(joiner_address(locked, row, identity));
    return text;
}

std::string MailService::ranking_of_joiner(const Locked& locked, const Caller& caller) {
    for (const auto& row : locked.store().assignment().joiners(caller.game_id))
        if (row.place == caller.place) return row.ranking.empty() ? "any" : listed(row.ranking);
    return "any";
}

std::string MailService::joiner_help(const std::string& address) {
    return "Rank the powers you would like to play, most wanted first, by sending\n"
           "  SET PREFERENCE France, Italy, Germany\n"
           "(or the powers' initials, SET PREFERENCE FIG; SET PREFERENCE ANY if you do not\n"
           "mind) to " +
           address +
           ".\nYou may change it until the game starts. When the join list is full the server\n"
           "gives every player a power, satisfying the rankings best taken together, and\n"
           "mails you yours. No other player sees your ranking.\n";
}

// "SET PREFERENCE France, Italy" (or PREFERENCES) -> "France, Italy"; none for another line.
std::optional<std::string> MailService::preference_command(const std::string& line) {
    const std::string command = uppercase(line);
    for (const std::string_view prefix : {"SET PREFERENCES", "SET PREFERENCE"})
        if (command.rfind(prefix, 0) == 0 &&
            (command.size() == prefix.size() || command[prefix.size()] == ' '))
            return std::string(trim(std::string_view(line).substr(prefix.size())));
    return std::nullopt;
}

// The join list's welcome, once per place, to every player on a list with an address.
int MailService::queue_join_welcomes(const Locked& locked, const MailIdentity& identity) {
    auto& store = locked.store();
    int queued = 0;
    for (const auto& game : store.games()) {
        if (game.status != GameStatus::forming) continue;
        const std::string mode = store.assignment().mode(game.id);
        if (mode == "first-come") continue;
        for (const auto& row : store.assignment().joiners(game.id)) {
            if (!row.email || row.power ||
                !store.add_notice(game.id, 0, "join-" + row.token_hash.substr(0, 16),
                                  place_tag(row.place), context_.now()))
                continue;
            const std::string address = joiner_address(locked, row, identity);
            queue(locked, *row.email, row.player,
                  "Game " + std::to_string(game.id) + " (" + game.name +
                      "): you are on the join list",
                  "Welcome to game " + std::to_string(game.id) + " (" + game.name +
                      "). You are on its join list; its powers are assigned " +
                      (mode == "random" ? std::string("at random") : "by preference") +
                      " when the list is full.\n\n" + joiner_help(address),
                  {{"Auto-Submitted", "auto-generated"},
                   {"References", game_thread_id(game.id, identity)},
                   {"Reply-To", address}},
                  identity);
            ++queued;
        }
    }
    return queued;
}

}  // namespace adjutant::service
