// SPDX-License-Identifier: Apache-2.0
#include "scheduler/scheduler.h"

#include <spdlog/spdlog.h>

#include "service/game_service.h"

namespace adjutant::scheduler {

Scheduler::Scheduler(service::GameService& service, std::chrono::seconds interval)
    : service_(service), interval_(interval) {}

Scheduler::~Scheduler() {
    stop();
}

void Scheduler::start() {
    if (!thread_.joinable()) thread_ = std::thread([this] { loop(); });
}

void Scheduler::stop() {
    {
        std::lock_guard lock(mutex_);
        stopping_ = true;
    }
    wake_.notify_all();
    if (thread_.joinable()) thread_.join();
}

void Scheduler::loop() {
    std::unique_lock lock(mutex_);
    while (!stopping_) {
        lock.unlock();
        try {
            if (int resolved = service_.resolve_due(); resolved > 0)
                spdlog::info("scheduler: resolved {} phase(s) at their deadline", resolved);
        } catch (const std::exception& error) {
            spdlog::error("scheduler: {}", error.what());
        }
        lock.lock();
        wake_.wait_for(lock, interval_, [this] { return stopping_; });
    }
}

}  // namespace adjutant::scheduler
