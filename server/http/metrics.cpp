// SPDX-License-Identifier: Apache-2.0
#include "http/metrics.h"

#include <algorithm>
#include <cstdio>

#include "http/router.h"

namespace adjutant::http {

Metrics::Metrics() : requests_(std::make_unique<StatusCounters[]>(route_labels().size())) {}

Metrics::~Metrics() = default;

void Metrics::request(std::size_t route, int status, double seconds) {
    const int slot = std::clamp(status, kFirstStatus, kFirstStatus + kStatuses - 1) - kFirstStatus;
    if (route < route_labels().size())
        requests_[route][static_cast<std::size_t>(slot)].fetch_add(1, std::memory_order_relaxed);
    std::size_t bucket = 0;
    while (bucket < kBuckets.size() && seconds > kBuckets[bucket]) ++bucket;
    latency_[bucket].fetch_add(1, std::memory_order_relaxed);
    // Whole nanoseconds, so the sum can be an integer atomic (no lock, no CAS loop).
    latency_sum_ns_.fetch_add(static_cast<std::uint64_t>(seconds * 1e9), std::memory_order_relaxed);
    latency_count_.fetch_add(1, std::memory_order_relaxed);
}

std::string Metrics::render(std::uint64_t resolutions,
                            const service::ViewCacheFigures& views) const {
    std::string out;
    char line[256];
    out += "# HELP adjutant_http_requests_total HTTP requests by route pattern and status.\n";
    out += "# TYPE adjutant_http_requests_total counter\n";
    const auto labels = route_labels();
    for (std::size_t route = 0; route < labels.size(); ++route) {
        for (int slot = 0; slot < kStatuses; ++slot) {
            const auto count =
                requests_[route][static_cast<std::size_t>(slot)].load(std::memory_order_relaxed);
            if (count == 0) continue;
            std::snprintf(line, sizeof line,
                          "adjutant_http_requests_total{route=\"%.*s\",status=\"%d\"} %llu\n",
                          static_cast<int>(labels[route].size()), labels[route].data(),
                          slot + kFirstStatus, static_cast<unsigned long long>(count));
            out += line;
        }
    }
    out += "# HELP adjutant_http_request_duration_seconds Request handling latency.\n";
    out += "# TYPE adjutant_http_request_duration_seconds histogram\n";
    std::uint64_t cumulative = 0;
    for (std::size_t i = 0; i <= kBuckets.size(); ++i) {
        cumulative += latency_[i].load(std::memory_order_relaxed);
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
                  static_cast<double>(latency_sum_ns_.load(std::memory_order_relaxed)) / 1e9,
                  static_cast<unsigned long long>(latency_count_.load(std::memory_order_relaxed)));
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
    std::snprintf(tail, sizeof tail,
                  "# HELP adjutant_view_cache_bytes Bytes the cached game documents and histories "
                  "hold, with their texts (estimated).\n"
                  "# TYPE adjutant_view_cache_bytes gauge\n"
                  "adjutant_view_cache_bytes %lld\n"
                  "# HELP adjutant_view_cache_limit_bytes The most they may hold "
                  "(limits.view_cache_bytes).\n"
                  "# TYPE adjutant_view_cache_limit_bytes gauge\n"
                  "adjutant_view_cache_limit_bytes %llu\n"
                  "# HELP adjutant_view_cache_entries Cached game documents and histories.\n"
                  "# TYPE adjutant_view_cache_entries gauge\n"
                  "adjutant_view_cache_entries %llu\n"
                  "# HELP adjutant_view_cache_evictions_total Cached views evicted to stay "
                  "within the limit.\n"
                  "# TYPE adjutant_view_cache_evictions_total counter\n"
                  "adjutant_view_cache_evictions_total %llu\n",
                  static_cast<long long>(views.bytes), static_cast<unsigned long long>(views.limit),
                  static_cast<unsigned long long>(views.entries),
                  static_cast<unsigned long long>(views.evictions));
    out += tail;
    return out;
}

}  // namespace adjutant::http
