#!/usr/bin/env bash
# Prints what a `make test` run skipped, one line per reason, from the output it saved: the
# tests Swift Testing skipped (`Test NAME skipped: "REASON"`, counted per line) and the steps
# that said `NAME: skipped: REASON`.
# usage: Scripts/test_skips.sh LOG
set -euo pipefail
log=$1
tests=$(sed -n 's/^.*Test \(.*\) skipped: "\(.*\)"$/\1\t\2/p' "$log")
steps=$(grep -E '^[A-Za-z0-9_.-]+: skipped: ' "$log" | sort -u || true)
if [ -z "$tests" ] && [ -z "$steps" ]; then
  echo "make test: nothing skipped"
  exit 0
fi
echo "make test: skipped:"
if [ -n "$tests" ]; then
  printf '%s\n' "$tests" | cut -f2 | sort | uniq -c | sed -E 's/^ *([0-9]+) (.*)$/  \1 test(s): \2/'
fi
if [ -n "$steps" ]; then
  printf '%s\n' "$steps" | sed 's/^/  /'
fi
