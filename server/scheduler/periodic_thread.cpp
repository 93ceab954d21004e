// SPDX-License-Identifier: Apache-2.0
#include "scheduler/periodic_thread.h"

#include <spdlog/spdlog.h>

namespace adjutant::scheduler {

PeriodicThread::PeriodicThread(std::string name, std::chrono::seconds interval,
                               std::function<void()> task)
    : name_(std::move(name)), interval_(interval), task_(std::move(task)) {}

PeriodicThread::~PeriodicThread() {
    stop();
}

void PeriodicThread::start() {
    if (!thread_.joinable()) thread_ = std::thread([this] { loop(); });
}

void PeriodicThread::stop() {
    {
        std::lock_guard lock(mutex_);
        stopping_ = true;
    }
    wake_.notify_all();
    if (thread_.joinable()) thread_.join();
}

bool PeriodicThread::stopping() {
    std::lock_guard lock(mutex_);
    return stopping_;
}

void PeriodicThread::loop() {
    std::unique_lock lock(mutex_);
    while (!stopping_) {
        lock.unlock();
        try {
            task_();
        } catch (const std::exception& error) {
            spdlog::error("{}: {}", name_, error.what());
        }
        lock.lock();
        wake_.wait_for(lock, interval_, [this] { return stopping_; });
    }
}

}  // namespace adjutant::scheduler
