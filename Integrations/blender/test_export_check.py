"""Checks for test_export.sh (python3, standard library only).

    python3 test_export_check.py oracle EXPORT.json ACTIONS.json
    python3 test_export_check.py edge WORKDIR

ANIMPLOT (environment) is the animplot binary. ANIMPLOT_STRIP_OBJECT=1 feeds animplot copies
without the "object" field, for a binary older than that field.

Numbers are compared as 32-bit floats, bit for bit (except that 0 and -0 are taken as equal:
the oracle's writer folds -0 into 0). Prints one line per group of checks and a closing
"N passed, N failed"; exits 1 when anything failed.
"""
import json
import os
import struct
import subprocess
import sys

ANIMPLOT = os.environ.get("ANIMPLOT", "animplot")
STRIP_OBJECT = os.environ.get("ANIMPLOT_STRIP_OBJECT") == "1"

DEFAULT_KEY = {"interpolation": "bezier", "easing": "auto", "back": 1.70158, "amplitude": 0.8,
               "period": 4.1, "handleLeftType": "autoClamped", "handleRightType": "autoClamped",
               "type": "keyframe", "selected": False, "selectedHandleLeft": False,
               "selectedHandleRight": False}
DEFAULT_TRACK = {"extrapolation": "constant", "autoSmoothing": "contAccel", "muted": False,
                 "locked": False, "hidden": False, "selected": False, "active": False}


DEFAULT_MODIFIER = {"mute": False, "active": False, "useInfluence": False, "influence": 1.0,
                    "useRestrictedRange": False, "frameStart": 0.0, "frameEnd": 0.0, "blendIn": 0.0,
                    "blendOut": 0.0}


def modifier_type(rna):
    return "fnGenerator" if rna == "FNGENERATOR" else camel(rna)


def expected_modifier(fm):
    """The modifier as the exporter writes it, from Blender's account of it (every setting)."""
    out = {"type": modifier_type(fm["type"])}
    for name in ("mute", "active", "use_influence", "influence", "use_restricted_range", "frame_start",
                 "frame_end", "blend_in", "blend_out"):
        out[camel(name.upper())] = fm[name]
    settings = {}
    for name, value in fm["settings"].items():
        settings[camel(name.upper())] = camel(value) if isinstance(value, str) else value
    if fm["type"] == "STEPPED":  # its range is the Stepped range: written once, in settings
        settings["frameStart"] = out.pop("frameStart")
        settings["frameEnd"] = out.pop("frameEnd")
    out["settings"] = settings
    return out


NOISE_50_DEFAULTS = {"lacunarity": 2.0, "roughness": 0.5, "useLegacyNoise": True}


def normalized_modifiers(modifiers):
    """Modifiers with every common member, defaults filled in (animplot writes only what differs,
    and writes Blender 5.0's Noise settings, which Blender 3.4 has not, at their defaults)."""
    out = []
    for m in modifiers:
        common = {k: v for k, v in DEFAULT_MODIFIER.items()
                  if m.get("type") != "stepped" or k not in ("frameStart", "frameEnd")}
        n = dict(common, **m)
        if n.get("type") == "noise":
            n["settings"] = dict(NOISE_50_DEFAULTS, **n.get("settings", {}))
        out.append(n)
    return out


class Checker:
    def __init__(self):
        self.passed = 0
        self.failed = 0
        self.shown = 0

    def check(self, ok, what):
        if ok:
            self.passed += 1
        else:
            self.failed += 1
            if self.shown < 40:
                print("  MISMATCH: " + what)
                self.shown += 1
        return ok

    def equal(self, got, expected, what):
        return self.check(got == expected, "%s: got %r, expected %r" % (what, got, expected))

    def same32(self, got, expected, what):
        return self.check(bits32(got) == bits32(expected),
                          "%s: got %r, expected %r (as float32)" % (what, got, expected))


def f32(x):
    return struct.unpack("<f", struct.pack("<f", float(x)))[0]


