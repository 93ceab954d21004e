# SPDX-License-Identifier: Apache-2.0
"""A systemd of the test's own: /lib/systemd/systemd as PID 1 of new namespaces (boot_systemd.sh),
loading only the units given, and commands run inside it. Needs root and a kernel that allows
the namespaces; `available()` says why not where it cannot run."""

import os
import shutil
import subprocess
import tempfile
import time

from commands import die_with_parent

HERE = os.path.dirname(os.path.abspath(__file__))
SYSTEM_UNITS = "/lib/systemd/system"
# The journal, so that `journalctl -u` shows what the service wrote, as on a real system.
JOURNAL_UNITS = ("systemd-journald.service", "systemd-journald.socket",
                 "systemd-journald-dev-log.socket")
# The targets a service's default dependencies name, empty: nothing of the host's boot runs.
STUB_TARGETS = {
    "sysinit.target": "Wants=systemd-journald.service\nAfter=systemd-journald.service\n",
    "basic.target": "Requires=sysinit.target\nAfter=sysinit.target\n",
    "shutdown.target": "DefaultDependencies=no\n",
    "network-online.target": "",
}


def available():
    """None where a systemd can boot here, else the reason it cannot."""
    if os.geteuid() != 0:
        return "needs root for its namespaces"
    for tool in ("unshare", "nsenter", "ip"):
        if shutil.which(tool) is None:
            return f"no {tool}"
    if not os.path.exists("/lib/systemd/systemd"):
        return "no systemd installed"
    return None


def _cgroup_roots():
    """Every cgroup hierarchy mounted under /sys/fs/cgroup."""
    with open("/proc/self/mounts") as f:
        return [fields[1] for fields in (line.split() for line in f)
                if fields[2] in ("cgroup", "cgroup2") and fields[1].startswith("/sys/fs/cgroup")]


def user_namespaces():
    """Whether this process may create a user namespace: the kernel refuses one to a process
    under chroot (unshare(2), EPERM), as in a Debian root entered by chroot."""
    return subprocess.run(["unshare", "--user", "true"], capture_output=True).returncode == 0


# Without user namespaces systemd cannot start a unit with PrivateUsers=; where the test runs
# without them (under chroot) that one setting is switched off by a drop-in, and everything
# else of the unit still applies.
NO_USERNS_DROP_IN = "[Service]\n# no user namespaces where the test runs (chroot)\nPrivateUsers=no\n"


def _remove_cgroup(path):
    """rmdir a cgroup subtree, the leaves first (cgroup directories hold no removable files)."""
    for root, dirs, _ in os.walk(path, topdown=False):
        for name in dirs:
            os.rmdir(os.path.join(root, name))
    os.rmdir(path)


