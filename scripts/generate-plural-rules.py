#!/usr/bin/env python3
"""Generate the CLDR plural rule source and sample tests for Messagevisor.

Reads (from ../shared/fixtures/cldr by default, or the directory given as the first argument):
  plurals.json, ordinals.json, parentLocales.json
Writes:
  Sources/Messagevisor/Plurals/PluralRules+Generated.swift   compiled rule functions + locale tables
  Tests/MessagevisorTests/Plurals/PluralSamples+Generated.swift  every @integer/@decimal sample

Python 3 standard library only. Run from anywhere: paths are relative to the repository root.
"""

import json
import os
import re
import shutil
import subprocess
import sys
from decimal import Decimal

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
CATEGORIES = ["zero", "one", "two", "few", "many", "other"]
MAX_RANGE_EXPANSION = 200  # values per `a~b` sample range


def load(cldr_dir, name):
    with open(os.path.join(cldr_dir, name), encoding="utf-8") as handle:
        return json.load(handle)["supplemental"]


# ---------------------------------------------------------------- rule parsing


class RuleError(Exception):
    pass


def tokenize(text):
    tokens = re.findall(r"\.\.|!=|[=%,]|[a-z]+|\d+", text)
    rebuilt = "".join(tokens)
    if rebuilt != re.sub(r"\s+", "", text):
        raise RuleError("unexpected characters in rule: %r" % text)
    return tokens


def parse_condition(text):
    """Returns [[(operand, modulus, negated, [(lo, hi)])...]...]: OR of ANDs of relations."""
    tokens = tokenize(text)
    pos = 0

    def peek():
        return tokens[pos] if pos < len(tokens) else None

    def take(expected=None):
        nonlocal pos
        if pos >= len(tokens):
            raise RuleError("unexpected end of rule %r" % text)
        token = tokens[pos]
        if expected is not None and token != expected:
            raise RuleError("expected %r, found %r in %r" % (expected, token, text))
        pos += 1
        return token

    def number():
        token = take()
        if not token.isdigit():
            raise RuleError("expected a number, found %r in %r" % (token, text))
        return int(token)

    def relation():
        operand = take()
        if operand not in ("n", "i", "v", "w", "f", "t", "e", "c"):
            raise RuleError("unknown operand %r in %r" % (operand, text))
        if operand == "c":
            operand = "e"
        modulus = None
        if peek() == "%":
            take("%")
            modulus = number()
        op = take()
        if op not in ("=", "!="):
            raise RuleError("unsupported operator %r in %r" % (op, text))
        ranges = []
        while True:
            lo = number()
            hi = lo
            if peek() == "..":
                take("..")
                hi = number()
            ranges.append((lo, hi))
            if peek() == ",":
                take(",")
                continue
            break
        return (operand, modulus, op == "!=", ranges)

    ors = []
    while True:
        ands = [relation()]
        while peek() == "and":
            take("and")
            ands.append(relation())
        ors.append(ands)
        if peek() == "or":
            take("or")
            continue
        break
    if pos != len(tokens):
        raise RuleError("trailing tokens in %r" % text)
    return ors


def swift_relation(rel):
    operand, modulus, negated, ranges = rel
    base = "o.i" if operand == "n" else "o." + operand
    expr = "%s %% %d" % (base, modulus) if modulus is not None else base
    tests = []
    for lo, hi in ranges:
        if lo == hi:
            tests.append("%s == %d" % (expr, lo))
        else:
            tests.append("(%s >= %d && %s <= %d)" % (expr, lo, expr, hi))
    if operand == "n":
        # `n` only equals integers: no visible non-zero fraction digits (t == 0) and matching i.
        inner = tests[0] if len(tests) == 1 else "(" + " || ".join(tests) + ")"
        match = "(o.t == 0 && %s)" % inner
    else:
        match = tests[0] if len(tests) == 1 else "(" + " || ".join(tests) + ")"
    if not negated:
        return match
    if operand != "n" and len(ranges) == 1 and ranges[0][0] == ranges[0][1]:
        return "%s != %d" % (expr, ranges[0][0])
    return "!%s" % match if match.startswith("(") else "!(%s)" % match


def swift_condition(ors):
    parts = []
    for ands in ors:
        rels = [swift_relation(r) for r in ands]
        parts.append(rels[0] if len(rels) == 1 else "(" + " && ".join(rels) + ")")
    return " || ".join(parts)


# ---------------------------------------------------------------- samples


def expand_range(lo, hi):
    if "c" in lo or "e" in lo:
        raise RuleError("cannot expand exponent range %s~%s" % (lo, hi))
    decimals = len(lo.split(".")[1]) if "." in lo else 0
    step = Decimal(1).scaleb(-decimals)
    start, end = Decimal(lo), Decimal(hi)
    values = []
    value = start
    while value <= end and len(values) < MAX_RANGE_EXPANSION:
        values.append(format(value, "f") if decimals else str(int(value)))
        value += step
    if values and values[-1] != hi and (format(end, "f") if decimals else hi) not in values:
        values.append(hi)
    return values


def parse_samples(text):
    samples = []
    for kind in ("integer", "decimal"):
        match = re.search(r"@" + kind + r"([^@]*)", text)
        if not match:
            continue
        for item in match.group(1).split(","):
            item = item.strip()
            if not item or item in ("…", "..."):
                continue
            if "~" in item:
                lo, hi = item.split("~")
                samples.extend(expand_range(lo.strip(), hi.strip()))
            else:
                samples.append(item)
    return samples


