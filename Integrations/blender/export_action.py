"""Export Blender actions to animplot's action file (format 1).

Run inside Blender, with the .blend to read loaded by Blender itself:

    blender -b scene.blend --python-exit-code 2 \\
        --python Integrations/blender/export_action.py -- out.json [--action NAME ...] [--all]

Everything the .blend holds about each action's F-curves is written: keys with their handles,
handle types, interpolation, easing and its parameters, key types and selection; the curve's
group, custom colour, extrapolation, auto smoothing, flags and Cycles modifiers; the scene's
frame rate, range, playhead and markers; and the object the action animates. Numbers are
written as the shortest decimal that reads back as the same 32-bit float, so animplot works
on exactly Blender's numbers. See README.md beside this file for the options and the limits.

Exit status: 0 when the file was written; 2 on bad usage or when nothing could be exported
(one line on standard error; no file is written or replaced). Warnings go to standard error.

This file uses only Blender's Python API (bpy) and Python's standard library.
"""

import argparse
import json
import math
import os
import struct
import sys
import tempfile
from fractions import Fraction

import bpy

PROG = "export_action.py"
FORMAT_VERSION = 1


class ExportError(Exception):
    """A problem that stops the export: reported as one line, exit status 2."""


def warn(message):
    print("%s: warning: %s" % (PROG, message), file=sys.stderr)


# --------------------------------------------------------------------------- numbers

def f32(x):
    """The IEEE 32-bit float nearest to x, as a Python float (infinite past the float32 range)."""
    try:
        return struct.unpack("<f", struct.pack("<f", x))[0]
    except OverflowError:
        return math.copysign(math.inf, x)


def shortest32(x, where):
    """The shortest decimal that reads back (as a 32-bit float) as the float32 x.

    Returned as a Python float whose repr() is that decimal (json writes repr()).
    """
    x = float(x)
    if not math.isfinite(x):
        raise ExportError("%s: the value %r is not a finite number" % (where, x))
    t = f32(x)
    if not math.isfinite(t):
        raise ExportError("%s: the value %r does not fit a 32-bit float" % (where, x))
    if t == 0.0:
        return t  # keeps the sign of -0.0
    for digits in range(1, 10):
        mantissa, _, exponent = ("%.*e" % (digits - 1, t)).partition("e")
        sign = "-" if mantissa.startswith("-") else ""
        m = int(mantissa.lstrip("-").replace(".", ""))
        e = int(exponent) - (digits - 1)
        nearest = float("%s%de%d" % (sign, m, e))
        if f32(nearest) == t:
            return nearest  # the nearest decimal of this length: nothing as short is closer
        # Next to a power of two the interval that reads back as t is lopsided, and a
        # neighbour of the nearest decimal may fall inside it when the nearest does not.
        fits = [(abs(Fraction(c) * Fraction(10) ** e - abs(Fraction(t))), float("%s%de%d" % (sign, c, e)))
                for c in (m - 1, m + 1) if c > 0 and f32(float("%s%de%d" % (sign, c, e))) == t]
        if fits:
            return min(fits)[1]
    return t  # unreachable: 9 significant digits always round-trip a float32


def point32(v, where):
    return [shortest32(v[0], where), shortest32(v[1], where)]


def scene_number(x, where):
    """A frame or rate that Blender stores as an integer or a float32."""
    if isinstance(x, int):
        return x
    v = shortest32(x, where)
    return int(v) if v.is_integer() and abs(v) < 2 ** 24 and not (v == 0 and math.copysign(1, v) < 0) else v


# --------------------------------------------------------------------------- enum spellings

def camel(identifier):
    """Blender's RNA identifier in format 1's spelling: AUTO_CLAMPED -> autoClamped."""
    parts = identifier.lower().split("_")
    return parts[0] + "".join(p.capitalize() for p in parts[1:])


INTERPOLATIONS = {"CONSTANT", "LINEAR", "BEZIER", "SINE", "QUAD", "CUBIC", "QUART", "QUINT",
                  "EXPO", "CIRC", "BACK", "BOUNCE", "ELASTIC"}
