#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# Builds and runs every test, compiling the tree twice:
#   1. a Release build (gcc) with CTest: unit and rules tests, the server on loopback, mail,
#      browser, the Node and Python-only tests, one tiny run of each benchmark;
#   2. a sanitizer build (clang, AddressSanitizer + UndefinedBehaviorSanitizer, with libFuzzer's
#      coverage instrumentation) with CTest again, then a short run of each libFuzzer target,
#      linked from the same objects.
# The Release tests run while the sanitizer build compiles: they spend most of their time
# waiting (on the servers they start, the browser, the clock) and leave a core's worth of
# processor time that the compiler takes (docs/testing.md, "Where the time goes").
# At the end it prints how long each stage took, so a slower test loop is seen at once.
# Usage: deploy/test.sh            (from the repository root or anywhere)
# Environment: FUZZ_SECONDS (default 30 per target), JOBS (compilers and fuzz targets at once;
# default: the number of cores), TEST_JOBS (tests at once; default: four per core).
set -euo pipefail
cd "$(dirname "$0")/.."

# Each stage's name and duration, printed by the summary at the end (also after a failure).
stage_names=()
stage_seconds=()
stage_name=""
stage_start=$SECONDS
stage() {
  if [ -n "$stage_name" ]; then
    stage_names+=("$stage_name")
    stage_seconds+=($((SECONDS - stage_start)))
  fi
  stage_name=$1
  stage_start=$SECONDS
  [ -n "$stage_name" ] && echo "== $stage_name"
  return 0
}
summary() {
  local status=$?
  stage ""
  echo "== Stage durations"
  local i
  for i in "${!stage_names[@]}"; do
    printf '%6d s  %s\n' "${stage_seconds[$i]}" "${stage_names[$i]}"
  done
  printf '%6d s  in all\n' "$SECONDS"
  return $status
}
trap summary EXIT

stage "Packages and test tools"
deploy/install-deps.sh --tests
# Every prerequisite was just installed, so a browser test that cannot start is a failure here.
export ADJUTANT_REQUIRE_BROWSER=1
# ... and so are the PostgreSQL backend's tests, with their private cluster (tests/postgres).
export ADJUTANT_REQUIRE_POSTGRES=1
jobs=${JOBS:-$(nproc)}
# Tests at once: most of a test's time is spent waiting (on the server, the database, the
# browser, the clock), so CTest runs four per core; the longest start first (their COST) and
# the few that must not meet hold a lock (docs/testing.md, "Many tests at once").
test_jobs=${TEST_JOBS:-$((jobs * 4))}
# playwright-core for the browser test of the web UI (tests/web); it drives the system Chromium.
npm ci --prefix tests/web --no-audit --no-fund
# @redocly/cli for the OpenAPI document's lint (tests/openapi).
npm ci --prefix tests/openapi --no-audit --no-fund
# d3-geo, topojson-client and Natural Earth for the map generator's up-to-date check (tests/mapgen).
npm ci --prefix tools/mapgen --no-audit --no-fund

stage "Release build"
cmake -S . -B build/release -G Ninja -DCMAKE_BUILD_TYPE=Release -DADJUTANT_TESTS=ON \
  -DADJUTANT_BENCH=ON -DADJUTANT_WERROR=ON >/dev/null
cmake --build build/release -j "$jobs"

