// SPDX-License-Identifier: Apache-2.0
#include "mail/inbound.h"

#include <gmime/gmime.h>

#include "core/text.h"
#include "mail/body_text.h"
#include "mail/gmime_init.h"

namespace adjutant::mail {

namespace {

std::string header(GMimeObject* object, const char* name) {
    const char* value = g_mime_object_get_header(object, name);
    return value ? std::string(trim(value)) : std::string();
}

// The first mailbox address of a list, lower-case.
std::string first_address(InternetAddressList* list, bool want_plus = false) {
    if (!list) return {};
    const int count = internet_address_list_length(list);
    for (int i = 0; i < count; ++i) {
        InternetAddress* address = internet_address_list_get_address(list, i);
        if (!INTERNET_ADDRESS_IS_MAILBOX(address)) continue;
        const char* addr = internet_address_mailbox_get_addr(INTERNET_ADDRESS_MAILBOX(address));
        if (!addr || !*addr) continue;
        std::string result = lowercase(addr);
        if (!want_plus || result.find('+') != std::string::npos) return result;
    }
    return {};
}

struct TextPart {
    std::string text;
    bool html = false;
    bool found = false;
};

bool is_attachment(GMimeObject* part) {
    const GMimeContentDisposition* disposition = g_mime_object_get_content_disposition(part);
    return disposition && g_mime_content_disposition_is_attachment(
                              const_cast<GMimeContentDisposition*>(disposition));
}

std::string part_text(GMimePart* part) {
    // g_mime_text_part_get_text undoes the transfer encoding and converts the declared charset
    // (or, lacking one, a guess) to UTF-8.
    char* text = g_mime_text_part_get_text(GMIME_TEXT_PART(part));
    if (!text) return {};
    std::string out(text);
    g_free(text);
    if (!g_utf8_validate(out.data(), static_cast<gssize>(out.size()), nullptr)) {
        char* valid = g_utf8_make_valid(out.data(), static_cast<gssize>(out.size()));
        out = valid;
        g_free(valid);
    }
    return out;
}

// Depth-first: the first text/plain wins; a text/html is kept in case no plain text exists.
void find_text(GMimeObject* object, TextPart& plain, TextPart& html, int depth) {
    if (!object || depth > 16 || plain.found) return;
    if (GMIME_IS_MULTIPART(object)) {
        GMimeMultipart* multipart = GMIME_MULTIPART(object);
        const int count = g_mime_multipart_get_count(multipart);
        for (int i = 0; i < count && !plain.found; ++i)
            find_text(g_mime_multipart_get_part(multipart, i), plain, html, depth + 1);
        return;
    }
    if (!GMIME_IS_TEXT_PART(object) || is_attachment(object)) return;  // forwarded mail too
    GMimeContentType* type = g_mime_object_get_content_type(object);
    if (g_mime_content_type_is_type(type, "text", "plain")) {
        plain.text = part_text(GMIME_PART(object));
        plain.found = true;
    } else if (g_mime_content_type_is_type(type, "text", "html") && !html.found) {
        html.text = part_text(GMIME_PART(object));
        html.html = true;
        html.found = true;
    }
}

std::string automated_reason(GMimeObject* object, const InboundMessage& in,
                             std::string_view own_address) {
    const std::string auto_submitted = lowercase(header(object, "Auto-Submitted"));
    if (!auto_submitted.empty() && auto_submitted != "no")
        return "Auto-Submitted: " + auto_submitted;
    const std::string precedence = lowercase(header(object, "Precedence"));
    if (precedence == "bulk" || precedence == "junk" || precedence == "list")
        return "Precedence: " + precedence;
    if (!header(object, "X-Autoreply").empty() || !header(object, "X-Autorespond").empty() ||
        !header(object, "X-Auto-Response-Suppress").empty())
        return "auto-reply header";
    if (!header(object, "List-Id").empty()) return "mailing list";
    if (!own_address.empty() && lowercase(header(object, "X-Loop")) == lowercase(own_address))
        return "our own X-Loop";
    if (in.return_path == "<>" || in.return_path == "<<>>") return "null Return-Path (bounce)";
    const std::string local = in.from.substr(0, in.from.find('@'));
    if (local == "mailer-daemon" || local == "postmaster" || local == "noreply" ||
        local == "no-reply" || local == "do-not-reply")
        return "sender " + in.from;
    if (!own_address.empty() && in.from == lowercase(own_address)) return "our own address";
    GMimeContentType* type = g_mime_object_get_content_type(object);
    if (type && g_mime_content_type_is_type(type, "multipart", "report")) return "delivery report";
    return {};
}

}  // namespace

InboundMessage parse_inbound(std::string_view raw, std::string_view own_address) {
    ensure_gmime();
    InboundMessage in;
    GMimeStream* stream = g_mime_stream_mem_new_with_buffer(raw.data(), raw.size());
    GMimeParser* parser = g_mime_parser_new_with_stream(stream);
    g_object_unref(stream);
    GMimeMessage* message = g_mime_parser_construct_message(parser, nullptr);
    g_object_unref(parser);
    if (!message) {
        in.text_error = "not a MIME message";
        return in;
    }
    GMimeObject* object = GMIME_OBJECT(message);
    in.from = first_address(g_mime_message_get_from(message));
    if (const char* subject = g_mime_message_get_subject(message))
        in.subject = std::string(trim(subject));
    if (const char* id = g_mime_message_get_message_id(message); id && *id)
        in.message_id = std::string("<").append(id).append(">");
    in.references = header(object, "References");
    in.return_path = header(object, "Return-Path");
    in.delivered_to = lowercase(header(object, "Delivered-To"));
    if (in.delivered_to.empty())
        in.delivered_to = first_address(g_mime_message_get_to(message), true);
    if (in.delivered_to.empty())
        in.delivered_to = first_address(g_mime_message_get_cc(message), true);
    in.automated = automated_reason(object, in, own_address);

    TextPart plain, html;
    find_text(g_mime_message_get_mime_part(message), plain, html, 0);
    g_object_unref(message);
    std::string text;
    if (plain.found)
        text = plain.text;
    else if (html.found)
        text = html_to_text(html.text);
    else
        in.text_error = "the message has no text part";
    if (text.size() > kMaxTextBytes) {
        in.text_error =
            "the message text is longer than " + std::to_string(kMaxTextBytes / 1024) + " KiB";
        return in;
    }
    in.text = command_text(text);
    return in;
}

}  // namespace adjutant::mail
