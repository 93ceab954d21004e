// SPDX-License-Identifier: Apache-2.0
// Seats: anyone may join an open power; the GM invites a player to an open one or replaces a
// seat's player. Every way issues a new seat token, shown only in the answer (only its hash is
// stored), and a replaced player's token stops working. A forming game starts by itself once
// every seat is taken.
//
// A game may instead assign its powers (docs/assignment.md): its players join a join list
// without naming a power, each with a token, rank the powers while the game forms, and when
// the list has a player for every open seat the server gives each a power (by preference or at
// random, service/power_assignment.h) and starts the game; the token becomes that seat's. A
// player's ranking is theirs alone: no other player reads it.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "service/caller.h"
#include "service/context.h"
#include "service/power_assignment.h"

namespace adjutant::service {

// Who takes a seat; both optional (the player's name defaults to "<power> player").
struct SeatRequest {
    std::optional<std::string> player;
    std::optional<std::string> email;  // for the mail gateway's notices (docs/mail.md)
};

struct SeatGrant {
    std::int64_t game_id = 0;
    std::string power;  // the variant's spelling
    std::string token;  // the seat's bearer token, shown this once
};

// A place on a join list: the token, shown this once, is the seat token once a power is given.
struct JoinGrant {
    std::int64_t game_id = 0;
    std::int64_t place = 0;  // from 0, in the order the players joined
    std::string token;
};

// A player's own ranking of the powers, as they read it.
struct PowerRanking {
    std::int64_t game_id = 0;
    std::int64_t place = 0;
    std::string player;
    AssignmentMode mode = AssignmentMode::preference;
    std::vector<std::string> ranking;  // most wanted first; empty: any
    std::optional<std::string> power;  // once assigned
    GameStatus status = GameStatus::forming;
};

// The join list as the GM reads it: who joined, and whether they ranked (not how).
struct JoinListEntry {
    std::int64_t place = 0;
    std::string player;
    bool ranked = false;
    std::optional<std::string> power;
    std::int64_t joined_at = 0;
};

struct JoinList {
    std::int64_t game_id = 0;
    AssignmentMode mode = AssignmentMode::first_come;
    std::int64_t open_seats = 0;  // how many players the list needs in all to start the game
    std::vector<JoinListEntry> players;
};

class SeatService {
  public:
    explicit SeatService(ServiceContext& context) : context_(context) {}

    SeatGrant join(std::int64_t game_id, std::string_view power, const SeatRequest& who);
    // `replace`: hand a taken seat to someone else; without it a taken seat is a conflict.
    SeatGrant invite(const Caller& caller, std::int64_t game_id, std::string_view power,
                     const SeatRequest& who, bool replace);

    // Assigning powers (docs/assignment.md). join_list: a place on the list of a forming game
    // that assigns its powers; the game starts when the list fills its open seats.
    JoinGrant join_list(std::int64_t game_id, const SeatRequest& who);
    // The caller's own ranking (a joiner, or a seat given its power from the list).
    PowerRanking ranking(const Caller& caller, std::int64_t game_id);
    // Replaces the caller's ranking (power names as the client spells them; empty: any) while
    // the game forms. Unknown or repeated powers are refused.
    PowerRanking set_ranking(const Caller& caller, std::int64_t game_id,
                             const std::vector<std::string>& powers);
    JoinList join_list_view(const Caller& caller, std::int64_t game_id);
    // How the game's powers are assigned, before it starts (GM: at creation or in its settings).
    void set_mode(const Locked& locked, const LoadedGame& game, AssignmentMode mode);
    // Gives the join list's players the open seats (a GM's start, or a full list) and audits
    // the assignment with its inputs; nothing for a first-come game.
    void assign_joiners(const Locked& locked, LoadedGame& game);

  private:
    enum class Taking { Join, Invite, Replace };
    SeatGrant take(std::int64_t game_id, std::string_view power, const SeatRequest& who,
                   Taking how);
    void start_when_full(const Locked& locked, LoadedGame& game);

    ServiceContext& context_;
};

// SeatService::set_ranking under a lock already held (the mail gateway's, which runs a mail's
// commands in its one transaction); `now` is the audit's time.
PowerRanking set_ranking_locked(const Locked& locked, std::int64_t now, const Caller& caller,
                                std::int64_t game_id, const std::vector<std::string>& powers);

}  // namespace adjutant::service
