"""Claims as code: the numbers of a results/<study>/README.md, computed from the study's files.

A README states each number it takes from the run's files as a marked pair

    <!--claim:KEY-->0.873<!--/claim-->        (a value inside a sentence; GitHub hides the comments)

or as a whole generated block (tables)

    <!--claims:KEY-->
    | ... a Markdown table the script writes ... |
    <!--/claims-->

and the study's `claims.py` computes every KEY from the CSVs and manifests of its folder. The check
(`claims.py --check`, the default) fails, listing file:line, key, README value and computed value,

- when a marked value differs from the computed one, or a marker names a key the script does not
  compute, or the script computes a key the README never states;
- when a number appears in the README's prose outside the markers (the lint): a stale number
  written by hand cannot slip through. Not numbers for the lint: digits inside a word (ECG200,
  he2005, n10), inside `code spans`, fenced code, link targets and HTML comments, and the phrases
  the study's claims.py allows explicitly (ALLOW: regular expressions for parameters of the specs,
  figure numbers, years and the like, each with its reason).

A part of a README not yet converted can be wrapped in `<!--unchecked: REASON-->` ...
`<!--/unchecked-->`: the lint skips it, and every check prints each such region with the count of
numbers in it that nothing checks, so the debt stays visible (it does not fail the check).

`--write` refreshes every marked value and generated block from the files (after a rerun);
`--list` prints the computed claims. Exit status: 0 all claims hold, 1 some do not, 2 misuse.
"""

import argparse
import math
import re
import sys

INLINE = re.compile(r"<!--claim:([A-Za-z0-9_.\-]+)-->(.*?)<!--/claim-->", re.S)
BLOCK = re.compile(r"<!--claims:([A-Za-z0-9_.\-]+)-->\n(.*?)<!--/claims-->", re.S)
UNCHECKED = re.compile(r"<!--unchecked:(.*?)-->(.*?)<!--/unchecked-->", re.S)
COMMENT = re.compile(r"<!--.*?-->", re.S)
CODE_SPAN = re.compile(r"`[^`\n]*`")
LINK_TARGET = re.compile(r"\]\([^)\s]*\)")
# a number: an optional sign, digits with thousands commas or a decimal point, an exponent; not
# glued to a letter, digit or underscore on either side (ECG200, he2005, x1 are names)
NUMBER = re.compile(r"(?<![\w.])[-+]?\d+(?:,\d{3})*(?:\.\d+)?(?:[eE][-+]?\d+)?%?(?![\w])")


# --- formatting helpers shared by the studies -------------------------------------------------
def fixed(value, digits=3):
    """0.8734 -> '0.873'; a negative zero prints as 0."""
    text = f"{value:.{digits}f}"
    return text[1:] if text.startswith("-") and float(text) == 0 else text


def signed(value, digits=3):
    text = fixed(value, digits)
    return text if text.startswith("-") else "+" + text


def points(value, digits=1):
    """An accuracy difference in percentage points: 0.035 -> '3.5'."""
    return fixed(100 * value, digits)


def percent(value, digits=0):
    return fixed(100 * value, digits)


def sci(value, digits=1):
    """1.07e-4 -> '1.1e-4' (no padded exponent, as the READMEs write it)."""
    if value == 0:
        return "0"
    mantissa, exponent = f"{value:.{digits}e}".split("e")
    return f"{mantissa}e{int(exponent)}"


def general(value, digits=3):
    """Significant digits, Python's %g without a padded exponent: 0.00107 -> '0.00107'."""
    text = f"{value:.{digits}g}"
    if "e" in text:
        mantissa, exponent = text.split("e")
        text = f"{mantissa}e{int(exponent)}"
    return text


def integer(value):
    return f"{int(round(value)):d}"


def thousands(value):
    return f"{int(round(value)):,d}"


def table(header, rows):
    """A Markdown table: header is a list of column titles, rows lists of cells (strings)."""
    lines = ["| " + " | ".join(header) + " |", "|" + "---|" * len(header)]
    lines += ["| " + " | ".join(str(cell) for cell in row) + " |" for row in rows]
    return "\n".join(lines) + "\n\n"  # the blank line ends the table before the closing marker


class Claims(dict):
    """KEY -> the exact text the README must show. Setting a key twice is an error (two
    computations of one claim would hide which one the README follows)."""

    def __setitem__(self, key, value):
        if key in self:
            raise KeyError(f"claim {key} computed twice")
        if not isinstance(value, str):
            raise TypeError(f"claim {key}: format the value as the README writes it, got {value!r}")
        if isinstance(value, float) and math.isnan(value):
            raise ValueError(f"claim {key} is NaN")
        super().__setitem__(key, value)


# --- the check ---------------------------------------------------------------------------------
def line_of(text, offset):
    return text.count("\n", 0, offset) + 1


