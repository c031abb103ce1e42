"""Claims as code: the numbers and the conclusions of a results/<study>/README.md, computed from the
study's files.

A README states each number it takes from the run's files as a marked pair

    <!--claim:KEY-->0.873<!--/claim-->        (a value inside a sentence; GitHub hides the comments)

or as a whole generated block (tables)

    <!--claims:KEY-->
    | ... a Markdown table the script writes ... |
    <!--/claims-->

and each conclusion it draws, in words, as a verdict

    <!--verdict:KEY-->he2005/NED is significantly worse than ANOVA<!--/verdict-->

The study's `claims.py` computes every KEY from the CSVs and manifests of its folder: a claim as the
exact text the README must show, a verdict as a `Verdict`: the tests (or measured directions) the
words rest on, and the names the words must mention, in order. The check reads the words of a
verdict (VOCABULARY below) and asserts what each states:

| words (a negation up to 4 words before them, within the clause, inverts them) | assert for every test of the verdict |
|---|---|
| significant(ly), significance, established, survives, confirms, rejects, told apart/from, distinguishable | the test's decision is significant (p <= alpha) |
| significantly better/ahead, beats, outperforms | significant, and the first-named is better |
| significantly worse/behind, loses to | significant, and the first-named is worse |
| better, ahead, leads, stronger / worse, behind, weaker | the measured direction (tested or not) |
| no better than | not (significant and better) |
| indistinguishable, a tendency, no difference | not significant |
| coin toss | not significant, and both Bayesian P(better) and P(worse) in [0.25, 0.75] |
| leak | the grouping of duplicated series lowered the accuracy; "not a leak" needs a test of that effect (none is made: it fails) |

A Test's direction is that of the statement's first-named method against the second ("A is
significantly worse than B": A's rank sum, mean or average rank against B's). A verdict whose words
state a test that was not made (e.g. "significantly" on a measured difference) fails, and so does
one whose words carry no conclusion at all. Code spans and the method named "no selection" are not
read as negations. A definition ("called established only when ...", `Verdict.definition`) and a
count of significant pairs ("5 pairs are significant": the count is a claim, the word a verdict
whose test is the counting rule) are verdicts too, so their words cannot be turned around. Words
about ranks and counts that state no test are claims: mark the number or the name (a method named
with its number, e.g. "64% for he2005/DTW", cannot move to another method unnoticed). The direction
words alone (better, worse, ...) are too common for the lint to ask of every sentence; where a
conclusion uses them, its verdict checks them.

scripts/claims/mutations.csv lists false edits of the READMEs (words, directions, methods, numbers)
that scripts/claims/test_claims.py applies one by one: the check must catch each.

The check (`claims.py --check`, the default) fails, listing file:line, key, README value and computed
value,

- when a marked value differs from the computed one, or a marker names a key the script does not
  compute, or the script computes a key the README never states; when a verdict's words state
  what its tests do not give, or lack its names in their order;
- when the study's comparisons (`runner compare`'s files) disagree with their recomputation from
  the runs' results.csv (scripts/claims/recompute.py; listed as the script's own problems);
- when a number appears in the README's prose outside the markers (the lint): a stale number
  written by hand cannot slip through. Numbers spelled out count (one to twenty, a dozen, half,
  twice, first to twelfth). Not numbers for the lint: digits inside a word (ECG200, he2005, n10),
  inside `code spans`, fenced code, link targets and HTML comments, and the phrases the study's
  claims.py allows explicitly (ALLOW: regular expressions for parameters of the specs, figure
  numbers, years and the like, each with its reason);
- when a conclusion word (VOCABULARY) appears outside a verdict, a claim or a quotation ("...":
  the study's words or a hypothesis named before its verdict), and when an ALLOW pattern covers a
  conclusion word or matches nothing (a stale or too broad ALLOW hides what it was not written for).

A part of a README not yet converted can be wrapped in `<!--unchecked: REASON-->` ...
`<!--/unchecked-->`: the lint skips it, and every check prints each such region with the count of
numbers in it that nothing checks, so the debt stays visible (it does not fail the check).

`--write` refreshes every marked value and generated block from the files (after a rerun; a
verdict's words are the author's and stay); `--list` prints the computed claims and verdicts. Exit
status: 0 all claims hold, 1 some do not, 2 misuse.
"""

