#!/usr/bin/env python3
"""Check the claims of every results/<study>/README.md that has a claims.py (scripts/claims/
claimlib.py describes the mechanism).

  python3 scripts/claims/check_all.py [--write] [STUDY ...]     (from the repository root)

Every study's check recomputes the comparisons its README cites with SciPy (recompute.py) and
reads the words of its conclusions (claimlib's verdicts); see claimlib.py.

Exit status: 0 every claim holds, 1 some do not, 77 pandas or SciPy is missing (ctest's skip code;
CI installs python3-pandas and python3-scipy with scripts/install-deps.sh).
"""

import glob
import os
import subprocess
import sys
import time

SKIP = 77


def main():
    try:
        import pandas  # noqa: F401
        import scipy  # noqa: F401
    except ImportError as error:
        print(f"claims not checked: {error.name} is missing (apt-get install python3-pandas "
              "python3-scipy, or scripts/install-deps.sh)")
        return SKIP
    root = os.path.abspath(os.path.join(os.path.dirname(os.path.abspath(__file__)), "../.."))
    arguments = [argument for argument in sys.argv[1:] if argument.startswith("--")]
    studies = [argument for argument in sys.argv[1:] if not argument.startswith("--")]
    scripts = sorted(glob.glob(os.path.join(root, "results/*/claims.py")))
    if studies:
        scripts = [script for script in scripts if os.path.basename(os.path.dirname(script)) in studies]
        if len(scripts) != len(studies):
            print(f"unknown study among {studies}")
            return 2
    failed = []
    start = time.monotonic()
    for script in scripts:
        status = subprocess.call([sys.executable, script] + arguments, cwd=root)
        if status != 0:
            failed.append(os.path.relpath(script, root))
    print(f"claims: {len(scripts)} README(s) checked in {time.monotonic() - start:.1f} s"
          + (f"; FAILED: {', '.join(failed)}" if failed else ": all hold"))
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
