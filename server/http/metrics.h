// Server metrics in the Prometheus text exposition format: requests by route and status, a
// request latency histogram, resolutions, database errors, open connections.
//
// Thread-safe. Counting a request takes one short mutex; the route label set is small and
// fixed (route patterns, never raw paths), so the map does not grow with traffic.
#pragma once

#include <array>
#include <atomic>
#include <cstdint>
#include <map>
#include <mutex>
#include <string>
#include <utility>

namespace adjutant::http {

class Metrics {
  public:
    void request(const std::string& route, int status, double seconds);
    void database_error() { database_errors_.fetch_add(1, std::memory_order_relaxed); }
    void connection_opened() { connections_.fetch_add(1, std::memory_order_relaxed); }
    void connection_closed() { connections_.fetch_sub(1, std::memory_order_relaxed); }
    void connection_refused() { refused_.fetch_add(1, std::memory_order_relaxed); }
    int connections() const { return connections_.load(std::memory_order_relaxed); }

    // `resolutions`: the service's count, passed in so metrics need not know the service.
    std::string render(std::uint64_t resolutions) const;

  private:
    static constexpr std::array<double, 12> kBuckets{0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025,
                                                     0.05,   0.1,   0.25,   0.5,   1.0,  2.5};
    mutable std::mutex mutex_;
    std::map<std::pair<std::string, int>, std::uint64_t> requests_;
    std::array<std::uint64_t, kBuckets.size() + 1> latency_{};  // +Inf last
    double latency_sum_ = 0;
    std::uint64_t latency_count_ = 0;
    std::atomic<std::uint64_t> database_errors_{0};
    std::atomic<int> connections_{0};
    std::atomic<std::uint64_t> refused_{0};
};

}  // namespace adjutant::http