EASINGS = {"AUTO", "EASE_IN", "EASE_OUT", "EASE_IN_OUT"}
HANDLE_TYPES = {"FREE", "ALIGNED", "VECTOR", "AUTO", "AUTO_CLAMPED"}
KEY_TYPES = {"KEYFRAME", "BREAKDOWN", "MOVING_HOLD", "EXTREME", "JITTER", "GENERATED"}
EXTRAPOLATIONS = {"CONSTANT", "LINEAR"}
SMOOTHINGS = {"NONE", "CONT_ACCEL"}
CYCLE_MODES = {"NONE", "REPEAT", "REPEAT_OFFSET", "MIRROR"}
OBJECT_TYPES = {"MESH", "CURVE", "SURFACE", "META", "FONT", "CURVES", "POINTCLOUD", "VOLUME", "GPENCIL",
                "GREASEPENCIL", "ARMATURE", "LATTICE", "EMPTY", "LIGHT", "LIGHT_PROBE", "CAMERA", "SPEAKER"}


def spelled(value, accepted, where):
    if value not in accepted:
        raise ExportError("%s: %r is not in format 1 (expected one of %s)"
                          % (where, value, ", ".join(sorted(accepted))))
    return camel(value)


# --------------------------------------------------------------------------- labels
# animplot derives a channel's label from its data path for the properties below, alone or
# after `...["Owner"].` (FCurve.blenderLabel in Sources/AnimplotCore/Model/FCurve+Label.swift).
# For any other path the exporter writes the label Blender's channel list shows, built from
# the property's RNA name.

ANIMPLOT_LABELED = {
    "location", "rotation_euler", "rotation_quaternion", "rotation_axis_angle", "scale",
    "delta_location", "delta_rotation_euler", "delta_rotation_quaternion", "delta_scale",
    "dimensions", "color", "default_value", "value", "influence", "lens", "energy",
    "hide_viewport", "hide_render",
}

AXES_BY_SUBTYPE = {
    "QUATERNION": "WXYZ", "AXISANGLE": "WXYZ",
    "COLOR": "RGBA", "COLOR_GAMMA": "RGBA",
    "TRANSLATION": "XYZW", "DIRECTION": "XYZW", "VELOCITY": "XYZW", "ACCELERATION": "XYZW",
    "EULER": "XYZW", "XYZ": "XYZW", "XYZ_LENGTH": "XYZW", "COORDINATES": "XYZW",
}


def split_data_path(path):
    """('pose.bones["Arm"]', 'location') for 'pose.bones["Arm"].location'."""
    depth = 0
    quote = None
    for i in range(len(path) - 1, -1, -1):
        c = path[i]
        if quote:
            if c == quote and (i == 0 or path[i - 1] != "\\"):
                quote = None
            continue
        if c in "\"'":
            quote = c
        elif c == "]":
            depth += 1
        elif c == "[":
            depth -= 1
        elif c == "." and depth == 0:
            return path[:i], path[i + 1:]
    return "", path


def animplot_names(path):
    """Whether animplot derives a label for this data path itself: the path, less a leading
    `...["Owner"].`, is one of the properties it knows (as FCurve.blenderLabel does: names read
    from the start, a character after a backslash never closing one)."""
    rest, found = path, None
    while True:
        start = rest.find('["')
        if start < 0:
            break
        i = start + 2
        while i < len(rest) and rest[i] != '"':
            i += 2 if rest[i] == "\\" else 1
        if i >= len(rest):
            break
        rest = rest[i + 1:]
        if rest.startswith("]."):
            found = rest[2:]
    return (path if found is None else found) in ANIMPLOT_LABELED