# ---------------------------------------------------------------- generation


def rule_sets(data):
    """locale -> list of (category, condition text, samples)."""
    result = {}
    for locale, rules in sorted(data.items()):
        entries = []
        for key, text in rules.items():
            category = key.replace("pluralRule-count-", "")
            if category not in CATEGORIES:
                raise RuleError("unknown category %r for %s" % (category, locale))
            condition = text.split("@")[0].strip()
            entries.append((category, condition, parse_samples(text)))
        entries.sort(key=lambda entry: CATEGORIES.index(entry[0]))
        result[locale] = entries
    return result


def function_body(entries):
    lines = []
    for category, condition, _ in entries:
        if category == "other":
            continue
        if not condition:
            raise RuleError("empty condition for %s" % category)
        lines.append("    if %s { return .%s }" % (swift_condition(parse_condition(condition)), category))
    lines.append("    return .other")
    return "\n".join(lines)


def emit_kind(kind, sets, out):
    """Appends functions for one rule kind; returns locale -> function index."""
    bodies = {}
    index_of_locale = {}
    for locale, entries in sets.items():
        body = function_body(entries)
        if body not in bodies:
            bodies[body] = len(bodies)
        index_of_locale[locale] = bodies[body]
    for body, index in sorted(bodies.items(), key=lambda item: item[1]):
        out.append("  @inline(__always)")
        out.append(
            "  private static func %s%d(_ o: PluralOperands) -> PluralCategory {" % (kind[0], index)
        )
        out.append(body)
        out.append("  }")
        out.append("")
    out.append("  /// Evaluates %s rule set `index` (see `%sRuleIndex`)." % (kind, kind))
    out.append(
        "  static func %sCategory(_ index: Int, _ o: PluralOperands) -> PluralCategory {" % kind
    )
    out.append("    switch index {")
    for index in range(len(bodies)):
        out.append("    case %d: return %s%d(o)" % (index, kind[0], index))
    out.append("    default: return .other")
    out.append("    }")
    out.append("  }")
    out.append("")
    out.append("  /// Locale → %s rule set index." % kind)
    out.append("  static let %sRuleIndex: [String: Int] = [" % kind)
    for locale, index in sorted(index_of_locale.items()):
        out.append('    "%s": %d,' % (locale, index))
    out.append("  ]")
    out.append("")
    return index_of_locale


def main():
    cldr_dir = sys.argv[1] if len(sys.argv) > 1 else os.path.join(ROOT, "..", "shared", "fixtures", "cldr")
    cardinal = rule_sets(load(cldr_dir, "plurals.json")["plurals-type-cardinal"])
    ordinal = rule_sets(load(cldr_dir, "ordinals.json")["plurals-type-ordinal"])
    parents_data = load(cldr_dir, "parentLocales.json")
    parents = parents_data["parentLocales"]["parentLocale"]
    version = parents_data.get("version", {}).get("_cldrVersion", "unknown")

    out = [
        "// GENERATED by scripts/generate-plural-rules.py from Unicode CLDR %s supplemental data" % version,
        "// (plurals.json, ordinals.json, parentLocales.json). Do not edit; rerun the script.",
        "// Unicode data licence: see UNICODE-LICENSE.txt at the repository root.",
        "",
        "extension PluralRules {",
    ]
    emit_kind("cardinal", cardinal, out)
    emit_kind("ordinal", ordinal, out)
    out.append("  /// CLDR parent locales (entries whose parent is the root are left out: plural rules then")
    out.append("  /// fall back by subtag truncation, like ICU's language-level plural data).")
    out.append("  static let parentLocales: [String: String] = [")
    for child, parent in sorted(parents.items()):
        if parent in ("root", "und"):
            continue
        out.append('    "%s": "%s",' % (child, parent))
    out.append("  ]")
    out.append("}")
    source_path = os.path.join(ROOT, "Sources", "Messagevisor", "Plurals", "PluralRules+Generated.swift")
    with open(source_path, "w", encoding="utf-8") as handle:
        handle.write("\n".join(out) + "\n")

    lines = []
    count = 0
    for kind, sets in (("cardinal", cardinal), ("ordinal", ordinal)):
        for locale, entries in sets.items():
            for category, _, samples in entries:
                if samples:
                    lines.append("%s %s %s %s" % (kind, locale, category, " ".join(samples)))
                    count += len(samples)
    test = [
        "// GENERATED by scripts/generate-plural-rules.py from Unicode CLDR %s plural samples." % version,
        "// Do not edit; rerun the script. Unicode data licence: see UNICODE-LICENSE.txt.",
        "// Each line: <cardinal|ordinal> <locale> <category> <sample> <sample> …",
        "",
        "let pluralSampleTable = \"\"\"",
    ]
    test.extend(lines)
    test.append("\"\"\"")
    test_dir = os.path.join(ROOT, "Tests", "MessagevisorTests", "Plurals")
    os.makedirs(test_dir, exist_ok=True)
    with open(os.path.join(test_dir, "PluralSamples+Generated.swift"), "w", encoding="utf-8") as handle:
        handle.write("\n".join(test) + "\n")
    # Keep the committed output identical to what `swift format` (the project's formatter) produces.
    if shutil.which("swift"):
        test_path = os.path.join(test_dir, "PluralSamples+Generated.swift")
        subprocess.run(["swift", "format", "-i", source_path, test_path], check=False)
    print("cardinal locales %d, ordinal locales %d, samples %d" % (len(cardinal), len(ordinal), count))


if __name__ == "__main__":
    main()
