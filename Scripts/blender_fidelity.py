#!/usr/bin/env python3
"""How close animplot's editors are to Blender's: renders the four realistic actions in the editor
state of Blender 3.4's reference screenshots and counts the pixels that differ below Blender's
header.

usage: Scripts/blender_fidelity.py [--binary PATH] [--screenshots DIR] [--out DIR] [--diffs DIR]
                                 [--max-percent P] [--theme dark|light] [--scale S]

The pictures are drawn at Blender's UI scale of the screenshots (--scale 1.05), as large as
Blender's editor below its header: 1257x1074 points, so 1320x1128 pixels beside Blender's
1321x1156, whose header (27 pixel rows) is cut off, leaving the editor and the area's 1-pixel
borders below and right of it. Our picture is then placed at the shift of at most 6 pixels either way that differs least, and a pixel
counts as different when its largest channel differs by more than 24. The figure is per cent of the
compared pixels, also split into the channel list (left of the list's edge) and the rest.

--out keeps the rendered pictures (docs/images/render.sh renders these pictures through this
script, with --no-compare); --diffs writes, per case, a picture of the differing pixels (red)
over a dimmed Blender screenshot. With --max-percent, exits 1 when a case differs more.
Needs python3-numpy. With --theme light or --scale 2 it only renders (Blender's screenshots are
dark at 1.05).

--header draws animplot's editor header too (`--header`: 27 device rows at 1.05 above the same
editor) and compares it with Blender's header rows, at the shift found below the header: the
"header" column is per cent of the header's pixels that differ. The editor below the header is
compared as without --header (the figures are the same: the editor's pixels do not move). The
second Graph Editor screenshot's header runs over Blender's sidebar, so its header is taken from
a second picture as wide as the area (1257 points).
"""
import argparse
import json
import os
import struct
import subprocess
import sys
import tempfile
import zlib

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
HEADER_ROWS = 27      # Blender's editor header in the screenshots, at UI scale 1.05
MAX_SHIFT = 6
THRESHOLD = 24
# Blender's screenshots: 1321x1156 pixels at UI scale 1.05, that is 1258x1101 points; the
# editor below the header is 1128 pixels high (and a 1-pixel border), 1074 points.
HEIGHT = "1074"


def states(tmp):
    """Writes the inputs of the screenshots' editor states; returns {name: input path}."""
    ball = os.path.join(ROOT, "Examples", "blender-bouncing-ball.json")
    action = json.load(open(ball))
    z = action["tracks"][0]
    assert (z["dataPath"], z["index"]) == ("location", 2), "Z Location is the first track"
    # All of the Ball's curves, Z Location the active curve but not a selected one.
    z["active"] = True
    all_path = os.path.join(tmp, "ball_all.json")
    json.dump(action, open(all_path, "w"))
    # Z Location alone, selected, its keys at 23 and 33 selected.
    z["selected"] = True
    for t in action["tracks"]:
        t["hidden"] = t is not z
    for k in z["keyframes"]:
        k["selected"] = k["frame"] in (23.0, 33.0)
    z_path = os.path.join(tmp, "ball_z.json")
    json.dump(action, open(z_path, "w"))
    return all_path, z_path


# Where Blender's screenshots put frames and values, in their device pixels at UI scale 1.05:
# x = a + k * frame from the picture's left edge, y = b - m * value from the header's bottom.
# Fitted by least squares to every grid line's pixel (a line covers the pixel its position
# falls in), each within half a pixel; the playhead, scene range and zero line agree.
BLENDER_VIEWS = {
    "graph_editor_bouncing_ball_all_channels": ((468.863, 10.59786), (570.16, 496.6434)),
    "graph_editor_ball_location_z_selected_keys": ((287.811, 10.32932), (1066.744, 248.2781)),
    "dopesheet_bouncing_ball": ((306.779, 12.54014), None),
    "dopesheet_all_actions": ((311.862, 7.48161), None),
}
# animplot's plot area in points: right of the channel list (207 points in the Graph Editor,
# 198 in the Dope Sheet: Blender's 217 and 208 pixels), below the scrub strip.
LIST_POINTS = {"graph": 207, "dopesheet": 198}
STRIP_POINTS = 23
SCALE = 1.05


