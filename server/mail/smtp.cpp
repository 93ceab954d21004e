// SPDX-License-Identifier: Apache-2.0
#include "mail/smtp.h"

#include <algorithm>
#include <cstring>
#include <mutex>

#include <curl/curl.h>

namespace adjutant::mail {

namespace {

struct Upload {
    const std::string* data;
    std::size_t offset = 0;
};

std::size_t read_chunk(char* buffer, std::size_t size, std::size_t count, void* user) {
    auto* upload = static_cast<Upload*>(user);
    const std::size_t n = std::min(size * count, upload->data->size() - upload->offset);
    std::memcpy(buffer, upload->data->data() + upload->offset, n);
    upload->offset += n;
    return n;
}

}  // namespace

SmtpResult smtp_send(const std::string& relay_url, const std::string& mail_from,
                     const std::string& rcpt_to, const std::string& message) {
    static std::once_flag once;
    std::call_once(once, [] { curl_global_init(CURL_GLOBAL_DEFAULT); });
    SmtpResult result;
    CURL* curl = curl_easy_init();
    if (!curl) {
        result.error = "curl_easy_init failed";
        return result;
    }
    Upload upload{&message};
    const std::string from = "<" + mail_from + ">";
    curl_slist* recipients = curl_slist_append(nullptr, ("<" + rcpt_to + ">").c_str());
    char error[CURL_ERROR_SIZE] = "";
    curl_easy_setopt(curl, CURLOPT_URL, relay_url.c_str());
    curl_easy_setopt(curl, CURLOPT_MAIL_FROM, from.c_str());
    curl_easy_setopt(curl, CURLOPT_MAIL_RCPT, recipients);
    curl_easy_setopt(curl, CURLOPT_READFUNCTION, read_chunk);
    curl_easy_setopt(curl, CURLOPT_READDATA, &upload);
    curl_easy_setopt(curl, CURLOPT_UPLOAD, 1L);
    curl_easy_setopt(curl, CURLOPT_INFILESIZE_LARGE, static_cast<curl_off_t>(message.size()));
    curl_easy_setopt(curl, CURLOPT_CONNECTTIMEOUT, 10L);
    curl_easy_setopt(curl, CURLOPT_TIMEOUT, 60L);
    curl_easy_setopt(curl, CURLOPT_NOSIGNAL, 1L);  // we run on a worker thread
    curl_easy_setopt(curl, CURLOPT_ERRORBUFFER, error);
    const CURLcode code = curl_easy_perform(curl);
    long response = 0;
    curl_easy_getinfo(curl, CURLINFO_RESPONSE_CODE, &response);
    curl_slist_free_all(recipients);
    curl_easy_cleanup(curl);
    if (code == CURLE_OK) {
        result.sent = true;
        return result;
    }
    result.error =
        std::string(curl_easy_strerror(code)) + (*error ? ": " + std::string(error) : "");
    if (response > 0) result.error += " (SMTP " + std::to_string(response) + ")";
    result.permanent = response >= 500 && response < 600;
    result.unreachable = code == CURLE_COULDNT_CONNECT || code == CURLE_COULDNT_RESOLVE_HOST ||
                         code == CURLE_OPERATION_TIMEDOUT;
    return result;
}

}  // namespace adjutant::mail
