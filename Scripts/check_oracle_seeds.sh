#!/usr/bin/env bash
# Holds animplot to Blender cases it has not seen: generates fresh oracles with Blender itself
# (the oracle's generator from the shared reference folder, $ANIMPLOT_SHARED or ../shared, run
# with other seeds) and runs the oracle tests against each.
# usage: Scripts/check_oracle_seeds.sh [SEED ...]      (default seeds: 11 23 42 1001)
# Needs Blender 3.4 (`apt-get install -y blender` on Debian 12) and the shared reference folder.
set -euo pipefail
cd "$(dirname "$0")/.."
GEN=${ANIMPLOT_SHARED:-../shared}/oracle/gen_oracle.py
command -v blender >/dev/null || { echo "check_oracle_seeds: needs blender (apt-get install -y blender)" >&2; exit 2; }
[ -f "$GEN" ] || { echo "check_oracle_seeds: $GEN not found" >&2; exit 2; }
swift build --build-tests >/dev/null
for seed in "${@:-11 23 42 1001}"; do
  for s in $seed; do
    # A shared folder of its own whose oracle/ is this seed's.
    dir=$(mktemp -d)
    mkdir "$dir/oracle"
    cp "$GEN" "$dir/oracle/"
    (cd "$dir/oracle" && ORACLE_SEED=$s blender -b --factory-startup --python gen_oracle.py -- "$dir/oracle" >gen.log 2>&1)
    echo "== seed $s"
    ANIMPLOT_SHARED=$dir swift test --skip-build --filter OracleTests 2>&1 | grep -E "oracle|✘|Test run"
    rm -rf "$dir"
  done
done
