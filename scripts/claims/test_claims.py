#!/usr/bin/env python3
"""The claims check must fail on a wrong number or a false word.

For every results/<study>/claims.py: the unchanged README passes the check (one study's also
as the command `claims.py --check`, exit 0); a temporary copy with (a) one marked value changed, (b) a number written by hand
into the prose, (c) one cell of a generated table changed, (d) a marker renamed, must each fail and
name the problem. And every false edit of scripts/claims/mutations.csv (file, original text, false
text, why: words, directions, methods and numbers of the READMEs), applied to a temporary copy,
must make the check report a problem that the unedited README does not have (so the test keeps its
meaning while a study's files disagree with their recomputation); each original text must occur
exactly once in its README, so an edit that no longer applies fails the test too.

Each study's claims are computed once (its claims.py imported) and the edited copies are checked
in-process with claimlib.check, the function `claims.py --check` runs.

  python3 scripts/claims/test_claims.py      (exit 77 when pandas or SciPy is missing: ctest's
                                             skip code)
"""

import csv
import glob
import importlib.util
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
MUTATIONS = os.path.join(os.path.dirname(os.path.abspath(__file__)), "mutations.csv")
LOCATION = re.compile(r":\d+(?:-\d+)?:|line \d+")
COMPUTED = {}  # claims.py path -> (module, claims)


def run(script, readme):
    folder = os.path.dirname(script)
    process = subprocess.run([sys.executable, script, "--check", "--readme", readme, "--folder",
                              os.path.relpath(folder, ROOT)], cwd=ROOT, capture_output=True, text=True)
    return process.returncode, process.stdout + process.stderr


def study(script):
    """A study's claims.py imported and its claims computed, once."""
    if script not in COMPUTED:
        name = "claims_" + os.path.basename(os.path.dirname(script)).replace("-", "_")
        spec = importlib.util.spec_from_file_location(name, script)
        module = importlib.util.module_from_spec(spec)
        spec.loader.exec_module(module)
        previous = os.getcwd()
        os.chdir(ROOT)
        try:
            COMPUTED[script] = (module, module.compute(os.path.relpath(os.path.dirname(script), ROOT)))
        finally:
            os.chdir(previous)
    return COMPUTED[script]


def check(script, path):
    """The problems `claims.py --check --readme path` would print (none: it would exit 0)."""
    module, claims = study(script)
    previous = os.getcwd()
    os.chdir(ROOT)
    try:
        return claimlib.check(path, claims, module.ALLOW)
    finally:
        os.chdir(previous)


def altered(value):
    """A different number written the same way: the last digit moved by one."""
    digits = [index for index, char in enumerate(value) if char.isdigit()]
    index = digits[-1]
    return value[:index] + str((int(value[index]) + 1) % 10) + value[index + 1:]


class Copies(unittest.TestCase):
    def setUp(self):
        self.directory = tempfile.TemporaryDirectory()

    def tearDown(self):
        self.directory.cleanup()

    def copy(self, text):
        path = os.path.join(self.directory.name, "README.md")
        with open(path, "w", encoding="utf-8") as handle:
            handle.write(text)
        return path

    @staticmethod
    def original(script):
        with open(os.path.join(os.path.dirname(script), "README.md"), encoding="utf-8") as handle:
            return handle.read()

    def fails(self, script, text, expected):
        """The check of `text` reports a problem containing `expected`."""
        problems = check(script, self.copy(text))
        output = "\n".join(problems)
        self.assertTrue(problems, f"no problem reported, {expected!r} expected")
        self.assertIn(expected, output)


