"""Makes the edge-case scene for test_export.sh, and writes what Blender says about it.

    blender -b --factory-startup --python-exit-code 2 --python test_export_scene.py -- OUT.blend FACTS.json

OUT.blend holds:
  * object "Probe" (empty) with action "EdgeCases": a custom-coloured curve with free ("broken")
    handles and breakdown / jitter / moving-hold / extreme keys; a muted curve with a Cycles
    modifier (mirror x2 before, repeat with offset after), linear extrapolation, no auto
    smoothing and vector handles; a locked, hidden curve with aligned handles, back and elastic
    easing with their own parameters; a curve in a collapsed group "Custom Group" that is the
    active F-curve (made active by clicking its key in the Graph Editor) and locked afterwards;
    a curve with a Cycles then a Noise modifier; a property that animplot cannot name
    (empty_display_size: the exporter writes its label); a one-key curve with free handles;
    curves with every other F-modifier type, every setting away from its default, muted,
    influenced, restricted with blends, in stacks, and a curve of modifiers alone (no keys);
    the action's own frame range (5 to 50.5) and a pose marker;
  * object "Lamp" (light) with action "LampMove";
  * action "Orphan", assigned to nothing (fake user);
  * scene: 30000/1001 fps, range 1-90, playhead 17, markers "contact" (selected) and "end".

Runs in Blender 3.4 (blender -b, legacy action.fcurves) and in Blender 5.0 (the bpy module, through
run_bpy.py; layered actions: a layer, a keyframe strip and a slot per action, the object's slot
assigned).

FACTS.json is Blender's own account of the file, read back through bpy after saving: every
field as Blender holds it (RNA identifiers, float32 values written as the shortest decimal),
the active F-curves as the Graph Editor reports them, and fcurve.evaluate() samples.
"""
import json
import math
import os
import struct
import sys

import bpy

argv = sys.argv[sys.argv.index("--") + 1:]
OUT_BLEND, OUT_FACTS = (os.path.abspath(p) for p in argv[:2])


def f32(x):
    return struct.unpack("<f", struct.pack("<f", x))[0]


def c32(x):
    t = f32(float(x))
    if t == 0.0:
        return t
    for digits in range(1, 10):
        s = "%.*g" % (digits, t)
        if f32(float(s)) == t:
            return float(s)
    return t


scene = bpy.context.scene
for name in ("Cube", "Light"):
    ob = bpy.data.objects.get(name)
    if ob is not None:
        bpy.data.objects.remove(ob, do_unlink=True)
scene.render.fps = 30
scene.render.fps_base = 1.001
scene.frame_start, scene.frame_end = 1, 90
for m in list(scene.timeline_markers):
    scene.timeline_markers.remove(m)
m = scene.timeline_markers.new("contact", frame=40)
m.select = True
m = scene.timeline_markers.new("end", frame=70)
m.select = False

LAYERED = bpy.app.version >= (4, 4, 0)
CHANNELBAGS = {}


def new_action(name, ob):
    """A new action assigned to ob (None: to nothing); layered from Blender 4.4 on."""
    action = bpy.data.actions.new(name)
    if ob is not None:
        ob.animation_data_create()
    if LAYERED:
        slot = action.slots.new(id_type="OBJECT", name=ob.name if ob is not None else name)
        CHANNELBAGS[action.name] = action.layers.new("Layer").strips.new(type="KEYFRAME").channelbag(slot, ensure=True)
        if ob is not None:
            ob.animation_data.action = action
            ob.animation_data.action_slot = slot
    elif ob is not None:
        ob.animation_data.action = action
    return action


def fcurves(action):
    return CHANNELBAGS[action.name].fcurves if LAYERED else action.fcurves


def new_fcurve(action, data_path, index=0, group=None):
    if LAYERED:
        return fcurves(action).new(data_path, index=index, group_name=group or "")
    if group is None:
        return action.fcurves.new(data_path, index=index)
    return action.fcurves.new(data_path, index=index, action_group=group)