def blender_label(owner, fcurve):
    """The label Blender's channel list shows, when animplot would not derive it itself.

    None when animplot's own derivation applies or the path does not resolve on the owner.
    """
    path = fcurve.data_path
    struct_path, prop_id = split_data_path(path)
    if animplot_names(path) or owner is None or prop_id.startswith("["):
        return None
    try:
        holder = owner.path_resolve(struct_path) if struct_path else owner
        prop = holder.bl_rna.properties[prop_id]
    except (ValueError, KeyError, AttributeError, TypeError):
        return None
    name = prop.name or prop.identifier
    length = getattr(prop, "array_length", 0)
    if length:
        axes = AXES_BY_SUBTYPE.get(prop.subtype, "") if length <= 4 else ""
        index = fcurve.array_index
        name = ("%s %s" % (axes[index], name)) if index < len(axes) else "[%d]%s" % (index, name)
    if struct_path and holder != owner and not isinstance(holder, bpy.types.ID):
        owner_name = getattr(holder, "name", None)
        if owner_name:
            name += " (%s)" % owner_name
    return name


# --------------------------------------------------------------------------- actions and slots

class Unit:
    """What one exported action is: an action, or one slot of a slotted (4.4+) action."""

    def __init__(self, action, slot, fcurves, name):
        self.action = action
        self.slot = slot
        self.fcurves = fcurves
        self.name = name
        self.objects = []  # objects animated by it, in bpy.data.objects order


def slot_channelbags(action):
    """[(slot, channelbag)] of a layered action, in slot order (first layer's strips)."""
    found = []
    for layer in action.layers:
        for strip in layer.strips:
            bags = getattr(strip, "channelbags", None)
            if bags is None:
                continue
            for bag in bags:
                found.append((bag.slot, bag))
        break  # Blender 4.4+ evaluates one layer
    slots = list(getattr(action, "slots", []))
    found.sort(key=lambda sb: slots.index(sb[0]) if sb[0] in slots else len(slots))
    return found


def units_of(action):
    """The action's units: one per slot with channels (4.4+ layered actions), else the action."""
    if len(getattr(action, "layers", ())) > 0:
        bags = slot_channelbags(action)
        units = []
        for slot, bag in bags:
            label = getattr(slot, "name_display", None) or getattr(slot, "identifier", "") or "slot"
            name = action.name if len(bags) == 1 else "%s/%s" % (action.name, label)
            units.append(Unit(action, slot, list(bag.fcurves), name))
        return units
    return [Unit(action, None, list(getattr(action, "fcurves", ())), action.name)]


def object_uses(ob, unit, only_slot):
    """Whether ob animates with unit. An object that holds a slotted action but no slot (a
    script assigned the action before it had one) is taken to use the action's only slot."""
    ad = ob.animation_data
    if ad is None or ad.action != unit.action:
        return False
    if unit.slot is None:
        return True
    slot = getattr(ad, "action_slot", None)
    return slot == unit.slot or (slot is None and only_slot)


# --------------------------------------------------------------------------- the active F-curve

