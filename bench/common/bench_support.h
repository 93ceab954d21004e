// SPDX-License-Identifier: Apache-2.0
// What every bench program shares: the --help convention and a temporary directory of its
// own per run, so two runs at once (or a run and a test) never open or delete each other's
// database.
#pragma once

#include <stdlib.h>  // mkdtemp (POSIX)

#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <functional>
#include <string>
#include <string_view>
#include <vector>

namespace adjutant::bench {

// Prints `usage` and exits 0 when any argument is --help or -h, before the options are read,
// so --help works whatever else the command line holds.
inline void exit_on_help(int argc, char** argv, const char* usage) {
    for (int i = 1; i < argc; ++i) {
        const std::string_view arg = argv[i];
        if (arg == "--help" || arg == "-h") {
            std::fputs(usage, stdout);
            std::exit(0);
        }
    }
}

struct Flag {
    std::string_view name;  // "--instructions"
    bool* value;            // set when given
};
struct Valued {
    std::string_view name;                    // "--iterations"
    std::function<void(const char*)> assign;  // given the next argument
};

// Reads the command line: --help (the usage on stdout, exit 0), the flags, and the options
// with a value; anything else prints the usage on stderr and exits 64.
inline void read_options(int argc, char** argv, const char* usage, std::vector<Flag> flags,
                         std::vector<Valued> valued) {
    exit_on_help(argc, argv, usage);
    for (int i = 1; i < argc; ++i) {
        const std::string_view arg = argv[i];
        bool known = false;
        for (const auto& flag : flags)
            if (arg == flag.name) *flag.value = known = true;
        for (const auto& option : valued)
            if (!known && arg == option.name && i + 1 < argc) {
                option.assign(argv[++i]);
                known = true;
            }
        if (!known) {
            std::fputs(usage, stderr);
            std::exit(64);
        }
    }
}

// A new directory "<tmp>/<prefix>-XXXXXX", removed when this goes out of scope unless kept.
class TempDir {
  public:
    explicit TempDir(std::string_view prefix) {
        std::string pattern =
            (std::filesystem::temp_directory_path() / (std::string(prefix) + "-XXXXXX")).string();
        if (!mkdtemp(pattern.data())) {
            std::perror("mkdtemp");
            std::exit(70);
        }
        path_ = pattern;
    }
    TempDir(const TempDir&) = delete;
    TempDir& operator=(const TempDir&) = delete;
    ~TempDir() {
        std::error_code ignored;
        if (!keep_) std::filesystem::remove_all(path_, ignored);
    }
    const std::filesystem::path& path() const { return path_; }
    void keep() { keep_ = true; }

  private:
    std::filesystem::path path_;
    bool keep_ = false;
};

}  // namespace adjutant::bench
