// SPDX-License-Identifier: Apache-2.0
// A game's life: forming (seats open, no clock) → active ⇄ paused → ended. The server decides on
// the enum; the words are what the database column `games.status` and the API's "status" field
// hold, so only those edges (the storage codec, the HTTP and mail adapters) convert.
#pragma once

#include <optional>
#include <string_view>

namespace adjutant {

enum class GameStatus { forming, active, paused, ended };

constexpr std::string_view to_string(GameStatus status) {
    switch (status) {
        case GameStatus::forming:
            return "forming";
        case GameStatus::active:
            return "active";
        case GameStatus::paused:
            return "paused";
        case GameStatus::ended:
            return "ended";
    }
    return "forming";  // not reached: every value is listed above
}

// No implicit JSON: nlohmann would write an enum as its number, and the API's word is
// to_string's. A document that puts a status in says which word (this makes `{"status", status}`
// a compile error).
template <typename Json>
void to_json(Json& json, GameStatus status) = delete;

// The status a word names; none for any other word (an unknown ?status= is the caller's error,
// an unknown stored one the database's).
constexpr std::optional<GameStatus> parse_game_status(std::string_view word) {
    for (GameStatus status :
         {GameStatus::forming, GameStatus::active, GameStatus::paused, GameStatus::ended})
        if (to_string(status) == word) return status;
    return std::nullopt;
}

}  // namespace adjutant