def blank(text, start, end):
    """text with [start, end) replaced by spaces, newlines kept (offsets and lines stay valid)."""
    return text[:start] + re.sub(r"[^\n]", " ", text[start:end]) + text[end:]


def unmarked_numbers(text, allow):
    """(line, number, context) for every number outside the markers, code and allowed phrases."""
    masked = text
    for pattern in (UNCHECKED, BLOCK, INLINE, COMMENT, CODE_SPAN, LINK_TARGET):
        for match in pattern.finditer(masked):
            masked = blank(masked, match.start(), match.end())
    fenced = re.compile(r"^```.*?^```", re.S | re.M)
    for match in fenced.finditer(masked):
        masked = blank(masked, match.start(), match.end())
    for expression in allow:  # a space in an allowed phrase matches any run of blanks or a line break
        for match in re.finditer(expression.replace(" ", r"\s+"), masked):
            masked = blank(masked, match.start(), match.end())
    found = []
    for match in NUMBER.finditer(masked):
        number_line = line_of(masked, match.start())
        context = text.splitlines()[number_line - 1].strip()
        found.append((number_line, match.group(0), context))
    return found


def check(readme_path, claims, allow, quiet=False):
    """The list of problems (strings); empty when the README states exactly the claims."""
    with open(readme_path, encoding="utf-8") as handle:
        text = handle.read()
    problems = []
    used = set()
    for match in INLINE.finditer(text):
        key, value = match.group(1), match.group(2)
        used.add(key)
        where = f"{readme_path}:{line_of(text, match.start())}"
        if key not in claims:
            problems.append(f"{where}: claim {key}: README says {value!r}, but the script does not "
                            "compute it")
        elif value != claims[key]:
            problems.append(f"{where}: claim {key}: README says {value!r}, the files give "
                            f"{claims[key]!r}")
    for match in BLOCK.finditer(text):
        key, value = match.group(1), match.group(2)
        used.add(key)
        where = f"{readme_path}:{line_of(text, match.start())}"
        if key not in claims:
            problems.append(f"{where}: block {key}: the script does not compute it")
        elif value != claims[key]:
            stated, computed = value.splitlines(), claims[key].splitlines()
            differing = [(index, a, b) for index, (a, b) in
                         enumerate(zip(stated + [""] * len(computed), computed + [""] * len(stated)))
                         if a != b]
            index, a, b = differing[0]
            problems.append(f"{where}: block {key}: {len(differing)} line(s) differ from the files'; "
                            f"first, line {line_of(text, match.start()) + 1 + index}: README "
                            f"{a!r}, the files give {b!r}")
    for key in sorted(set(claims) - used):
        problems.append(f"{readme_path}: claim {key} = {claims[key]!r} is computed but the README "
                        "never states it (add its marker or drop it from claims.py)")
    for number_line, number, context in unmarked_numbers(text, allow):
        problems.append(f"{readme_path}:{number_line}: number {number!r} written by hand (not a "
                        f"claim marker, not allowed by claims.py's ALLOW): {context[:160]}")
    return problems


def unchecked_regions(readme_path):
    """(first line, last line, numbers in it, reason) of every unchecked region."""
    with open(readme_path, encoding="utf-8") as handle:
        text = handle.read()
    regions = []
    for match in UNCHECKED.finditer(text):
        body = match.group(2)
        for pattern in (BLOCK, INLINE, COMMENT, CODE_SPAN, LINK_TARGET):
            body = pattern.sub(" ", body)
        regions.append((line_of(text, match.start()), line_of(text, match.end()),
                        len(NUMBER.findall(body)), match.group(1).strip()))
    return regions


def write(readme_path, claims):
    """Refresh every marker's value and generated block from claims; returns the keys changed."""
    with open(readme_path, encoding="utf-8") as handle:
        text = handle.read()
    changed = []

    def inline(match):
        key, value = match.group(1), match.group(2)
        if key in claims and claims[key] != value:
            changed.append(key)
            value = claims[key]
        return f"<!--claim:{key}-->{value}<!--/claim-->"

    def block(match):
        key, value = match.group(1), match.group(2)
        if key in claims and claims[key] != value:
            changed.append(key)
            value = claims[key]
        return f"<!--claims:{key}-->\n{value}<!--/claims-->"

    text = BLOCK.sub(block, INLINE.sub(inline, text))
    with open(readme_path, "w", encoding="utf-8") as handle:
        handle.write(text)
    return changed


