#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0
"""Installs the build as a user or the Debian package would, and serves from the result.

prefix: `cmake --install BUILD --prefix TMP`, then TMP/bin/adjutant serves with the installed
        TMP/etc/adjutant/adjutant.json on an ephemeral port: /healthz answers and the installed
        variants are loaded; the installed unit names the installed paths and, where
        systemd-analyze runs, rates at most 2.0.
unit:   the installed unit run by systemd itself: systemd boots as PID 1 of namespaces of the
        test's own (systemd_namespace.py), the build is installed there with the package's
        prefix, systemd-sysusers creates the unit's user, `systemctl start adjutant` serves and
        `systemctl stop` ends it; the unit's user, limits, umask and sandbox are read back from
        the running server. Skipped (77) where no systemd can boot (not root), and for a
        sanitizer build, whose runtime the unit's system call filter stops.
deb:    `cpack -G DEB`, then the package's files, its conffiles and its dependencies, each a
        Debian package name installed on this machine.
Run: test_install.py --build DIR [--only NAME]. Standard library only."""

import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
import time
import urllib.request

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "integration"))
from server_harness import SkipTest  # noqa: E402

import commands  # noqa: E402
from commands import check, run  # noqa: E402
import linked_packages  # noqa: E402
import systemd_namespace  # noqa: E402


# The variants the tree ships (config/variants/*.json), by the name each file gives itself: the
# installed server lists exactly these.
def shipped_variants():
    folder = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "config",
                          "variants")
    names = []
    for name in sorted(os.listdir(folder)):
        if name.endswith(".json"):
            with open(os.path.join(folder, name)) as f:
                names.append(json.load(f)["name"])
    return sorted(names)


ARGS = None


def get(url):
    with urllib.request.urlopen(url, timeout=10) as answer:
        return json.loads(answer.read())


def security_rating(unit):
    """systemd-analyze's overall exposure of `unit`, or None where it cannot run offline."""
    if shutil.which("systemd-analyze") is None:
        return None
    done = subprocess.run(["systemd-analyze", "security", "--offline=yes", unit],
                          capture_output=True, text=True, timeout=60)
    found = re.search(r"Overall exposure level for \S+: ([0-9.]+)", done.stdout)
    return float(found.group(1)) if found else None


def test_prefix():
    prefix = tempfile.mkdtemp(prefix="adjutant-install-")
    try:
        run("cmake", "--install", ARGS.build, "--prefix", prefix)
        binary = os.path.join(prefix, "bin", "adjutant")
        config_path = os.path.join(prefix, "etc", "adjutant", "adjutant.json")
        variants = os.path.join(prefix, "share", "adjutant", "variants")
        for path in (binary, config_path, os.path.join(variants, "standard.json"),
                     os.path.join(prefix, "share", "adjutant", "schema", "001_initial.sql"),
                     os.path.join(prefix, "lib", "systemd", "system", "adjutant.service"),
                     os.path.join(prefix, "lib", "sysusers.d", "adjutant.conf"),
                     os.path.join(prefix, "share", "doc", "adjutant", "LICENSE"),
                     os.path.join(prefix, "share", "doc", "adjutant", "docs", "deploy.md")):
            check(os.path.isfile(path), f"not installed: {path}")
        with open(config_path) as f:
            config = json.load(f)
        check(config["variants_dir"] == variants, f"variants_dir: {config['variants_dir']}")
        check(os.path.isabs(config["database"]), f"database: {config['database']}")
        with open(os.path.join(prefix, "lib", "systemd", "system", "adjutant.service")) as f:
            unit = f.read()
        check(f"ExecStart={binary} serve --config {config_path}" in unit, unit)

        # Served from the installed tree, away from the source tree (its variants would mask a
        # missing install), on an ephemeral port with a database of its own.
        work = os.path.join(prefix, "work")
        os.mkdir(work)
        env = {k: v for k, v in os.environ.items() if k != "ADJUTANT_VARIANTS"}
        log = os.path.join(work, "server.log")
        proc = subprocess.Popen(
            [binary, "serve", "--config", config_path, "--port", "0",
             "--database", os.path.join(work, "adjutant.db")],
            cwd=work, env=env, stdout=subprocess.PIPE, stderr=open(log, "w"), text=True)
        try:
            url = None
            deadline = time.time() + 30
            while time.time() < deadline and url is None:
                line = proc.stdout.readline()
                if not line:
                    break
                if line.startswith("listening on "):
                    url = line.split(" ", 2)[2].strip()
            if url is None:
                with open(log) as f:
                    raise AssertionError("the installed server did not start: " + f.read())
            check(get(url + "/healthz") == {"status": "ok"}, "healthz")
            names = sorted(v["name"] for v in get(url + "/api/v1/variants")["variants"])
            check(names == shipped_variants(), f"variants: {names}")
        finally:
            proc.terminate()
            check(proc.wait(timeout=30) == 0, "the installed server did not stop cleanly")
        done = run(binary, "--version")
        check(done.stdout.startswith("adjutant "), done.stdout)
        rating = security_rating(os.path.join(prefix, "lib", "systemd", "system",
                                              "adjutant.service"))
        if rating is not None:
            check(rating <= 2.0, f"systemd-analyze security rates the unit {rating}")
            print(f"systemd-analyze security: {rating}")
    finally:
        shutil.rmtree(prefix, ignore_errors=True)


