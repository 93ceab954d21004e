// SPDX-License-Identifier: Apache-2.0
// Group commit for the WAL database: many transactions, one fsync.
//
// A transaction committed with Durability::Deferred (sqlite.h) is in the WAL file, in the
// operating system's cache, when COMMIT returns; one fdatasync of the WAL then makes it and
// every transaction committed before it durable. A caller asks after its commit, and hears
// back once an fdatasync that began after the request has finished. Requests arriving while a
// sync runs are answered together by the next one, so under load many submissions share one
// fsync. The fsync runs on this object's own thread, outside the database lock: requests for
// other games (and cached reads) never wait behind the disk.
//
// Thread-safe.
#pragma once

#include <condition_variable>
#include <cstddef>
#include <cstdint>
#include <functional>
#include <mutex>
#include <string>
#include <thread>
#include <vector>

namespace adjutant::storage {

class GroupSync {
  public:
    // One flush of what was committed: true when it reached the disk.
    using Flush = std::function<bool()>;
    // Called once per request: true when its commit is on disk, false when the flush failed
    // (the commit may then be lost, and must not be acknowledged).
    using Done = std::function<void(bool durable)>;

    // Flushes `wal_path` with fdatasync; an empty path (a database in memory, or not in WAL
    // mode) has nothing to flush and answers at once with true.
    explicit GroupSync(std::string wal_path);
    // For tests: `flush` stands in for the fdatasync.
    explicit GroupSync(Flush flush);
    // The flush the first constructor uses: fdatasync of `wal_path` (true at once if empty).
    static Flush wal_flush(std::string wal_path);
    // Answers every request still waiting (after one last flush) before returning.
    ~GroupSync();
    GroupSync(const GroupSync&) = delete;
    GroupSync& operator=(const GroupSync&) = delete;

    // After a deferred commit: `done` runs on the sync thread, so it should only hand the
    // answer on (post it to the connection's executor).
    void after_commit(Done done);
    // The same, waiting: true once the commit is on disk.
    bool wait();

    // How many flushes have finished (counted before their requests are answered), and how
    // many requests wait for the next one: the figures a bench reports, and a test's view.
    std::uint64_t flushes() const;
    std::size_t waiting() const;

  private:
    void run();

    Flush flush_;
    mutable std::mutex mutex_;
    std::condition_variable wake_;
    std::vector<Done> pending_;
    std::uint64_t flushes_ = 0;
    bool stopping_ = false;
    std::thread thread_;  // last: started once the rest is ready
};

}  // namespace adjutant::storage
