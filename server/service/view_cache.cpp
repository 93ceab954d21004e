// SPDX-License-Identifier: Apache-2.0
#include "service/view_cache.h"

namespace adjutant::service {

std::shared_ptr<const View> ViewCache::find(std::int64_t game_id) const {
    const auto map = map_.load();
    const auto it = map->find(game_id);
    return it == map->end() ? nullptr : it->second;
}

// The Locked serialises writers, so a copy never races another writer's publish.
void ViewCache::publish(const Locked&, std::int64_t game_id, std::shared_ptr<const View> view) {
    auto next = std::make_shared<Map>(*map_.load());
    (*next)[game_id] = std::move(view);
    map_.store(std::move(next));
}

void ViewCache::drop(const Locked&, std::int64_t game_id) {
    const auto current = map_.load();
    if (!current->contains(game_id)) return;
    auto next = std::make_shared<Map>(*current);
    next->erase(game_id);
    map_.store(std::move(next));
}

void ViewCache::clear(const Locked&) {
    map_.store(std::make_shared<const Map>());
}

}  // namespace adjutant::service
