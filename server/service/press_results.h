// SPDX-License-Identifier: Apache-2.0
// What press calls answer, as typed values; http/json_views.cpp turns them into JSON.
#pragma once

#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <vector>

#include "service/press_rules.h"

namespace adjutant::service {

// A message to send: to the powers named (and "GM"), or to every power.
struct PressDraft {
    std::vector<std::string> to;
    bool broadcast = false;
    bool anonymous = false;  // grey press: the recipients do not see who sent it
    std::string text;
};

// One message as one reader sees it.
struct PressMessage {
    std::int64_t id = 0;
    std::string phase;
    std::string from;  // a power, "GM", or "anonymous" for grey press the reader may not unmask
    std::vector<std::string> to;
    bool broadcast = false;
    bool anonymous = false;
    std::string text;
    std::int64_t sent_at = 0;
    std::string conversation;  // the reader's key for the exchange it belongs to
    bool unread = false;
};

struct PressPage {
    std::string reader;  // a power, "GM", or "public" once the game's press is published
    PressRules rules;
    std::vector<PressMessage> messages;          // oldest first
    std::optional<std::int64_t> next_after;      // set when there are more
    std::map<std::string, std::int64_t> unread;  // conversation -> unread messages
    std::vector<std::string> may_write_to;       // what the reader may send to now ("all" too)
    std::string closed;                          // why the reader may not write now, or empty
    std::string feed_key;                        // a seat's: its Atom feed (feed_service.h)
};

}  // namespace adjutant::service
