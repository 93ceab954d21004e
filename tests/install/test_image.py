#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0
"""The container image's definition (the Dockerfile) against what it packages, with no container
engine and no network, on every run; the real build is opt-in.

packages: the runtime stage's apt-get line installs the package of every library the binary
          links (and nothing else but the health check's curl and tzdata), as the Debian package's
          Depends does; the build stage's -dev packages are the project's own list
          (deploy/install-deps.sh), its tools in that list too.
run:      the image as a root of this machine's Debian 12 packages (image_root.sh): the
          Dockerfile's COPY lines from an install staged as its build stage stages it, its RUN
          user set-up, then ENTRYPOINT + CMD as PID 1, as its USER, in its WORKDIR, with only
          its ENV. The HEALTHCHECK command passes, no demo token is printed, the command-line
          examples of the README and docs/deploy.md work inside, SIGTERM stops it with exit 0.
          Skipped (77) where the namespaces cannot be made (not root).
labels:   the OCI labels, the version the build's, the base the final stage's FROM.
build:    only with ADJUTANT_CONTAINER_BUILD=1 (about 25 minutes, downloads Debian packages):
          `buildah bud --isolation chroot`, then `buildah run` of the image's --version and a
          variant check. Skipped (77) otherwise.
Run: test_image.py --build DIR [--only NAME]. Standard library only."""

import os
import re
import shlex
import shutil
import subprocess
import sys
import tempfile
import time

HERE = os.path.dirname(os.path.abspath(__file__))
SOURCE = os.path.normpath(os.path.join(HERE, "..", ".."))
sys.path.insert(0, os.path.join(HERE, "..", "integration"))
from server_harness import SkipTest  # noqa: E402
import dockerfile  # noqa: E402
import commands  # noqa: E402
from commands import check, run  # noqa: E402
import linked_packages  # noqa: E402

ARGS = None
# In debian:12-slim already: the C and C++ runtimes (apt itself needs them).
BASE_PACKAGES = {"libc6", "libgcc-s1", "libstdc++6"}
# Runtime packages that are tools, not libraries: the HEALTHCHECK's curl and its certificates.
RUNTIME_TOOLS = {"curl", "ca-certificates"}
# Runtime packages of data the binary reads: the time zone names an account's time zone is
# checked against (docs/accounts.md). The Debian package depends on them too.
RUNTIME_DATA = {"tzdata"}
# Build tools the Dockerfile names that the project's list has under another name.
PROVIDED_BY = {"g++": "build-essential"}


def stages():
    build, runtime = dockerfile.parse(os.path.join(SOURCE, "Dockerfile"))
    return build, runtime


def stage_install(staging):
    """The build stage's `DESTDIR=/staging cmake --install /build --strip` (prefix /usr)."""
    run("cmake", "--install", ARGS.build, "--prefix", "/usr", "--strip",
        env=dict(os.environ, DESTDIR=staging))


def project_packages():
    """deploy/install-deps.sh's list for building and running (not --tests)."""
    with open(os.path.join(SOURCE, "deploy", "install-deps.sh")) as f:
        found = re.search(r"^packages=\((.*?)\)", f.read(), re.S | re.M)
    check(found, "no packages=( ... ) in deploy/install-deps.sh")
    return set(found.group(1).split())


