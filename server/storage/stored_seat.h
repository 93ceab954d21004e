// SPDX-License-Identifier: Apache-2.0
// One seat's entry of a resolved phase's stored orders, as a value: {"power", "text" (as
// submitted, refused lines and all), "orders" (the accepted ones, canonical), "source"}, as the
// resolution stores it. storage/codec.h reads it; the service redacts what a reader may see of
// it (service/visibility.h) before reading it.
#pragma once

#include <optional>
#include <string>
#include <vector>

namespace adjutant::storage {

struct StoredSeat {
    std::string power;
    std::optional<std::string> text;  // absent once redacted for a reader of another seat
    std::vector<std::string> orders;
    std::optional<std::string> source;
};

}  // namespace adjutant::storage
