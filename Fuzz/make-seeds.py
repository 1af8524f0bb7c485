#!/usr/bin/env python3
"""Writes the seed corpus of one fuzz target from Demo/ and ../shared/fixtures (read at run time,
never copied into the repository) plus the hand-written seeds in Fuzz/Seeds/TARGET/.

usage: make-seeds.py TARGET OUTDIR"""
import glob
import hashlib
import json
import os
import plistlib
import re
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
FIXTURES = os.environ.get("MESSAGEVISOR_SHARED", os.path.join(os.path.dirname(ROOT), "shared"))
FIXTURES = os.path.join(FIXTURES, "fixtures")
DEMO = os.path.join(ROOT, "Demo")


def files(*patterns):
    found = []
    for pattern in patterns:
        found += glob.glob(pattern, recursive=True)
    return sorted(set(found))


def read(path):
    with open(path, "rb") as f:
        return f.read()


def walk(node):
    yield node
    if isinstance(node, dict):
        for value in node.values():
            yield from walk(value)
    elif isinstance(node, list):
        for value in node:
            yield from walk(value)


def conformance():
    path = os.path.join(FIXTURES, "conformance", "sdk-v1.json")
    return json.load(open(path)) if os.path.exists(path) else {}


def xcstrings_files():
    return files(f"{DEMO}/**/*.xcstrings", f"{FIXTURES}/catalogs/**/*.xcstrings")


def string_units():
    for path in xcstrings_files():
        try:
            catalog = json.load(open(path))
        except ValueError:
            continue
        for node in walk(catalog):
            if isinstance(node, dict) and isinstance(node.get("stringUnit"), dict):
                value = node["stringUnit"].get("value")
                if isinstance(value, str):
                    yield value


def yaml_files():
    return files(f"{DEMO}/project/**/*.yml", f"{FIXTURES}/messagevisor-project-1/**/*.yml")


def yaml_icu_strings():
    # Quoted one-line values that look like ICU messages (enough for seeds; no YAML parser needed).
    for path in yaml_files():
        for line in read(path).decode("utf-8", "replace").splitlines():
            match = re.match(r'^\s*[\w.-]+:\s*"(.*\{.*)"\s*$', line)
            if match:
                yield match.group(1).encode().decode("unicode_escape", "ignore")


# The fuzz-yaml harness writes each input over the project file chosen by its last byte.
YAML_SLOTS = ["messages", "segments", "attributes", "locales", "targets", "config", "tests"]


def yaml_slot(path):
    rel = path.split("/project/")[-1] if "/project/" in path else path.split("project-1/")[-1]
    first = rel.split("/")[0]
    if first.startswith("messagevisor.config"):
        return YAML_SLOTS.index("config")
    return YAML_SLOTS.index(first) if first in YAML_SLOTS else 0


