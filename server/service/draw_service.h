// SPDX-License-Identifier: Apache-2.0
// Draws and concessions (docs/draws.md). A surviving power proposes a draw including every
// surviving power (DIAS), or a concession to one power; every surviving power votes, except
// the power conceded to; a seat without a player (civil disorder) accepts. It passes when all
// have accepted, and the game ends with that result; one refusal fails it; an open proposal
// expires when its phase resolves. Votes are secret until the proposal passes, fails or
// expires: until then a power sees its own vote only, and the GM none.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "service/caller.h"
#include "service/context.h"

namespace adjutant::service {

struct DrawVote {
    std::string power;
    std::string vote;  // accept | refuse | civil_disorder
};

struct DrawProposal {
    std::int64_t id = 0;
    std::string phase;
    std::string kind;  // draw | concession
    std::string proposer;
    std::optional<std::string> beneficiary;
    std::vector<std::string> powers;
    std::string status;  // open | passed | failed | expired
    std::int64_t created_at = 0;
    std::optional<std::int64_t> closed_at;
    std::vector<DrawVote> votes;    // once closed; empty while open
    std::optional<bool> your_vote;  // the reading power's own vote
    std::optional<bool> you_vote;   // whether the reading power votes on it
};

struct DrawList {
    std::vector<std::string> surviving;   // who a draw proposed now would include
    std::vector<DrawProposal> proposals;  // oldest first: what the reader may see
};

// How a game ended: a draw among `powers`, a concession to `winner`, a victory of `winner`, or
// ended by its GM.
enum class GameResultKind { draw, concession, victory, ended };
struct GameResult {
    GameResultKind kind = GameResultKind::ended;
    std::vector<std::string> powers;  // draw
    std::string winner;               // concession, victory
};

class DrawService {
  public:
    explicit DrawService(ServiceContext& context) : context_(context) {}

    // `kind`: "draw", or "concession" with `beneficiary`. The proposer's own vote is accept.
    DrawProposal propose(const Caller& caller, std::int64_t game_id, const std::string& kind,
                         const std::optional<std::string>& beneficiary);
    DrawProposal vote(const Caller& caller, std::int64_t game_id, std::int64_t proposal_id,
                      bool accept);
    DrawList list(const Caller& caller, std::int64_t game_id);
    // The same, for a caller that holds the lock (the mail gateway).
    DrawProposal propose(const Locked& locked, const Caller& caller, std::int64_t game_id,
                         const std::string& kind, const std::optional<std::string>& beneficiary);
    DrawProposal vote(const Locked& locked, const Caller& caller, std::int64_t game_id,
                      std::int64_t proposal_id, bool accept);
    DrawList list(const Locked& locked, const Caller& caller, std::int64_t game_id);

    // How an ended game ended, for the game's document; none while the game runs.
    static std::optional<GameResult> result(const Locked& locked, const storage::GameRow& game);
    // Inside the caller's transaction: the game's open proposal, if any, expires.
    static void expire_open(const Locked& locked, std::int64_t game_id, std::int64_t now);

  private:
    // Inside the caller's transaction: fails the proposal on a refusal, passes it (and ends
    // the game) once every voter has accepted. Whether it ended the game.
    bool settle(const Locked& locked, LoadedGame& game, std::int64_t proposal_id);

    ServiceContext& context_;
};

}  // namespace adjutant::service
