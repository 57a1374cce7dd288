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
    "modifierType": ["generator", "fnGenerator", "envelope", "cycles", "noise", "limits", "stepped"],
    "generatorMode": ["polynomial", "polynomialFactorised"],
    "functionType": ["sin", "cos", "tan", "sqrt", "ln", "sinc"],
    "noiseBlendType": ["replace", "add", "subtract", "multiply"],
    "objectType": ["mesh", "curve", "surface", "meta", "font", "curves", "pointcloud", "volume", "gpencil",
                   "greasepencil", "armature", "lattice", "empty", "light", "lightProbe", "camera", "speaker"],
    "quaternionComponent": ["w", "x", "y", "z"],
    "rotationMode": ["XYZ", "XZY", "YXZ", "YZX", "ZXY", "ZYX", "quaternion"],
}

FLOAT32_MAX = 3.4028234663852886e38
DOUBLE_MAX = 1.7976931348623157e308
INT32_MAX = 2147483647
INT32_MIN = -2147483648


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
        "blender": {"description": "Whose rules the action follows where Blender versions differ: \"3.4\" (the "
                                   "default) or \"5.0\" (any 3.x or 5.x reads as these); --blender overrides it.",
                    "type": "string", "pattern": "^[35](?:\\.[0-9]+){0,2}$", "examples": ["3.4", "5.0"]},
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
        "rotationModes": {"description": "Objects' rotation modes by object name (the action's own object or "
                                         "the owner a data path names, objects[\"NAME\"]): how path and preview "
                                         "turn them.",
                          "type": "object",
                          "additionalProperties": enum("rotationMode", "Blender's Object.rotation_mode")},
    }


def count(description):
    return {"description": description, "type": "integer", "minimum": INT32_MIN, "maximum": INT32_MAX}


def float32(description):
    return {"description": description, "$ref": "#/$defs/float32"}


def flag(description):
    return {"description": description, "type": "boolean"}


