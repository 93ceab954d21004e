// SPDX-License-Identifier: Apache-2.0
// One seat's entry of a resolved phase's stored orders, as a value: {"power", "text" (as
// submitted, refused lines and all), "orders" (the accepted ones, canonical), "source"}, as the
// resolution stores it. storage/codec.h reads it and writes it back; a key it does not read, or
// one of another type than the resolution writes, is kept as its JSON text, so the seat renders
// back byte for byte. The service redacts what a reader may see of it (service/visibility.h).
#pragma once

#include <optional>
#include <string>
#include <utility>
#include <vector>

namespace adjutant::storage {

struct StoredSeat {
    std::optional<std::string> power;
    std::optional<std::string> text;  // absent once redacted for a reader of another seat
    std::optional<std::vector<std::string>> orders;
    std::optional<std::string> source;
    // The keys read as none of the above, each with its value's JSON text.
    std::vector<std::pair<std::string, std::string>> other;
};

}  // namespace adjutant::storage