import argparse
import math
import re
import sys

INLINE = re.compile(r"<!--claim:([A-Za-z0-9_.\-]+)-->(.*?)<!--/claim-->", re.S)
BLOCK = re.compile(r"<!--claims:([A-Za-z0-9_.\-]+)-->\n(.*?)<!--/claims-->", re.S)
VERDICT = re.compile(r"<!--verdict:([A-Za-z0-9_.\-]+)-->(.*?)<!--/verdict-->", re.S)
UNCHECKED = re.compile(r"<!--unchecked:(.*?)-->(.*?)<!--/unchecked-->", re.S)
COMMENT = re.compile(r"<!--.*?-->", re.S)
CODE_SPAN = re.compile(r"`[^`\n]*`")
LINK_TARGET = re.compile(r"\]\([^)\s]*\)")
FENCED = re.compile(r"^```.*?^```", re.S | re.M)
QUOTATION = re.compile(r'"[^"]{1,300}"')
# a number: an optional sign, digits with thousands commas or a decimal point, an exponent; not
# glued to a letter, digit or underscore on either side (ECG200, he2005, x1 are names)
NUMBER = re.compile(r"(?<![\w.])[-+]?\d+(?:,\d{3})*(?:\.\d+)?(?:[eE][-+]?\d+)?%?(?![\w])")
# a number spelled out (a count, a share, a multiple or a rank)
NUMBER_WORD = re.compile(
    r"\b(?:one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|thirteen|fourteen|"
    r"fifteen|sixteen|seventeen|eighteen|nineteen|twenty|dozens?|half|halves|twice|thrice|"
    r"first|second|third|fourth|fifth|sixth|seventh|eighth|ninth|tenth|eleventh|twelfth)\b",
    re.I)

# The words of a conclusion, by what they state (see the table of the module's docstring); earlier
# entries win where they overlap ("significantly worse" before "significant" and "worse").
VOCABULARY = [
    ("coin_toss", r"coin[- ]toss(?:es)?"),
    ("no_better", r"no better than"),
    ("not_significant", r"indistinguishable|a tendency|no difference"),
    ("sig_better", r"significantly (?:better|ahead|higher)|beats?|does beat|outperforms?"),
    ("sig_worse", r"significantly (?:worse|behind|lower)|loses to|lose to|lost to"),
    ("significant", r"(?:Holm-)?significan(?:t|tly|ce)|establish(?:ed|es)?|survives?|confirm(?:s|ed)?|"
                    r"rejects?|told apart|told from|tell apart|tell from|distinguishable|distinguished"),
    ("better", r"better|ahead|leads?|stronger"),
    ("worse", r"worse|behind|weaker"),
    ("leak", r"leaks?"),
]
PHRASE = re.compile("|".join(f"(?P<{kind}>\\b(?:{expression})\\b)" for kind, expression in VOCABULARY),
                    re.I)
# the words that the lint wants inside a verdict: those stating a test or a leak (the direction
# words alone are too common to ask of every sentence; a verdict that uses them checks them)
CONCLUSION = re.compile("|".join(f"\\b(?:{expression})\\b" for kind, expression in VOCABULARY
                                 if kind not in ("better", "worse")), re.I)
NEGATION = re.compile(r"\b(?:not|no|never|neither|nor|without|cannot|none|nothing)\b|n't\b", re.I)
CLAUSE_END = re.compile(r"[.;:()\[\]]")
NAME_MASK = "NAME"  # a code span, or a method name that reads as a negation, in the negation scan
NOT_NEGATIONS = re.compile(r"\bno selection\b", re.I)
COIN = (0.25, 0.75)  # "coin toss": both P(better) and P(worse) within these bounds
NEGATION_WINDOW = 4  # words before a conclusion word in which a negation inverts it


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


