// SPDX-License-Identifier: Apache-2.0
// Server metrics in the Prometheus text exposition format: requests by route and status, a
// request latency histogram, resolutions, database errors, open connections, and the view
// cache's size and evictions (service/view_cache.h).
//
// Thread-safe and lock-free on the request path: every counter is a relaxed atomic, indexed
// by the route's label id (route_labels() in router.h) and the status code, so counting a
// request allocates nothing and never waits for another thread or for a scrape.
#pragma once

#include <array>
#include <atomic>
#include <cstddef>
#include <cstdint>
#include <memory>
#include <string>

#include "service/view_cache.h"

namespace adjutant::http {

class Metrics {
  public:
    Metrics();
    ~Metrics();

    // `route`: an index into route_labels(); `status`: the HTTP status sent.
    void request(std::size_t route, int status, double seconds);
    void database_error() { database_errors_.fetch_add(1, std::memory_order_relaxed); }
    void connection_opened() { connections_.fetch_add(1, std::memory_order_relaxed); }
    void connection_closed() { connections_.fetch_sub(1, std::memory_order_relaxed); }
    void connection_refused() { refused_.fetch_add(1, std::memory_order_relaxed); }
    int connections() const { return connections_.load(std::memory_order_relaxed); }

    // `resolutions`, `views`: the service's figures, passed in so metrics need not know the
    // service.
    std::string render(std::uint64_t resolutions, const service::ViewCacheFigures& views) const;

  private:
    static constexpr std::array<double, 12> kBuckets{0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025,
                                                     0.05,   0.1,   0.25,   0.5,   1.0,  2.5};
    // Statuses 100-599 each have a counter; anything else (never sent) counts at the nearer end.
    static constexpr int kFirstStatus = 100;
    static constexpr int kStatuses = 500;
    using StatusCounters = std::array<std::atomic<std::uint64_t>, kStatuses>;

    std::unique_ptr<StatusCounters[]> requests_;  // one row per route label
    std::array<std::atomic<std::uint64_t>, kBuckets.size() + 1> latency_{};  // +Inf last
    std::atomic<std::uint64_t> latency_sum_ns_{0};
    std::atomic<std::uint64_t> latency_count_{0};
    std::atomic<std::uint64_t> database_errors_{0};
    std::atomic<int> connections_{0};
    std::atomic<std::uint64_t> refused_{0};
};

}  // namespace adjutant::http
