# SPDX-License-Identifier: Apache-2.0
"""The small runner the campaign driver's self-tests share: each test_ function of a module
appends what went wrong to a list, and the run prints every failure and exits non-zero, so
ctest sees a failed check without a test framework the machine may not have."""

import sys


def run(namespace, failures, label, passed):
    """Runs every test_ function in `namespace` (a module's globals()) in name order, then
    prints `failures` and exits 1 if there are any, else prints `passed` under `label`."""
    for name, test in sorted(namespace.items()):
        if name.startswith("test_"):
            test()
    for failure in failures:
        print("FAIL", failure)
    print(f"{label}:", passed if not failures else f"{len(failures)} failed")
    sys.exit(1 if failures else 0)