def new_group(action, name):
    return (CHANNELBAGS[action.name] if LAYERED else action).groups.new(name)


probe = bpy.data.objects.new("Probe", None)
scene.collection.objects.link(probe)
act = new_action("EdgeCases", probe)
act.use_frame_range = True
act.frame_start = 5.0
act.frame_end = 50.5
pm = act.pose_markers.new("pose_a")
pm.frame = 5
pm.select = False


def keys(fc, points):
    for f, v in points:
        fc.keyframe_points.insert(f, v)
    return list(fc.keyframe_points)


# A: custom colour, free "broken" handles, key types
a = new_fcurve(act, "location", 0, "Object Transforms")
a.color_mode = "CUSTOM"
a.color = (1.0, 0.2, 0.32)
ka = keys(a, [(1, 0.0), (10, 2.0), (20, 1.0), (30, 3.0), (36, 3.0)])
ka[0].type = "MOVING_HOLD"
ka[1].handle_left_type = ka[1].handle_right_type = "FREE"
ka[1].handle_left = (7.0, 3.5)
ka[1].handle_right = (13.0, 0.5)
ka[2].type = "BREAKDOWN"
ka[3].type = "JITTER"
ka[4].type = "EXTREME"
for kp in ka:
    kp.select_control_point = kp.select_left_handle = kp.select_right_handle = False
ka[1].select_control_point = True
ka[1].select_right_handle = True

# B: Cycles (mirror x2 / repeat offset), muted, linear extrapolation, no smoothing, vector handles
b = new_fcurve(act, "location", 1, "Object Transforms")
b.extrapolation = "LINEAR"
b.auto_smoothing = "NONE"
cyc = b.modifiers.new("CYCLES")
cyc.mode_before = "MIRROR"
cyc.cycles_before = 2
cyc.mode_after = "REPEAT_OFFSET"
cyc.cycles_after = 0
kb = keys(b, [(1, 0.0), (6, 1.0), (12, 0.5)])
kb[1].handle_left_type = kb[1].handle_right_type = "VECTOR"
b.mute = True

# C: aligned handles with a selected left handle, back / elastic parameters, locked and hidden
c = new_fcurve(act, "location", 2, "Object Transforms")
kc = keys(c, [(2, 0.0), (14, 4.0), (26, -1.0), (40, 0.5)])
kc[0].interpolation = "BACK"
kc[0].easing = "EASE_OUT"
kc[0].back = 2.2
kc[1].handle_left_type = kc[1].handle_right_type = "ALIGNED"
kc[1].handle_left = (10.0, 3.0)
kc[1].handle_right = (17.0, 5.5)
kc[1].select_left_handle = True
kc[1].select_control_point = True
kc[1].select_right_handle = False
kc[2].interpolation = "ELASTIC"
kc[2].easing = "EASE_IN_OUT"
kc[2].amplitude = 0.3
kc[2].period = 7.0
c.lock = True
c.hide = True

# D: a curve in a collapsed group; made active below, then locked
grp = new_group(act, "Custom Group")
d = new_fcurve(act, "scale", 1, "Custom Group")
kd = keys(d, [(1, 0.0), (60, 5.0), (80, 4.0)])
for kp in kd:
    kp.handle_left_type = kp.handle_right_type = "AUTO"
kd[0].interpolation = "EXPO"
kd[0].easing = "EASE_IN_OUT"

# E: Cycles, then a Noise modifier
e = new_fcurve(act, "scale", 0, "Object Transforms")
keys(e, [(1, 1.0), (20, 2.0)])
e.modifiers.new("CYCLES")
noise = e.modifiers.new("NOISE")
noise.scale, noise.strength, noise.phase, noise.depth = 3.5, 0.4, 2.25, 2


def settings(m, **values):
    for name, value in values.items():
        setattr(m, name, value)
    return m