def test_deb():
    out = tempfile.mkdtemp(prefix="adjutant-deb-")
    try:
        run("cpack", "-G", "DEB", "-B", out, "--config",
            os.path.join(ARGS.build, "CPackConfig.cmake"))
        debs = [name for name in os.listdir(out) if name.endswith(".deb")]
        check(len(debs) == 1, f"packages: {debs}")
        deb = os.path.join(out, debs[0])
        files = run("dpkg-deb", "--contents", deb).stdout
        for path in ("./usr/bin/adjutant", "./etc/adjutant/adjutant.json",
                     "./usr/share/adjutant/variants/standard.json",
                     "./usr/lib/systemd/system/adjutant.service",
                     "./usr/lib/sysusers.d/adjutant.conf",
                     "./usr/share/doc/adjutant/LICENSE"):
            check(re.search(rf" {re.escape(path)}$", files, re.M), f"{path} not in the package")
        root = os.path.join(out, "root")
        run("dpkg-deb", "--extract", deb, root)
        with open(os.path.join(root, "etc", "adjutant", "adjutant.json")) as f:
            config = json.load(f)
        check(config["variants_dir"] == "/usr/share/adjutant/variants", f"{config}")
        with open(os.path.join(root, "usr", "lib", "systemd", "system", "adjutant.service")) as f:
            check("ExecStart=/usr/bin/adjutant serve --config /etc/adjutant/adjutant.json"
                  in f.read(), "the unit's paths")
        conffiles = run("dpkg-deb", "--info", deb, "conffiles").stdout.split()
        check(conffiles == ["/etc/adjutant/adjutant.json"], f"conffiles: {conffiles}")
        depends = run("dpkg-deb", "--field", deb, "Depends").stdout.strip()
        names = [re.match(r"[a-z0-9.+-]+", d.strip()).group(0) for d in depends.split(",")]
        check(names, "no dependencies")
        for name in names:  # each one a Debian package, installed here since the binary runs
            status = subprocess.run(["dpkg-query", "-W", "-f=${Status}", name],
                                    capture_output=True, text=True).stdout
            check(status == "install ok installed", f"dependency {name}: {status!r}")
        # Every library the binary links directly comes from one of them (libc6, libgcc-s1
        # and libstdc++6 are on every Debian system; the last two are named anyway).
        binary = os.path.join(root, "usr", "bin", "adjutant")
        for soname, owner in linked_packages.library_packages(binary).items():
            check(owner in names or owner in ("libc6", "libgcc-s1") or
                  linked_packages.is_sanitizer(owner),
                  f"{soname} comes from {owner}, which is not a dependency")
        print(f"Depends: {depends}")
    finally:
        shutil.rmtree(out, ignore_errors=True)


FETCH = """import json, sys, urllib.request
with urllib.request.urlopen(sys.argv[1], timeout=5) as answer:
    print(json.dumps(json.loads(answer.read())))"""


def status_fields(sd, pid):
    """/proc/PID/status of a process inside, as {field: value}."""
    text = sd.run("cat", f"/proc/{pid}/status").stdout
    return dict(line.split(":\t", 1) for line in text.splitlines() if ":\t" in line)


