#!/bin/sh
# SPDX-License-Identifier: Apache-2.0
# PID 1 of the mount, pid and network namespaces test_image.py makes: builds ROOT, a root of this
# machine's Debian 12 packages (what the image's debian:12-slim base and apt-get lines install),
# with /etc, /usr and /var as overlays whose upper layers live in STATE, so the image's COPY and
# useradd change nothing on the host; runs SETUP (sh, as root, outside ROOT), then the command.
# Usage: image_root.sh ROOT STATE SETUP COMMAND...
set -eu
root=$1 state=$2 setup=$3
shift 3

mkdir -p "$root"
for dir in etc usr var; do
    mkdir -p "$root/$dir" "$state/$dir-upper" "$state/$dir-work"
    mount -t overlay overlay \
        -o "lowerdir=/$dir,upperdir=$state/$dir-upper,workdir=$state/$dir-work" "$root/$dir"
done
for link in bin sbin lib lib32 lib64 libx32; do  # merged /usr: these are links into it
    if [ -L "/$link" ]; then ln -s "$(readlink "/$link")" "$root/$link"; fi
done
mkdir -p "$root/proc" "$root/dev" "$root/tmp" "$root/run"
mount -t proc proc "$root/proc"
mount --rbind /dev "$root/dev"
mount -t tmpfs -o mode=1777 tmpfs "$root/tmp"
mount -t tmpfs -o mode=0755 tmpfs "$root/run"
ip link set lo up  # a network of its own: the image's fixed port 8080 is free here

sh "$setup"
exec "$@"