# M: every other modifier type, settings away from their defaults, in stacks
m1 = new_fcurve(act, "rotation_euler", 0, "Object Transforms")
keys(m1, [(1, 0.0), (15, 1.5), (30, -0.5)])
settings(m1.modifiers.new("GENERATOR"), mode="POLYNOMIAL", use_additive=True, poly_order=2)
m1.modifiers[0].coefficients = (0.25, -0.05, 0.002)
g2 = settings(m1.modifiers.new("FNGENERATOR"), function_type="SIN", amplitude=0.75, phase_multiplier=0.4,
              phase_offset=0.5, value_offset=0.1, use_additive=True)
g2.use_influence = True
g2.influence = 0.6
m2 = new_fcurve(act, "rotation_euler", 1, "Object Transforms")
keys(m2, [(1, 0.0), (20, 2.0), (40, -1.0)])
env = settings(m2.modifiers.new("ENVELOPE"), reference_value=0.5, default_min=-1.0, default_max=1.5)
env.control_points.add(5)
env.control_points.add(30)
env.control_points.foreach_set("min", [-0.5, -2.0])  # foreach_set: assigning a point runs a faulty update
env.control_points.foreach_set("max", [0.5, 2.5])
lim = settings(m2.modifiers.new("LIMITS"), use_min_y=True, min_y=-0.75, use_max_y=True, max_y=1.25,
               use_max_x=True, max_x=35.0)
lim.frame_end = 30.0
lim.frame_start = 8.0
lim.blend_in = 3.0
lim.blend_out = 2.0
lim.use_restricted_range = True
m3 = new_fcurve(act, "rotation_euler", 2, "Object Transforms")
keys(m3, [(1, 0.0), (12, 1.0), (24, 0.0)])
st = settings(m3.modifiers.new("STEPPED"), frame_step=2.5, frame_offset=0.5, use_frame_start=True,
              frame_start=4.0, use_frame_end=True, frame_end=20.0)
fg = settings(m3.modifiers.new("FNGENERATOR"), function_type="TAN", amplitude=0.2, phase_multiplier=0.1,
              use_additive=True)
fg.mute = True
n2 = settings(m3.modifiers.new("NOISE"), blend_type="ADD", scale=2.0, strength=0.3, offset=1.5, depth=1)
if hasattr(n2, "use_legacy_noise"):  # Blender 5.0's noise (a new modifier's default there)
    settings(n2, use_legacy_noise=False, lacunarity=2.5, roughness=0.4)
# a curve of modifiers alone: a factorised Generator with a Built-in Function on top
m4 = new_fcurve(act, "delta_location", 2)
settings(m4.modifiers.new("GENERATOR"), mode="POLYNOMIAL_FACTORISED", poly_order=2)
m4.modifiers[0].coefficients = (0.1, -1.0, 0.05, 2.0)
settings(m4.modifiers.new("FNGENERATOR"), function_type="SQRT", amplitude=0.5, phase_multiplier=0.3,
         phase_offset=-2.0, use_additive=True)
m4.modifiers[0].active = True

# F: a property animplot cannot name; a one-key curve with free handles
f = new_fcurve(act, "empty_display_size", 0)
keys(f, [(1, 1.0), (30, 2.5)])
g = new_fcurve(act, "delta_scale", 1)
kg = keys(g, [(12, 1.5)])
kg[0].handle_left_type = kg[0].handle_right_type = "FREE"
kg[0].handle_left = (9.0, 1.0)
kg[0].handle_right = (15.0, 2.25)

# a light with its own action, and an orphan action
lamp_data = bpy.data.lights.new("LampData", "POINT")
lamp = bpy.data.objects.new("Lamp", lamp_data)
scene.collection.objects.link(lamp)
lamp_act = new_action("LampMove", lamp)
h = new_fcurve(lamp_act, "location", 2, "Object Transforms")
keys(h, [(1, 1.0), (48, 3.0)])
orphan = new_action("Orphan", None)
orphan.use_fake_user = True
o = new_fcurve(orphan, "location", 0)
keys(o, [(1, 0.0), (10, 1.0)])

for action in (act, lamp_act, orphan):
    for fc in fcurves(action):
        fc.update()