stage "Release tests, beside the sanitizer build (clang, ASan + UBSan, fuzz targets from the same objects)"
# The Release tests in the background, their output kept for the end of the stage; their
# duration is printed with the others.
release_tests() {
  local start=$SECONDS status=0
  ctest --test-dir build/release --output-on-failure -j "$test_jobs" \
    >build/release/ctest.log 2>&1 || status=$?
  echo $((SECONDS - start)) >build/release/ctest.seconds
  return $status
}
release_tests &
release_tests_pid=$!
# -O1 with line tables: the sanitizers' reports keep file and line, and the sanitized server
# runs the whole-game tests about 3.5 times faster than at -O0, which saves more than the
# longer compile costs (docs/testing.md, "Where the time goes"). No NDEBUG, so assertions hold.
sanitizer_build_status=0
CC=clang CXX=clang++ cmake -S . -B build/sanitize -G Ninja -DCMAKE_BUILD_TYPE=None \
  -DCMAKE_CXX_FLAGS="-O1 -gline-tables-only" -DADJUTANT_SANITIZE=ON -DADJUTANT_FUZZ=ON \
  -DADJUTANT_TESTS=ON -DADJUTANT_WERROR=ON >/dev/null &&
  cmake --build build/sanitize -j "$jobs" --target all fuzz_targets || sanitizer_build_status=$?
sanitizer_build_seconds=$((SECONDS - stage_start))
release_tests_status=0
wait "$release_tests_pid" || release_tests_status=$?
echo "== Release tests"
cat build/release/ctest.log
# The rules suites' own counts (DATC chapter 6, Colonial, campaign supply, sieges and rail), as
# the tests printed them in this CTest run.
grep -h "cases passed" build/release/Testing/Temporary/LastTest.log | sort -u || true
echo "== (the Release tests took $(cat build/release/ctest.seconds) s, the sanitizer build $sanitizer_build_seconds s)"
if [ "$release_tests_status" -ne 0 ] || [ "$sanitizer_build_status" -ne 0 ]; then
  echo "the Release tests (status $release_tests_status) or the sanitizer build" \
    "(status $sanitizer_build_status) failed"
  exit 1
fi

stage "Sanitizer tests"
ASAN_OPTIONS=detect_leaks=1 UBSAN_OPTIONS=print_stacktrace=1:halt_on_error=1 \
  ctest --test-dir build/sanitize --output-on-failure -j "$test_jobs"

fuzz_seconds=${FUZZ_SECONDS:-30}
stage "Fuzzing (libFuzzer, $fuzz_seconds s per target in two halves, $jobs at a time)"
# One run of a target: its corpus grows in build/sanitize; its log is printed when it finds a
# crash. `half` names the run (1 or 2) and its log.
fuzz_one() {
  local target=$1 half=$2 name corpus log seeds=()
  name=$(basename "$target")
  corpus="build/sanitize/corpus-$name"
  log="build/sanitize/$name.$half.log"
  mkdir -p "$corpus"
  # Read-only starting inputs: MIME fixtures for the mail reader, fuzz/seeds/<name>.
  [ "$name" = mime_fuzz ] && seeds=(tests/mail/fixtures)
  [ -d "fuzz/seeds/$name" ] && seeds+=("fuzz/seeds/$name")
  if ! "$target" -max_total_time=$(((fuzz_seconds + 1) / 2)) -max_len=65536 "$corpus" \
      "${seeds[@]}" >"$log" 2>&1; then
    tail -n 60 "$log"
    echo "fuzz target $name found a crash"
    return 1
  fi
  echo "-- $name ($half/2): $(grep -E "^#[0-9]+.*DONE" "$log" || tail -n 1 "$log")"
}
# Each run is one process on one core, as many at once as there are cores. Each target runs as
# two halves over one corpus (the second starts from what the first found, or beside it), so
# five targets fill two cores to the end instead of leaving one idle for the last target.
fuzz_failed=0
running=0
for half in 1 2; do
  for target in build/sanitize/fuzz/*_fuzz; do
    if [ "$running" -ge "$jobs" ]; then
      wait -n || fuzz_failed=1
      running=$((running - 1))
    fi
    fuzz_one "$target" "$half" &
    running=$((running + 1))
  done
done
while [ "$running" -gt 0 ]; do
  wait -n || fuzz_failed=1
  running=$((running - 1))
done
[ "$fuzz_failed" -eq 0 ]
stage ""
echo "== All tests passed"
