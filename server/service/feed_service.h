// SPDX-License-Identifier: Apache-2.0
// A game's Atom feed (RFC 4287; docs/press.md, "Feed"), so a player can follow a game in any
// feed reader: an entry for every resolved phase (its results as the results mail gives them)
// and for every press message the reader may read. Feed readers cannot send a bearer token, so
// a seat's feed is named by a feed key derived from its token: it grants reading that feed and
// nothing else, and a replacement player's new token gives a new key. Without a key the feed is
// the public one: the results, and the press once the game has published it.
#pragma once

#include <cstdint>
#include <optional>
#include <string>

#include "service/context.h"
#include "service/press_service.h"

namespace adjutant::service {

class FeedService {
  public:
    FeedService(ServiceContext& context, PressService& press) : context_(context), press_(press) {}

    // The Atom document; 403 "bad_feed_key" for a key that names no seat of the game.
    std::string atom(std::int64_t game_id, const std::string& key);
    // A seat's feed key, from its token hash.
    static std::string feed_key(const std::string& token_hash);

  private:
    ServiceContext& context_;
    PressService& press_;
};

}  // namespace adjutant::service
