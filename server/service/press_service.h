// SPDX-License-Identifier: Apache-2.0
// Press: the messages between the powers and the GM (docs/press.md). A message is stored with
// the phase and time it was sent and never edited. A reader sees only what was sent by or to
// them: a power its own conversations and the broadcasts; the GM everything when the game's
// rules let the GM read press between powers, else its own and the broadcasts; everyone all
// of it once the game has ended and its press is published. Grey press hides the sender from
// the recipients, never from the GM.
//
// What a player may send follows the game's press rules (service/press_rules.h): none (gunboat:
// only to the GM), public (only to all powers, or the GM), full; grey if the rules allow it;
// during retreats and adjustments if the rules allow it. The GM may write to one, several or
// all powers at any time until the game ends.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>

#include "service/caller.h"
#include "service/context.h"
#include "service/press_results.h"

namespace adjutant::service {

class PressService {
  public:
    explicit PressService(ServiceContext& context) : context_(context) {}

    // On disk before it answers. `source`: "web", "api" or "email".
    PressMessage send(const Caller& caller, std::int64_t game_id, const PressDraft& draft,
                      std::string_view source);
    PressMessage send(const Locked& locked, const Caller& caller, std::int64_t game_id,
                      const PressDraft& draft, std::string_view source);
    // The messages the caller may read with ids above `after`, at most `limit`, and the
    // caller's unread counts per conversation.
    PressPage read(const Caller& caller, std::int64_t game_id, std::int64_t after, int limit);
    // Marks the caller's messages of `conversation` read up to `up_to` (every conversation
    // when empty).
    void mark_read(const Caller& caller, std::int64_t game_id, const std::string& conversation,
                   std::int64_t up_to);

    // 401 without a token, 403 for a token that is not one of this game's seats or its GM:
    // what an adapter checks before it reads a message's body.
    static void require_party(const Caller& caller, std::int64_t game_id);
    // The game's rules; the defaults for a game created before press existed. The GM sets
    // them at creation or with the "press" action before the game starts (gm_actions.cpp).
    static PressRules rules(const Locked& locked, std::int64_t game_id);

  private:
    ServiceContext& context_;
};

}  // namespace adjutant::service