def view_arguments(name, width):
    """--frames (and --values) that put Blender's view of `name` on animplot's plot area of a
    picture `width` points wide (HEIGHT high) at SCALE."""
    (a, k), y = BLENDER_VIEWS[name]
    left, right = LIST_POINTS[name.split("_")[0]] * SCALE, width * SCALE
    out = [f"--frames={(left - a) / k:.4f}:{(right - a) / k:.4f}"]
    if y:
        b, m = y
        top, bottom = STRIP_POINTS * SCALE, int(HEIGHT) * SCALE
        out.append(f"--values={(b - bottom) / m:.4f}:{(b - top) / m:.4f}")
    return out


def cases(tmp):
    """(name, arguments, width in points, columns compared) per screenshot. The views are
    Blender's (BLENDER_VIEWS) on animplot's plot area (the editor's channel list, LIST_POINTS,
    right of the picture's left edge, STRIP_POINTS below its top, down to its bottom: 1074
    points, Blender's editor below its header). The second Graph Editor screenshot has
    Blender's sidebar (Active F-Curve, Active Keyframe) right of pixel 1092, which animplot does
    not draw: the picture is 1039 points wide (1091 pixels) and only the columns left of the
    sidebar are compared."""
    all_path, z_path = states(tmp)
    four = os.path.join(ROOT, "Examples", "blender-four-actions.json")
    ball = os.path.join(ROOT, "Examples", "blender-bouncing-ball.json")
    cases = [
        ("graph_editor_bouncing_ball_all_channels",
         ["graph", all_path, "--normalize", "--colors", "rainbow", "--current-frame", "13"], 1257, None),
        ("graph_editor_ball_location_z_selected_keys",
         ["graph", z_path, "--colors", "rainbow", "--current-frame", "13"], 1039, 1092),
        ("dopesheet_bouncing_ball", ["dopesheet", ball, "--show-handle-types"], 1257, None),
        ("dopesheet_all_actions", ["dopesheet", four, "--show-handle-types"], 1257, None),
    ]
    return [(name, command + view_arguments(name, width), width, columns)
            for name, command, width, columns in cases]


def read_png(path):
    """RGB pixels of an 8-bit, non-interlaced RGB or RGBA PNG as an (h, w, 3) uint8 array."""
    import numpy as np
    data = open(path, "rb").read()
    if data[:8] != b"\x89PNG\r\n\x1a\n":
        sys.exit(f"{path}: not a PNG file")
    pos, idat, ihdr = 8, [], None
    while pos < len(data):
        (n,) = struct.unpack(">I", data[pos:pos + 4])
        kind, body = data[pos + 4:pos + 8], data[pos + 8:pos + 8 + n]
        pos += 12 + n
        if kind == b"IHDR":
            ihdr = struct.unpack(">IIBBBBB", body)
        elif kind == b"IDAT":
            idat.append(body)
        elif kind == b"IEND":
            break
    w, h, depth, ctype, _, _, interlace = ihdr
    if depth != 8 or interlace or ctype not in (2, 6):
        sys.exit(f"{path}: expected an 8-bit non-interlaced RGB(A) PNG")
    ch = 3 if ctype == 2 else 4
    stride = w * ch
    raw = np.frombuffer(zlib.decompress(b"".join(idat)), np.uint8).reshape(h, stride + 1)
    out = np.zeros((h, stride), np.uint8)
    prev = np.zeros(stride, np.int32)
    for y in range(h):
        f, line = raw[y, 0], raw[y, 1:].astype(np.int32)
        if f == 0:
            cur = line
        elif f == 2:
            cur = (line + prev) & 255
        elif f == 1:
            cur = line.reshape(w, ch).cumsum(axis=0).reshape(stride) & 255
        else:
            cur = np.zeros(stride, np.int32)
            for x in range(stride):
                a = cur[x - ch] if x >= ch else 0
                b = prev[x]
                c = prev[x - ch] if x >= ch else 0
                if f == 3:
                    p = (a + b) // 2
                else:
                    pa, pb, pc = abs(b - c), abs(a - c), abs(a + b - 2 * c)
                    p = a if pa <= pb and pa <= pc else (b if pb <= pc else c)
                cur[x] = (line[x] + p) & 255
        out[y] = cur
        prev = cur
    return out.reshape(h, w, ch)[:, :, :3]


