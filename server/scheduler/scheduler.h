// SPDX-License-Identifier: Apache-2.0
// The deadline scheduler: a thread that asks the service to resolve every game whose
// deadline (plus grace) has passed, once at start (deadlines that passed while the server was
// down) and then every `interval`. Resolution itself is the service's; this only keeps time.
#pragma once

#include <chrono>
#include <condition_variable>
#include <mutex>
#include <thread>

namespace adjutant::service {
class GameService;
}

namespace adjutant::scheduler {

class Scheduler {
  public:
    Scheduler(service::GameService& service, std::chrono::seconds interval);
    ~Scheduler();  // stops and joins

    void start();
    void stop();

  private:
    void loop();

    service::GameService& service_;
    std::chrono::seconds interval_;
    std::mutex mutex_;
    std::condition_variable wake_;
    bool stopping_ = false;
    std::thread thread_;
};

}  // namespace adjutant::scheduler
