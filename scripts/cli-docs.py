#!/usr/bin/env python3
"""Man pages and shell completions generated from a command's own --help texts.

    scripts/cli-docs.py man  BINARY    roff man page on stdout
    scripts/cli-docs.py bash BINARY    bash completion script on stdout
    scripts/cli-docs.py zsh  BINARY    zsh completion function on stdout

The command's --help is the single source: subcommands are read from its COMMANDS/Subcommands
section (and `PROGRAM sub` lines of its USAGE), each subcommand's own --help is read the same way
(one level of nesting, e.g. `messagevisor-swift ota check`), and flags are every `--name` the help
texts mention.
"""
import os
import re
import subprocess
import sys
import datetime

SUB_HEADER = re.compile(r"^\s*(COMMANDS|SUBCOMMANDS|Subcommands|Commands):?\s*$")
SUB_LINE = re.compile(r"^\s{2,}([a-z][a-z0-9-]*)\s{2,}(\S.*)$")
FLAG = re.compile(r"(?<![\w-])(--[A-Za-z][A-Za-z0-9-]*)")


def help_text(argv):
    try:
        out = subprocess.run(argv + ["--help"], capture_output=True, text=True, timeout=30)
    except (OSError, subprocess.TimeoutExpired):
        return ""
    return out.stdout if out.stdout.strip() else out.stderr


def subcommands(text, program):
    found = []
    in_section = False
    for line in text.splitlines():
        if SUB_HEADER.match(line):
            in_section = True
            continue
        if in_section:
            if not line.strip():
                if found:
                    in_section = False
                continue
            match = SUB_LINE.match(line)
            if match:
                found.append((match.group(1), match.group(2).strip()))
            elif not line.startswith(" "):
                in_section = False
    for match in re.finditer(r"^\s*" + re.escape(program) + r" ([a-z][a-z-]+)\b", text, re.M):
        name = match.group(1)
        if name not in [n for n, _ in found]:
            found.append((name, ""))
    return [(n, d) for n, d in found if n != "help"]


def collect(binary):
    program = os.path.basename(binary)
    root = help_text([binary])
    tree = {"text": root, "flags": sorted(set(FLAG.findall(root))), "subs": {}}
    for name, summary in subcommands(root, program):
        text = help_text([binary, name])
        node = {"summary": summary, "text": text, "flags": sorted(set(FLAG.findall(text))), "subs": {}}
        for inner, inner_summary in subcommands(text, program + " " + name):
            inner_text = help_text([binary, name, inner])
            node["subs"][inner] = {
                "summary": inner_summary, "text": inner_text,
                "flags": sorted(set(FLAG.findall(inner_text))), "subs": {},
            }
        tree["subs"][name] = node
    return program, tree


def roff(text):
    lines = []
    for line in text.rstrip().splitlines():
        line = line.replace("\\", "\\\\").replace("-", "\\-")
        if line.startswith(".") or line.startswith("'"):
            line = "\\&" + line
        lines.append(line)
    return "\n".join(lines)


def man(program, tree):
    paragraph = tree["text"].strip().split("\n\n")[0]
    first = " ".join(line.strip() for line in paragraph.splitlines())
    summary = re.sub(r"^" + re.escape(program) + r"\s*[:—-]*\s*", "", first)
    out = [
        '.TH "%s" 1 "%s" "messagevisor-swift" "User Commands"' % (
            program.upper(), datetime.date.today().isoformat()),
        ".SH NAME",
        "%s \\- %s" % (program, roff(summary or program)),
        ".SH DESCRIPTION",
        ".nf",
        roff(tree["text"]),
        ".fi",
    ]

    def section(path, node):
        out.extend([".SH %s" % " ".join(path).upper(), ".nf", roff(node["text"]), ".fi"])
        for name, child in node["subs"].items():
            section(path + [name], child)

    for name, node in tree["subs"].items():
        if node["text"].strip() and node["text"] != tree["text"]:
            section([program, name], node)
    return "\n".join(out) + "\n"


def bash(program, tree):
    fn = "_" + program.replace("-", "_")
    subs = " ".join(tree["subs"])
    cases = []
    for name, node in tree["subs"].items():
        inner = " ".join(node["subs"])
        inner_cases = "".join(
            '          %s) words="%s" ;;\n' % (n, " ".join(c["flags"])) for n, c in node["subs"].items())
        cases.append(
            '      %s)\n'
            '        words="%s %s"\n'
            '        if [ "$COMP_CWORD" -gt 2 ]; then\n'
            '          case "${COMP_WORDS[2]}" in\n%s'
            '          esac\n'
            '        fi ;;\n' % (name, inner, " ".join(node["flags"]), inner_cases))
    return (
        "# bash completion for %s (generated from its --help)\n"
        "%s() {\n"
        '  local cur="${COMP_WORDS[COMP_CWORD]}" words\n'
        '  if [ "$COMP_CWORD" -eq 1 ]; then\n'
        '    words="%s %s"\n'
        "  else\n"
        '    case "${COMP_WORDS[1]}" in\n'
        "%s"
        '      *) words="%s" ;;\n'
        "    esac\n"
        "  fi\n"
        '  case "$cur" in\n'
        '    -*|"") COMPREPLY=($(compgen -W "$words" -- "$cur")) ;;\n'
        '    *) COMPREPLY=($(compgen -W "$words" -- "$cur") $(compgen -f -- "$cur")) ;;\n'
        "  esac\n"
        "}\n"
        "complete -o filenames -F %s %s\n" % (
            program, fn, subs, " ".join(tree["flags"]), "".join(cases), " ".join(tree["flags"]), fn, program))


def zsh(program, tree):
    fn = "_" + program.replace("-", "_")
    lines = ["#compdef %s" % program, "# zsh completion for %s (generated from its --help)" % program,
             "%s() {" % fn, "  local -a words", "  if (( CURRENT == 2 )); then",
             "    words=(%s %s)" % (" ".join(tree["subs"]), " ".join(tree["flags"])), "  else",
             '    case "$words[2]" in']
    lines = lines[:-1]
    lines.append('    case "${words[2]:-$line[1]}" in')
    for name, node in tree["subs"].items():
        lines.append("      %s) words=(%s %s) ;;" % (name, " ".join(node["subs"]), " ".join(
            sorted(set(node["flags"] + [f for c in node["subs"].values() for f in c["flags"]])))))
    lines.append("      *) words=(%s) ;;" % " ".join(tree["flags"]))
    lines += ["    esac", "  fi", "  _alternative 'args:argument:compadd -a words' 'files:file:_files'", "}",
              '%s "$@"' % fn]
    # `words` is zsh's own array of the command line; read the subcommand before reusing the name.
    text = "\n".join(lines) + "\n"
    text = text.replace('  local -a words\n', '  local sub=${words[2]}\n  local -a words\n')
    text = text.replace('case "${words[2]:-$line[1]}" in', 'case "$sub" in')
    return text


def main():
    if len(sys.argv) != 3 or sys.argv[1] not in ("man", "bash", "zsh"):
        sys.stderr.write(__doc__)
        return 64
    program, tree = collect(sys.argv[2])
    if not tree["text"].strip():
        sys.stderr.write("error: %s --help printed nothing\n" % sys.argv[2])
        return 1
    sys.stdout.write({"man": man, "bash": bash, "zsh": zsh}[sys.argv[1]](program, tree))
    return 0


if __name__ == "__main__":
    sys.exit(main())
