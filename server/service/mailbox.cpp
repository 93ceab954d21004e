// SPDX-License-Identifier: Apache-2.0
#include "service/mailbox.h"

#include <cctype>

#include "service/error.h"

namespace adjutant::service {

namespace {

constexpr std::size_t kMaxLocalPart = 64;  // RFC 5321 4.5.3.1.1
constexpr std::size_t kMaxDomain = 255;    // 4.5.3.1.2
constexpr std::size_t kMaxMailbox = 254;   // 4.5.3.1.3: a path of 256 less "<" and ">"
constexpr std::size_t kMaxLabel = 63;      // RFC 1035 2.3.4

bool is_letter_or_digit(char c) {
    return std::isalnum(static_cast<unsigned char>(c)) != 0 && static_cast<unsigned char>(c) < 0x80;
}

// atext (RFC 5322 3.2.3, which RFC 5321's Atom uses): letters, digits and !#$%&'*+-/=?^_`{|}~.
bool is_atext(char c) {
    return is_letter_or_digit(c) ||
           std::string_view("!#$%&'*+-/=?^_`{|}~").find(c) != std::string_view::npos;
}

// Dot-string = Atom *("." Atom): no empty atom, so no leading, trailing or double dot.
std::string dot_string_problem(std::string_view local) {
    bool atom_started = false;
    for (const char c : local) {
        if (c == '.') {
            if (!atom_started) return "a dot out of place in the part before the @";
            atom_started = false;
        } else if (is_atext(c)) {
            atom_started = true;
        } else {
            return "a character the part before the @ may not hold unquoted";
        }
    }
    if (!atom_started) return "a dot out of place in the part before the @";
    return {};
}

// Quoted-string = DQUOTE *(qtextSMTP / quoted-pairSMTP) DQUOTE, where qtextSMTP is %d32-33 /
// %d35-91 / %d93-126 and quoted-pairSMTP is "\" %d32-126.
std::string quoted_string_problem(std::string_view local) {
    if (local.size() < 2 || local.back() != '"') return "an unclosed quote before the @";
    for (std::size_t i = 1; i + 1 < local.size(); ++i) {
        const auto c = static_cast<unsigned char>(local[i]);
        if (c == '\\') {
            ++i;
            if (i + 1 >= local.size()) return "an unclosed quote before the @";
            const auto escaped = static_cast<unsigned char>(local[i]);
            if (escaped < 32 || escaped > 126) return "a control character before the @";
        } else if (c == '"') {
            return "a quote in the middle of the part before the @";
        } else if (c < 32 || c > 126) {
            return "a control character before the @";
        }
    }
    return {};
}

// Domain = sub-domain *("." sub-domain); sub-domain = Let-dig [Ldh-str]: letters, digits and
// hyphens, beginning and ending with a letter or digit.
std::string domain_problem(std::string_view domain) {
    if (domain.size() > kMaxDomain)
        return "a domain longer than " + std::to_string(kMaxDomain) + " characters";
    std::size_t start = 0;
    while (true) {
        const std::size_t dot = domain.find('.', start);
        const std::string_view label = domain.substr(
            start, dot == std::string_view::npos ? std::string_view::npos : dot - start);
        if (label.empty()) return "an empty label in the domain";
        if (label.size() > kMaxLabel)
            return "a label of the domain longer than " + std::to_string(kMaxLabel) + " characters";
        if (!is_letter_or_digit(label.front()) || !is_letter_or_digit(label.back()))
            return "a label of the domain that begins or ends with something but a letter or "
                   "digit";
        for (const char c : label)
            if (!is_letter_or_digit(c) && c != '-') return "a character a domain may not hold";
        if (dot == std::string_view::npos) return {};
        start = dot + 1;
    }
}

// IPv4-address-literal = Snum 3("." Snum), Snum a number from 0 to 255 of 1 to 3 digits.
bool is_ipv4(std::string_view text) {
    int numbers = 0;
    std::size_t start = 0;
    while (true) {
        const std::size_t dot = text.find('.', start);
        const std::string_view snum = text.substr(
            start, dot == std::string_view::npos ? std::string_view::npos : dot - start);
        if (snum.empty() || snum.size() > 3) return false;
        int value = 0;
        for (const char c : snum) {
            if (c < '0' || c > '9') return false;
            value = value * 10 + (c - '0');
        }
        if (value > 255) return false;
        ++numbers;
        if (dot == std::string_view::npos) return numbers == 4;
        start = dot + 1;
    }
}

// address-literal = "[" (IPv4-address-literal / IPv6-address-literal /
// General-address-literal) "]"; the last two are Standardized-tag ":" 1*dcontent (IPv6 is the
// tag "IPv6"), dcontent being %d33-90 / %d94-126.
std::string address_literal_problem(std::string_view literal) {
    if (literal.size() < 2 || literal.back() != ']')
        return "an address literal without its closing ]";
    const std::string_view inside = literal.substr(1, literal.size() - 2);
    if (is_ipv4(inside)) return {};
    const std::size_t colon = inside.find(':');
    if (colon == std::string_view::npos || colon == 0 || colon + 1 == inside.size())
        return "an address literal that is neither an IPv4 address nor a tag and an address";
    for (const char c : inside.substr(0, colon))
        if (!is_letter_or_digit(c) && c != '-') return "an address literal with a bad tag";
    for (const char c : inside.substr(colon + 1)) {
        const auto u = static_cast<unsigned char>(c);
        if (u < 33 || u > 126 || c == '[' || c == '\\' || c == ']')
            return "a character an address literal may not hold";
    }
    return {};
}

}  // namespace

std::string mailbox_problem(std::string_view address) {
    if (address.empty()) return "it is empty";
    if (address.size() > kMaxMailbox)
        return "it is longer than " + std::to_string(kMaxMailbox) + " characters";
    for (const char c : address) {
        const auto u = static_cast<unsigned char>(c);
        if (u < 32 || u == 127) return "it holds a control character";
        if (u > 127) return "it holds a character that is not ASCII";
    }
    // The local part ends at the last "@" outside a quoted string: a quoted local part may hold
    // an "@" of its own.
    std::size_t at = std::string_view::npos;
    if (address.front() == '"') {
        bool escaped = false;
        for (std::size_t i = 1; i < address.size(); ++i) {
            if (escaped) {
                escaped = false;
            } else if (address[i] == '\\') {
                escaped = true;
            } else if (address[i] == '"') {
                at = address.find('@', i + 1) == i + 1 ? i + 1 : std::string_view::npos;
                if (at == std::string_view::npos) return "something after the closing quote";
                break;
            }
        }
        if (at == std::string_view::npos) return "an unclosed quote before the @";
    } else {
        at = address.find('@');
        if (at == std::string_view::npos) return "it has no @";
    }
    const std::string_view local = address.substr(0, at);
    const std::string_view domain = address.substr(at + 1);
    if (local.empty()) return "nothing before the @";
    if (local.size() > kMaxLocalPart)
        return "a part before the @ longer than " + std::to_string(kMaxLocalPart) + " characters";
    if (domain.empty()) return "nothing after the @";
    if (domain.find('@') != std::string_view::npos) return "more than one @";
    std::string problem =
        local.front() == '"' ? quoted_string_problem(local) : dot_string_problem(local);
    if (!problem.empty()) return problem;
    return domain.front() == '[' ? address_literal_problem(domain) : domain_problem(domain);
}

void require_mailbox(std::string_view address, std::string_view what) {
    if (const std::string problem = mailbox_problem(address); !problem.empty())
        throw bad_request(std::string(what) + " is not one e-mail address: " + problem);
}

}  // namespace adjutant::service