def main(study, compute, allow, default_readme, default_folder):
    """The command line of a study's claims.py."""
    parser = argparse.ArgumentParser(description=f"The claims of {default_readme}, computed from "
                                     f"{default_folder}/ (see scripts/claims/claimlib.py).")
    mode = parser.add_mutually_exclusive_group()
    mode.add_argument("--check", action="store_true", help="compare (the default)")
    mode.add_argument("--write", action="store_true", help="refresh the README's marked values")
    mode.add_argument("--list", action="store_true", help="print the computed claims")
    parser.add_argument("--readme", default=default_readme, help="README to check or write")
    parser.add_argument("--folder", default=default_folder, help="the study's results folder")
    arguments = parser.parse_args()
    claims = compute(arguments.folder)
    if arguments.list:
        for key, value in claims.items():
            print(f"{key}\t{value!r}")
        return 0
    if arguments.write:
        changed = write(arguments.readme, claims)
        print(f"{arguments.readme}: {len(changed)} claim(s) refreshed" +
              (f": {', '.join(changed)}" if changed else ""))
    problems = check(arguments.readme, claims, allow)
    for problem in problems:
        print(problem)
    unchecked = unchecked_regions(arguments.readme)
    for first, last, count, reason in unchecked:
        print(f"{arguments.readme}:{first}-{last}: {count} number(s) NOT CHECKED ({reason})")
    status = "FAILED" if problems else "ok"
    print(f"{study}: {len(claims)} claims, {len(problems)} problem(s), "
          f"{sum(region[2] for region in unchecked)} number(s) in {len(unchecked)} unchecked "
          f"region(s): {status}")
    return 1 if problems else 0


# --- readers shared by the studies ----------------------------------------------------------------
def manifest(folder):
    import json
    with open(f"{folder}/manifest.json", encoding="utf-8") as handle:
        return json.load(handle)


def wall_seconds(folder):
    """finished_utc - started_utc of a run's manifest.json (1-second resolution)."""
    from datetime import datetime
    data = manifest(folder)
    parse = lambda text: datetime.strptime(text, "%Y-%m-%dT%H:%M:%SZ")
    return (parse(data["finished_utc"]) - parse(data["started_utc"])).total_seconds()


def ucr_labels(dataset, parts=("TRAIN", "TEST"), root="third_party/ucr"):
    """The class labels of a vendored UCR dataset's files, TRAIN rows then TEST rows."""
    import gzip
    import os
    labels = []
    for part in parts:
        path = f"{root}/{dataset}/{dataset}_{part}.tsv"
        opener = (gzip.open, path + ".gz") if os.path.exists(path + ".gz") else (open, path)
        with opener[0](opener[1], "rt") as handle:
            labels += [line.split("\t", 1)[0] for line in handle if line.strip()]
    return labels


def grouping_effect(kept_folder, grouped_folder, datasets):
    """What keeping duplicated series was worth: the same study rerun on `datasets` with
    `duplicates: group` (a group's copies on one side of every split; the resample seed is the
    same, so the splits differ where groups moved) against the study as run. Each compared method's
    mean accuracy there minus here (tuned rows for the Laplacian score, as the comparison takes
    them). One row per dataset: methods, methods per n_features, how many fell (lower), the median
    change and its range (low, high), and Kendall's tau between the two orders of the methods at
    each n_features (taus, in n_features order)."""
    import pandas as pd
    from scipy.stats import kendalltau

    grouped = pd.read_csv(f"{grouped_folder}/results.csv")
    assert sorted(grouped.dataset.unique()) == sorted(datasets)
    assert grouped.protocol.str.endswith("+duplicates=group").all()
    kept = pd.read_csv(f"{kept_folder}/results.csv")
    key = list(kept.columns[: list(kept.columns).index("protocol")])

    def compared(table):
        return table[(table.selector != "laplacian") | (table.k.astype(str) == "tuned")]

    pairs = compared(kept[kept.dataset.isin(datasets)]).merge(
        compared(grouped), on=key, suffixes=("_keep", "_group"))
    pairs["change"] = pairs.accuracy_group - pairs.accuracy_keep
    rows = []
    for dataset, methods in pairs.groupby("dataset"):
        rows.append({
            "dataset": dataset, "methods": len(methods),
            "per_n": int(methods.groupby("n_features").size().max()),
            "lower": int((methods.change < 0).sum()), "median": methods.change.median(),
            "low": methods.change.min(), "high": methods.change.max(),
            "taus": [kendalltau(by_n.accuracy_keep, by_n.accuracy_group)[0]
                     for _, by_n in methods.groupby("n_features")]})
    return pd.DataFrame(rows).set_index("dataset")


def load_script(path):
    """A Python script of the repository (not a package) imported as a module, by its path from the
    repository root: the studies reuse the scripts that wrote their files (compare_published.py,
    archive_full_numbers.py) instead of copying their code."""
    import importlib.util
    import os
    root = os.path.join(os.path.dirname(os.path.abspath(__file__)), "../..")
    name = os.path.splitext(os.path.basename(path))[0]
    spec = importlib.util.spec_from_file_location(name, os.path.join(root, path))
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def study_main(module_file, compute, allow):
    """Run a results/<study>/claims.py: its README and folder are the script's own folder."""
    import os
    folder = os.path.relpath(os.path.dirname(os.path.abspath(module_file)))
    study = os.path.basename(os.path.abspath(folder))
    sys.exit(main(study, compute, allow, os.path.join(folder, "README.md"), folder))