class Test:
    """What one verdict's words rest on: a test's decision (`significant` True or False at `alpha`,
    its p-value `p`), or None when no test was made (a measured difference only); `direction` the
    sign of the first-named against the second-named (+1 better, -1 worse, 0 even; None unknown);
    the Bayesian signed-rank probabilities `better`, `equivalent`, `worse` when they were
    computed; `lowered` for the effect of grouping duplicated series (True: grouping lowered the
    accuracy). `what` names the test for the messages."""

    def __init__(self, what, significant=None, direction=None, p=None, alpha=None, better=None,
                 equivalent=None, worse=None, lowered=None):
        self.what, self.significant, self.direction = what, significant, direction
        self.p, self.alpha = p, alpha
        self.better, self.equivalent, self.worse = better, equivalent, worse
        self.lowered = lowered
        if significant is not None:
            self.significant = bool(significant)
        if direction is not None:
            self.direction = int(direction)

    def describe(self):
        parts = []
        if self.significant is None:
            parts.append("not tested")
        else:
            decision = "significant" if self.significant else "not significant"
            parts.append(decision + (f", p {general(self.p, 2)}" if self.p is not None else "")
                         + (f" against alpha {self.alpha:g}" if self.alpha is not None else ""))
        if self.direction is not None:
            parts.append({1: "first-named better", -1: "first-named worse", 0: "even"}[self.direction])
        if self.better is not None:
            parts.append(f"P(better, equivalent, worse) = {self.better:.2f}, {self.equivalent:.2f}, "
                         f"{self.worse:.2f}")
        if self.lowered is not None:
            parts.append("grouping lowered the accuracy" if self.lowered else
                         "grouping did not lower the accuracy")
        return f"{self.what}: " + "; ".join(parts)


class Verdict:
    """A conclusion's evidence: its tests (a Test or a list of them; the words must hold for every
    one) and the names its words must mention, in that order (each a string or a tuple of
    alternatives, matched case-insensitively)."""

    def __init__(self, tests, names=()):
        self.tests = list(tests) if isinstance(tests, (list, tuple)) else [tests]
        self.names = [name if isinstance(name, tuple) else (name,) for name in names]

    @staticmethod
    def definition(what):
        """The README's definition of a word ("called established only when ..."): it states the
        test as passed, so its words must not deny it."""
        return Verdict(Test(f"the definition of {what}", significant=True))

    def describe(self):
        names = f" [names: {', '.join('/'.join(n) for n in self.names)}]" if self.names else ""
        return "; ".join(test.describe() for test in self.tests) + names


def _holds(kind, test):
    """Whether the words of `kind` hold for `test` (None: the test does not decide them)."""
    significant, direction = test.significant, test.direction
    if kind == "significant":
        return significant
    if kind == "not_significant":
        return None if significant is None else not significant
    if kind in ("better", "worse"):
        if direction is None:
            return None
        return direction > 0 if kind == "better" else direction < 0
    if kind in ("sig_better", "sig_worse"):
        if significant is None or direction is None:
            return None
        return significant and (direction > 0 if kind == "sig_better" else direction < 0)
    if kind == "no_better":
        if significant is None or direction is None:
            return None
        return not (significant and direction > 0)
    if kind == "coin_toss":
        if significant is None or test.better is None:
            return None
        low, high = COIN
        return not significant and low <= test.better <= high and low <= test.worse <= high
    if kind == "leak":
        return test.lowered
    raise KeyError(kind)


def holds(kind, negated, test):
    """Whether words of `kind` (negated or not) hold for `test`; None when the test cannot say."""
    if negated and kind == "leak":  # "not a leak" needs a test of the grouping effect
        return None if test.significant is None else not test.significant
    result = _holds(kind, test)
    return result if result is None or not negated else not result


def phrases(words):
    """(kind, negated, the words) of every conclusion phrase of `words` (the marker's text with
    code spans as NAME_MASK: a method named `none` or "no selection" is no negation)."""
    found = []
    for match in PHRASE.finditer(words):
        kind = match.lastgroup
        clause = NOT_NEGATIONS.sub(NAME_MASK, CLAUSE_END.split(words[:match.start()])[-1])
        before = clause.split()[-NEGATION_WINDOW:]
        negated = bool(NEGATION.search(" ".join(before)))
        found.append((kind, negated, match.group(0)))
    return found


def plain(text, code=None):
    """A marker's text as read: nested claims by their values, comments and emphasis dropped, code
    spans without their backticks (or replaced by `code`)."""
    text = COMMENT.sub("", INLINE.sub(lambda match: match.group(2), text))
    text = CODE_SPAN.sub(lambda match: code if code is not None else match.group(0)[1:-1], text)
    return re.sub(r"\s+", " ", text.replace("*", "")).strip()


