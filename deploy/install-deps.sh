#!/usr/bin/env bash
# Installs the Debian 12 packages Adjutant needs to build, run and test. Idempotent: packages
# already present are skipped, so a second run costs only the dpkg query.
set -euo pipefail

packages=(
  build-essential cmake ninja-build ccache pkg-config git
  clang libclang-rt-14-dev
  nlohmann-json3-dev doctest-dev
  libboost-dev libboost-system-dev
  libspdlog-dev libfmt-dev
  libsqlite3-dev sqlite3
  libsodium-dev
  libgmime-3.0-dev libcurl4-openssl-dev
  python3 curl ca-certificates
)

missing=()
for p in "${packages[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
if [ ${#missing[@]} -gt 0 ]; then
  sudo_cmd=()
  [ "$(id -u)" -ne 0 ] && sudo_cmd=(sudo)
  echo "Installing: ${missing[*]}"
  "${sudo_cmd[@]}" apt-get update -qq
  DEBIAN_FRONTEND=noninteractive "${sudo_cmd[@]}" apt-get install -y -qq --no-install-recommends "${missing[@]}"
fi
