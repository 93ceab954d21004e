// Demo mode: on an empty database, create one game on the standard variant with every seat
// taken, and describe how to play it (the GM token, each seat's token, example requests).
#pragma once

#include <string>

#include "service/game_service.h"

namespace adjutant::app {

// Returns the text to print, or an empty string when the database already has games or the
// standard variant is not loaded.
std::string create_demo_game(service::GameService& service, const std::string& base_url);

}  // namespace adjutant::app
