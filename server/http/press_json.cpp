// SPDX-License-Identifier: Apache-2.0
#include "http/press_json.h"

#include "http/request_fields.h"

#include "service/error.h"

namespace adjutant::http {

nlohmann::json press_rules_json(const service::PressRules& rules) {
    return {{"rule", rules.rule},
            {"grey", rules.grey},
            {"retreats", rules.in_retreats},
            {"adjustments", rules.in_adjustments},
            {"gm_reads_all", rules.gm_reads_all},
            {"publish_at_end", rules.publish_at_end}};
}

nlohmann::json press_message_json(const service::PressMessage& m) {
    return {{"id", m.id},
            {"phase", m.phase},
            {"from", m.from},
            {"to", m.broadcast ? nlohmann::json("all") : nlohmann::json(m.to)},
            {"anonymous", m.anonymous},
            {"text", m.text},
            {"sent_at", m.sent_at},
            {"conversation", m.conversation},
            {"unread", m.unread}};
}

nlohmann::json press_page_json(const service::PressPage& page) {
    nlohmann::json messages = nlohmann::json::array();
    for (const auto& m : page.messages) messages.push_back(press_message_json(m));
    return {
        {"reader", page.reader},
        {"rules", press_rules_json(page.rules)},
        {"messages", std::move(messages)},
        {"unread", page.unread},
        {"may_write_to", page.may_write_to},
        {"closed", page.closed.empty() ? nlohmann::json(nullptr) : nlohmann::json(page.closed)}};
}

service::PressDraft press_draft(const nlohmann::json& body) {
    service::PressDraft draft;
    const auto* to = field(body, "to");
    if (!to) throw service::bad_request("field 'to' is required: \"all\" or a list of powers");
    if (to->is_string() && to->get<std::string>() == "all") {
        draft.broadcast = true;
    } else if (to->is_array()) {
        for (const auto& name : *to) {
            if (!name.is_string() || name.get_ref<const std::string&>().size() > 100)
                throw service::bad_request("'to' lists power names");
            draft.to.push_back(name.get<std::string>());
        }
    } else {
        throw service::bad_request("field 'to' must be \"all\" or a list of powers");
    }
    const auto* text = field(body, "text");
    if (!text || !text->is_string()) throw service::bad_request("field 'text' is required");
    draft.text = text->get<std::string>();
    draft.anonymous = bool_field(body, "anonymous").value_or(false);
    return draft;
}

}  // namespace adjutant::http
