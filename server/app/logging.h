// SPDX-License-Identifier: Apache-2.0
// The process's log: standard error, UTC timestamps (ISO 8601 with a Z), and either one text
// line per record or, with log_format "json", one JSON object per line for log shippers:
// {"time":"2026-12-01T09:30:00.123Z","level":"info","message":"..."}.
#pragma once

#include <string>

namespace adjutant::app {

// `level` and `format` are the configuration's, already checked (config/server_config.h).
void setup_logging(const std::string& level, const std::string& format);

}  // namespace adjutant::app