# Make D the active F-curve the way a user does: click its key at frame 60 in the Graph Editor.
window = bpy.context.window_manager.windows[0]
screen = window.screen
area = next(ar for ar in screen.areas if ar.type == "VIEW_3D")
area.ui_type = "FCURVES"
space = area.spaces.active
space.dopesheet.show_only_selected = False
region = next(r for r in area.regions if r.type == "WINDOW")
bpy.context.preferences.view.smooth_view = 0  # view_all at once: no timers run in the background
space.show_markers = False
key_selection = [(kp, kp.select_left_handle, kp.select_control_point, kp.select_right_handle)
                 for action in (act, lamp_act) for fc in fcurves(action) for kp in fc.keyframe_points]
hidden = {}
for action in (act, lamp_act):  # only D in view, so that the click can hit nothing else
    for fc in fcurves(action):
        hidden[fc] = fc.hide
        fc.hide = fc != d
with bpy.context.temp_override(window=window, screen=screen, area=area, region=region):
    bpy.ops.graph.view_all()
    x, y = region.view2d.view_to_region(kd[1].co[0], kd[1].co[1], clip=False)
    result = bpy.ops.graph.clickselect(mouse_x=x, mouse_y=y, deselect_all=True)
    clicked = bpy.context.active_editable_fcurve
assert "FINISHED" in result, result
# The bpy module of Blender 5.0 runs the click but hits nothing (no key under a window that was
# never drawn): there, scale[1] is not made active, and the facts say which curve is.
CLICKED = clicked is not None
assert CLICKED or LAYERED, clicked
assert not CLICKED or (clicked.data_path, clicked.array_index) == ("scale", 1), clicked
for fc, was_hidden in hidden.items():
    fc.hide = was_hidden
for kp, left, point, right in key_selection:  # the click deselected every key: put them back
    kp.select_left_handle, kp.select_control_point, kp.select_right_handle = left, point, right
a.select = True  # a selected curve that is not the active one
area.ui_type = "VIEW_3D"
d.lock = True
grp.show_expanded = False
grp.show_expanded_graph = False
scene.frame_set(17)

if os.path.exists(OUT_BLEND):
    os.remove(OUT_BLEND)
bpy.ops.wm.save_as_mainfile(filepath=OUT_BLEND, copy=True)

# ---- Blender's account of what was saved
SAMPLE_FRAMES = [i / 4.0 for i in range(-80, 401)]  # -20 .. 100 every 0.25


def key_facts(kp):
    return {
        "co": [c32(kp.co[0]), c32(kp.co[1])],
        "interpolation": kp.interpolation, "easing": kp.easing,
        "back": c32(kp.back), "amplitude": c32(kp.amplitude), "period": c32(kp.period),
        "handle_left_type": kp.handle_left_type, "handle_right_type": kp.handle_right_type,
        "handle_left": [c32(kp.handle_left[0]), c32(kp.handle_left[1])],
        "handle_right": [c32(kp.handle_right[0]), c32(kp.handle_right[1])],
        "select": [kp.select_left_handle, kp.select_control_point, kp.select_right_handle],
        "type": kp.type,
    }


MODIFIER_COMMON = ("mute", "active", "use_influence", "influence", "use_restricted_range", "frame_start",
                   "frame_end", "blend_in", "blend_out")


def value_facts(v):
    if isinstance(v, bool) or isinstance(v, int) or isinstance(v, str):
        return v
    if isinstance(v, float):
        return c32(v)
    return [value_facts(x) for x in v]


def modifier_facts(m):
    """Every setting of the modifier as Blender holds it: the common ones, and the type's own."""
    own = [p.identifier for p in m.bl_rna.properties
           if p.identifier not in ("rna_type", "name", "type", "show_expanded", "is_valid")
           and p.identifier not in MODIFIER_COMMON]
    facts = {"type": m.type}
    facts.update({name: value_facts(getattr(m, name)) for name in MODIFIER_COMMON})
    settings = {}
    for name in own:
        if name == "control_points":
            settings[name] = [{"frame": c32(p.frame), "min": c32(p.min), "max": c32(p.max)} for p in m.control_points]
        else:
            settings[name] = value_facts(getattr(m, name))
    facts["settings"] = settings
    return facts


