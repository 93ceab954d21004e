#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# Builds and runs every test: a Release build with CTest, the same tests under AddressSanitizer
# and UndefinedBehaviorSanitizer, and a short libFuzzer run of each fuzz target.
# Usage: deploy/test.sh            (from the repository root or anywhere)
# Environment: FUZZ_SECONDS (default 30 per target), JOBS (default: number of cores).
set -euo pipefail
cd "$(dirname "$0")/.."
root=$(pwd)

deploy/install-deps.sh --tests
# Every prerequisite was just installed, so a browser test that cannot start is a failure here.
export ADJUTANT_REQUIRE_BROWSER=1
# ... and so are the PostgreSQL backend's tests, with their private cluster (tests/postgres).
export ADJUTANT_REQUIRE_POSTGRES=1
jobs=${JOBS:-$(nproc)}
# playwright-core for the browser test of the web UI (tests/web); it drives the system Chromium.
npm ci --prefix tests/web --no-audit --no-fund
# @redocly/cli for the OpenAPI document's lint (tests/openapi).
npm ci --prefix tests/openapi --no-audit --no-fund
# d3-geo, topojson-client and Natural Earth for the map generator's up-to-date check (tests/mapgen).
npm ci --prefix tools/mapgen --no-audit --no-fund

echo "== Release build and tests"
cmake -S . -B build/release -G Ninja -DCMAKE_BUILD_TYPE=Release -DADJUTANT_TESTS=ON \
  -DADJUTANT_WERROR=ON >/dev/null
cmake --build build/release -j "$jobs"
ctest --test-dir build/release --output-on-failure -j "$jobs"
# The rules suites' own counts (DATC chapter 6, Colonial, campaign supply, sieges and rail).
build/release/tests/adjutant_tests -tc="DATC*,Colonial rules*,Campaign*" | grep "cases passed"

echo "== AddressSanitizer + UndefinedBehaviorSanitizer build and tests"
cmake -S . -B build/asan -G Ninja -DCMAKE_BUILD_TYPE=Debug -DADJUTANT_SANITIZE=ON -DADJUTANT_TESTS=ON \
  -DADJUTANT_WERROR=ON >/dev/null
cmake --build build/asan -j "$jobs"
ASAN_OPTIONS=detect_leaks=1 UBSAN_OPTIONS=print_stacktrace=1:halt_on_error=1 \
  ctest --test-dir build/asan --output-on-failure -j "$jobs"

echo "== Fuzzing (libFuzzer, ${FUZZ_SECONDS:-30} s per target)"
CC=clang CXX=clang++ cmake -S . -B build/fuzz -G Ninja -DCMAKE_BUILD_TYPE=Debug \
  -DADJUTANT_FUZZ=ON -DADJUTANT_TESTS=OFF -DADJUTANT_WERROR=ON >/dev/null
cmake --build build/fuzz -j "$jobs" --target fuzz_targets
for target in build/fuzz/fuzz/*_fuzz; do
  name=$(basename "$target")
  corpus="build/fuzz/corpus-$name"
  mkdir -p "$corpus"
  echo "-- $name"
  seeds=()  # read-only starting inputs: MIME fixtures for the mail reader, fuzz/seeds/<name>
  [ "$name" = mime_fuzz ] && seeds=(tests/mail/fixtures)
  [ -d "fuzz/seeds/$name" ] && seeds+=("fuzz/seeds/$name")
  if ! "$target" -max_total_time="${FUZZ_SECONDS:-30}" -max_len=65536 "$corpus" "${seeds[@]}" \
      >"build/fuzz/$name.log" 2>&1; then
    tail -n 60 "build/fuzz/$name.log"
    echo "fuzz target $name found a crash"
    exit 1
  fi
  grep -E "^#[0-9]+.*DONE" "build/fuzz/$name.log" || tail -n 3 "build/fuzz/$name.log"
done
echo "== All tests passed"