def verdict_problems(where, key, text, verdict):
    words = plain(text)
    found = phrases(plain(text, NAME_MASK))
    problems = []
    if not found:
        problems.append(f"{where}: verdict {key}: {words!r} states no conclusion (none of the "
                        "VOCABULARY's words): a verdict marker is for the words of a conclusion")
    for kind, negated, phrase in found:
        for test in verdict.tests:
            result = holds(kind, negated, test)
            if result is not True:
                stated = ("not " if negated else "") + phrase
                why = ("states a test that was not made" if result is None else "is false")
                problems.append(f"{where}: verdict {key}: {stated!r} {why}: {test.describe()}")
    position = 0
    lowered = words.lower()
    for alternatives in verdict.names:
        hits = [(lowered.find(name.lower(), position), name) for name in alternatives]
        hits = [(index, name) for index, name in hits if index >= 0]
        if not hits:
            problems.append(f"{where}: verdict {key}: {words!r} does not name "
                            f"{' or '.join(map(repr, alternatives))} where the verdict's subjects "
                            f"({', '.join('/'.join(n) for n in verdict.names)}) are named in that order")
            break
        index, name = min(hits)
        position = index + len(name)
    return problems


class Claims(dict):
    """KEY -> the exact text the README must show, or a Verdict for a verdict marker. Setting a key
    twice is an error (two computations of one claim would hide which one the README follows).
    `problems` lists what the script found wrong in the study's files themselves (e.g. a
    comparison that disagrees with its recomputation): the check reports them too."""

    def __init__(self, *arguments, **keywords):
        super().__init__(*arguments, **keywords)
        self.problems = []

    def __setitem__(self, key, value):
        if key in self:
            raise KeyError(f"claim {key} computed twice")
        if not isinstance(value, (str, Verdict)):
            raise TypeError(f"claim {key}: format the value as the README writes it, got {value!r}")
        super().__setitem__(key, value)


# --- the check ---------------------------------------------------------------------------------
def line_of(text, offset):
    return text.count("\n", 0, offset) + 1


def blank(text, start, end):
    """text with [start, end) replaced by spaces, newlines kept (offsets and lines stay valid)."""
    return text[:start] + re.sub(r"[^\n]", " ", text[start:end]) + text[end:]


def masked_prose(text, patterns=(UNCHECKED, BLOCK, INLINE, COMMENT, CODE_SPAN, LINK_TARGET)):
    """text with the markers' values, comments, code and link targets blanked (verdict markers'
    words stay: only their tags are comments)."""
    masked = text
    for pattern in patterns:
        for match in pattern.finditer(masked):
            masked = blank(masked, match.start(), match.end())
    for match in FENCED.finditer(masked):
        masked = blank(masked, match.start(), match.end())
    return masked


def allowed(masked, allow):
    """(expression, start, end) of every ALLOW match (a space in an allowed phrase matches any run
    of blanks or a line break)."""
    return [(expression, match.start(), match.end()) for expression in allow
            for match in re.finditer(expression.replace(" ", r"\s+"), masked)]


def unmarked_numbers(text, allow):
    """(line, number, context) for every number, in digits or spelled out, outside the markers,
    code and allowed phrases."""
    masked = masked_prose(text)
    for _, start, end in allowed(masked, allow):
        masked = blank(masked, start, end)
    found = []
    lines = text.splitlines()
    for pattern in (NUMBER, NUMBER_WORD):
        for match in pattern.finditer(masked):
            number_line = line_of(masked, match.start())
            found.append((number_line, match.group(0), lines[number_line - 1].strip()))
    return sorted(found)


def unmarked_conclusions(text):
    """(line, words, context) of every conclusion word outside verdicts, claims and quotations."""
    masked = masked_prose(text, (UNCHECKED, BLOCK, VERDICT, INLINE, COMMENT, CODE_SPAN, LINK_TARGET))
    for match in QUOTATION.finditer(masked):
        masked = blank(masked, match.start(), match.end())
    lines = text.splitlines()
    return [(line_of(masked, match.start()), match.group(0),
             lines[line_of(masked, match.start()) - 1].strip())
            for match in CONCLUSION.finditer(masked)]


