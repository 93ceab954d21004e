// SPDX-License-Identifier: Apache-2.0
#include "service/game_document.h"

#include "service/view_cache.h"

namespace adjutant::service {

namespace {

constexpr std::size_t kBlockHeader = 16;  // what the allocator adds to each block

template <typename T>
std::size_t block_of(const std::vector<T>& items) {
    return items.capacity() == 0 ? 0 : items.capacity() * sizeof(T) + kBlockHeader;
}

std::size_t optional_bytes(const std::optional<std::string>& text) {
    return text ? heap_bytes(*text) : 0;
}

std::size_t strings_bytes(const std::vector<std::string>& texts) {
    std::size_t bytes = block_of(texts);
    for (const auto& text : texts) bytes += heap_bytes(text);
    return bytes;
}

std::size_t position_bytes(const Position& position) {
    std::size_t bytes = block_of(position.units) + block_of(position.dislodged) +
                        block_of(position.standoffs) + block_of(position.owner);
    for (const auto& unit : position.units)
        bytes += heap_bytes(unit.stats.general) + block_of(unit.stats.supply_line);
    for (const auto& dislodged : position.dislodged)
        bytes += heap_bytes(dislodged.unit.stats.general) +
                 block_of(dislodged.unit.stats.supply_line) + block_of(dislodged.retreats);
    // The unit index (a slot per province; private to the position).
    return bytes + position.owner.size() * sizeof(std::uint32_t) + kBlockHeader;
}

}  // namespace

std::size_t heap_bytes(const GameDocument& game) {
    std::size_t bytes =
        heap_bytes(game.name) + heap_bytes(game.variant) + heap_bytes(game.phase) +
        heap_bytes(game.phase_etag) + heap_bytes(game.settings.missing_policy) +
        heap_bytes(game.settings.press.rule) + heap_bytes(game.settings.assignment) +
        optional_bytes(game.settings.missing_orders.gm_email) + heap_bytes(game.seed_commitment) +
        optional_bytes(game.winner) + optional_bytes(game.seed) + block_of(game.extensions) +
        block_of(game.seats) + position_bytes(game.position);
    for (const auto& extension : game.extensions)
        bytes += heap_bytes(extension.phase) + heap_bytes(extension.power);
    if (game.result) bytes += strings_bytes(game.result->powers) + heap_bytes(game.result->winner);
    for (const auto& seat : game.seats)
        bytes += heap_bytes(seat.power) + optional_bytes(seat.player) +
                 heap_bytes(seat.attendance.power);
    if (game.fog) {
        bytes += heap_bytes(game.fog->power) + strings_bytes(game.fog->seen);
        if (game.fog->sight)
            bytes += block_of(game.fog->sight->occupied) + block_of(game.fog->sight->seen);
    }
    return bytes;
}

std::size_t heap_bytes(const HistoryDocument& history) {
    std::size_t bytes = block_of(history.phases);
    for (const auto& phase : history.phases)
        bytes += heap_bytes(phase.phase) + optional_bytes(phase.hash) + heap_bytes(phase.prev_hash);
    return bytes;
}

}  // namespace adjutant::service
