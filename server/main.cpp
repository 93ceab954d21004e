// adjutant: one executable, subcommands in the style of git.
#include <cstdio>
#include <string_view>

int main(int argc, char** argv) {
    if (argc < 2) {
        std::fputs("usage: adjutant <command> [options]\n", stderr);
        return 64;
    }
    std::fprintf(stderr, "adjutant: unknown command '%s'\n", argv[1]);
    return 64;
}
