#!/usr/bin/env python3
"""Writes docs/action.schema.json, the JSON Schema (draft 2020-12) of animplot's action file.

Written from docs/format.md and the decoder (Sources/AnimplotIO/ActionDecoder.swift,
ActionObjectDecoder.swift, TrackDecoder.swift, EnumSpelling.swift): the three forms a file
may have (one action, several under "actions", the compact form), every member with its type,
range and default, and unknown members refused as the decoder refuses them.

Enum values read as the decoder reads them: any letter case, '_' and '-' ignored
(AUTO_CLAMPED, auto-clamped, autoclamped); each is a pattern built from the canonical
spellings below, which the schema also lists in its description.

What JSON Schema cannot say, the decoder still checks: frameEnd not before frameStart, the
compact form's channels as long as its timeline, a quaternion's four components complete.

Usage: python3 Scripts/action_schema.py > docs/action.schema.json
       python3 Scripts/action_schema.py --check   (exit 1 if the committed file differs)
"""
import json
import sys
from pathlib import Path

# The canonical spellings of each enum, as Sources/AnimplotCore declares the cases.
ENUMS = {
    "interpolation": ["constant", "linear", "bezier", "sine", "quad", "cubic", "quart", "quint", "expo", "circ",
                      "back", "bounce", "elastic"],
    "easing": ["auto", "easeIn", "easeOut", "easeInOut"],
    "handleType": ["free", "aligned", "vector", "auto", "autoClamped"],
    "keyframeType": ["keyframe", "breakdown", "movingHold", "extreme", "jitter", "generated"],
    "extrapolation": ["constant", "linear"],
    "autoSmoothing": ["none", "contAccel"],
    "cyclesMode": ["none", "repeat", "repeatOffset", "mirror"],
    "objectType": ["mesh", "curve", "surface", "meta", "font", "curves", "pointcloud", "volume", "gpencil",
                   "greasepencil", "armature", "lattice", "empty", "light", "lightProbe", "camera", "speaker"],
    "quaternionComponent": ["w", "x", "y", "z"],
}

FLOAT32_MAX = 3.4028234663852886e38
DOUBLE_MAX = 1.7976931348623157e308
INT32_MAX = 2147483647


def folded_pattern(spellings):
    """A pattern that matches what folds (ASCII lower case, '_' and '-' removed) to a spelling."""
    def letters(word):
        parts = []
        for c in word.lower():
            parts.append(f"[{c}{c.upper()}]" if c.isalpha() else c)
        return "[-_]*".join(parts)
    return "^[-_]*(?:" + "|".join(letters(s) for s in spellings) + ")[-_]*$"


def enum(name, description):
    spellings = ENUMS[name]
    return {
        "description": f"{description}: one of {', '.join(spellings)}; read in any letter case with '_' and '-' "
                       "ignored, so Blender's RNA spelling (AUTO_CLAMPED, EASE_IN_OUT) reads too",
        "type": "string",
        "pattern": folded_pattern(spellings),
        "examples": spellings,
    }


def members(properties, required=()):
    schema = {"type": "object", "properties": properties, "additionalProperties": False}
    if required:
        schema["required"] = list(required)
    return schema


def header():
    """The members an action and the top level share."""
    return {
        "animplot": {"description": "The format version: 1 (absent means 1; any other number is an error).",
                     "const": 1},
        "name": {"description": "The action's name (default \"Action\", in a multi-action file \"Action N\").",
                 "type": "string"},
        "fps": {"description": "Frames per second (default 24).", "type": "number", "exclusiveMinimum": 0,
                "maximum": DOUBLE_MAX},
        "frameStart": {"description": "The scene range's start (default: the keys' range).",
                       "$ref": "#/$defs/finiteNumber"},
        "frameEnd": {"description": "The scene range's end, not before frameStart (default: the keys' range).",
                     "$ref": "#/$defs/finiteNumber"},
        "currentFrame": {"description": "The playhead.", "$ref": "#/$defs/finiteNumber"},
        "cursorValue": {"description": "The Graph Editor's 2D cursor value.", "$ref": "#/$defs/float32"},
        "object": {"$ref": "#/$defs/object"},
        "markers": {"description": "Timeline markers.", "type": "array", "items": {"$ref": "#/$defs/marker"}},
        "extensions": {"description": "Anything, kept verbatim and ignored.", "type": "object"},
    }


