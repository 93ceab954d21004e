// SPDX-License-Identifier: Apache-2.0
// adjutant: one executable, subcommands in the style of git.
#include <cstdio>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "cli/commands.h"
#include "cli/options.h"

namespace {

void print_usage(std::FILE* out) {
    std::fputs(
        "usage: adjutant <command> [options]   (adjutant <command> --help for its options)\n"
        "       adjutant --version\n\ncommands:\n",
        out);
    for (const auto& command : adjutant::cli::commands())
        std::fprintf(out, "  %-12.*s %.*s\n", static_cast<int>(command.name.size()),
                     command.name.data(), static_cast<int>(command.summary.size()),
                     command.summary.data());
}

}  // namespace

int main(int argc, char** argv) {
    if (argc < 2) {
        print_usage(stderr);
        return 64;
    }
    const std::string_view name = argv[1];
    if (name == "help" || name == "--help" || name == "-h") {
        print_usage(stdout);
        return 0;
    }
    if (name == "--version" || name == "-V") return adjutant::cli::version_command({});
    for (const auto& command : adjutant::cli::commands())
        if (command.name == name) return command.run(std::span<char* const>(argv + 2, argv + argc));
    std::vector<std::string> names;
    for (const auto& command : adjutant::cli::commands()) names.emplace_back(command.name);
    const std::string near = adjutant::cli::nearest_word(name, names);
    if (!near.empty())
        std::fprintf(stderr,
                     "adjutant: unknown command '%s' (did you mean '%s'? try 'adjutant help')\n",
                     argv[1], near.c_str());
    else
        std::fprintf(stderr, "adjutant: unknown command '%s' (try 'adjutant help')\n", argv[1]);
    return 64;
}
