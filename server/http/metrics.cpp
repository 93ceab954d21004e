#include "http/metrics.h"

#include <cstdio>

namespace adjutant::http {

void Metrics::request(const std::string& route, int status, double seconds) {
    std::lock_guard lock(mutex_);
    ++requests_[{route, status}];
    std::size_t bucket = 0;
    while (bucket < kBuckets.size() && seconds > kBuckets[bucket]) ++bucket;
    ++latency_[bucket];
    latency_sum_ += seconds;
    ++latency_count_;
}

std::string Metrics::render(std::uint64_t resolutions) const {
    std::string out;
    char line[256];
    out += "# HELP adjutant_http_requests_total HTTP requests by route pattern and status.\n";
    out += "# TYPE adjutant_http_requests_total counter\n";
    std::lock_guard lock(mutex_);
    for (const auto& [key, count] : requests_) {
        std::snprintf(line, sizeof line,
                      "adjutant_http_requests_total{route=\"%s\",status=\"%d\"} %llu\n",
                      key.first.c_str(), key.second, static_cast<unsigned long long>(count));
        out += line;
    }
    out += "# HELP adjutant_http_request_duration_seconds Request handling latency.\n";
    out += "# TYPE adjutant_http_request_duration_seconds histogram\n";
    std::uint64_t cumulative = 0;
    for (std::size_t i = 0; i <= kBuckets.size(); ++i) {
        cumulative += latency_[i];
        if (i < kBuckets.size())
            std::snprintf(line, sizeof line,
                          "adjutant_http_request_duration_seconds_bucket{le=\"%g\"} %llu\n",
                          kBuckets[i], static_cast<unsigned long long>(cumulative));
        else
            std::snprintf(line, sizeof line,
                          "adjutant_http_request_duration_seconds_bucket{le=\"+Inf\"} %llu\n",
                          static_cast<unsigned long long>(cumulative));
        out += line;
    }
    std::snprintf(line, sizeof line,
                  "adjutant_http_request_duration_seconds_sum %.6f\n"
                  "adjutant_http_request_duration_seconds_count %llu\n",
                  latency_sum_, static_cast<unsigned long long>(latency_count_));
    out += line;
    char tail[1024];
    std::snprintf(tail, sizeof tail,
                  "# HELP adjutant_resolutions_total Phases resolved.\n"
                  "# TYPE adjutant_resolutions_total counter\n"
                  "adjutant_resolutions_total %llu\n"
                  "# HELP adjutant_database_errors_total Database failures.\n"
                  "# TYPE adjutant_database_errors_total counter\n"
                  "adjutant_database_errors_total %llu\n"
                  "# HELP adjutant_http_connections Open HTTP connections.\n"
                  "# TYPE adjutant_http_connections gauge\n"
                  "adjutant_http_connections %d\n"
                  "# HELP adjutant_http_connections_refused_total Connections over the cap.\n"
                  "# TYPE adjutant_http_connections_refused_total counter\n"
                  "adjutant_http_connections_refused_total %llu\n",
                  static_cast<unsigned long long>(resolutions),
                  static_cast<unsigned long long>(database_errors_.load()), connections_.load(),
                  static_cast<unsigned long long>(refused_.load()));
    out += tail;
    return out;
}

}  // namespace adjutant::http
