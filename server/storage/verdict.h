// SPDX-License-Identifier: Apache-2.0
// One line of a submission as the parser judged it: the service's answer to a seat, and what is
// stored with the orders (as JSON, storage/codec.h), so a seat reads back the verdicts it was
// given.
#pragma once

#include <string>

namespace adjutant::storage {

struct Verdict {
    int line = 0;       // 1-based, in the submitted text
    std::string input;  // the line as written, trimmed
    bool accepted = false;
    std::string order;  // accepted: the canonical order
    std::string error;  // refused: why
    std::string note;   // either: e.g. "replaced by line 7"
};

}  // namespace adjutant::storage
