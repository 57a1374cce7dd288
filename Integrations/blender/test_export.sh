#!/bin/sh
# Tests Integrations/blender/export_action.py against Blender itself and animplot.
#
#   Integrations/blender/test_export.sh [REALISTIC_ACTIONS.blend]
#
# REALISTIC_ACTIONS.blend defaults to Blender's oracle scene in the shared reference folder
# ($ANIMPLOT_SHARED, default ../shared beside the repository); its actions.json (Blender's own
# samples) must sit next to it. $ANIMPLOT is the animplot binary (default .build/debug/animplot
# of this repository). ANIMPLOT_STRIP_OBJECT=1 hides the "object" field from an animplot that
# predates it.
#
# It runs with every Blender it finds: the blender command (Debian's is 3.4.1), and a Python
# with the bpy module ($ANIMPLOT_BPY_PYTHON, else python3 when it has bpy; pip install
# bpy==5.0.1 on Python 3.11), through run_bpy.py. Skipped (exit 0, one line "test_export.sh:
# skipped: WHY") when it finds neither, or when no .blend is given and the shared folder is
# missing, unless CI is set (then that is a failure). Exit 1 on any mismatch, with a message
# saying what differed.
set -eu

here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../.." && pwd)
me="test_export.sh"

fail() {
    echo "$me: FAIL: $*" >&2
    exit 1
}

command -v python3 >/dev/null 2>&1 || fail "python3 is not on PATH"
runners=""
command -v blender >/dev/null 2>&1 && runners="blender"
bpy_python=${ANIMPLOT_BPY_PYTHON:-python3}
if "$bpy_python" -c 'import bpy' >/dev/null 2>&1; then
    runners="$runners bpy"
elif [ -n "${ANIMPLOT_BPY_PYTHON:-}" ]; then
    fail "ANIMPLOT_BPY_PYTHON=$ANIMPLOT_BPY_PYTHON cannot import bpy"
fi
if [ -z "$runners" ]; then
    echo "$me: skipped: no Blender: blender is not on PATH (Debian: apt-get install -y blender) and no Python with bpy (set ANIMPLOT_BPY_PYTHON)"
    exit 0
fi

if [ $# -eq 0 ]; then
    shared=${ANIMPLOT_SHARED:-$root/../shared}
    blend=$shared/oracle/realistic_actions.blend
    if [ ! -f "$blend" ]; then
        why="needs Blender's oracle scene from the shared reference folder: $blend not found"
        [ -z "${CI:-}" ] || fail "CI is set, so what is skipped elsewhere is required here: $why"
        echo "$me: skipped: $why; run it with ANIMPLOT_SHARED=/path/to/shared make test"
        exit 0
    fi
else
    blend=$1
fi
[ -f "$blend" ] || fail "no oracle .blend at $blend (pass its path as the first argument)"
blend=$(cd "$(dirname "$blend")" && pwd)/$(basename "$blend")
oracle_json=$(dirname "$blend")/actions.json
[ -f "$oracle_json" ] || fail "no actions.json beside $blend"

ANIMPLOT=${ANIMPLOT:-$root/.build/debug/animplot}
case $ANIMPLOT in
    /*) ;;
    */*) ANIMPLOT=$(pwd)/$ANIMPLOT ;;
    *) ANIMPLOT=$(command -v "$ANIMPLOT" || echo "$ANIMPLOT") ;;
esac
[ -x "$ANIMPLOT" ] || fail "no animplot binary at $ANIMPLOT (build it, or set ANIMPLOT)"
export ANIMPLOT

work=$(mktemp -d "${TMPDIR:-/tmp}/animplot-export-test.XXXXXX")
trap 'rm -rf "$work"' EXIT
trap 'exit 130' INT TERM

# export BLEND OUT [OPTIONS...]: runs the exporter in $runner; its status in $status, stderr in
# $work/stderr
export_action() {
    src=$1
    shift
    status=0
    if [ "$runner" = blender ]; then
        blender -b --factory-startup "$src" --python-exit-code 2 \
            --python "$here/export_action.py" -- "$@" >"$work/blender.log" 2>"$work/stderr" || status=$?
    else
        "$bpy_python" "$here/run_bpy.py" "$src" "$here/export_action.py" -- "$@" \
            >"$work/blender.log" 2>"$work/stderr.all" || status=$?
        # the bpy module's own noise on stderr (no audio device), not the exporter's
        grep -v '^\(AL lib\|ALSA\|Unable to initialise audio\|Color management\)' "$work/stderr.all" >"$work/stderr" || true
    fi
}

