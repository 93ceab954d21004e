// SPDX-License-Identifier: Apache-2.0
#include "storage/change_listener.h"

#include <libpq-fe.h>
#include <poll.h>

#include <spdlog/spdlog.h>

#include "storage/postgres.h"

namespace adjutant::storage {

namespace {

constexpr int kPollMilliseconds = 200;        // how soon stop() is heard
constexpr int kReconnectMilliseconds = 1000;  // between attempts while the database is away

}  // namespace

ChangeListener::ChangeListener(std::string uri, Handler handler)
    : uri_(std::move(uri)), handler_(std::move(handler)) {}

ChangeListener::~ChangeListener() {
    stop();
}

void ChangeListener::start() {
    if (thread_.joinable()) return;
    stopping_ = false;
    thread_ = std::thread([this] { run(); });
}

void ChangeListener::stop() {
    stopping_ = true;
    if (thread_.joinable()) thread_.join();
    disconnect();
}

bool ChangeListener::connect() {
    conn_ = PQconnectdb(uri_.c_str());
    if (PQstatus(conn_) == CONNECTION_OK) {
        PGresult* result = PQexec(conn_, (std::string("LISTEN ") + kChangeChannel).c_str());
        const bool listening = PQresultStatus(result) == PGRES_COMMAND_OK;
        PQclear(result);
        if (listening) {
            if (reported_failure_) spdlog::info("change listener: connected again");
            reported_failure_ = false;
            return true;
        }
    }
    if (!reported_failure_) {
        // The message names the server, never the URI, which may hold a password.
        std::string message = PQerrorMessage(conn_);
        while (!message.empty() && message.back() == '\n') message.pop_back();
        spdlog::warn("change listener: cannot listen to the database ({}); retrying each second",
                     message);
        reported_failure_ = true;
    }
    disconnect();
    return false;
}

void ChangeListener::disconnect() {
    if (conn_) PQfinish(conn_);
    conn_ = nullptr;
}

void ChangeListener::handle(std::string_view payload) {
    try {
        handler_(payload);
    } catch (const std::exception& error) {
        spdlog::error("change listener: {}", error.what());
    }
}

void ChangeListener::pause(int milliseconds) {
    for (int waited = 0; waited < milliseconds && !stopping_; waited += kPollMilliseconds)
        std::this_thread::sleep_for(std::chrono::milliseconds(kPollMilliseconds));
}

void ChangeListener::run() {
    while (!stopping_) {
        if (!conn_) {
            if (!connect()) {
                pause(kReconnectMilliseconds);
                continue;
            }
            handle({});  // what was announced before this connection is lost to us
        }
        pollfd descriptor{PQsocket(conn_), POLLIN, 0};
        const int ready = poll(&descriptor, 1, kPollMilliseconds);
        if (ready < 0) continue;  // EINTR
        // A session the database ended (a restart, pg_terminate_backend) may first hand over
        // its closing error and only then fail: both mean the connection is gone.
        if (ready > 0 && (!PQconsumeInput(conn_) || PQstatus(conn_) != CONNECTION_OK)) {
            spdlog::warn("change listener: the connection was lost; connecting again");
            reported_failure_ = true;
            disconnect();
            continue;
        }
        while (PGnotify* notification = PQnotifies(conn_)) {
            const std::string payload = notification->extra ? notification->extra : "";
            PQfreemem(notification);
            handle(payload);
        }
    }
}

}  // namespace adjutant::storage
