// SPDX-License-Identifier: Apache-2.0
// The outbox sender that `serve` runs when mail is enabled: a thread that, every interval,
// asks the service to queue due notifications, then sends each due outbox row over SMTP.
// A failed row is retried with exponential backoff (retry_base_seconds doubling up to
// retry_max_seconds) until max_attempts, or given up at once on a permanent (5xx) refusal.
// Rows live in SQLite, so nothing is lost across restarts or relay outages.
#pragma once

#include "config/server_config.h"
#include "scheduler/periodic_thread.h"

namespace adjutant::service {
class MailService;
}

namespace adjutant::mail {

class OutboxSender {
  public:
    OutboxSender(service::MailService& service, config::MailConfig config);

    void start() { thread_.start(); }
    void stop() { thread_.stop(); }
    // One round: notifications, then every due row. Returns the rows sent (tests call it).
    int run_once();

  private:
    service::MailService& service_;
    config::MailConfig config_;
    scheduler::PeriodicThread thread_;  // last: stopped and joined before the members it uses go
};

}  // namespace adjutant::mail
