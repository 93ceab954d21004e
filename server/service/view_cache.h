// SPDX-License-Identifier: Apache-2.0
// Rendered views of games (the game document, the history), by game id, that a reader gets
// with one atomic load: no lock, and never a wait for a write's fsync. A published map is never
// modified; a writer copies it, changes the copy and publishes that.
//
// Views are published and dropped only by holders of the services' lock (the Locked argument,
// service/context.h). Writes drop a game's views under that lock, so a view rendered from an
// old revision can never be published after the write that outdated it.
#pragma once

#include <atomic>
#include <cstdint>
#include <memory>
#include <string>
#include <unordered_map>

namespace adjutant::service {

class Locked;

// A rendered document with its strong ETag (quoted, as sent in the header) and the game's
// revision it was rendered from.
struct View {
    std::string etag;
    std::string body;
    std::int64_t revision = 0;
    // The body is the public's cut of a game in the fog (service/fog.h): a seat or the GM
    // reads a view rendered for it instead.
    bool fogged = false;
};

class ViewCache {
  public:
    std::shared_ptr<const View> find(std::int64_t game_id) const;
    void publish(const Locked& locked, std::int64_t game_id, std::shared_ptr<const View> view);
    void drop(const Locked& locked, std::int64_t game_id);
    void clear(const Locked& locked);

  private:
    using Map = std::unordered_map<std::int64_t, std::shared_ptr<const View>>;
    std::atomic<std::shared_ptr<const Map>> map_{std::make_shared<const Map>()};
};

}  // namespace adjutant::service
