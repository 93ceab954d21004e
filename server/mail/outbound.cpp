// SPDX-License-Identifier: Apache-2.0
#include "mail/outbound.h"

#include <stdexcept>

#include <gmime/gmime.h>

#include "mail/gmime_init.h"
#include "service/mailbox.h"
#include "storage/mail_headers.h"

namespace adjutant::mail {

namespace {

// Headers the row may carry, in the order they are written; To-Name is ours, not a header.
constexpr const char* kPassedHeaders[] = {"Reply-To", "In-Reply-To", "References",
                                          "Auto-Submitted"};

}  // namespace

std::string bare_address(const std::string& mailbox) {
    ensure_gmime();
    InternetAddressList* list = internet_address_list_parse(nullptr, mailbox.c_str());
    std::string out;
    if (list && internet_address_list_length(list) > 0) {
        InternetAddress* address = internet_address_list_get_address(list, 0);
        if (INTERNET_ADDRESS_IS_MAILBOX(address))
            if (const char* addr =
                    internet_address_mailbox_get_addr(INTERNET_ADDRESS_MAILBOX(address)))
                out = addr;
    }
    if (list) g_object_unref(list);
    return out;
}

std::string build_message(const storage::OutboxRow& row, const std::string& from_header,
                          Envelope* envelope) {
    ensure_gmime();
    const storage::MailHeaders headers = storage::decode_mail_headers(row.headers);
    auto text = [&](const char* name) { return storage::header_value(headers, name); };

    const std::string from = bare_address(from_header);
    if (from.find('@') == std::string::npos)
        throw std::runtime_error("mail.from is not an address: " + from_header);
    // The check every address had when it was stored, again: a row from before it (or written
    // by hand) with a NUL, a list or a line break is not sent anywhere.
    if (const std::string problem = service::mailbox_problem(row.recipient); !problem.empty())
        throw std::runtime_error("not one e-mail address (" + problem + "): " + row.recipient);

    GMimeMessage* message = g_mime_message_new(TRUE);
    GMimeObject* object = GMIME_OBJECT(message);
    InternetAddressList* from_list = internet_address_list_parse(nullptr, from_header.c_str());
    internet_address_list_append(g_mime_message_get_from(message), from_list);
    g_object_unref(from_list);
    // The name's encoded words say utf-8 rather than the smallest charset that fits (GMime's
    // default): the one charset every reader handles.
    InternetAddress* to =
        internet_address_mailbox_new(text("To-Name").c_str(), row.recipient.c_str());
    internet_address_set_charset(to, "utf-8");
    internet_address_list_add(g_mime_message_get_to(message), to);
    g_object_unref(to);
    g_mime_message_set_subject(message, row.subject.c_str(), "utf-8");
    if (const std::string date = text("Date"); !date.empty())
        g_mime_object_set_header(object, "Date", date.c_str(), nullptr);
    if (std::string id = text("Message-ID"); id.size() > 2)
        g_mime_message_set_message_id(message, id.substr(1, id.size() - 2).c_str());
    for (const char* name : kPassedHeaders)
        if (const std::string value = text(name); !value.empty())
            g_mime_object_set_header(object, name, value.c_str(), nullptr);
    // Our loop marker: mail carrying it is never answered (inbound.cpp).
    g_mime_object_set_header(object, "X-Loop", from.c_str(), nullptr);

    GMimeTextPart* body = g_mime_text_part_new_with_subtype("plain");
    // The body goes in as the UTF-8 it is (g_mime_text_part_set_text would recode it into the
    // smallest charset that fits, e.g. ISO-8859-1).
    GMimeStream* content = g_mime_stream_mem_new_with_buffer(row.body.data(), row.body.size());
    GMimeDataWrapper* wrapper =
        g_mime_data_wrapper_new_with_stream(content, GMIME_CONTENT_ENCODING_DEFAULT);
    g_object_unref(content);
    g_mime_part_set_content(GMIME_PART(body), wrapper);
    g_object_unref(wrapper);
    g_mime_text_part_set_charset(body, "utf-8");
    // 7-bit text stays as it is; anything else gets quoted-printable (or base64 when shorter).
    g_mime_object_encode(GMIME_OBJECT(body), GMIME_ENCODING_CONSTRAINT_7BIT);
    g_mime_message_set_mime_part(message, GMIME_OBJECT(body));
    g_object_unref(body);

    GMimeFormatOptions* options = g_mime_format_options_clone(nullptr);
    g_mime_format_options_set_newline_format(options, GMIME_NEWLINE_FORMAT_DOS);
    char* bytes = g_mime_object_to_string(object, options);
    g_mime_format_options_free(options);
    std::string out = bytes ? bytes : "";
    g_free(bytes);
    g_object_unref(message);
    if (envelope) *envelope = Envelope{from, row.recipient};
    return out;
}

}  // namespace adjutant::mail