RECALCULATE = {"description": "false: keys and handles are taken exactly as stored, as Blender reads a saved "
                              "file (default true: handles recalculated as fcurve.update() does).",
               "type": "boolean"}


def schema():
    single = members({**header(), "recalculate": RECALCULATE, "tracks": {"$ref": "#/$defs/tracks"}}, required=["tracks"])
    single["description"] = "One action."
    multi = members({
        "animplot": header()["animplot"],
        "recalculate": RECALCULATE,
        "extensions": header()["extensions"],
        "actions": {"description": "The actions; commands take --action NAME (default: the first).",
                    "type": "array", "items": {"$ref": "#/$defs/action"}},
    }, required=["actions"])
    multi["description"] = "Several actions: every other member belongs inside an action."
    compact = members({
        **header(),
        "recalculate": RECALCULATE,
        "timeline": {"description": "The frames (or any positions) of the keys, shared by every channel.",
                     "type": "array", "items": {"$ref": "#/$defs/float32"}},
        "channels": {"description": "A value per timeline position for each channel (as long as the timeline); "
                                    "each becomes a track whose dataPath and label are its name.",
                     "type": "object", "additionalProperties": {"type": "array", "items": {"$ref": "#/$defs/float32"}}},
        "interpolation": {**enum("interpolation", "Every key's interpolation (default bezier)")},
        "easing": {**enum("easing", "Every key's easing (default auto)")},
        "extrapolation": {**enum("extrapolation", "Every channel's extrapolation (default constant)")},
    }, required=["timeline", "channels"])
    compact["description"] = "The compact form: one shared timeline with a value array per channel."

    keyframe = members({
        "frame": {"$ref": "#/$defs/float32"},
        "value": {"$ref": "#/$defs/float32"},
        "interpolation": enum("interpolation", "The segment to the key's right (default bezier)"),
        "easing": enum("easing", "The segment's easing (default auto)"),
        "back": {"description": "Back easing's overshoot (default 1.70158).", "$ref": "#/$defs/float32"},
        "amplitude": {"description": "Elastic easing's amplitude, in value units (default 0.8).",
                      "$ref": "#/$defs/float32"},
        "period": {"description": "Elastic easing's period, in frames (default 4.1).", "$ref": "#/$defs/float32"},
        "handleLeftType": enum("handleType", "The left handle's type (default autoClamped)"),
        "handleRightType": enum("handleType", "The right handle's type (default autoClamped)"),
        "handleLeft": {"description": "[frame, value]; required when the left handle is free or aligned.",
                       "$ref": "#/$defs/point"},
        "handleRight": {"description": "[frame, value]; required when the right handle is free or aligned.",
                        "$ref": "#/$defs/point"},
        "type": enum("keyframeType", "The key's type (default keyframe)"),
        "selected": {"type": "boolean"},
        "selectedHandleLeft": {"type": "boolean"},
        "selectedHandleRight": {"type": "boolean"},
    }, required=["frame", "value"])
    free_or_aligned = folded_pattern(["free", "aligned"])
    keyframe["allOf"] = [
        {"if": {"properties": {f"handle{side}Type": {"pattern": free_or_aligned}}, "required": [f"handle{side}Type"]},
         "then": {"required": [f"handle{side}"]}}
        for side in ("Left", "Right")
    ]

    track = members({
        "dataPath": {"description": "Blender's data_path (location, rotation_euler, pose.bones[\"Arm\"].scale).",
                     "type": "string"},
        "index": {"description": "Blender's array_index (default 0).", "type": "integer", "minimum": 0,
                  "maximum": INT32_MAX},
        "label": {"description": "The channel's name (default as Blender derives it: X Location).", "type": "string"},
        "group": {"description": "The channel group (Object Transforms).", "type": "string"},
        "color": {"description": "#rrggbb or #rrggbbaa (default by Blender's colour rules).", "type": "string",
                  "pattern": "^#?(?:[0-9a-fA-F]{6}|[0-9a-fA-F]{8})$"},
        "extrapolation": enum("extrapolation", "Beyond the keys (default constant)"),
        "autoSmoothing": enum("autoSmoothing", "Auto handle smoothing (default contAccel)"),
        "muted": {"type": "boolean"}, "locked": {"type": "boolean"}, "hidden": {"type": "boolean"},
        "selected": {"type": "boolean"}, "active": {"type": "boolean"},
        "quaternion": enum("quaternionComponent",
                           "A component of a rotation quaternion stored as four tracks of one dataPath"),
        "modifiers": {"type": "array", "items": {"$ref": "#/$defs/cycles"}},
        "keyframes": {"type": "array", "items": {"$ref": "#/$defs/keyframe"}},
    }, required=["dataPath", "keyframes"])

    cycles = members({
        "type": {"description": "cycles, in any letter case.", "type": "string", "pattern": "^[cC][yY][cC][lL][eE][sS]$"},
        "before": enum("cyclesMode", "Before the first key (default repeat)"),
        "after": enum("cyclesMode", "After the last key (default repeat)"),
        "beforeCount": {"description": "Cycles before the keys; 0 = infinite.", "type": "integer", "minimum": 0,
                        "maximum": INT32_MAX},
        "afterCount": {"description": "Cycles after the keys; 0 = infinite.", "type": "integer", "minimum": 0,
                       "maximum": INT32_MAX},
    }, required=["type"])

    action = members({**header(), "tracks": {"$ref": "#/$defs/tracks"}}, required=["tracks"])
    action["description"] = "An action of a multi-action file."

    return {
        "$schema": "https://json-schema.org/draft/2020-12/schema",
        "title": "animplot action file, format 1",
        "description": "Blender-style F-curves: see docs/format.md. Generated by Scripts/action_schema.py from the "
                       "format's reference and its decoder; the decoder also checks what a schema cannot say: "
                       "frameEnd not before frameStart, channels as long as the timeline, quaternion sets complete, "
                       "and that every number is finite as a 32-bit float (keys) or a double (times).",
        "oneOf": [{"$ref": "#/$defs/singleAction"}, {"$ref": "#/$defs/multiAction"}, {"$ref": "#/$defs/compact"}],
        "$defs": {
            "singleAction": single,
            "multiAction": multi,
            "compact": compact,
            "action": action,
            "tracks": {"description": "The F-curves.", "type": "array", "items": {"$ref": "#/$defs/track"}},
            "track": track,
            "keyframe": keyframe,
            "cycles": cycles,
            "object": members({
                "name": {"type": "string"},
                "type": enum("objectType", "Blender's Object.type"),
                "selected": {"description": "The object is selected (its row highlighted).", "type": "boolean"},
            }, required=["name", "type"]) | {"description": "The object the action animates, as Blender's editors show it."},
            "marker": members({
                "frame": {"$ref": "#/$defs/finiteNumber"},
                "name": {"type": "string"},
                "selected": {"type": "boolean"},
            }, required=["frame"]),
            "point": {"description": "[frame, value].", "type": "array", "prefixItems": [
                {"$ref": "#/$defs/float32"}, {"$ref": "#/$defs/float32"}], "minItems": 2, "maxItems": 2},
            "float32": {"description": "A number finite as a 32-bit float, as Blender stores it.", "type": "number",
                        "minimum": -FLOAT32_MAX, "maximum": FLOAT32_MAX},
            "finiteNumber": {"type": "number", "minimum": -DOUBLE_MAX, "maximum": DOUBLE_MAX},
        },
    }


def text():
    return json.dumps(schema(), indent=2, ensure_ascii=False) + "\n"


if __name__ == "__main__":
    path = Path(__file__).resolve().parent.parent / "docs" / "action.schema.json"
    if sys.argv[1:] == ["--check"]:
        sys.exit(0 if path.read_text() == text() else 1)
    sys.stdout.write(text())
