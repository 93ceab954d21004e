// SPDX-License-Identifier: Apache-2.0
// What a server hears of the changes other servers on the same PostgreSQL database make: a
// connection of its own that LISTENs on kChangeChannel (postgres.h) and hands each
// notification's payload, written by another server's Database::notify_change, to a handler
// on a thread of its own (docs/storage.md, "Telling the other servers").
//
// PostgreSQL drops the notifications a listener misses while it is not connected, so after
// every connection, the first one included, the handler hears an empty payload: anything
// may have changed meanwhile. A lost connection is opened again every second until it works;
// stop() ends the thread within one poll interval.
#pragma once

#include <atomic>
#include <functional>
#include <string>
#include <string_view>
#include <thread>

struct pg_conn;

namespace adjutant::storage {

class ChangeListener {
  public:
    // Called on the listener's thread; an exception it throws is logged and the listening
    // goes on.
    using Handler = std::function<void(std::string_view payload)>;

    ChangeListener(std::string uri, Handler handler);
    ChangeListener(const ChangeListener&) = delete;
    ChangeListener& operator=(const ChangeListener&) = delete;
    ~ChangeListener();

    void start();
    void stop();

  private:
    void run();
    bool connect();
    void disconnect();
    void handle(std::string_view payload);
    void pause(int milliseconds);  // returns early when stopped

    std::string uri_;
    Handler handler_;
    pg_conn* conn_ = nullptr;
    bool reported_failure_ = false;  // one log line per outage, not one per retry
    std::atomic<bool> stopping_{false};
    std::thread thread_;
};

}  // namespace adjutant::storage
