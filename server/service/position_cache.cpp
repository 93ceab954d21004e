// SPDX-License-Identifier: Apache-2.0
#include "service/position_cache.h"

#include "service/codec.h"

namespace adjutant::service {

Position PositionCache::decoded(std::int64_t game_id,
                                const std::shared_ptr<const LoadedVariant>& variant,
                                std::string_view text) {
    auto it = entries_.find(game_id);
    if (it != entries_.end() && it->second.variant == variant && it->second.text == text)
        return it->second.position;
    // Decoded before anything is stored: a text that does not decode throws and leaves no entry.
    Position position = decode_position(variant->variant, text);
    if (it == entries_.end()) {
        if (entries_.size() >= kMaxGames) entries_.erase(entries_.begin());
        it = entries_.emplace(game_id, Entry{}).first;
    }
    it->second = Entry{variant, std::string(text), position};
    return position;
}

}  // namespace adjutant::service