def active_fcurves(units):
    """{id(unit): (data_path, index) of its active F-curve, or None}; None when Blender cannot say.

    RNA has no "is active" for an F-curve, but the Graph Editor answers the context question
    `active_editable_fcurve`. This borrows an area of the window, turns it into a Graph Editor
    showing only a temporary object that holds the action in question (so that no object of
    the file is touched and no other action answers), and asks. Every curve is unlocked and
    unhidden and every group expanded for the question; all of it is restored afterwards, and
    nothing is saved.
    """
    wm = bpy.context.window_manager
    if not hasattr(bpy.context, "temp_override") or not wm or not wm.windows:
        return None
    window = wm.windows[0]
    screen = window.screen
    if screen is None or not screen.areas:
        return None
    area = next((a for a in screen.areas if a.type == "GRAPH_EDITOR"), None) \
        or next((a for a in screen.areas if a.type == "DOPESHEET_EDITOR"), screen.areas[0])
    view_layer = window.view_layer
    saved_area = (area.type, area.ui_type)
    saved_active = view_layer.objects.active
    saved_selected = [ob for ob in view_layer.objects if ob.select_get()]
    temp = None
    result = {}
    try:
        area.type = "GRAPH_EDITOR"
        area.ui_type = "FCURVES"
        space = area.spaces.active
        ads = space.dopesheet
        saved_ads = {}
        for attr, value in (("filter_text", ""), ("filter_fcurve_name", ""), ("show_only_errors", False),
                            ("use_filter_invert", False), ("show_only_selected", True), ("show_hidden", True)):
            if hasattr(ads, attr):
                saved_ads[attr] = getattr(ads, attr)
                setattr(ads, attr, value)
        region = next(r for r in area.regions if r.type == "WINDOW")
        temp = bpy.data.objects.new("animplot export (temporary)", None)
        window.scene.collection.objects.link(temp)
        temp_ad = temp.animation_data_create()
        for ob in saved_selected:
            ob.select_set(False)
        temp.select_set(True)
        view_layer.objects.active = temp
        for unit in units:
            try:
                temp_ad.action = unit.action
                if unit.slot is not None and hasattr(temp_ad, "action_slot"):
                    temp_ad.action_slot = unit.slot
            except (TypeError, RuntimeError, AttributeError):
                continue  # e.g. an action made for another kind of data (shape keys, materials)
            if temp_ad.action != unit.action:
                continue
            curves = unit.fcurves
            groups = {fc.group for fc in curves if fc.group is not None}
            saved_curves = [(fc, fc.lock, fc.hide) for fc in curves]
            saved_groups = [(g, g.lock, g.show_expanded, getattr(g, "show_expanded_graph", None)) for g in groups]
            try:
                for fc in curves:
                    fc.lock = False
                    fc.hide = False
                for g in groups:
                    g.lock = False
                    g.show_expanded = True
                    if hasattr(g, "show_expanded_graph"):
                        g.show_expanded_graph = True
                with bpy.context.temp_override(window=window, screen=screen, area=area, region=region):
                    fc = bpy.context.active_editable_fcurve
                found = fc is not None and fc.id_data == unit.action and any(fc == c for c in curves)
                result[id(unit)] = (fc.data_path, fc.array_index) if found else None
            finally:
                for fc, lock, hide in saved_curves:
                    fc.lock = lock
                    fc.hide = hide
                for g, lock, expanded, expanded_graph in saved_groups:
                    g.lock = lock
                    g.show_expanded = expanded
                    if expanded_graph is not None:
                        g.show_expanded_graph = expanded_graph
            temp_ad.action = None
        for attr, value in saved_ads.items():
            setattr(ads, attr, value)
    finally:
        if temp is not None:
            if temp.animation_data is not None:
                temp.animation_data.action = None
            bpy.data.objects.remove(temp, do_unlink=True)
        for ob in saved_selected:
            ob.select_set(True)
        view_layer.objects.active = saved_active
        area.type = saved_area[0]
        try:
            area.ui_type = saved_area[1]
        except TypeError:
            pass
    return result


# --------------------------------------------------------------------------- writing one action

def color_hex(rgb):
    def byte(c):
        return 0 if c <= 0 else 255 if c >= 1 else int(math.floor(c * 255 + 0.5))
    return "#%02x%02x%02x" % tuple(byte(c) for c in rgb[:3])


MODIFIER_TYPES = {"GENERATOR", "FNGENERATOR", "ENVELOPE", "CYCLES", "NOISE", "LIMITS", "STEPPED"}
GENERATOR_MODES = {"POLYNOMIAL", "POLYNOMIAL_FACTORISED"}
FUNCTION_TYPES = {"SIN", "COS", "TAN", "SQRT", "LN", "SINC"}
NOISE_BLEND_TYPES = {"REPLACE", "ADD", "SUBTRACT", "MULTIPLY"}


