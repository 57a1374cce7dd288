#!/usr/bin/env bash
# Prints what a `make test` run skipped, one line per reason, from the output it saved: the
# tests Swift Testing skipped (`Test NAME skipped: "REASON"`, counted per line, named
# when a reason has one or two) and the steps that said `NAME: skipped: REASON`.
# usage: Scripts/test_skips.sh LOG
set -euo pipefail
log=$1
# (A test skipped twice, by the run and the release binary's re-run, counts once; a skip with
# no reason, `Test NAME skipped.`, is listed under "no reason given".)
tests=$( { sed -n 's/^.*Test \(.*\) skipped: "\(.*\)"$/\1\t\2/p' "$log"
  sed -n 's/^.*Test \(.*\) skipped\.$/\1\tno reason given/p' "$log"; } | sort -u)
steps=$(grep -E '^[A-Za-z0-9_.-]+: skipped: ' "$log" | sort -u || true)
if [ -z "$tests" ] && [ -z "$steps" ]; then
  echo "make test: nothing skipped"
  exit 0
fi
echo "make test: skipped:"
if [ -n "$tests" ]; then
  # Per reason: how many tests (named when one or two), the reason.
  printf '%s\n' "$tests" | sort -t "$(printf '\t')" -k2,2 -s | awk -F '\t' '
    function flush() {
      if (n == 0) return
      printf "  %d test%s%s: %s\n", n, (n > 1 ? "s" : ""), (n <= 2 ? " (" names ")" : ""), reason
    }
    $2 != reason { flush(); reason = $2; n = 0; names = "" }
    { n++; names = names (n > 1 ? ", " : "") $1 }
    END { flush() }'
fi
if [ -n "$steps" ]; then
  printf '%s\n' "$steps" | sed 's/^/  /'
fi