def test_packages():
    build, runtime = stages()
    staging = tempfile.mkdtemp(prefix="adjutant-image-")
    try:
        stage_install(staging)
        owners = linked_packages.library_packages(os.path.join(staging, "usr", "bin", "adjutant"))
    finally:
        shutil.rmtree(staging, ignore_errors=True)
    installed = set(runtime.apt_packages())
    for soname, owner in owners.items():
        check(owner in installed or owner in BASE_PACKAGES or linked_packages.is_sanitizer(owner),
              f"{soname} comes from {owner!r}, which the runtime stage does not install")
    unused = installed - set(owners.values()) - RUNTIME_TOOLS - RUNTIME_DATA
    check(not unused, f"the runtime stage installs {sorted(unused)}, which no library needs")
    with open(os.path.join(ARGS.build, "CPackConfig.cmake")) as f:
        depends = re.search(r'CPACK_DEBIAN_PACKAGE_DEPENDS "([^"]*)"', f.read()).group(1)
    package = {re.match(r"[a-z0-9.+-]+", d.strip()).group(0) for d in depends.split(",")}
    check(package - BASE_PACKAGES == installed - RUNTIME_TOOLS,
          f"the image installs {sorted(installed)}, the Debian package depends on {depends}")

    project = project_packages()
    wanted = set(build.apt_packages())
    dev = {p for p in wanted if p.endswith("-dev")}
    project_dev = {p for p in project if p.endswith("-dev")}
    check(dev == project_dev, f"build stage -dev packages {sorted(dev)}, "
          f"deploy/install-deps.sh's {sorted(project_dev)}")
    for tool in wanted - dev:
        check(tool in project or PROVIDED_BY.get(tool) in project,
              f"the build stage's {tool} is not in deploy/install-deps.sh")
    print(f"runtime: {sorted(installed)}; libraries from {sorted(set(owners.values()))}")


def test_labels():
    _, runtime = stages()
    labels = {}
    for line in runtime.all("LABEL"):
        labels.update(word.split("=", 1) for word in shlex.split(line))
    arg = dict(word.split("=", 1) for word in runtime.all("ARG"))
    for name in ("title", "description", "version", "licenses", "documentation", "base.name"):
        check(f"org.opencontainers.image.{name}" in labels, f"no OCI label {name}")
    check(labels["org.opencontainers.image.licenses"] == "Apache-2.0", "licenses")
    version = run(os.path.join(ARGS.build, "server", "adjutant"), "--version").stdout.split()[1]
    check(labels["org.opencontainers.image.version"] == "${VERSION}" and
          arg.get("VERSION") == version, f"the image's version {arg} is not the build's {version}")
    base = labels["org.opencontainers.image.base.name"]
    check(base.endswith("/" + runtime.base), f"base.name {base}, FROM {runtime.base}")