# make_scene BLEND FACTS: the edge-case scene, in $runner
make_scene() {
    if [ "$runner" = blender ]; then
        blender -b --factory-startup --python-exit-code 2 --python "$here/test_export_scene.py" -- "$1" "$2"
    else
        "$bpy_python" "$here/run_bpy.py" "$here/test_export_scene.py" -- "$1" "$2"
    fi
}

# exactly one line "export_action.py: warning: ..." naming what, or none when what is empty
expect_stderr() {
    if [ -z "$1" ]; then
        [ ! -s "$work/stderr" ] || fail "$2: unexpected output on stderr: $(cat "$work/stderr")"
    else
        grep -q "$1" "$work/stderr" || fail "$2: expected a warning matching '$1' on stderr, got: $(cat "$work/stderr")"
    fi
}

for runner in $runners; do
    if [ "$runner" = blender ]; then
        version=$(blender --version 2>/dev/null | head -n 1 | sed 's/^Blender //')
    else
        version="$("$bpy_python" -c 'import bpy; print(bpy.app.version_string)' 2>/dev/null | tail -n 1) (bpy, $bpy_python)"
    fi
    echo "$me: blender $version, animplot $ANIMPLOT"

    # 1. the oracle's realistic actions
    export_action "$blend" "$work/realistic.json"
    [ "$status" -eq 0 ] || fail "exporting $blend exited with $status: $(cat "$work/stderr")"
    expect_stderr "" "exporting $blend"
    export_action "$blend" "$work/realistic-again.json"
    cmp -s "$work/realistic.json" "$work/realistic-again.json" || fail "two exports of $blend differ"
    echo "$me: exported $blend (deterministic); checking against $oracle_json"
    # 2. and 3. animplot loads it, evaluates Blender's samples bit for bit, objects match
    python3 "$here/test_export_check.py" oracle "$work/realistic.json" "$oracle_json" ||
        fail "the export of $blend does not match Blender's oracle (see above)"

    # 4. edge cases in a .blend made on the spot
    make_scene "$work/edge.blend" "$work/edge_facts.json" >"$work/blender.log" 2>&1 ||
        fail "making the edge-case scene failed: $(tail -n 5 "$work/blender.log")"
    export_action "$work/edge.blend" "$work/edge.json"
    [ "$status" -eq 0 ] || fail "exporting the edge-case scene exited with $status: $(cat "$work/stderr")"
    expect_stderr "" "exporting the edge-case scene (every modifier written)"
    export_action "$work/edge.blend" "$work/edge_all.json" --all
    [ "$status" -eq 0 ] || fail "--all exited with $status: $(cat "$work/stderr")"
    export_action "$work/edge.blend" "$work/edge_orphan.json" --action Orphan
    [ "$status" -eq 0 ] || fail "--action Orphan exited with $status: $(cat "$work/stderr")"
    expect_stderr "" "--action Orphan"

    # errors: exit 2, one line on stderr, and an existing output left alone
    echo "previous content" >"$work/kept.json"
    export_action "$work/edge.blend" "$work/kept.json" --action Nope
    [ "$status" -eq 2 ] || fail "--action Nope exited with $status, expected 2"
    [ "$(wc -l <"$work/stderr")" -eq 1 ] || fail "--action Nope: expected one line on stderr, got: $(cat "$work/stderr")"
    grep -q "^export_action.py: error: no action named 'Nope'" "$work/stderr" ||
        fail "--action Nope: unexpected message: $(cat "$work/stderr")"
    [ "$(cat "$work/kept.json")" = "previous content" ] || fail "--action Nope replaced its output file"
    export_action "$work/edge.blend" "$work/missing/out.json"
    [ "$status" -eq 2 ] || fail "an output in a missing folder exited with $status, expected 2"
    export_action "$work/edge.blend" "$work/edge.json" --markers sometimes
    [ "$status" -eq 2 ] || fail "a bad option exited with $status, expected 2"
    [ "$(wc -l <"$work/stderr")" -eq 1 ] || fail "a bad option: expected one line on stderr, got: $(cat "$work/stderr")"
    [ -z "$(find "$work" -name '.*.tmp')" ] || fail "temporary files left behind: $(find "$work" -name '.*.tmp')"
    echo "$me: errors exit 2 with one line on stderr and leave outputs alone"

    python3 "$here/test_export_check.py" edge "$work" || fail "the edge cases do not survive the round trip (see above)"
    echo "$me: $runner: all checks passed"
    rm -f "$work"/*.json "$work"/*.blend
done
echo "$me: all checks passed ($runners)"
