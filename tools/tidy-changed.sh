#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# Runs clang-tidy (the checks of the root .clang-tidy) on the C++ files a change touches: the
# .cpp files changed since BASE, plus the .cpp file beside each changed header, reporting
# warnings only in the changed files themselves. Untracked files count as changed.
# Usage: tools/tidy-changed.sh [BASE]     (BASE: a git ref, default main; e.g. HEAD~3)
# Environment: BUILD (default build/release: its compile_commands.json gives each file's flags),
#              CLANG_TIDY (default: clang-tidy, else clang-tidy-14), JOBS (default 2).
# Exits 1 when clang-tidy reports an error (a bugprone finding, or a file that does not compile),
# 2 when it cannot run; function-size warnings are shown and do not fail it.
set -euo pipefail
cd "$(dirname "$0")/.."
root=$(pwd)
base=${1:-main}
build=${BUILD:-build/release}
jobs=${JOBS:-2}

tidy=${CLANG_TIDY:-}
if [ -z "$tidy" ]; then
  for candidate in clang-tidy clang-tidy-14; do
    if command -v "$candidate" >/dev/null; then tidy=$candidate; break; fi
  done
fi
if [ -z "$tidy" ]; then
  echo "clang-tidy not found (Debian: the clang-tidy package)" >&2
  exit 2
fi
database="$build/compile_commands.json"
if [ ! -f "$database" ]; then
  echo "no $database: configure that build first (CMake writes it)" >&2
  exit 2
fi

changed=$( { git diff --name-only --diff-filter=d "$(git merge-base "$base" HEAD)" -- \
               '*.cpp' '*.h' '*.inl'
             git ls-files --others --exclude-standard -- '*.cpp' '*.h' '*.inl'; } | sort -u)
if [ -z "$changed" ]; then
  echo "no C++ file changed since $base"
  exit 0
fi

# Headers are checked through a translation unit that includes them: the .cpp beside them (a
# header with none, such as a header of types only, is not checked).
units=()
headers=()
for f in $changed; do
  case "$f" in
    *.cpp) unit=$f ;;
    *) headers+=("$f"); unit=${f%.*}.cpp ;;
  esac
  [ -f "$unit" ] || continue
  # Only files the build compiles have flags (fuzz targets are in the fuzz build's database).
  if grep -qF "\"file\": \"$root/$unit\"" "$database"; then
    units+=("$unit")
  else
    echo "skipped (not in $database): $unit"
  fi
done
mapfile -t units < <(printf '%s\n' "${units[@]}" | sort -u | sed '/^$/d')

# Warnings are shown for the changed headers only, not for every header a unit includes.
filter='^$'
if [ ${#headers[@]} -gt 0 ]; then
  filter=$(printf '%s\n' "${headers[@]}" | sed 's/[.[\*^$()+?{|]/\\&/g; s|^|/|; s|$|$|' |
           paste -sd '|')
fi

if [ ${#units[@]} -eq 0 ]; then
  echo "no changed file is compiled by $build"
  exit 0
fi
echo "clang-tidy on ${#units[@]} file(s) changed since $base"
# The build's database with GCC's precompiled header left out: clang cannot read GCC's .gch,
# and the files include what the header holds themselves.
db=$(mktemp -d)
log="$db/log"
trap 'rm -rf "$db"' EXIT
sed 's/ -Winvalid-pch//g; s/ -include [^ ]*cmake_pch\.hxx//g' "$database" >"$db/compile_commands.json"
# clang-tidy's exit status says nothing about warnings; its output does.
printf '%s\n' "${units[@]}" |
  xargs -P "$jobs" -n 1 "$tidy" --quiet -p "$db" --header-filter="$filter" 2>&1 |
  grep -vE '^[0-9]+ (warning|error)s? (and [0-9]+ (warning|error)s? )?generated\.$' >"$log" || true
cat "$log"
# The bugprone checks report errors (.clang-tidy's WarningsAsErrors) and fail the run; function
# size reports warnings, shown for a second look.
errors=$(grep -cE 'error:|^Error while processing' "$log" || true)
warnings=$(grep -cE 'warning:' "$log" || true)
echo "clang-tidy: $errors error(s), $warnings warning(s)"
[ "$errors" -eq 0 ]
