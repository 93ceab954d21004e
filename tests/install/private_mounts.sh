#!/bin/sh
# SPDX-License-Identifier: Apache-2.0
# The first program in a new mount namespace (unshare --mount --propagation unchanged): makes every
# mount of the namespace private, so that nothing the test mounts reaches the machine's own
# namespace, then runs COMMAND as the same process.
#
# unshare's own `--propagation private` changes the root mount, and fails ("cannot change root
# filesystem propagation: Invalid argument") where the root is no mount point, as in a chroot.
# There the root is first bound onto SCRATCH, which is then a mount of its own, and COMMAND runs
# chrooted into it: the same files at the same paths, in private mounts.
# Usage: private_mounts.sh SCRATCH COMMAND...
set -eu
scratch=$1
shift
if mount --make-rprivate / 2>/dev/null; then
    exec "$@"
fi
mkdir -p "$scratch"
mount --rbind / "$scratch"
mount --make-rprivate "$scratch"
exec chroot "$scratch" "$@"