def bits32(x):
    if x is None or isinstance(x, (str, bool)):
        return ("not a number", x)
    if isinstance(x, list):
        return tuple(bits32(v) for v in x)
    v = f32(x)
    return struct.pack("<f", 0.0 if v == 0 else v)


def camel(identifier):
    parts = identifier.lower().split("_")
    return parts[0] + "".join(p.capitalize() for p in parts[1:])


def load(path):
    with open(path, encoding="utf-8") as fh:
        return json.load(fh)


def actions_of(doc):
    return doc["actions"] if "actions" in doc else [doc]


def for_animplot(path):
    """The file animplot reads: path itself, or a copy without "object" (ANIMPLOT_STRIP_OBJECT=1)."""
    if not STRIP_OBJECT:
        return path
    doc = load(path)
    for action in actions_of(doc):
        action.pop("object", None)
    stripped = path[:-5] + ".no-object.json"
    with open(stripped, "w", encoding="utf-8") as fh:
        json.dump(doc, fh)
    return stripped


def animplot(*args):
    cmd = [ANIMPLOT] + list(args)
    proc = subprocess.run(cmd, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    if proc.returncode != 0:
        message = proc.stderr.strip()
        hint = ""
        if 'unknown field "object"' in message:
            hint = (" -- this animplot predates the \"object\" field: use a newer binary, or set "
                    "ANIMPLOT_STRIP_OBJECT=1 to check everything else")
        print("FAIL: %s exited with %d: %s%s" % (" ".join(cmd), proc.returncode, message, hint))
        sys.exit(1)
    return proc.stdout


def evaluate(path, action, start, end, step=None):
    rng = "%s:%s" % (start, end) + (":%s" % step if step else "")
    out = animplot("eval", for_animplot(path), "--action", action, "--range=" + rng, "--format", "json")
    return json.loads(out)


# --------------------------------------------------------------------------- the oracle

def check_oracle(export_path, oracle_path):
    c = Checker()
    exported = {a["name"]: a for a in actions_of(load(export_path))}
    oracle = load(oracle_path)["actions"]
    c.equal(sorted(exported), sorted(a["name"] for a in oracle), "exported actions")
    for oa in oracle:
        name = oa["name"]
        ea = exported.get(name)
        if not c.check(ea is not None, "%s: not exported" % name):
            continue
        before = c.failed
        # "selected" follows the object's selection in the file (the oracle does not record it):
        # a boolean when present, compared as name and type otherwise.
        obj = dict(ea.get("object") or {})
        selected = obj.pop("selected", False)
        c.equal(obj, {"name": oa["object"], "type": camel(oa["object_type"])}, name + " object")
        c.equal(isinstance(selected, bool), True, name + " object.selected is a boolean")
        c.equal(ea.get("fps"), oa["fps"], name + " fps")
        tracks = {(t["dataPath"], t["index"]): t for t in ea["tracks"]}
        c.equal(sorted(tracks), sorted((ch["fcurve"]["data_path"], ch["fcurve"]["array_index"]) for ch in oa["channels"]),
                name + " tracks")
        nkeys = 0
        for ch in oa["channels"]:
            key = (ch["fcurve"]["data_path"], ch["fcurve"]["array_index"])
            t = tracks.get(key)
            if t is None:
                continue
            where = "%s %s[%d]" % (name, key[0], key[1])
            inp, out = ch["input"], ch["output"]
            c.equal(t.get("group"), ch["fcurve"].get("group"), where + " group")
            c.equal(t["extrapolation"], camel(inp["extrapolation"]), where + " extrapolation")
            c.equal(t["autoSmoothing"], camel(inp["auto_smoothing"]), where + " autoSmoothing")
            c.equal([{"type": m["type"], "settings": m["settings"]} for m in t.get("modifiers", [])], [
                {"type": "cycles", "settings": {"modeBefore": camel(m["mode_before"]), "cyclesBefore": m["cycles_before"],
                                                "modeAfter": camel(m["mode_after"]), "cyclesAfter": m["cycles_after"]}}
                for m in inp["modifiers"]], where + " modifiers")
            c.check("label" not in t, where + ": a label was written for a path animplot names itself")
            if not c.equal(len(t["keyframes"]), len(out["keys"]), where + " key count"):
                continue
            for i, (k, ik, ok) in enumerate(zip(t["keyframes"], inp["keys"], out["keys"])):
                kw = "%s key %d" % (where, i)
                c.same32([k["frame"], k["value"]], ok["co"], kw + " frame/value")
                c.same32(k["handleLeft"], ok["handle_left"], kw + " handleLeft")
                c.same32(k["handleRight"], ok["handle_right"], kw + " handleRight")
                c.equal(k["handleLeftType"], camel(ok["handle_left_type"]), kw + " handleLeftType")
                c.equal(k["handleRightType"], camel(ok["handle_right_type"]), kw + " handleRightType")
                c.equal(k["interpolation"], camel(ik["interpolation"]), kw + " interpolation")
                c.equal(k["easing"], camel(ik["easing"]), kw + " easing")
                for p in ("back", "amplitude", "period"):
                    c.same32(k[p], ik[p], kw + " " + p)
                c.equal([k["selectedHandleLeft"], k["selected"], k["selectedHandleRight"]], ik["select"], kw + " selection")
                c.equal(k["type"], camel(ik["type"]), kw + " type")
                nkeys += 1
        # Blender's own samples against animplot's evaluation of the exported file
        start, end = oa["sampled_frames"]
        result = evaluate(export_path, name, start, end)
        c.equal(result["frames"], list(range(start, end + 1)), name + " eval frames")
        samples = 0
        by_path = {(ch["fcurve"]["data_path"], ch["fcurve"]["array_index"]): ch for ch in oa["channels"]}
        c.equal(sorted((t["dataPath"], t["index"]) for t in result["tracks"]), sorted(by_path), name + " eval tracks")
        for t in result["tracks"]:
            ch = by_path.get((t["dataPath"], t["index"]))
            if ch is None:
                continue
            expected = ch["output"]["eval_values"]
            if not c.equal(len(t["values"]), len(expected), "%s %s[%d] sample count" % (name, t["dataPath"], t["index"])):
                continue
            for frame, got, want in zip(result["frames"], t["values"], expected):
                c.same32(got, want, "%s %s[%d] at frame %s" % (name, t["dataPath"], t["index"], frame))
                samples += 1
        print("%-13s object %s (%s), %d tracks, %d keys, %d samples: %s" % (
            name, oa["object"], camel(oa["object_type"]), len(oa["channels"]), nkeys, samples,
            "ok" if c.failed == before else "MISMATCH"))
    return c


# --------------------------------------------------------------------------- the edge cases

def check_edge(work):
    c = Checker()
    facts = load(os.path.join(work, "edge_facts.json"))
    default = load(os.path.join(work, "edge.json"))
    everything = load(os.path.join(work, "edge_all.json"))
    orphan = load(os.path.join(work, "edge_orphan.json"))

    # which actions, and the file's shape
    c.equal([a["name"] for a in actions_of(default)], ["EdgeCases", "LampMove"], "default export (assigned actions)")
    c.equal([a["name"] for a in actions_of(everything)], ["EdgeCases", "LampMove", "Orphan"], "--all export")
    c.check("actions" not in orphan and orphan.get("animplot") == 1 and orphan.get("name") == "Orphan",
            "--action Orphan: one action written as the top-level object")
    c.check("object" not in orphan, "--action Orphan: an unassigned action has no \"object\"")
    c.equal(default.get("animplot"), 1, "format version")
    c.equal(default.get("blender"), "5.0" if facts["blender_version"] >= "5" else "3.4",
            "\"blender\": the version the exporter ran in (%s)" % facts["blender_version"])
    print("action selection and file shape: %s" % ("ok" if c.failed == 0 else "MISMATCH"))

    # the export against Blender's own account of the file
    before = c.failed
    scene = facts["scene"]
    exported = {a["name"]: a for a in actions_of(everything)}
    scene_markers = [{"frame": m["frame"], "name": m["name"], "selected": m["select"]} for m in scene["markers"]]
    fps = scene["fps"] / f32(scene["fps_base"])
    for fa in facts["actions"]:
        ea = exported[fa["name"]]
        w = fa["name"]
        c.equal(ea["fps"], fps, w + " fps")
        if fa["use_frame_range"]:
            c.equal([ea["frameStart"], ea["frameEnd"]], fa["frame_range"], w + " frame range (the action's own)")
        else:
            c.equal([ea["frameStart"], ea["frameEnd"]], [scene["frame_start"], scene["frame_end"]], w + " frame range (the scene's)")
        c.equal(ea["currentFrame"], scene["frame_current"], w + " currentFrame")
        obj = fa["object"]
        c.equal(ea.get("object"), {"name": obj["name"], "type": camel(obj["type"])} if obj else None, w + " object")
        pose = [{"frame": m["frame"], "name": m["name"], "selected": m["select"]} for m in fa["pose_markers"]]
        c.equal(ea.get("markers", []), scene_markers + pose, w + " markers (scene's, then pose markers)")
        c.equal([(t["dataPath"], t["index"]) for t in ea["tracks"]],
                [(fc["data_path"], fc["array_index"]) for fc in fa["curves"]], w + " tracks in Blender's order")
        for t, fc in zip(ea["tracks"], fa["curves"]):
            tw = "%s %s[%d]" % (w, fc["data_path"], fc["array_index"])
            c.equal(t.get("group"), fc["group"], tw + " group")
            if fc["color_mode"] == "CUSTOM":
                want = "#" + "".join("%02x" % min(255, max(0, int(x * 255 + 0.5))) for x in fc["color"])
                c.equal(t.get("color"), want, tw + " color")
            else:
                c.check("color" not in t, tw + ": color written for a curve without a custom colour")
            if fc["data_path"] in facts["labels"]:
                c.equal(t.get("label"), facts["labels"][fc["data_path"]], tw + " label")
            else:
                c.check("label" not in t, tw + ": label written for a path animplot names itself")
            c.equal(t["extrapolation"], camel(fc["extrapolation"]), tw + " extrapolation")
            c.equal(t["autoSmoothing"], camel(fc["auto_smoothing"]), tw + " autoSmoothing")
            for field, rna in (("muted", "mute"), ("locked", "lock"), ("hidden", "hide"), ("selected", "select"),
                               ("active", "active")):
                c.equal(t[field], fc[rna], tw + " " + field)
            c.equal(t.get("modifiers", []), [expected_modifier(m) for m in fc["modifiers"]],
                    tw + " modifiers, every setting")
            if not c.equal(len(t["keyframes"]), len(fc["keys"]), tw + " key count"):
                continue
            for i, (k, fk) in enumerate(zip(t["keyframes"], fc["keys"])):
                kw = "%s key %d" % (tw, i)
                c.same32([k["frame"], k["value"]], fk["co"], kw + " frame/value")
                c.same32(k["handleLeft"], fk["handle_left"], kw + " handleLeft")
                c.same32(k["handleRight"], fk["handle_right"], kw + " handleRight")
                for field, rna in (("interpolation", "interpolation"), ("easing", "easing"), ("type", "type"),
                                   ("handleLeftType", "handle_left_type"), ("handleRightType", "handle_right_type")):
                    c.equal(k[field], camel(fk[rna]), kw + " " + field)
                for p in ("back", "amplitude", "period"):
                    c.same32(k[p], fk[p], kw + " " + p)
                c.equal([k["selectedHandleLeft"], k["selected"], k["selectedHandleRight"]], fk["select"], kw + " selection")
    print("export against Blender's account (%d actions): %s" % (len(facts["actions"]), "ok" if c.failed == before else "MISMATCH"))

    # the round trip through animplot recalc
    before = c.failed
    recalc_path = os.path.join(work, "edge_recalc.json")
    animplot("recalc", for_animplot(os.path.join(work, "edge_all.json")), "-o", recalc_path)
    recalced = {a["name"]: a for a in actions_of(load(recalc_path))}
    c.equal(sorted(recalced), sorted(exported), "recalc: actions")
    worst = 0.0
    for name, ea in exported.items():
        ra = recalced.get(name)
        if ra is None:
            continue
        for field in ("fps", "frameStart", "frameEnd", "currentFrame"):
            c.equal(ra.get(field), ea.get(field), "recalc %s %s" % (name, field))
        c.equal([dict({"selected": False}, **m) for m in ra.get("markers", [])], ea.get("markers", []), "recalc %s markers" % name)
        if "object" in ra or not STRIP_OBJECT:
            c.equal(ra.get("object"), ea.get("object"), "recalc %s object" % name)
        if not c.equal(len(ra["tracks"]), len(ea["tracks"]), "recalc %s track count" % name):
            continue
        for rt, et in zip(ra["tracks"], ea["tracks"]):
            tw = "recalc %s %s[%d]" % (name, et["dataPath"], et["index"])
            for field in ("dataPath", "index", "label", "group", "color"):
                c.equal(rt.get(field), et.get(field), tw + " " + field)
            for field, default in DEFAULT_TRACK.items():
                c.equal(rt.get(field, default), et.get(field, default), tw + " " + field)
            c.equal(normalized_modifiers(rt.get("modifiers", [])), normalized_modifiers(et.get("modifiers", [])),
                    tw + " modifiers")
            if not c.equal(len(rt["keyframes"]), len(et["keyframes"]), tw + " key count"):
                continue
            for i, (rk, ek) in enumerate(zip(rt["keyframes"], et["keyframes"])):
                kw = "%s key %d" % (tw, i)
                c.same32([rk["frame"], rk["value"]], [ek["frame"], ek["value"]], kw + " frame/value")
                for field, default in DEFAULT_KEY.items():
                    got, want = rk.get(field, default), ek.get(field, default)
                    if isinstance(default, float):
                        c.same32(got, want, kw + " " + field)
                    else:
                        c.equal(got, want, kw + " " + field)
                for side, kind in (("handleLeft", "handleLeftType"), ("handleRight", "handleRightType")):
                    if ek[kind] == "free" or len(et["keyframes"]) == 1:
                        c.same32(rk[side], ek[side], kw + " " + side + " (kept as given)")
                    else:  # recomputed by recalc, as Blender's update() does: equal to round-off
                        d = max(abs(a - b) for a, b in zip(rk[side], ek[side]))
                        worst = max(worst, d)
                        c.check(d <= 1e-4, "%s %s: recomputed %r, Blender's %r" % (kw, side, rk[side], ek[side]))
    print("recalc round trip: %s (recomputed handles within %.3g of Blender's)" % (
        "ok" if c.failed == before else "MISMATCH", worst))

    # Blender's fcurve.evaluate() against animplot's evaluation of the export
    before = c.failed
    frames = facts["sample_frames"]
    step = frames[1] - frames[0]
    samples = 0
    for fa in facts["actions"]:
        result = evaluate(os.path.join(work, "edge_all.json"), fa["name"], frames[0], frames[-1], step)
        c.equal(result["frames"], frames, "%s eval frames" % fa["name"])
        by_path = {(t["dataPath"], t["index"]): t for t in result["tracks"]}
        for fc in fa["curves"]:
            t = by_path.get((fc["data_path"], fc["array_index"]))
            if not c.check(t is not None, "%s %s[%d]: not evaluated" % (fa["name"], fc["data_path"], fc["array_index"])):
                continue
            for frame, got, want in zip(frames, t["values"], fc["samples"]):
                c.same32(got, want, "%s %s[%d] at frame %s" % (fa["name"], fc["data_path"], fc["array_index"], frame))
                samples += 1
    print("evaluation against fcurve.evaluate(): %d samples %s" % (samples, "ok" if c.failed == before else "MISMATCH"))
    return c


def main(argv):
    if len(argv) == 3 and argv[0] == "oracle":
        c = check_oracle(argv[1], argv[2])
    elif len(argv) == 2 and argv[0] == "edge":
        c = check_edge(argv[1])
    else:
        print(__doc__.strip(), file=sys.stderr)
        return 2
    print("%d passed, %d failed" % (c.passed, c.failed))
    return 1 if c.failed else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
