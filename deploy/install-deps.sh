#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# Installs the Debian 12 packages Adjutant needs. Idempotent: packages already present are
# skipped, so a second run costs only the dpkg query.
# Usage: deploy/install-deps.sh           what building and running the server need (setup.sh)
#        deploy/install-deps.sh --tests   that, plus what the tests need (test.sh)
set -euo pipefail

packages=(
  build-essential cmake ninja-build ccache pkg-config git
  nlohmann-json3-dev
  libboost-dev libcli11-dev
  libspdlog-dev libfmt-dev
  libsqlite3-dev sqlite3
  libpq-dev
  libsodium-dev
  libgmime-3.0-dev libcurl4-openssl-dev
  curl ca-certificates
)
if [ "${1:-}" = "--tests" ]; then
  # doctest: the unit tests; clang: the libFuzzer targets; Postfix, swaks and aiosmtpd: the mail
  # tests' private MTA and SMTP peer; Chromium and Node: the browser test, which runs on
  # Debian's own Node (18); systemd: systemd-analyze rates the installed unit, which then runs
  # under a systemd of the test's own; iproute2: that systemd's and the image test's loopback;
  # valgrind: the benches' instruction counts (bench/common/instructions.h); postgresql: the
  # PostgreSQL backend's tests, which run a private cluster of their own (tests/postgres).
  packages+=(doctest-dev clang libclang-rt-14-dev postfix swaks python3 python3-aiosmtpd chromium
    systemd iproute2 valgrind postgresql)
  # A node installed some other way (a newer one on a developer's machine) is used as it is.
  command -v node >/dev/null || packages+=(nodejs)
  command -v npm >/dev/null || packages+=(npm)
elif [ $# -gt 0 ]; then
  echo "usage: deploy/install-deps.sh [--tests]" >&2
  exit 64
fi

missing=()
for p in "${packages[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
if [ ${#missing[@]} -gt 0 ]; then
  sudo_cmd=()
  [ "$(id -u)" -ne 0 ] && sudo_cmd=(sudo)
  echo "Installing: ${missing[*]}"
  # Postfix asks for a configuration on install; the mail tests run their own private
  # instance, so the system one gets none (and is never started by us).
  echo "postfix postfix/main_mailer_type select No configuration" |
    "${sudo_cmd[@]}" debconf-set-selections
  "${sudo_cmd[@]}" apt-get update -qq
  "${sudo_cmd[@]}" env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends "${missing[@]}"
fi