def modifier_defs():
    """A modifier: its type, the common members, and the type's own settings."""
    settings = {
        "generator": members({
            "mode": enum("generatorMode", "Expanded (Σ c[i]·t^i) or factorised (Π (c[2i]·t + c[2i+1])) (default polynomial)"),
            "useAdditive": flag("Add to the curve's value instead of replacing it (default false)."),
            "polyOrder": {"description": "The order, 1 to 100 (default 1).", "type": "integer", "minimum": 1, "maximum": 100},
            "coefficients": {"description": "polyOrder + 1 numbers (expanded, index = power) or 2·polyOrder "
                                            "(factorised); default 0, 1, then zeros.",
                             "type": "array", "items": {"$ref": "#/$defs/float32"}, "minItems": 2},
        }),
        "fnGenerator": members({
            "functionType": enum("functionType", "The function (default sin)"),
            "amplitude": float32("Default 1."), "phaseMultiplier": float32("Default 1."),
            "phaseOffset": float32("Default 0."), "valueOffset": float32("Default 0."),
            "useAdditive": flag("Add to the curve's value instead of replacing it (default false)."),
        }),
        "envelope": members({
            "referenceValue": float32("Default 0."), "defaultMin": float32("Default -1."),
            "defaultMax": float32("Default 1."),
            "controlPoints": {"description": "In stored order (Blender keeps points edited out of order).",
                              "type": "array", "items": members({"frame": {"$ref": "#/$defs/float32"},
                                                                  "min": {"$ref": "#/$defs/float32"},
                                                                  "max": {"$ref": "#/$defs/float32"}},
                                                                 required=["frame"])},
        }),
        "cycles": members({
            "modeBefore": enum("cyclesMode", "Before the first key (default repeat)"),
            "cyclesBefore": count("Cycles before the keys; 0 = infinite, negative = none (default 0)."),
            "modeAfter": enum("cyclesMode", "After the last key (default repeat)"),
            "cyclesAfter": count("Cycles after the keys; 0 = infinite, negative = none (default 0)."),
        }),
        "noise": members({
            "blendType": enum("noiseBlendType", "How the noise combines with the value (default replace)"),
            "scale": float32("Default 1."), "strength": float32("Default 1."), "phase": float32("Default 1."),
            "offset": float32("Default 0."),
            "depth": {"description": "Octaves beyond the first (default 0).", "type": "integer", "minimum": 0,
                      "maximum": 32767},
            "lacunarity": float32("Blender 5.0's noise (default 2)."),
            "roughness": float32("Blender 5.0's noise (default 0.5)."),
            "useLegacyNoise": flag("Blender 5.0: the 3.4 noise (default true; 3.4's rules always use it)."),
        }),
        "limits": members({name: (flag if name.startswith("use") else float32)("Default false." if name.startswith("use") else "Default 0.")
                           for name in ["useMinX", "minX", "useMaxX", "maxX", "useMinY", "minY", "useMaxY", "maxY"]}),
        "stepped": members({
            "frameStep": float32("Default 2."), "frameOffset": float32("Default 0."),
            "useFrameStart": flag("Frames before frameStart are not stepped (default false)."),
            "frameStart": float32("The restricted range's start too (default 0)."),
            "useFrameEnd": flag("Frames after frameEnd are not stepped (default false)."),
            "frameEnd": float32("The restricted range's end too (default 0)."),
        }),
    }
    modifier = members({
        "type": enum("modifierType", "The modifier's type"),
        "mute": flag("The modifier does nothing (default false)."),
        "active": flag("The modifier whose panel is open (default false)."),
        "useInfluence": flag("Scale the effect by influence (default false)."),
        "influence": {"description": "0 to 1 (default 1).", "type": "number", "minimum": 0, "maximum": 1},
        "useRestrictedRange": flag("Act on frameStart to frameEnd only (default false)."),
        "frameStart": float32("The restricted range's start (default 0)."),
        "frameEnd": float32("The restricted range's end, not before frameStart (default 0)."),
        "blendIn": {"description": "Frames of ramp after frameStart (default 0).", "type": "number", "minimum": 0,
                    "maximum": FLOAT32_MAX},
        "blendOut": {"description": "Frames of ramp before frameEnd (default 0).", "type": "number", "minimum": 0,
                     "maximum": FLOAT32_MAX},
        "settings": {"description": "The type's own settings, by Blender's RNA names in lowerCamelCase.",
                     "type": "object"},
        "before": enum("cyclesMode", "Cycles, flat spelling: before the first key (default repeat)"),
        "after": enum("cyclesMode", "Cycles, flat spelling: after the last key (default repeat)"),
        "beforeCount": count("Cycles, flat spelling: cycles before the keys; 0 = infinite."),
        "afterCount": count("Cycles, flat spelling: cycles after the keys; 0 = infinite."),
    }, required=["type"])
    modifier["description"] = ("An F-modifier. The flat members before, after, beforeCount and afterCount are the "
                               "older spelling of a Cycles modifier's settings, without \"settings\".")
    rules = [{"if": {"properties": {"type": {"pattern": folded_pattern([name])}}, "required": ["type"]},
              "then": {"properties": {"settings": {"$ref": f"#/$defs/{name}Settings"}}}}
             for name in settings]
    flat = ["before", "after", "beforeCount", "afterCount"]
    rules.append({"if": {"anyOf": [{"required": [f]} for f in flat]},
                  "then": {"properties": {"type": {"pattern": folded_pattern(["cycles"])}},
                           "not": {"required": ["settings"]}}})
    modifier["allOf"] = rules
    defs = {"modifier": modifier}
    for name, schema_ in settings.items():
        defs[f"{name}Settings"] = schema_
    return defs


RECALCULATE = {"description": "false: keys and handles are taken exactly as stored, as Blender reads a saved "
                              "file (default true: handles recalculated as fcurve.update() does).",
               "type": "boolean"}


def schema():
    single = members({**header(), "recalculate": RECALCULATE, "tracks": {"$ref": "#/$defs/tracks"}}, required=["tracks"])
    single["description"] = "One action."
    multi = members({
        "animplot": header()["animplot"],
        "blender": header()["blender"],
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
        "modifiers": {"description": "F-modifiers in stack order.", "type": "array",
                      "items": {"$ref": "#/$defs/modifier"}},
        "modifiersOff": {"description": "The channel's modifier toggle off: evaluated and drawn without its "
                                        "modifiers.", "type": "boolean"},
        "keyframes": {"type": "array", "items": {"$ref": "#/$defs/keyframe"}},
    }, required=["dataPath"])
    track["anyOf"] = [{"required": ["keyframes"]},
                      {"required": ["modifiers"], "properties": {"modifiers": {"minItems": 1}}}]
    track["description"] = "An F-curve; keyframes may be left out when it has modifiers."

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
            **modifier_defs(),
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
