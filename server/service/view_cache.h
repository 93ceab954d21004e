// SPDX-License-Identifier: Apache-2.0
// Views of games (the game document, the history: service/game_document.h), by game id, that a
// reader gets with one atomic load: no lock, and never a wait for a write's fsync. A published
// map is never modified; a writer copies it, changes the copy and publishes that.
//
// Views are published and dropped only by holders of the services' lock (the Locked argument,
// service/context.h). Writes drop a game's views under that lock, so a view made from an old
// revision can never be published after the write that outdated it.
#pragma once

#include <atomic>
#include <cstdint>
#include <memory>
#include <string>
#include <unordered_map>
#include <utility>

namespace adjutant::service {

class Locked;

// A document with its strong ETag (quoted, as sent in the header) and the game's revision it
// was made from.
template <typename Document>
struct View {
    View(std::string etag_, std::int64_t revision_, bool fogged_, Document document_)
        : etag(std::move(etag_)),
          revision(revision_),
          fogged(fogged_),
          document(std::move(document_)) {}

    std::string etag;
    std::int64_t revision = 0;
    // The document is the public's cut of a game in the fog (service/fog.h): a seat or the GM
    // reads a view made for it instead.
    bool fogged = false;
    Document document;
    // The adapter's rendering of `document` (http/game_documents.h), made by the first reader
    // and kept with the view, so a cached view is rendered once. Every rendering of a view is
    // the same text, so two readers that both render it may both store it.
    mutable std::atomic<std::shared_ptr<const std::string>> text;
};

template <typename Document>
class ViewCache {
  public:
    using Entry = std::shared_ptr<const View<Document>>;

    Entry find(std::int64_t game_id) const {
        const auto map = map_.load();
        const auto it = map->find(game_id);
        return it == map->end() ? nullptr : it->second;
    }

    // The Locked serialises writers, so a copy never races another writer's publish.
    void publish(const Locked&, std::int64_t game_id, Entry view) {
        auto next = std::make_shared<Map>(*map_.load());
        (*next)[game_id] = std::move(view);
        map_.store(std::move(next));
    }

    void drop(const Locked&, std::int64_t game_id) {
        const auto current = map_.load();
        if (!current->contains(game_id)) return;
        auto next = std::make_shared<Map>(*current);
        next->erase(game_id);
        map_.store(std::move(next));
    }

    void clear(const Locked&) { map_.store(std::make_shared<const Map>()); }

  private:
    using Map = std::unordered_map<std::int64_t, Entry>;
    std::atomic<std::shared_ptr<const Map>> map_{std::make_shared<const Map>()};
};

struct GameDocument;
struct HistoryDocument;
using GameView = View<GameDocument>;
using HistoryView = View<HistoryDocument>;

}  // namespace adjutant::service
