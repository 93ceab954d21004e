// SPDX-License-Identifier: Apache-2.0
// Counts heap allocations made by this process, so the benchmark can report allocations per
// phase. The counting operator new lives in allocation_counter.cpp.
#pragma once

#include <cstdint>

namespace adjutant::bench {

std::uint64_t allocation_count();

}  // namespace adjutant::bench
