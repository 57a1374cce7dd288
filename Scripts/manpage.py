#!/usr/bin/env python3
"""animplot(1): the manual page, written from the argument parser's own description of every
verb and option (`animplot --experimental-dump-help`), so it says what `--help` says.

usage: Scripts/manpage.py ANIMPLOT_BINARY > animplot.1
The page is roff (man macros), with no date: the same binary gives the same page.
"""
import json, subprocess, sys


def esc(text):
    text = text.replace("\\", "\\e")
    lines = []
    for line in text.split("\n"):
        if line.startswith(".") or line.startswith("'"):
            line = "\\&" + line
        lines.append(line.replace("-", "\\-"))
    return "\n".join(lines)


def option_head(a):
    names = ", ".join(("--" if n["kind"] == "long" else "-") + n["name"] for n in a.get("names", []))
    if a["kind"] == "option":
        names += " " + a.get("valueName", "value")
    elif a["kind"] == "positional":
        names = a.get("valueName", "input") + ("..." if a.get("isRepeating") else "")
    return names


def section(out, command, prefix):
    name = prefix + command["commandName"]
    out.append(".SS " + esc(name))
    if command.get("abstract"):
        out.append(esc(command["abstract"]))
    if command.get("discussion"):
        out.append(".PP")
        out.append(esc(command["discussion"]))
    for a in command.get("arguments", []):
        if not a.get("shouldDisplay", True):
            continue
        out.append(".TP")
        out.append("\\fB" + esc(option_head(a)) + "\\fR")
        text = a.get("abstract", "")
        if a.get("allValues"):
            text += " (values: " + ", ".join(a["allValues"]) + ")"
        if a.get("defaultValue") not in (None, ""):
            text += " (default: " + a["defaultValue"] + ")"
        out.append(esc(text))


def main():
    dump = json.loads(subprocess.run([sys.argv[1], "--experimental-dump-help"], capture_output=True, check=True, text=True).stdout)
    root = dump["command"]
    out = [
        '.TH ANIMPLOT 1 "" "animplot" "User Commands"',
        ".SH NAME",
        "animplot \\- " + esc(root["abstract"]),
        ".SH SYNOPSIS",
        "\\fBanimplot\\fR \\fIverb\\fR [\\fIoptions\\fR] ...",
        ".SH DESCRIPTION",
        esc(root.get("discussion", "")),
        ".SH VERBS",
    ]
    for sub in root.get("subcommands", []):
        if sub.get("shouldDisplay", True) and sub["commandName"] != "help":
            section(out, sub, "animplot ")
    out += [
        ".SH EXIT STATUS",
        "0 success; 1 a comparison found a difference (diff, check); 2 bad usage or bad input.",
        ".SH SEE ALSO",
        "The README and docs/ of the animplot repository; \\fBanimplot VERB --help\\fR.",
    ]
    sys.stdout.write("\n".join(out) + "\n")


main()
