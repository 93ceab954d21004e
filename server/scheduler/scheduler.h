// SPDX-License-Identifier: Apache-2.0
// The deadline scheduler: a thread that asks the service to resolve every game whose
// deadline (plus grace) has passed, once at start (deadlines that passed while the server was
// down) and then every `interval`. Resolution itself is the service's; this only keeps time.
#pragma once

#include <chrono>

#include "scheduler/periodic_thread.h"

namespace adjutant::service {
class ResolutionService;
}

namespace adjutant::scheduler {

class Scheduler {
  public:
    Scheduler(service::ResolutionService& service, std::chrono::seconds interval);

    void start() { thread_.start(); }
    void stop() { thread_.stop(); }

  private:
    void tick();

    service::ResolutionService& service_;
    PeriodicThread thread_;  // last: stopped and joined before the members it uses go
};

}  // namespace adjutant::scheduler
