# SPDX-License-Identifier: Apache-2.0
"""The assertion and the command runner the install and image tests share."""

import subprocess


def check(condition, message):
    if not condition:
        raise AssertionError(message)


def run(*args, **kwargs):
    """`args` run to completion; its output, or an AssertionError naming it if it failed."""
    done = subprocess.run(list(args), capture_output=True, text=True, timeout=600, **kwargs)
    check(done.returncode == 0, f"{args}: exit {done.returncode}\n{done.stdout}\n{done.stderr}")
    return done


def main(namespace):
    """Runs the test_* functions of a test file's `namespace` (its globals()) from the command
    line --build DIR [--only NAME]; sets the file's ARGS, the build directory made absolute
    (commands inside namespaces start from /). Returns run_tests' exit code."""
    import argparse
    import os
    from server_harness import run_tests
    tests = {name[5:]: fn for name, fn in namespace.items() if name.startswith("test_")}
    parser = argparse.ArgumentParser()
    parser.add_argument("--build", required=True)
    parser.add_argument("--only", choices=sorted(tests))
    args = namespace["ARGS"] = parser.parse_args()
    args.build = os.path.abspath(args.build)
    return run_tests(tests, args.only)


def die_with_parent():
    """A preexec_fn: the child is killed when the test dies (a CTest timeout, say), so that no
    namespace it made outlives the test; `unshare --kill-child` passes it on to PID 1."""
    import ctypes
    import signal
    PR_SET_PDEATHSIG = 1
    ctypes.CDLL(None, use_errno=True).prctl(PR_SET_PDEATHSIG, signal.SIGKILL)