class Image:
    """The image's root running its ENTRYPOINT + CMD (see the module's `run`)."""

    def __init__(self, runtime, command):
        self.runtime = runtime
        self.state = tempfile.mkdtemp(prefix="adjutant-image-")
        self.root = os.path.join(self.state, "root")
        staging = os.path.join(self.state, "staging")
        stage_install(staging)
        self.user = runtime.last("USER")
        self.workdir = runtime.last("WORKDIR")
        setup = os.path.join(self.state, "setup.sh")
        with open(setup, "w") as f:
            f.write("set -eu\n")
            for source_stage, source, dest in runtime.copies():
                check(source_stage in (None, "build"), f"COPY --from={source_stage}")
                # The build stage stages its install in /staging; other sources are the tree's.
                path = (os.path.join(staging, os.path.relpath(source, "/staging"))
                        if source_stage else os.path.join(SOURCE, source))
                check(os.path.exists(path), f"COPY {source}: not staged ({path})")
                target = self.root + dest
                copy = f"cp -a {shlex.quote(path)}/. " if os.path.isdir(path) else \
                    f"cp -a {shlex.quote(path)} "
                f.write(f"mkdir -p {shlex.quote(os.path.dirname(target))}\n"
                        f"{copy}{shlex.quote(target)}\n")
            for step in runtime.run_commands():  # the user and /data; apt-get done already
                if not step.startswith(("apt-get", "rm -rf /var/lib/apt")):
                    f.write(f"chroot {shlex.quote(self.root)} {step}\n")
        self.log_path = os.path.join(self.state, "server.log")
        self.log = open(self.log_path, "w")
        self.unshare = subprocess.Popen(
            ["unshare", "--pid", "--fork", "--kill-child", "--mount-proc", "--mount",
             "--propagation", "unchanged", "--net",
             "sh", os.path.join(HERE, "private_mounts.sh"), os.path.join(self.state, "bound"),
             "sh", os.path.join(HERE, "image_root.sh"), self.root, self.state, setup,
             "chroot", self.root, *self.as_user(command)],
            preexec_fn=commands.die_with_parent, stdout=self.log, stderr=subprocess.STDOUT)

    def as_user(self, command):
        """`command` as the image runs it: its USER, a login environment plus its ENV only,
        in its WORKDIR."""
        env = [f"{k}={v}" for k, v in self.runtime.env().items()]
        return ["setpriv", f"--reuid={self.user}", f"--regid={self.user}", "--init-groups",
                "--reset-env", "env", *env, "sh", "-c", f'cd {self.workdir} && exec "$@"', "sh",
                *command]

    def pid(self):
        with open(f"/proc/{self.unshare.pid}/task/{self.unshare.pid}/children") as f:
            pids = f.read().split()
        return int(pids[0]) if pids else None

    def wait_listening(self):
        deadline = time.time() + 60
        while time.time() < deadline:
            check(self.unshare.poll() is None, "the image's command exited: " + self.output())
            if "listening on " in self.output():
                return
            time.sleep(0.2)
        raise AssertionError("the image's command did not start: " + self.output())

    def exec(self, *command, stdin=None, check_rc=True):
        """`docker exec -i`: `command` in the running image, as its USER, with its ENV; its
        standard input a pipe that, as runc makes it, belongs to that user (so that
        `--orders /dev/stdin` can open it)."""
        read_end, write_end = os.pipe()
        uid, gid = self.ids()
        os.fchown(read_end, uid, gid)
        proc = subprocess.Popen(["nsenter", "-t", str(self.pid()), "-m", "-n", "-p", "-r", "-w",
                                 *self.as_user(command)], stdin=read_end,
                                stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
        os.close(read_end)
        with os.fdopen(write_end, "w") as f:
            f.write(stdin or "")
        out, err = proc.communicate(timeout=120)
        done = subprocess.CompletedProcess(command, proc.returncode, out, err)
        check(not check_rc or done.returncode == 0,
              f"{command}: exit {done.returncode}\n{done.stdout}{done.stderr}")
        return done

    def ids(self):
        """The USER's uid and gid, from the image's /etc/passwd."""
        with open(f"/proc/{self.pid()}/root/etc/passwd") as f:  # the image root, as PID 1 sees it
            for line in f:
                fields = line.split(":")
                if fields[0] == self.user:
                    return int(fields[2]), int(fields[3])
        raise AssertionError(f"USER {self.user} is not in the image's /etc/passwd")

    def output(self):
        with open(self.log_path) as f:
            return f.read()

    def stop(self):
        """`docker stop`: the STOPSIGNAL to PID 1, which is the server; its exit status."""
        signal = getattr(__import__("signal"), self.runtime.last("STOPSIGNAL") or "SIGTERM")
        os.kill(self.pid(), signal)
        return self.unshare.wait(timeout=30)

    def close(self):
        if self.unshare.poll() is None:
            pid = self.pid()
            if pid:
                os.kill(pid, 9)
            self.unshare.kill()
            self.unshare.wait()
        self.log.close()
        shutil.rmtree(self.state, ignore_errors=True)


def code_block_after(path, heading):
    """The lines of the first ``` block after the line `heading` in `path`."""
    with open(path) as f:
        text = f.read()
    found = re.search(re.escape(heading) + r".*?\n```\n(.*?)\n```", text, re.S)
    check(found, f"no code block after {heading!r} in {path}")
    return found.group(1).splitlines()


def documented_examples():
    """(arguments, stdin file or None) of the command lines the docs say work in the image:
    docs/deploy.md's `docker exec`/`docker run` lines, the README's lines that name no file of
    the source tree, and the README's week of the 1914 campaign."""
    examples = []
    with open(os.path.join(SOURCE, "docs", "deploy.md")) as f:
        for line in f:
            found = re.match(r"\s+docker (?:exec adjutant adjutant|run --rm (?:-i )?adjutant)"
                             r" (.*?)(?: < (\S+))?$", line)
            if found and not found.group(1).startswith("serve"):
                examples.append((shlex.split(found.group(1)), found.group(2)))
    for line in code_block_after(os.path.join(SOURCE, "README.md"), "## Using it"):
        words = shlex.split(line.split("#")[0])
        if words[1] == "serve" and "--help" not in words:
            continue  # the image's CMD, running already
        if any(w.startswith(("config/", "p.json", "o.txt", "maps/")) for w in words):
            continue  # files of the source tree or of the reader's, not in the image
        examples.append((words[1:], None))
    week = code_block_after(os.path.join(SOURCE, "README.md"), "A week of the 1914 campaign")
    examples.append((shlex.split(week[-1].lstrip("$ "))[1:], None))
    return examples


# Files the examples read, in WORKDIR as a user would put them (week.txt as the README shows).
def example_files():
    week = code_block_after(os.path.join(SOURCE, "README.md"), "A week of the 1914 campaign")
    return {"orders.txt": "France: A PAR - BUR\nGermany: A MUN - RUH\n",
            "week.txt": "\n".join(week[1:-1]) + "\n"}


def skip_without_namespaces():
    if os.geteuid() != 0:
        raise SkipTest("needs root for the image's namespaces")
    for tool in ("unshare", "nsenter", "setpriv", "ip", "curl"):
        if shutil.which(tool) is None:
            raise SkipTest(f"no {tool}")


def test_run():
    skip_without_namespaces()
    _, runtime = stages()
    image = Image(runtime, runtime.exec_form("ENTRYPOINT") + runtime.exec_form("CMD"))
    try:
        image.wait_listening()
        health = image.exec("sh", "-c", runtime.healthcheck(), check_rc=False)
        check(health.returncode == 0, f"HEALTHCHECK: {health.stdout}{health.stderr}")
        check(image.exec("id", "-un").stdout.strip() == image.user, "USER")
        check(image.exec("pwd").stdout.strip() == image.workdir, "WORKDIR")
        files = example_files()
        for name, text in files.items():
            image.exec("sh", "-c", f"cat > {name}", stdin=text)
        examples = documented_examples()
        for args, stdin_file in examples:
            stdin = files[stdin_file] if stdin_file else None
            done = image.exec("adjutant", *args, stdin=stdin)
            if "western-front-1914" in args:
                check("1914W33M" in done.stdout, f"the README's week: {done.stdout}")
        print(f"{len(examples)} documented command lines ran inside")
        output = image.output()
        check("seat_" not in output and "gm_" not in output, f"tokens in the log:\n{output}")
        rc = image.stop()
        check(rc == 0, f"exit {rc} after the stop signal:\n{image.output()}")
        check(re.search(r" info stopped$", image.output(), re.M), image.output())
    finally:
        image.close()


def test_build():
    if os.environ.get("ADJUTANT_CONTAINER_BUILD") != "1":
        raise SkipTest("the real build runs only with ADJUTANT_CONTAINER_BUILD=1")
    if shutil.which("buildah") is None:
        raise SkipTest("no buildah")
    tag = f"adjutant-test-{os.getpid()}"
    done = subprocess.run(["buildah", "bud", "--isolation", "chroot", "-t", tag, SOURCE],
                          capture_output=True, text=True, timeout=3600)
    check(done.returncode == 0, f"buildah bud: exit {done.returncode}\n{done.stdout[-4000:]}"
          f"{done.stderr[-4000:]}")
    container = run("buildah", "from", tag).stdout.strip()
    try:
        version = run("buildah", "run", "--isolation", "chroot", container, "--",
                      "adjutant", "--version").stdout
        check(version.startswith("adjutant "), version)
        run("buildah", "run", "--isolation", "chroot", container, "--", "adjutant", "variant",
            "check", "/usr/share/adjutant/variants/colonial.json")
        labels = run("buildah", "inspect", "--format",
                     "{{json .OCIv1.Config.Labels}}", tag).stdout
        check("org.opencontainers.image.licenses" in labels, labels)
    finally:
        subprocess.run(["buildah", "rm", container], capture_output=True)
        subprocess.run(["buildah", "rmi", tag], capture_output=True)


if __name__ == "__main__":
    sys.exit(commands.main(globals()))