def modifier_settings(m, where):
    """The type's own settings, by their RNA names in lowerCamelCase (docs/format.md, Modifiers)."""
    def number(name):
        return shortest32(getattr(m, name), "%s %s" % (where, name))

    def flag(name):
        return bool(getattr(m, name))

    if m.type == "GENERATOR":
        return {"mode": spelled(m.mode, GENERATOR_MODES, where + " mode"), "useAdditive": flag("use_additive"),
                "polyOrder": int(m.poly_order),
                "coefficients": [shortest32(c, "%s coefficients[%d]" % (where, i)) for i, c in enumerate(m.coefficients)]}
    if m.type == "FNGENERATOR":
        return {"functionType": spelled(m.function_type, FUNCTION_TYPES, where + " function_type"),
                "amplitude": number("amplitude"), "phaseMultiplier": number("phase_multiplier"),
                "phaseOffset": number("phase_offset"), "valueOffset": number("value_offset"),
                "useAdditive": flag("use_additive")}
    if m.type == "ENVELOPE":
        return {"referenceValue": number("reference_value"), "defaultMin": number("default_min"),
                "defaultMax": number("default_max"),
                "controlPoints": [{"frame": shortest32(p.frame, "%s control point %d frame" % (where, i)),
                                   "min": shortest32(p.min, "%s control point %d min" % (where, i)),
                                   "max": shortest32(p.max, "%s control point %d max" % (where, i))}
                                  for i, p in enumerate(m.control_points)]}
    if m.type == "CYCLES":
        return {"modeBefore": spelled(m.mode_before, CYCLE_MODES, where + " mode_before"),
                "cyclesBefore": int(m.cycles_before),
                "modeAfter": spelled(m.mode_after, CYCLE_MODES, where + " mode_after"),
                "cyclesAfter": int(m.cycles_after)}
    if m.type == "NOISE":
        out = {"blendType": spelled(m.blend_type, NOISE_BLEND_TYPES, where + " blend_type"),
               "scale": number("scale"), "strength": number("strength"), "phase": number("phase"),
               "offset": number("offset"), "depth": int(m.depth)}
        if hasattr(m, "use_legacy_noise"):  # Blender 4.2 and later
            out.update({"lacunarity": number("lacunarity"), "roughness": number("roughness"),
                        "useLegacyNoise": flag("use_legacy_noise")})
        return out
    if m.type == "LIMITS":
        return {"useMinX": flag("use_min_x"), "minX": number("min_x"), "useMaxX": flag("use_max_x"),
                "maxX": number("max_x"), "useMinY": flag("use_min_y"), "minY": number("min_y"),
                "useMaxY": flag("use_max_y"), "maxY": number("max_y")}
    # STEPPED: its frame_start and frame_end are the restricted range's too.
    return {"frameStep": number("frame_step"), "frameOffset": number("frame_offset"),
            "useFrameStart": flag("use_frame_start"), "frameStart": number("frame_start"),
            "useFrameEnd": flag("use_frame_end"), "frameEnd": number("frame_end")}


def export_modifiers(fc, where):
    """Every modifier with every setting, in stack order."""
    out = []
    for i, m in enumerate(fc.modifiers):
        mwhere = "%s modifier %d (%s)" % (where, i, m.type)
        if m.type not in MODIFIER_TYPES:
            warn("%s: skipped: format 1 has no %s modifier" % (mwhere, m.type))
            continue
        entry = {"type": camel(m.type) if m.type != "FNGENERATOR" else "fnGenerator",
                 "mute": bool(m.mute), "active": bool(m.active),
                 "useInfluence": bool(m.use_influence),
                 "influence": shortest32(m.influence, mwhere + " influence"),
                 "useRestrictedRange": bool(m.use_restricted_range),
                 "frameStart": shortest32(m.frame_start, mwhere + " frame_start"),
                 "frameEnd": shortest32(m.frame_end, mwhere + " frame_end"),
                 "blendIn": shortest32(m.blend_in, mwhere + " blend_in"),
                 "blendOut": shortest32(m.blend_out, mwhere + " blend_out"),
                 "settings": modifier_settings(m, mwhere)}
        if m.type == "STEPPED":
            # The shadowed common range is the Stepped range itself; written once, in settings.
            del entry["frameStart"], entry["frameEnd"]
        if entry["blendIn"] < 0 or entry["blendOut"] < 0:
            # A Stepped modifier whose range is [start, 0] can hold a negative blend (Blender
            # clamps to end - start); it has no effect there.
            warn("%s: a negative blend (%r, %r) written as 0" % (mwhere, entry["blendIn"], entry["blendOut"]))
            entry["blendIn"] = max(entry["blendIn"], 0.0)
            entry["blendOut"] = max(entry["blendOut"], 0.0)
        out.append(entry)
    return out


