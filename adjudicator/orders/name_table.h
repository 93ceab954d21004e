// SPDX-License-Identifier: Apache-2.0
// The name index's table (names.h): normalised names to ids, found by a hash the caller works
// out as it builds the key a byte at a time. The order parser tries "par", then "par h", and so
// on, for every name in a line; with std::unordered_map each try hashed the whole key again and
// walked a bucket's nodes. Here a try is one step of FNV-1a per byte and, mostly, one slot of a
// flat array.
#pragma once

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace adjutant {

class NameTable {
  public:
    static constexpr std::uint64_t kEmptyHash = 14695981039346656037ULL;  // FNV-1a's offset basis
    static constexpr std::uint64_t hash_step(std::uint64_t hash, char c) {
        return (hash ^ static_cast<unsigned char>(c)) * 1099511628211ULL;
    }
    static std::uint64_t hash_of(std::string_view key) {
        std::uint64_t hash = kEmptyHash;
        for (char c : key) hash = hash_step(hash, c);
        return hash;
    }

    // Adds `key` for `id`; a key already present keeps its first id.
    void insert(std::string_view key, std::size_t id);
    // The id of `key`, whose hash_of is `hash`, or nullptr.
    const std::size_t* find(std::uint64_t hash, std::string_view key) const {
        if (slots_.empty()) return nullptr;
        const std::size_t mask = slots_.size() - 1;
        for (std::size_t i = hash & mask;; i = (i + 1) & mask) {
            const Slot& slot = slots_[i];
            if (!slot.used) return nullptr;
            if (slot.hash == hash && slot.length == key.size() &&
                std::equal(key.begin(), key.end(), chars_.begin() + slot.offset))
                return &slot.id;
        }
    }
    std::size_t size() const { return count_; }

  private:
    struct Slot {
        std::uint64_t hash = 0;
        std::size_t id = 0;
        std::uint32_t offset = 0;  // of the key in chars_
        std::uint32_t length = 0;
        bool used = false;
    };
    void place(const Slot& slot);

    std::vector<Slot> slots_;  // a power of two in size, at most half full
    std::string chars_;        // every key, one after another
    std::size_t count_ = 0;
};

}  // namespace adjutant
