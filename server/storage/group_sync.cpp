// SPDX-License-Identifier: Apache-2.0
#include "storage/group_sync.h"

#include <fcntl.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <future>

#include <spdlog/spdlog.h>

namespace adjutant::storage {

namespace {

// Opened for each flush rather than kept: SQLite may recreate the WAL file, and an old
// descriptor would then flush a file nobody writes. fdatasync flushes the file's data through
// any descriptor, so it covers what SQLite's own descriptor wrote.
bool flush_file(const std::string& path) {
    if (path.empty()) return true;
    const int fd = ::open(path.c_str(), O_RDONLY | O_CLOEXEC);
    if (fd < 0) {
        spdlog::error("group commit: cannot open {}: {}", path, std::strerror(errno));
        return false;
    }
    const bool ok = ::fdatasync(fd) == 0;
    if (!ok) spdlog::error("group commit: fdatasync {}: {}", path, std::strerror(errno));
    ::close(fd);
    return ok;
}

}  // namespace

GroupSync::Flush GroupSync::wal_flush(std::string wal_path) {
    return [path = std::move(wal_path)] { return flush_file(path); };
}

GroupSync::GroupSync(std::string wal_path) : GroupSync(wal_flush(std::move(wal_path))) {}

GroupSync::GroupSync(Flush flush) : flush_(std::move(flush)), thread_([this] { run(); }) {}

GroupSync::~GroupSync() {
    {
        std::lock_guard lock(mutex_);
        stopping_ = true;
    }
    wake_.notify_one();
    thread_.join();
}

void GroupSync::after_commit(Done done) {
    {
        std::lock_guard lock(mutex_);
        pending_.push_back(std::move(done));
    }
    wake_.notify_one();
}

bool GroupSync::wait() {
    std::promise<bool> durable;
    auto answer = durable.get_future();
    after_commit([&durable](bool ok) { durable.set_value(ok); });
    return answer.get();
}

std::size_t GroupSync::waiting() const {
    std::lock_guard lock(mutex_);
    return pending_.size();
}

std::uint64_t GroupSync::flushes() const {
    std::lock_guard lock(mutex_);
    return flushes_;
}

void GroupSync::run() {
    std::unique_lock lock(mutex_);
    for (;;) {
        wake_.wait(lock, [this] { return stopping_ || !pending_.empty(); });
        if (pending_.empty()) return;  // stopping, and nobody waits
        // Every request taken here was made after its commit returned, and the flush starts
        // after it is taken: the flush covers each of their commits.
        std::vector<Done> batch;
        batch.swap(pending_);
        lock.unlock();
        const bool ok = flush_();
        lock.lock();
        ++flushes_;
        lock.unlock();
        for (auto& done : batch) done(ok);
        lock.lock();
    }
}

}  // namespace adjutant::storage