def export_key(kp, where):
    return {
        "frame": shortest32(kp.co[0], where + ".co[0]"),
        "value": shortest32(kp.co[1], where + ".co[1]"),
        "interpolation": spelled(kp.interpolation, INTERPOLATIONS, where + ".interpolation"),
        "easing": spelled(kp.easing, EASINGS, where + ".easing"),
        "back": shortest32(kp.back, where + ".back"),
        "amplitude": shortest32(kp.amplitude, where + ".amplitude"),
        "period": shortest32(kp.period, where + ".period"),
        "handleLeftType": spelled(kp.handle_left_type, HANDLE_TYPES, where + ".handle_left_type"),
        "handleRightType": spelled(kp.handle_right_type, HANDLE_TYPES, where + ".handle_right_type"),
        "handleLeft": point32(kp.handle_left, where + ".handle_left"),
        "handleRight": point32(kp.handle_right, where + ".handle_right"),
        "type": spelled(kp.type, KEY_TYPES, where + ".type"),
        "selected": bool(kp.select_control_point),
        "selectedHandleLeft": bool(kp.select_left_handle),
        "selectedHandleRight": bool(kp.select_right_handle),
    }


def export_track(unit, fc, owner, active):
    where = "action %r, F-curve %s[%d]" % (unit.name, fc.data_path, fc.array_index)
    track = {"dataPath": fc.data_path, "index": int(fc.array_index)}
    label = blender_label(owner, fc)
    if label is not None:
        track["label"] = label
    if fc.group is not None:
        track["group"] = fc.group.name
    if fc.color_mode == "CUSTOM":
        track["color"] = color_hex(fc.color)
    track["extrapolation"] = spelled(fc.extrapolation, EXTRAPOLATIONS, where + " extrapolation")
    track["autoSmoothing"] = spelled(fc.auto_smoothing, SMOOTHINGS, where + " auto_smoothing")
    track["muted"] = bool(fc.mute)
    track["locked"] = bool(fc.lock)
    track["hidden"] = bool(fc.hide)
    track["selected"] = bool(fc.select)
    track["active"] = active == (fc.data_path, fc.array_index)
    modifiers = export_modifiers(fc, where)
    if modifiers:
        track["modifiers"] = modifiers
    if len(fc.keyframe_points) == 0 and len(getattr(fc, "sampled_points", ())) > 0:
        warn("%s: holds baked samples, not keys; written with no keys" % where)
    track["keyframes"] = [export_key(kp, "%s key %d" % (where, i)) for i, kp in enumerate(fc.keyframe_points)]
    return track


def export_markers(unit, scene, which):
    out = []
    if which in ("all", "scene"):
        for m in scene.timeline_markers:
            out.append({"frame": int(m.frame), "name": m.name, "selected": bool(m.select)})
    if which in ("all", "pose"):
        for m in unit.action.pose_markers:
            out.append({"frame": int(m.frame), "name": m.name, "selected": bool(m.select)})
    return out


