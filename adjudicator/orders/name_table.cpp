// SPDX-License-Identifier: Apache-2.0
#include "orders/name_table.h"

namespace adjutant {

void NameTable::place(const Slot& slot) {
    const std::size_t mask = slots_.size() - 1;
    std::size_t i = slot.hash & mask;
    while (slots_[i].used) i = (i + 1) & mask;
    slots_[i] = slot;
}

void NameTable::insert(std::string_view key, std::size_t id) {
    const std::uint64_t hash = hash_of(key);
    if (find(hash, key) != nullptr) return;
    if (2 * (count_ + 1) > slots_.size()) {
        std::vector<Slot> old;
        old.swap(slots_);
        slots_.assign(old.empty() ? 64 : 2 * old.size(), Slot{});
        for (const Slot& s : old)
            if (s.used) place(s);
    }
    Slot slot;
    slot.hash = hash;
    slot.id = id;
    slot.offset = static_cast<std::uint32_t>(chars_.size());
    slot.length = static_cast<std::uint32_t>(key.size());
    slot.used = true;
    chars_.append(key);
    place(slot);
    ++count_;
}

}  // namespace adjutant
