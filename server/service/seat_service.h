// SPDX-License-Identifier: Apache-2.0
// Seats: anyone may join an open power; the GM invites a player to an open one or replaces a
// seat's player. Every way issues a new seat token, shown only in the answer (only its hash is
// stored), and a replaced player's token stops working. A forming game starts by itself once
// every seat is taken.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

#include "service/caller.h"
#include "service/context.h"

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

class SeatService {
  public:
    explicit SeatService(ServiceContext& context) : context_(context) {}

    SeatGrant join(std::int64_t game_id, std::string_view power, const SeatRequest& who);
    // `replace`: hand a taken seat to someone else; without it a taken seat is a conflict.
    SeatGrant invite(const Caller& caller, std::int64_t game_id, std::string_view power,
                     const SeatRequest& who, bool replace);

  private:
    enum class Taking { Join, Invite, Replace };
    SeatGrant take(std::int64_t game_id, std::string_view power, const SeatRequest& who,
                   Taking how);
    void start_when_full(const Locked& locked, LoadedGame& game);

    ServiceContext& context_;
};

}  // namespace adjutant::service