def allow_problems(readme_path, text, allow):
    """ALLOW patterns that cover a conclusion word, or match nothing."""
    problems = []
    masked = masked_prose(text, (UNCHECKED, BLOCK, VERDICT, INLINE, COMMENT, CODE_SPAN, LINK_TARGET))
    prose = masked_prose(text)
    matches = allowed(prose, allow)
    for expression in allow:
        if not any(hit[0] == expression for hit in matches):
            problems.append(f"{readme_path}: ALLOW pattern {expression!r} matches nothing in the "
                            "README's prose (drop it: a stale pattern would hide a later number)")
    for expression, start, end in matches:
        words = CONCLUSION.search(masked[start:end])
        if words:
            problems.append(f"{readme_path}:{line_of(text, start)}: ALLOW pattern {expression!r} "
                            f"covers the conclusion word {words.group(0)!r}: narrow it")
    return problems


def check(readme_path, claims, allow, quiet=False):
    """The list of problems (strings); empty when the README states exactly the claims."""
    with open(readme_path, encoding="utf-8") as handle:
        text = handle.read()
    problems = list(getattr(claims, "problems", []))
    used = set()
    for match in INLINE.finditer(text):
        key, value = match.group(1), match.group(2)
        used.add(key)
        where = f"{readme_path}:{line_of(text, match.start())}"
        if key not in claims:
            problems.append(f"{where}: claim {key}: README says {value!r}, but the script does not "
                            "compute it")
        elif isinstance(claims[key], Verdict):
            problems.append(f"{where}: claim {key} is a verdict: mark it <!--verdict:{key}-->")
        elif value != claims[key]:
            problems.append(f"{where}: claim {key}: README says {value!r}, the files give "
                            f"{claims[key]!r}")
    for match in VERDICT.finditer(text):
        key, value = match.group(1), match.group(2)
        used.add(key)
        where = f"{readme_path}:{line_of(text, match.start())}"
        if key not in claims:
            problems.append(f"{where}: verdict {key}: README says {plain(value)!r}, but the script "
                            "does not compute it")
        elif not isinstance(claims[key], Verdict):
            problems.append(f"{where}: verdict {key}: the script computes a value, not a verdict "
                            f"({claims[key]!r}): mark it <!--claim:{key}-->")
        else:
            problems += verdict_problems(where, key, value, claims[key])
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
        shown = "a verdict" if isinstance(claims[key], Verdict) else repr(claims[key])
        problems.append(f"{readme_path}: claim {key} = {shown} is computed but the README "
                        "never states it (add its marker or drop it from claims.py)")
    for number_line, number, context in unmarked_numbers(text, allow):
        kind = "number" if NUMBER.fullmatch(number) else "spelled-out number"
        problems.append(f"{readme_path}:{number_line}: {kind} {number!r} written by hand (not a "
                        f"claim marker, not allowed by claims.py's ALLOW): {context[:160]}")
    for conclusion_line, words, context in unmarked_conclusions(text):
        problems.append(f"{readme_path}:{conclusion_line}: conclusion {words!r} outside a verdict "
                        f"marker (nothing checks the test it states): {context[:160]}")
    problems += allow_problems(readme_path, text, allow)
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
                        len(NUMBER.findall(body)) + len(NUMBER_WORD.findall(body)),
                        match.group(1).strip()))
    return regions


def write(readme_path, claims):
    """Refresh every marker's value and generated block from claims; returns the keys changed.
    A verdict's words are not rewritten."""
    with open(readme_path, encoding="utf-8") as handle:
        text = handle.read()
    changed = []

    def inline(match):
        key, value = match.group(1), match.group(2)
        if key in claims and isinstance(claims[key], str) and claims[key] != value:
            changed.append(key)
            value = claims[key]
        return f"<!--claim:{key}-->{value}<!--/claim-->"

    def block(match):
        key, value = match.group(1), match.group(2)
        if key in claims and isinstance(claims[key], str) and claims[key] != value:
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
            print(f"{key}\t{value.describe() if isinstance(value, Verdict) else repr(value)}")
        for problem in claims.problems:
            print(f"problem\t{problem}")
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
    verdicts = sum(isinstance(value, Verdict) for value in claims.values())
    files = len(claims.problems)
    print(f"{study}: {len(claims) - verdicts} claims, {verdicts} verdicts, {len(problems)} "
          f"problem(s)" + (f" ({files} in the study's files)" if files else "") +
          f", {sum(region[2] for region in unchecked)} number(s) in {len(unchecked)} unchecked "
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