def test_unit():
    why = systemd_namespace.available()
    if why:
        raise SkipTest(why)
    if linked_packages.sanitized(os.path.join(ARGS.build, "server", "adjutant")):
        # LeakSanitizer stops the threads with ptrace at exit, which SystemCallFilter= refuses.
        raise SkipTest("a sanitizer build: its runtime needs system calls the unit refuses")
    with systemd_namespace.Systemd() as sd:
        sd.run("cmake", "--install", ARGS.build, "--prefix", "/usr", timeout=600)
        sd.run("systemd-sysusers", "/usr/lib/sysusers.d/adjutant.conf")
        sd.add_unit("/usr/lib/systemd/system/adjutant.service")
        started = sd.run("systemctl", "start", "adjutant.service", check=False)
        check(started.returncode == 0, f"systemctl start: {started.stderr}\n" +
              sd.run("systemctl", "status", "--no-pager", "adjutant.service", check=False).stdout +
              journal(sd))
        fetch = [sys.executable, "-c", FETCH]
        deadline = time.time() + 30
        while sd.run(*fetch, "http://127.0.0.1:8080/healthz", check=False).returncode != 0:
            check(time.time() < deadline, "no /healthz: " + journal(sd))
            time.sleep(0.2)
        health = json.loads(sd.run(*fetch, "http://127.0.0.1:8080/healthz").stdout)
        check(health == {"status": "ok"}, f"healthz: {health}")
        variants = json.loads(sd.run(*fetch, "http://127.0.0.1:8080/api/v1/variants").stdout)
        names = sorted(v["name"] for v in variants["variants"])
        check(names == shipped_variants(), f"variants: {names}")

        # What the unit asks for, read back from the server systemd started.
        pid = sd.run("systemctl", "show", "-P", "MainPID", "adjutant.service").stdout.strip()
        uid = sd.run("id", "-u", "adjutant").stdout.strip()
        gid = sd.run("id", "-g", "adjutant").stdout.strip()
        status = status_fields(sd, pid)
        check(status["Uid"].split() == [uid] * 4 and status["Gid"].split() == [gid] * 4,
              f"User=/Group=: {status['Uid']} {status['Gid']}")
        check(status["Umask"] == "0077", f"UMask=: {status['Umask']}")
        check(status["NoNewPrivs"] == "1", "NoNewPrivileges=")
        check(status["Seccomp"] == "2", "SystemCallFilter= (seccomp filter mode)")
        check(int(status["CapBnd"], 16) == 0, f"CapabilityBoundingSet=: {status['CapBnd']}")
        limits = sd.run("cat", f"/proc/{pid}/limits").stdout
        check(re.search(r"^Max open files\s+4096\s+4096", limits, re.M), limits)
        # The same directory, compared by device and inode: under chroot the path of another
        # mount namespace's directory reads from that namespace's root, not ours.
        cwd = sd.run("stat", "-L", "-c", "%d:%i %n", f"/proc/{pid}/cwd", "/var/lib/adjutant").stdout
        ids = [line.split()[0] for line in cwd.splitlines()]
        check(len(ids) == 2 and ids[0] == ids[1], f"WorkingDirectory=: {cwd}")
        owner = sd.run("stat", "-c", "%U %a", "/var/lib/adjutant",
                       "/var/lib/adjutant/adjutant.db").stdout.split("\n")
        check(owner[:2] == ["adjutant 750", "adjutant 600"], f"StateDirectory=, UMask=: {owner}")
        log = journal(sd)
        check("listening on http://127.0.0.1:8080" in log, log)
        check("seat_" not in log and "gm_" not in log, f"tokens in the journal:\n{log}")

        sd.run("systemctl", "stop", "adjutant.service")
        shown = dict(line.split("=", 1) for line in sd.run(
            "systemctl", "show", "-p", "ActiveState,Result,ExecMainCode,ExecMainStatus",
            "adjutant.service").stdout.split())
        # SIGTERM is a success to systemd even when it kills the process (ExecMainCode 2,
        # CLD_KILLED); a clean exit is status 0 with the server's own "stopped" logged.
        check(shown["ActiveState"] == "inactive" and shown["Result"] == "success" and
              shown["ExecMainCode"] != "2" and shown["ExecMainStatus"] == "0",
              f"after systemctl stop: {shown}")
        check(re.search(r" info stopped$", journal(sd), re.M), journal(sd))


def journal(sd):
    return sd.run("journalctl", "-u", "adjutant.service", "-o", "cat", "--no-pager").stdout


if __name__ == "__main__":
    sys.exit(commands.main(globals()))