def curve_facts(fc, active):
    return {
        "data_path": fc.data_path, "array_index": fc.array_index,
        "group": fc.group.name if fc.group else None,
        "color_mode": fc.color_mode, "color": [c32(x) for x in fc.color],
        "extrapolation": fc.extrapolation, "auto_smoothing": fc.auto_smoothing,
        "mute": fc.mute, "lock": fc.lock, "hide": fc.hide, "select": fc.select,
        "active": active is not None and (fc.data_path, fc.array_index) == active,
        "modifiers": [modifier_facts(m) for m in fc.modifiers],
        "keys": [key_facts(kp) for kp in fc.keyframe_points],
        "samples": [c32(fc.evaluate(fr)) for fr in SAMPLE_FRAMES],
    }


facts = {
    "blender_version": bpy.app.version_string,
    "layered": LAYERED,
    "scene": {"fps": scene.render.fps, "fps_base": c32(scene.render.fps_base),
              "frame_start": scene.frame_start, "frame_end": scene.frame_end,
              "frame_current": scene.frame_current,
              "markers": [{"frame": mk.frame, "name": mk.name, "select": mk.select} for mk in scene.timeline_markers]},
    "sample_frames": SAMPLE_FRAMES,
    "labels": {"empty_display_size": bpy.types.Object.bl_rna.properties["empty_display_size"].name},
    "actions": [],
}


def graph_editor_active(action):
    """The active F-curve of action, as the Graph Editor reports it with only Probe shown and the
    action assigned to Probe (the file is saved already; this changes only the session)."""
    assign(probe, action)
    saved = [(fc, fc.lock, fc.hide) for fc in fcurves(action)]
    for fc in fcurves(action):
        fc.lock = fc.hide = False
    bpy.context.view_layer.update()  # the bpy module lists objects linked since only after an update
    for ob in [o for o in bpy.context.view_layer.objects if o is not None]:
        ob.select_set(ob == probe)
    area.ui_type = "FCURVES"
    space = area.spaces.active
    space.dopesheet.show_only_selected = True
    region = next(r for r in area.regions if r.type == "WINDOW")
    with bpy.context.temp_override(window=window, screen=screen, area=area, region=region):
        fc = bpy.context.active_editable_fcurve
    for c, lock, hide in saved:
        c.lock, c.hide = lock, hide
    return (fc.data_path, fc.array_index) if fc is not None else None


def assign(ob, action):
    ob.animation_data.action = action
    if LAYERED:
        ob.animation_data.action_slot = action.slots[0]


active_map = {a.name: graph_editor_active(a) for a in (act, lamp_act, orphan)}
assign(probe, act)
# the click made scale[1] active and cleared the others; fcurves.new() makes the first curve of
# a fresh action active, and nothing clicked in Orphan
if CLICKED:
    assert active_map == {"EdgeCases": ("scale", 1), "LampMove": None, "Orphan": ("location", 0)}, active_map
for action, ob in ((act, probe), (lamp_act, lamp), (orphan, None)):
    facts["actions"].append({
        "name": action.name,
        "object": {"name": ob.name, "type": ob.type} if ob else None,
        "use_frame_range": action.use_frame_range,
        "frame_range": [c32(action.frame_range[0]), c32(action.frame_range[1])],
        "pose_markers": [{"frame": mk.frame, "name": mk.name, "select": mk.select} for mk in action.pose_markers],
        "curves": [curve_facts(fc, active_map.get(action.name)) for fc in fcurves(action)],
    })
with open(OUT_FACTS, "w") as fh:
    json.dump(facts, fh, indent=1)
    fh.write("\n")
print("edge scene written: %s, %s" % (OUT_BLEND, OUT_FACTS))