def export_unit(unit, scene, options, active):
    action = unit.action
    render = scene.render
    fps_base = f32(render.fps_base)
    fps = render.fps if fps_base == 1.0 else render.fps / fps_base
    out = {"name": unit.name, "fps": fps}
    if getattr(action, "use_frame_range", False):
        start, end = action.frame_range[0], action.frame_range[1]
    else:
        start, end = scene.frame_start, scene.frame_end
    out["frameStart"] = scene_number(start, "action %r frame_start" % unit.name)
    out["frameEnd"] = scene_number(end, "action %r frame_end" % unit.name)
    current = scene.frame_current
    if scene.frame_subframe:
        current = current + scene.frame_subframe
    out["currentFrame"] = scene_number(current, "scene %r frame_current" % scene.name)
    owner = None
    if unit.objects:
        in_scene = [ob for ob in unit.objects if scene.objects.get(ob.name) == ob]
        owner = (in_scene or unit.objects)[0]
        if owner.type in OBJECT_TYPES:
            out["object"] = {"name": owner.name, "type": camel(owner.type)}
            try:  # select_get() raises for an object outside the view layer
                if owner.select_get():
                    out["object"]["selected"] = True
            except RuntimeError:
                pass
        else:
            warn("action %r: object %r is of type %r, which format 1 does not name; \"object\" left out"
                 % (unit.name, owner.name, owner.type))
    markers = export_markers(unit, scene, options.markers)
    if markers:
        out["markers"] = markers
    out["tracks"] = [export_track(unit, fc, owner, active) for fc in unit.fcurves]
    return out


# --------------------------------------------------------------------------- JSON text

def is_inline(value):
    if isinstance(value, dict):
        return all(not isinstance(v, (dict, list)) or (isinstance(v, list) and is_inline(v)) for v in value.values())
    if isinstance(value, list):
        return all(not isinstance(v, (dict, list)) for v in value)
    return True


def to_json(value, indent="", compact=False):
    """Deterministic JSON: keys in the order written, one key per line, two-space indent."""
    if compact:
        return json.dumps(value, ensure_ascii=False, allow_nan=False, separators=(",", ":"))
    if is_inline(value):
        return json.dumps(value, ensure_ascii=False, allow_nan=False, separators=(", ", ": "))
    inner = indent + "  "
    if isinstance(value, list):
        return "[\n" + ",\n".join(inner + to_json(v, inner) for v in value) + "\n" + indent + "]"
    return "{\n" + ",\n".join(inner + json.dumps(k, ensure_ascii=False) + ": " + to_json(v, inner)
                              for k, v in value.items()) + "\n" + indent + "}"


def write_atomically(path, text):
    path = os.path.abspath(path)
    folder = os.path.dirname(path)
    if os.path.isdir(path):
        raise ExportError("%s: is a folder; expected a file name" % path)
    if not os.path.isdir(folder):
        raise ExportError("%s: the folder %s does not exist" % (path, folder))
    fd, temp = tempfile.mkstemp(prefix="." + os.path.basename(path) + ".", suffix=".tmp", dir=folder)
    try:
        with os.fdopen(fd, "w", encoding="utf-8", newline="\n") as fh:
            fh.write(text)
            fh.flush()
            os.fsync(fh.fileno())
        if os.path.exists(path):
            try:
                os.chmod(temp, os.stat(path).st_mode & 0o7777)
            except OSError:
                pass
        else:
            umask = os.umask(0)
            os.umask(umask)
            os.chmod(temp, 0o666 & ~umask)
        os.replace(temp, path)
    except BaseException:
        try:
            os.unlink(temp)
        except OSError:
            pass
        raise


# --------------------------------------------------------------------------- command line

class Parser(argparse.ArgumentParser):
    def error(self, message):
        raise ExportError(message + " (see --help)")


def parse_args(argv):
    p = Parser(
        prog="blender -b FILE.blend --python-exit-code 2 --python export_action.py --",
        description="Write the actions of the loaded .blend in animplot's format 1.",
        epilog="Default: every action assigned to an object (object.animation_data.action). "
               "Exit status 0 when written, 2 on an error.")
    p.add_argument("output", metavar="OUT.json", help="the file to write (replaced atomically)")
    p.add_argument("--action", metavar="NAME", action="append", default=[],
                   help="export this action (repeatable); any action of the file, assigned or not")
    p.add_argument("--all", action="store_true",
                   help="export every action in bpy.data.actions, assigned to an object or not")
    p.add_argument("--scene", metavar="NAME",
                   help="the scene for fps, frame range, playhead and markers (default: the active scene)")
    p.add_argument("--markers", choices=("all", "scene", "pose", "none"), default="all",
                   help="markers to write: the scene's timeline markers, then the action's pose markers "
                        "(all, the default), only one kind, or none")
    p.add_argument("--multi", action="store_true",
                   help='always write {"animplot": 1, "actions": [...]}, even for one action')
    p.add_argument("--compact", action="store_true", help="no indentation or line breaks")
    return p.parse_args(argv)