class WrongNumbersFail(Copies):
    def test_studies_found(self):
        found = {os.path.basename(os.path.dirname(script)) for script in STUDIES}
        self.assertTrue({"report", "archive", "toolbox", "baselines", "archive-full"} <= found, found)

    def test_unchanged_passes(self):
        for script in STUDIES:
            with self.subTest(study=script):
                self.assertEqual(check(script, self.copy(self.original(script))), [])
        # As a command too (--readme, --folder, the exit status), for one study: check_all.py runs
        # every study's command on its README, and each command recomputes its comparisons.
        script = min(STUDIES, key=lambda path: os.path.getsize(
            os.path.join(os.path.dirname(path), "README.md")))
        status, output = run(script, self.copy(self.original(script)))
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
                    self.fails(script, changed, f"claim {match.group(1)}: README says {wrong!r}")

    def test_hand_written_number_fails(self):
        for script in STUDIES:
            with self.subTest(study=script):
                changed = self.original(script).replace("\n\n", "\n\nThe accuracy is 0.912 here.\n\n", 1)
                self.fails(script, changed, "number '0.912' written by hand")

    def test_spelled_out_number_and_conclusion_fail(self):
        for script in STUDIES:
            with self.subTest(study=script):
                text = self.original(script)
                self.fails(script, text.replace("\n\n", "\n\nSeven datasets agree.\n\n", 1),
                           "spelled-out number 'Seven' written by hand")
                self.fails(script, text.replace("\n\n", "\n\nThe gain is significant.\n\n", 1),
                           "conclusion 'significant' outside a verdict marker")

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
                self.fails(script, changed, f"block {block.group(1)}:")

    def test_unknown_and_unstated_keys_fail(self):
        script = STUDIES[0]
        text = self.original(script)
        match = claimlib.INLINE.search(text)
        renamed = text[:match.start(1)] + "no_such_claim" + text[match.end(1):]
        self.fails(script, renamed, "claim no_such_claim")
        if text.count(f"<!--claim:{match.group(1)}-->") == 1:
            self.fails(script, renamed, f"claim {match.group(1)} = ")  # computed, never stated


class VerdictWords(unittest.TestCase):
    """claimlib's reading of a verdict's words, on tests made up here."""

    def problems(self, words, *tests, names=()):
        return claimlib.verdict_problems("README.md:1", "k", words, claimlib.Verdict(list(tests), names))

    def test_words(self):
        worse = claimlib.Test("t", significant=True, direction=-1, p=0.01, alpha=0.05)
        even = claimlib.Test("t", significant=False, direction=1, p=0.6, alpha=0.05,
                             better=0.45, equivalent=0.1, worse=0.45)
        untested = claimlib.Test("t", direction=1)
        self.assertFalse(self.problems("A is significantly worse than B", worse, names=["A", "B"]))
        self.assertTrue(self.problems("A is significantly worse than B", worse, names=["B", "A"]))
        self.assertTrue(self.problems("A is significantly better than B", worse))
        self.assertTrue(self.problems("A is not significantly worse than B", worse))
        self.assertFalse(self.problems("A loses to B", worse))
        self.assertFalse(self.problems("A is a coin toss against `none`", even))
        self.assertTrue(self.problems("A is a coin toss", worse))
        self.assertFalse(self.problems("not established", even))
        self.assertTrue(self.problems("established", even))
        self.assertFalse(self.problems("without significance", even))
        self.assertTrue(self.problems("with significance", even))
        self.assertFalse(self.problems("no better than B", even))
        self.assertFalse(self.problems("A is ahead of B", untested))
        self.assertTrue(self.problems("A is behind B", untested))
        self.assertTrue(self.problems("A is significantly ahead of B", untested))  # no test made
        self.assertTrue(self.problems("A and B", worse))  # no conclusion word
        leak = claimlib.Test("t", lowered=True)
        self.assertFalse(self.problems("the leak", leak))
        self.assertTrue(self.problems("not a leak", leak))  # needs a test of the effect


class MutationsFail(Copies):
    """Each false edit of mutations.csv is caught."""

    @classmethod
    def setUpClass(cls):
        with open(MUTATIONS, newline="", encoding="utf-8") as handle:
            cls.mutations = list(csv.DictReader(handle))

    def problems(self, readme, text):
        path = self.copy(text)
        found = check(os.path.join(ROOT, os.path.dirname(readme), "claims.py"), path)
        return {LOCATION.sub(":", problem.replace(path, "README.md")) for problem in found}

    def test_enough_mutations(self):
        self.assertGreaterEqual(len(self.mutations), 20)
        self.assertGreaterEqual(len({row["file"] for row in self.mutations}), 4)

    def test_each_mutation_fails(self):
        baselines = {}
        for row in self.mutations:
            readme = row["file"]
            with self.subTest(file=readme, why=row["why"]):
                with open(os.path.join(ROOT, readme), encoding="utf-8") as handle:
                    text = handle.read()
                self.assertEqual(text.count(row["original"]), 1,
                                 f"the original text no longer occurs exactly once: {row['original']!r}")
                if readme not in baselines:
                    baselines[readme] = self.problems(readme, text)
                mutated = text.replace(row["original"], row["false"], 1)
                new = self.problems(readme, mutated) - baselines[readme]
                self.assertTrue(new, f"the check does not catch {row['original']!r} -> "
                                     f"{row['false']!r} ({row['why']})")


if __name__ == "__main__":
    try:
        import pandas  # noqa: F401
        import scipy  # noqa: F401
    except ImportError as error:
        print(f"{error.name} is missing: the claims tests are skipped")
        sys.exit(77)
    unittest.main(verbosity=2)
