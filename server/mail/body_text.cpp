// SPDX-License-Identifier: Apache-2.0
#include "mail/body_text.h"

#include "core/text.h"
#include "mail/html_entities.h"

#include <algorithm>

namespace adjutant::mail {

namespace {

std::string rtrim(std::string_view line) {
    auto end = line.find_last_not_of(" \t\r");
    return end == std::string_view::npos ? std::string() : std::string(line.substr(0, end + 1));
}

bool starts_with(std::string_view text, std::string_view prefix) {
    return text.substr(0, prefix.size()) == prefix;
}

}  // namespace

std::string command_text(std::string_view body) {
    std::string out;
    std::size_t start = 0;
    while (start < body.size()) {
        auto end = body.find('\n', start);
        if (end == std::string_view::npos) end = body.size();
        std::string line = rtrim(body.substr(start, end - start));
        start = end + 1;
        // U+00A0 (no-break space) is what many clients put where the sender typed spaces.
        for (std::size_t at; (at = line.find("\xC2\xA0")) != std::string::npos;)
            line.replace(at, 2, 1, ' ');
        const std::string trimmed =
            line.substr(std::min(line.find_first_not_of(" \t"), line.size()));
        const std::string low = lowercase(trimmed);
        // "-- " is the standard separator; rtrim made it "--". A lone "--" is no order either.
        if (trimmed == "--") break;
        if (starts_with(low, "-----original message") || starts_with(low, "-----begin forward") ||
            starts_with(low, "---------- forwarded message") || starts_with(trimmed, "________"))
            break;
        if (starts_with(trimmed, ">")) continue;
        if (starts_with(low, "on ") && low.size() > 6 && low.ends_with("wrote:")) break;
        out += line;
        out += '\n';
    }
    while (!out.empty() && (out.back() == '\n' || out.back() == ' ')) out.pop_back();
    if (!out.empty()) out += '\n';
    return out;
}

std::string html_to_text(std::string_view html) {
    std::string out;
    std::size_t i = 0;
    std::string skip_until;  // inside <style>, <script> or <head>: the closing tag
    while (i < html.size()) {
        const char c = html[i];
        if (c == '<') {
            const auto close = html.find('>', i);
            if (close == std::string_view::npos) break;
            std::string tag = lowercase(html.substr(i + 1, close - i - 1));
            i = close + 1;
            const bool closing = !tag.empty() && tag[0] == '/';
            std::string name = tag.substr(closing ? 1 : 0);
            name = name.substr(0, name.find_first_of(" \t\r\n/"));
            if (!skip_until.empty()) {
                if (closing && name == skip_until) skip_until.clear();
                continue;
            }
            if (!closing && (name == "style" || name == "script" || name == "head")) {
                skip_until = name;
                continue;
            }
            if (name == "br" ||
                ((closing || name == "p") &&
                 (name == "p" || name == "div" || name == "li" || name == "tr" || name == "h1" ||
                  name == "h2" || name == "h3" || name == "blockquote" || name == "pre")))
                out += '\n';
            if (name == "blockquote" && !closing) out += "> ";  // quoted: dropped later
            continue;
        }
        if (!skip_until.empty()) {
            ++i;
            continue;
        }
        if (c == '&') {
            const CharacterReference reference = character_reference(html.substr(i));
            if (reference.length > 0) {
                // A no-break space is written as a space, so that the lines are trimmed of it.
                out += reference.text == "\xC2\xA0" ? std::string(" ") : reference.text;
                i += reference.length;
                continue;
            }
        }
        // Source line breaks are not line breaks in HTML; runs of blanks are one space.
        if (c == '\r' || c == '\n' || c == '\t') {
            if (!out.empty() && out.back() != ' ' && out.back() != '\n') out += ' ';
        } else {
            out += c;
        }
        ++i;
    }
    // Tidy: trim each line.
    std::string tidy;
    std::size_t start = 0;
    while (start < out.size()) {
        auto end = out.find('\n', start);
        if (end == std::string::npos) end = out.size();
        std::string_view line(out.data() + start, end - start);
        const auto b = line.find_first_not_of(' ');
        const auto e = line.find_last_not_of(' ');
        if (b != std::string_view::npos) tidy += line.substr(b, e - b + 1);
        tidy += '\n';
        start = end + 1;
    }
    return tidy;
}

}  // namespace adjutant::mail
