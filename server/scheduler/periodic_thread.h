// SPDX-License-Identifier: Apache-2.0
// A background thread that runs one task at once and then every `interval` until stopped: the
// deadline scheduler and the outbox sender are each one task on one of these. A task that
// throws is logged under `name` and run again at the next interval, so one bad round never
// ends the thread. stop() wakes a waiting thread at once and joins it; a task running long
// batches asks stopping() between items so a shutdown need not wait for the whole batch.
#pragma once

#include <chrono>
#include <condition_variable>
#include <functional>
#include <mutex>
#include <string>
#include <thread>

namespace adjutant::scheduler {

class PeriodicThread {
  public:
    PeriodicThread(std::string name, std::chrono::seconds interval, std::function<void()> task);
    PeriodicThread(const PeriodicThread&) = delete;
    PeriodicThread& operator=(const PeriodicThread&) = delete;
    ~PeriodicThread();  // stops and joins

    void start();
    void stop();
    bool stopping();

  private:
    void loop();

    std::string name_;
    std::chrono::seconds interval_;
    std::function<void()> task_;
    std::mutex mutex_;
    std::condition_variable wake_;
    bool stopping_ = false;
    std::thread thread_;
};

}  // namespace adjutant::scheduler
