// SPDX-License-Identifier: Apache-2.0
#include "app/logging.h"

#include <memory>

#include <spdlog/pattern_formatter.h>
#include <spdlog/sinks/stdout_color_sinks.h>
#include <spdlog/sinks/stdout_sinks.h>
#include <spdlog/spdlog.h>
#include <nlohmann/json.hpp>

namespace adjutant::app {

namespace {

constexpr const char* kTime = "%Y-%m-%dT%H:%M:%S.%eZ";

// %* in a pattern: the message as the inside of a JSON string. Messages carry client text
// (paths), so invalid UTF-8 is replaced rather than allowed to throw.
class JsonMessageFlag : public spdlog::custom_flag_formatter {
  public:
    void format(const spdlog::details::log_msg& msg, const std::tm&,
                spdlog::memory_buf_t& dest) override {
        const std::string quoted =
            nlohmann::json(std::string(msg.payload.data(), msg.payload.size()))
                .dump(-1, ' ', false, nlohmann::json::error_handler_t::replace);
        dest.append(quoted.data() + 1, quoted.data() + quoted.size() - 1);
    }
    std::unique_ptr<custom_flag_formatter> clone() const override {
        return std::make_unique<JsonMessageFlag>();
    }
};

}  // namespace

void setup_logging(const std::string& level, const std::string& format) {
    auto formatter = std::make_unique<spdlog::pattern_formatter>(spdlog::pattern_time_type::utc);
    std::shared_ptr<spdlog::logger> logger;
    if (format == "json") {
        logger = spdlog::stderr_logger_mt("adjutant");
        formatter->add_flag<JsonMessageFlag>('*').set_pattern(
            std::string("{\"time\":\"") + kTime + "\",\"level\":\"%l\",\"message\":\"%*\"}");
    } else {
        logger = spdlog::stderr_color_mt("adjutant");
        formatter->set_pattern(std::string(kTime) + " %^%l%$ %v");
    }
    logger->set_formatter(std::move(formatter));
    spdlog::set_default_logger(logger);
    spdlog::set_level(spdlog::level::from_str(level));
}

}  // namespace adjutant::app
