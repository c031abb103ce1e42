#!/usr/bin/env python3
"""The claims check must fail on a wrong number: for every results/<study>/claims.py, a temporary
copy of its README with (a) one marked value changed, (b) a number written by hand into the prose,
(c) one cell of a generated table changed, must each make `claims.py --check --readme COPY` exit
with 1 and name the problem; the unchanged copy must pass.

  python3 scripts/claims/test_claims.py      (exit 77 when pandas is missing: ctest's skip code)
"""

import glob
import os
import re
import subprocess
import sys
import tempfile
import unittest

ROOT = os.path.abspath(os.path.join(os.path.dirname(os.path.abspath(__file__)), "../.."))
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import claimlib  # noqa: E402

STUDIES = sorted(glob.glob(os.path.join(ROOT, "results/*/claims.py")))


def run(script, readme):
    folder = os.path.dirname(script)
    process = subprocess.run([sys.executable, script, "--check", "--readme", readme, "--folder",
                              os.path.relpath(folder, ROOT)], cwd=ROOT, capture_output=True, text=True)
    return process.returncode, process.stdout + process.stderr


def altered(value):
    """A different number written the same way: the last digit moved by one."""
    digits = [index for index, char in enumerate(value) if char.isdigit()]
    index = digits[-1]
    return value[:index] + str((int(value[index]) + 1) % 10) + value[index + 1:]


class WrongNumbersFail(unittest.TestCase):
    def setUp(self):
        self.directory = tempfile.TemporaryDirectory()

    def tearDown(self):
        self.directory.cleanup()

    def copy(self, script, text):
        path = os.path.join(self.directory.name, "README.md")
        with open(path, "w", encoding="utf-8") as handle:
            handle.write(text)
        return path

    def original(self, script):
        with open(os.path.join(os.path.dirname(script), "README.md"), encoding="utf-8") as handle:
            return handle.read()

    def test_studies_found(self):
        found = {os.path.basename(os.path.dirname(script)) for script in STUDIES}
        self.assertTrue({"report", "archive", "toolbox", "baselines", "archive-full"} <= found, found)

    def test_unchanged_passes(self):
        for script in STUDIES:
            with self.subTest(study=script):
                status, output = run(script, self.copy(script, self.original(script)))
                self.assertEqual(status, 0, output)

    def test_changed_marked_value_fails(self):
        for script in STUDIES:
            text = self.original(script)
            numeric = [m for m in claimlib.INLINE.finditer(text) if re.search(r"\d", m.group(2))]
            self.assertTrue(numeric, script)
            for match in (numeric[0], numeric[len(numeric) // 2], numeric[-1]):
                with self.subTest(study=script, key=match.group(1)):
                    wrong = altered(match.group(2))
                    changed = text[:match.start(2)] + wrong + text[match.end(2):]
                    status, output = run(script, self.copy(script, changed))
                    self.assertEqual(status, 1, output)
                    self.assertIn(f"claim {match.group(1)}: README says {wrong!r}", output)

    def test_hand_written_number_fails(self):
        for script in STUDIES:
            with self.subTest(study=script):
                text = self.original(script)
                changed = text.replace("\n\n", "\n\nThe accuracy is 0.912 here.\n\n", 1)
                status, output = run(script, self.copy(script, changed))
                self.assertEqual(status, 1, output)
                self.assertIn("number '0.912' written by hand", output)

    def test_changed_table_cell_fails(self):
        for script in STUDIES:
            text = self.original(script)
            block = claimlib.BLOCK.search(text)
            if not block:
                continue
            with self.subTest(study=script, block=block.group(1)):
                body = block.group(2)
                cell = re.search(r"\d\.\d+", body.split("\n", 2)[2])  # past the header lines
                offset = block.start(2) + len(body.split("\n", 2)[0]) + len(body.split("\n", 2)[1]) + 2
                start, end = offset + cell.start(), offset + cell.end()
                changed = text[:start] + altered(text[start:end]) + text[end:]
                status, output = run(script, self.copy(script, changed))
                self.assertEqual(status, 1, output)
                self.assertIn(f"block {block.group(1)}:", output)

    def test_unknown_and_unstated_keys_fail(self):
        script = STUDIES[0]
        text = self.original(script)
        match = claimlib.INLINE.search(text)
        renamed = text[:match.start(1)] + "no_such_claim" + text[match.end(1):]
        status, output = run(script, self.copy(script, renamed))
        self.assertEqual(status, 1, output)
        self.assertIn("claim no_such_claim", output)
        if text.count(f"<!--claim:{match.group(1)}-->") == 1:
            self.assertIn(f"claim {match.group(1)} = ", output)  # now computed but never stated


if __name__ == "__main__":
    try:
        import pandas  # noqa: F401
    except ImportError:
        print("pandas is missing: the claims tests are skipped")
        sys.exit(77)
    unittest.main(verbosity=2)