def script_argv():
    if "--" not in sys.argv:
        raise ExportError("no output file: pass the arguments after '--', e.g. "
                          "blender -b scene.blend --python export_action.py -- out.json")
    return sys.argv[sys.argv.index("--") + 1:]


def select_units(options):
    units = []
    for action in bpy.data.actions:
        units.extend(units_of(action))
    per_action = {}
    for unit in units:
        per_action[unit.action.name] = per_action.get(unit.action.name, 0) + 1
    for ob in bpy.data.objects:
        for unit in units:
            if object_uses(ob, unit, per_action[unit.action.name] == 1):
                unit.objects.append(ob)
    if options.action:
        wanted = list(dict.fromkeys(options.action))
        chosen = [u for u in units if u.name in wanted or u.action.name in wanted]
        missing = [n for n in wanted if not any(u.name == n or u.action.name == n for u in units)]
        if missing:
            known = ", ".join(repr(a.name) for a in bpy.data.actions) or "none"
            raise ExportError("no action named %s in %s (actions: %s)"
                              % (" or ".join(repr(n) for n in missing), blend_name(), known))
        return chosen
    if options.all:
        return units
    return [u for u in units if u.objects]


def blend_name():
    return bpy.data.filepath or "the current file (not saved)"


def blender_rules():
    """Whose rules the file follows (docs/format.md, Which Blender): the Blender running."""
    version = tuple(bpy.app.version)
    if version >= (5, 0, 0):
        return "5.0"
    if version >= (4, 0, 0):
        warn("Blender %s: animplot knows the rules of 3.4 and 5.0; the file says 5.0's" % bpy.app.version_string)
        return "5.0"
    return "3.4"


def main():
    options = parse_args(script_argv())
    if options.scene is not None:
        scene = bpy.data.scenes.get(options.scene)
        if scene is None:
            raise ExportError("no scene named %r in %s (scenes: %s)" % (
                options.scene, blend_name(), ", ".join(repr(s.name) for s in bpy.data.scenes)))
    else:
        scene = bpy.context.scene
        if scene is None:
            raise ExportError("%s has no scene" % blend_name())
    units = select_units(options)
    if not units:
        if not bpy.data.actions:
            raise ExportError("%s holds no action" % blend_name())
        raise ExportError("no action of %s is assigned to an object; use --all or --action NAME" % blend_name())

    try:
        active = active_fcurves(units)
    except Exception as e:  # the UI borrowed for the question is not essential
        warn("cannot tell the active F-curve (%s); every track is written with active false" % e)
        active = None
    if active is None:
        active = {}

    actions = [export_unit(u, scene, options, active.get(id(u))) for u in units]
    if len(actions) == 1 and not options.multi:
        document = {"animplot": FORMAT_VERSION, "blender": blender_rules()}
        document.update(actions[0])
    else:
        document = {"animplot": FORMAT_VERSION, "blender": blender_rules(), "actions": actions}
    write_atomically(options.output, to_json(document, compact=options.compact) + "\n")


def run():
    try:
        main()
    except ExportError as e:
        print("%s: error: %s" % (PROG, e), file=sys.stderr)
        sys.stderr.flush()
        sys.exit(2)
    except OSError as e:
        print("%s: error: %s" % (PROG, e), file=sys.stderr)
        sys.stderr.flush()
        sys.exit(2)


if __name__ == "__main__":
    run()