def write_png(path, rgb):
    h, w, _ = rgb.shape
    raw = b"".join(b"\x00" + rgb[y].tobytes() for y in range(h))

    def chunk(kind, body):
        return struct.pack(">I", len(body)) + kind + body + struct.pack(">I", zlib.crc32(kind + body))

    png = b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", struct.pack(">IIBBBBB", w, h, 8, 2, 0, 0, 0))
    png += chunk(b"IDAT", zlib.compress(raw, 9)) + chunk(b"IEND", b"")
    open(path, "wb").write(png)


def list_edge(blender):
    """The x of the channel list's right edge in a screenshot: the column where the list's dark
    background meets the lighter plot area on the last rows."""
    import numpy as np
    row = blender[-40].astype(int).max(axis=1)
    for x in range(40, blender.shape[1] // 2):
        if abs(row[x] - row[x - 1]) > 8:
            return x
    return 0


def header_rows(scale):
    """The device rows animplot's header takes above an editor HEIGHT points high."""
    import math
    s = float(scale)
    return math.ceil((int(HEIGHT) + 26) * s) - math.ceil(int(HEIGHT) * s)


def compare_header(blender, ours, dx):
    """(per cent, mask) of Blender's header rows that differ from ours, ours moved by dx."""
    import numpy as np
    ref = blender[:HEADER_ROWS].astype(np.int16)
    w = ref.shape[1]
    x0, x1 = max(0, -dx), min(w, ours.shape[1] - dx)
    a = ref[:, x0:x1]
    b = ours[:HEADER_ROWS, x0 + dx:x1 + dx].astype(np.int16)
    differs = np.abs(a - b).max(axis=2) > THRESHOLD
    return 100.0 * differs.sum() / differs.size, differs, (x0, x1)


def compare(blender, ours):
    """(per cent, list per cent, plot per cent, dx, dy, mask) at the best shift."""
    import numpy as np
    ref = blender[HEADER_ROWS:].astype(np.int16)
    h, w = ref.shape[:2]

    def differing(dx, dy, rows=1):
        # Our pixel (y + dy, x + dx) stands beside Blender's (y, x); the overlap only.
        y0, y1 = max(0, -dy), min(h, ours.shape[0] - dy)
        x0, x1 = max(0, -dx), min(w, ours.shape[1] - dx)
        a = ref[y0:y1:rows, x0:x1]
        b = ours[y0 + dy:y1 + dy:rows, x0 + dx:x1 + dx].astype(np.int16)
        return np.abs(a - b).max(axis=2) > THRESHOLD, (y0, y1, x0, x1)

    # Every shift on every other row, then the five best on every row.
    shifts = [(dx, dy) for dy in range(-MAX_SHIFT, MAX_SHIFT + 1)
              for dx in range(-MAX_SHIFT, MAX_SHIFT + 1)]
    coarse = sorted(shifts, key=lambda s: differing(*s, rows=2)[0].mean())[:5]
    best = min(((differing(*s), s) for s in coarse), key=lambda r: r[0][0].sum())
    (differs, (y0, y1, x0, x1)), (dx, dy) = best
    count = int(differs.sum())
    edge = max(0, list_edge(blender) - x0)
    total = differs.size
    in_list = differs[:, :edge]
    in_plot = differs[:, edge:]
    pct = lambda m: 100.0 * m.sum() / max(1, m.size)
    return 100.0 * count / total, pct(in_list), pct(in_plot), dx, dy, (y0, y1, x0, x1), differs


def main():
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0],
                                formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--binary", default=os.path.join(ROOT, ".build", "release", "animplot"))
    shared = os.environ.get("ANIMPLOT_SHARED") or os.path.join(ROOT, "..", "shared")
    p.add_argument("--screenshots", default=os.path.join(shared, "reference", "blender-screenshots"))
    p.add_argument("--out", help="keep the rendered pictures in this folder")
    p.add_argument("--diffs", help="write a picture of the differing pixels per case here")
    p.add_argument("--max-percent", type=float, help="exit 1 when a case differs in more")
    p.add_argument("--theme", default="dark")
    p.add_argument("--scale", default="1.05")
    p.add_argument("--suffix", default="", help="appended to the pictures' names")
    p.add_argument("--no-compare", action="store_true", help="only render")
    p.add_argument("--extra", action="append", default=[], help="one more argument for every render")
    p.add_argument("--header", action="store_true",
                   help="draw the editor header too and compare it with Blender's")
    args = p.parse_args()
    if not os.access(args.binary, os.X_OK):
        sys.exit(f"{args.binary}: no animplot binary there (make build, or --binary PATH)")
    compare_them = not args.no_compare and args.theme == "dark" and args.scale == "1.05"
    with tempfile.TemporaryDirectory() as tmp:
        out = args.out or tmp
        os.makedirs(out, exist_ok=True)
        rows, worst = [], 0.0
        for name, command, width, columns in cases(tmp):
            picture = os.path.join(out, name + args.suffix + ".png")
            size = ["--width", str(width), "--height", HEIGHT]
            common = ["--scale", args.scale, "--theme", args.theme, "--png-compression", "small"]
            common += ["--header"] if args.header else []
            run = [args.binary] + command + size + common + ["-o", picture]
            subprocess.run(run + args.extra, check=True)
            full = picture
            if args.header and columns:
                # The header over the whole area, sidebar included.
                full = os.path.join(out, name + args.suffix + ".header.png")
                wide = [args.binary] + command[:-len(view_arguments(name, width))]
                wide += view_arguments(name, 1257) + ["--width", "1257", "--height", HEIGHT]
                subprocess.run(wide + common + ["-o", full] + args.extra, check=True)
            if not compare_them:
                continue
            screenshot = os.path.join(args.screenshots, name + ".png")
            if not os.path.exists(screenshot):
                sys.exit(f"{screenshot}: Blender's screenshot is missing (--screenshots DIR)")
            blender, ours = read_png(screenshot), read_png(picture)
            whole = blender
            if args.header:
                top = header_rows(args.scale)
                header_picture = read_png(full)[:top]
                ours = ours[top:]
            if columns:
                blender = blender[:, :columns]
            total, in_list, in_plot, dx, dy, (y0, y1, x0, x1), differs = compare(blender, ours)
            worst = max(worst, total)
            header = None
            if args.header:
                # The screenshots are 1321 px wide, our 1257-pt pictures ceil(1257 x 1.05) = 1320:
                # Blender's last column (the area's right edge) has no counterpart.
                header, header_differs, (hx0, hx1) = compare_header(whole[:, :-1], header_picture, dx)
            rows.append((name, total, in_list, in_plot, dx, dy, header))
            if args.diffs:
                import numpy as np
                os.makedirs(args.diffs, exist_ok=True)
                shown = (blender[HEADER_ROWS:][y0:y1, x0:x1] // 3).copy()
                shown[differs] = (255, 40, 40)
                write_png(os.path.join(args.diffs, name + ".diff.png"), shown.astype(np.uint8))
                if header is not None:
                    shown = (whole[:HEADER_ROWS, hx0:hx1] // 3).copy()
                    shown[header_differs] = (255, 40, 40)
                    write_png(os.path.join(args.diffs, name + ".header.diff.png"), shown.astype(np.uint8))
        if rows:
            headed = any(r[6] is not None for r in rows)
            print(f"{'picture':44} {'differs':>8} {'list':>7} {'plot':>7}  shift" + ("   header" if headed else ""))
            for name, total, in_list, in_plot, dx, dy, header in rows:
                line = f"{name:44} {total:7.2f}% {in_list:6.2f}% {in_plot:6.2f}%  {dx:+d},{dy:+d}"
                print(line + (f"  {header:6.2f}%" if header is not None else ""))
        if args.max_percent is not None and worst > args.max_percent:
            sys.exit(f"a picture differs from Blender's in {worst:.2f}% of its pixels "
                     f"(at most {args.max_percent}%)")


if __name__ == "__main__":
    main()
