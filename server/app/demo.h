// SPDX-License-Identifier: Apache-2.0
// Demo mode: on an empty database, create one game on the standard variant with every seat
// taken, and describe how to play it: the GM token, each seat's token and the web link that
// opens the seat, and requests that work as printed (copy, paste, run).
#pragma once

#include <string>

#include "service/game_service.h"

namespace adjutant::app {

// Returns the text to print. When the database already has games it says so (the tokens were
// printed at the first start and are not stored in clear, so they cannot be shown again) and
// how to start afresh; `database` names the file in that text. Empty when the standard variant
// is not loaded.
std::string create_demo_game(service::GameService& service, const std::string& base_url,
                             const std::string& database);

}  // namespace adjutant::app