class Systemd:
    """`with Systemd() as sd:` boots systemd with the journal and stub targets; `sd.run(...)`
    runs a command inside, `sd.add_unit(path)` loads a unit file found at `path` inside; the
    exit kills it all. /etc, /usr and /var inside are overlays: installing there is private."""

    def __enter__(self):
        self.state = tempfile.mkdtemp(prefix="adjutant-systemd-")
        unit_dir = os.path.join(self.state, "units")
        os.mkdir(unit_dir)
        for name in JOURNAL_UNITS:
            os.symlink(os.path.join(SYSTEM_UNITS, name), os.path.join(unit_dir, name))
        for name, body in STUB_TARGETS.items():
            with open(os.path.join(unit_dir, name), "w") as f:
                f.write(f"[Unit]\nDescription=test stub\n{body}")
        # A cgroup of its own in every hierarchy, which the cgroup namespace makes its root.
        roots = _cgroup_roots()
        self.cgroup_mount = None
        if not roots:
            # A chroot that mounted /sys but no cgroup hierarchy (as a bare Debian root entered
            # by chroot has): the kernel's unified hierarchy, mounted in the state directory
            # for the test's own cgroup and unmounted at the end; boot_systemd.sh mounts it
            # again inside the namespaces.
            self.cgroup_mount = os.path.join(self.state, "cgroup2")
            os.mkdir(self.cgroup_mount)
            subprocess.run(["mount", "-t", "cgroup2", "cgroup2", self.cgroup_mount], check=True)
            roots = [self.cgroup_mount]
        self.cgroups = [os.path.join(root, os.path.basename(self.state)) for root in roots]
        for path in self.cgroups:
            os.mkdir(path)
            for name in ("cpuset.cpus", "cpuset.mems"):  # v1 cpuset takes no task before these
                if os.path.exists(os.path.join(path, name)):
                    with open(os.path.join(os.path.dirname(path), name)) as parent:
                        value = parent.read()
                    with open(os.path.join(path, name), "w") as f:
                        f.write(value)

        def enter_cgroups():
            die_with_parent()
            for path in self.cgroups:
                with open(os.path.join(path, "cgroup.procs"), "w") as f:
                    f.write(str(os.getpid()))

        self.log = open(os.path.join(self.state, "boot.log"), "w")
        self.unshare = None
        try:
            self._boot(unit_dir, enter_cgroups)
        except BaseException:
            self.__exit__(None, None, None)
            raise
        return self

    def _boot(self, unit_dir, enter_cgroups):
        self.unshare = subprocess.Popen(
            ["unshare", "--pid", "--fork", "--kill-child", "--mount-proc", "--mount",
             "--propagation", "unchanged", "--cgroup", "--net", "--uts", "--ipc",
             "sh", os.path.join(HERE, "private_mounts.sh"), os.path.join(self.state, "root"),
             "sh", os.path.join(HERE, "boot_systemd.sh"), self.state, unit_dir],
            preexec_fn=enter_cgroups, stdout=self.log, stderr=subprocess.STDOUT)
        self._wait_booted()

    def _wait_booted(self):
        deadline = time.time() + 60
        while time.time() < deadline:
            if self.unshare.poll() is not None:
                raise AssertionError(f"systemd did not boot: {self.boot_log()}")
            children = f"/proc/{self.unshare.pid}/task/{self.unshare.pid}/children"
            with open(children) as f:
                pids = f.read().split()
            if pids:
                self.pid = int(pids[0])
                state = self.run("systemctl", "is-system-running", check=False).stdout.strip()
                if state in ("running", "degraded"):
                    return
            time.sleep(0.2)
        raise AssertionError(f"systemd did not finish booting: {self.boot_log()}")

    def add_unit(self, path):
        """Loads the unit file at `path` (as seen inside), as `systemctl link` would."""
        name = os.path.basename(path)
        os.symlink(path, os.path.join(self.state, "units", name))
        if not user_namespaces():
            drop_ins = os.path.join(self.state, "units", name + ".d")
            os.makedirs(drop_ins, exist_ok=True)
            with open(os.path.join(drop_ins, "no-user-namespaces.conf"), "w") as f:
                f.write(NO_USERNS_DROP_IN)
        self.run("systemctl", "daemon-reload")

    def boot_log(self):
        with open(os.path.join(self.state, "boot.log")) as f:
            return f.read()

    def run(self, *args, check=True, timeout=120):
        """`args` run inside: systemd's mount, pid and network namespaces."""
        done = subprocess.run(["nsenter", "-t", str(self.pid), "-m", "-p", "-n", "-r", "-w", *args],
                              capture_output=True, text=True, timeout=timeout)
        if check and done.returncode != 0:
            raise AssertionError(f"{args}: exit {done.returncode}\n{done.stdout}{done.stderr}")
        return done

    def __exit__(self, *_):
        if self.unshare is not None:
            try:  # PID 1 of the namespace: killing it kills every process in it
                if getattr(self, "pid", None):
                    os.kill(self.pid, 9)
            except ProcessLookupError:
                pass
            self.unshare.kill()
            self.unshare.wait()
        self.log.close()
        deadline = time.time() + 10
        for path in self.cgroups:
            while True:
                try:
                    _remove_cgroup(path)
                    break
                except OSError:  # still emptying: the killed processes leave it shortly
                    if time.time() > deadline:
                        raise
                    time.sleep(0.1)
        if self.cgroup_mount is not None:
            subprocess.run(["umount", self.cgroup_mount], check=False)
        shutil.rmtree(self.state, ignore_errors=True)
