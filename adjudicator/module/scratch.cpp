// SPDX-License-Identifier: Apache-2.0
#include "module/scratch.h"

namespace adjutant {

ModuleScratch::Holder& ModuleScratch::find_or_make(const void* key, Make make) {
    for (Slot& s : slots_)
        if (s.key == key) return *s.scratch;
    slots_.push_back(Slot{key, make()});
    return *slots_.back().scratch;
}

}  // namespace adjutant
