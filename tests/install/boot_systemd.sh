#!/bin/sh
# SPDX-License-Identifier: Apache-2.0
# PID 1 of the namespaces systemd_namespace.py makes (pid, mount, cgroup, net, uts, ipc): gives
# systemd a system of its own over the host's files, then becomes systemd. Nothing written here
# reaches the host: /etc, /usr and /var are overlays whose upper layers live in STATE, /run is
# fresh.
# Usage: boot_systemd.sh STATE UNITS_DIR
set -eu
state=$1
units=$2

mount -t tmpfs -o mode=0755 tmpfs /run
# An install with the package's prefix goes to /usr and /etc, systemd-sysusers writes /etc,
# StateDirectory= creates /var/lib/NAME.
for dir in etc usr var; do
    mkdir -p "$state/$dir-upper" "$state/$dir-work"
    mount -t overlay overlay \
        -o "lowerdir=/$dir,upperdir=$state/$dir-upper,workdir=$state/$dir-work" "/$dir"
done

# The cgroup hierarchies mounted again from inside the cgroup namespace, so that systemd sees
# its own subtree as the root and creates its slices there, not in the host's.
grep -E '^cgroup2? /sys/fs/cgroup' /proc/self/mounts > "$state/cgroup-mounts" || true
# None where the test runs in a chroot that mounted no cgroup hierarchy (systemd_namespace.py
# then made its cgroup in the unified hierarchy): that hierarchy, seen from the namespace.
if [ ! -s "$state/cgroup-mounts" ]; then
    echo "cgroup2 /sys/fs/cgroup cgroup2 rw 0 0" > "$state/cgroup-mounts"
fi
mount -t tmpfs -o mode=0755 tmpfs /sys/fs/cgroup
while read -r _ path type options _; do
    mkdir -p "$path"
    if [ "$type" = cgroup2 ]; then
        mount -t cgroup2 cgroup2 "$path"
    else  # the hierarchy's controllers (or name=systemd) are the options after rw,relatime
        controllers=$(echo "$options" | sed 's/^rw,//; s/relatime,\{0,1\}//')
        mount -t cgroup -o "$controllers" cgroup "$path"
    fi
done < "$state/cgroup-mounts"

ip link set lo up  # a network of its own: the unit's fixed port 8080 is free whatever runs here

# Only the units given: the unit under test, its journal and stub targets, none of the host's.
export SYSTEMD_UNIT_PATH="$units" container=adjutant-test
exec /lib/systemd/systemd --system --unit=sysinit.target
