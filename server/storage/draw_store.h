// SPDX-License-Identifier: Apache-2.0
// DrawStore: the SQL of draws and concessions (schema/006_draws.sql). Who may propose, vote and
// read is the service's decision (service/draw_service.h).
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "storage/database.h"

namespace adjutant::storage {

struct DrawVoteRow {
    std::string power;
    bool accept = false;
    std::int64_t at = 0;
};

struct DrawProposalRow {
    std::int64_t id = 0;
    std::int64_t game_id = 0;
    std::int64_t seq = 0;
    std::string phase;
    std::string kind;  // draw | concession
    std::string proposer;
    std::optional<std::string> beneficiary;
    std::vector<std::string> powers;  // the surviving powers when proposed
    std::string status = "open";      // open | passed | failed | expired
    std::int64_t created_at = 0;
    std::optional<std::int64_t> closed_at;
    std::vector<DrawVoteRow> votes;  // filled by the reads
};

class DrawStore {
  public:
    explicit DrawStore(Database& db) : db_(db) {}

    std::int64_t insert(const DrawProposalRow& row);               // ignores row.id and row.votes
    std::vector<DrawProposalRow> proposals(std::int64_t game_id);  // oldest first, with votes
    std::optional<DrawProposalRow> open_proposal(std::int64_t game_id);
    // False when the power has voted on it already.
    bool vote(std::int64_t proposal_id, const std::string& power, bool accept, std::int64_t at);
    void close(std::int64_t proposal_id, const std::string& status, std::int64_t at);
    // Closes the game's open proposal as expired (its phase resolved); true if there was one.
    bool expire_open(std::int64_t game_id, std::int64_t at);

  private:
    std::vector<DrawVoteRow> votes(std::int64_t proposal_id);
    Database& db_;
};

}  // namespace adjutant::storage