def seeds(target):
    sdk = conformance()
    if target == "datafile":
        for node in walk(sdk):
            if isinstance(node, dict) and "schemaVersion" in node:
                yield json.dumps(node).encode() + b"\0" + b"\x03\x05count"
    elif target == "condition":
        for node in walk(sdk):
            if isinstance(node, dict) and "condition" in node:
                context = json.dumps(node.get("context", {})).encode()
                yield json.dumps(node["condition"]).encode() + b"\0" + context
            if isinstance(node, dict) and isinstance(node.get("conditions"), (dict, list, str)):
                yield json.dumps(node["conditions"]).encode() + b"\0"
        for entry in sdk.get("portableRegex", {}).get("accepted", []) + sdk.get(
            "portableRegex", {}
        ).get("rejected", []):
            yield entry["pattern"].encode() + b"\0" + entry.get("value", "x").encode()
    elif target == "icu":
        texts = set(string_units()) | set(yaml_icu_strings())
        for node in walk(sdk):
            if isinstance(node, str) and "{" in node:
                texts.add(node)
        for index, text in enumerate(sorted(texts)):
            yield text.encode() + b"\0" + bytes([index % 10, 3, 0, 7, 1, 2])
    elif target in ("yaml", "project"):
        for path in yaml_files():
            yield read(path) + b"\n#" + bytes([70 + yaml_slot(path)])
    elif target == "xcstrings":
        for path in xcstrings_files():
            yield read(path)
    elif target == "catalog-conversion":
        for path in xcstrings_files():
            yield read(path)
        yield from expanding_catalogs()
    elif target == "strings":
        for path in files(f"{DEMO}/**/*.strings", f"{FIXTURES}/catalogs/**/*.strings"):
            yield read(path)
    elif target == "stringsdict":
        for path in files(f"{DEMO}/**/*.stringsdict", f"{FIXTURES}/catalogs/**/*.stringsdict"):
            yield read(path)
        # Each XML seed (these and Fuzz/Seeds/stringsdict) also as a binary plist (bplist00), so that
        # libFuzzer explores the binary reader from valid files too.
        hand = files(os.path.join(ROOT, "Fuzz", "Seeds", target, "*.stringsdict"))
        for path in files(f"{DEMO}/**/*.stringsdict", f"{FIXTURES}/catalogs/**/*.stringsdict") + hand:
            try:
                yield plistlib.dumps(plistlib.loads(read(path)), fmt=plistlib.FMT_BINARY)
            except Exception:
                pass  # a deliberately malformed seed
    elif target == "manifest":
        for path in files(f"{DEMO}/**/manifest.json"):
            yield read(path)
    elif target == "ota-response":
        for path in files(f"{DEMO}/**/manifest.json"):
            manifest = json.load(open(path))
            folder = os.path.dirname(path)
            payloads = []
            for locale in sorted(manifest.get("locales", {})):
                url = manifest["locales"][locale].get("url", f"{locale}.xcstrings")
                payload = os.path.join(folder, url)
                payloads.append(read(payload) if os.path.exists(payload) else b"")
            for flags in (0, 17, 21, 8):
                yield bytes([flags]) + b"\xff\x00".join([read(path)] + payloads)
    else:
        raise SystemExit(f"unknown target {target}")


def expanding_catalogs():
    """Catalogs whose entries nest substitutions referenced many times (the shape that multiplies
    output), from one level to the reader's limit of four, with fan-outs of 2 to 12."""
    for levels in (1, 2, 3, 4):
        for fan_out in (2, 12):
            subs = {}
            for level in range(levels):
                form = f"%#@s{level + 1}@" * fan_out if level + 1 < levels else "%arg x"
                subs[f"s{level}"] = {
                    "formatSpecifier": "lld",
                    "variations": {"plural": {
                        "one": {"stringUnit": {"state": "translated", "value": "one"}},
                        "other": {"stringUnit": {"state": "translated", "value": form}}}},
                }
            unit = {"stringUnit": {"state": "translated", "value": "%#@s0@" * 5}, "substitutions": subs}
            strings = {f"k{i}": {"localizations": {"de": unit, "ar": unit}} for i in range(3)}
            yield json.dumps({"sourceLanguage": "en", "strings": strings, "version": "1.0"}).encode()


def main():
    target, out = sys.argv[1], sys.argv[2]
    os.makedirs(out, exist_ok=True)
    count = 0
    for seed in seeds(target):
        name = hashlib.sha1(seed).hexdigest()
        with open(os.path.join(out, name), "wb") as f:
            f.write(seed)
        count += 1
    for path in files(os.path.join(ROOT, "Fuzz", "Seeds", target, "*")):
        data = read(path)
        with open(os.path.join(out, hashlib.sha1(data).hexdigest()), "wb") as f:
            f.write(data)
        count += 1
    if not os.path.isdir(FIXTURES):
        print(f"note: {FIXTURES} is absent; seeds come from Demo/ and Fuzz/Seeds only", file=sys.stderr)
    print(f"{count} seeds for {target}")


main()
