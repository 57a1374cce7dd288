"""Runs a script written for `blender -b [FILE.blend] --python SCRIPT -- ARGS` in a Python that has
the bpy module (pip install bpy, e.g. Blender 5.0.1 on Python 3.11), for machines without the
blender command:

    python3 run_bpy.py [FILE.blend] SCRIPT -- ARGS...

It starts from factory settings (as `--factory-startup`), opens FILE.blend when given, and runs
SCRIPT as __main__ with sys.argv ending in `-- ARGS`. Its exit status is the script's: 2 for
sys.exit(2), 2 for an uncaught exception (as `--python-exit-code 2`), else 0.
"""
import runpy
import sys
import traceback

import bpy


def main(argv):
    if "--" not in argv:
        print("usage: run_bpy.py [FILE.blend] SCRIPT -- ARGS...", file=sys.stderr)
        return 2
    cut = argv.index("--")
    head, tail = argv[:cut], argv[cut + 1:]
    if len(head) not in (1, 2):
        print("usage: run_bpy.py [FILE.blend] SCRIPT -- ARGS...", file=sys.stderr)
        return 2
    bpy.ops.wm.read_factory_settings(use_empty=False)
    if len(head) == 2:
        try:
            bpy.ops.wm.open_mainfile(filepath=head[0])
        except RuntimeError as e:
            print("run_bpy.py: cannot read %s: %s" % (head[0], e), file=sys.stderr)
            return 1
    script = head[-1]
    sys.argv = ["blender", "--", *tail]
    try:
        runpy.run_path(script, run_name="__main__")
    except SystemExit as e:
        code = e.code
        if code is None:
            return 0
        return code if isinstance(code, int) else 1
    except BaseException:
        traceback.print_exc()
        return 2
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
