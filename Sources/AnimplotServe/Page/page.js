// The page of `animplot serve`: the editors as animplot draws them, re-rendered by the server at
// the window's size and device pixel ratio. Hover reads out what lies under the pointer (the
// server's hit test), the channel list's eye hides channels, the wheel zooms about the pointer,
// middle or Alt drag pans, Home frames everything, the ruler scrubs, the transport plays.
// With --edit: click, Shift-click and box select (a drag on empty space, or B then a drag),
// drag keys and handles, insert, delete, menus, undo and redo, save.
// The API is docs/serve.md's; every picture is what the command line draws with those options.
"use strict";

const token = new URLSearchParams(location.search).get("token");
// `?theme=light` draws the editors in animplot's light theme (the page follows).
const theme = new URLSearchParams(location.search).get("theme");
if (theme === "light") document.documentElement.classList.add("light");
const editor = document.getElementById("editor");
const picture = document.getElementById("picture");
const readout = document.getElementById("readout");
const valuesPanel = document.getElementById("values");
const statusLine = document.getElementById("status");
const fileSelect = document.getElementById("file");
const actionSelect = document.getElementById("action");
const frameInput = document.getElementById("frame");
const playButton = document.getElementById("play");

// What the picture shows. `frames` and `values` are null to fit everything; `hidden` lists the
// Graph Editor's hidden channels by `dataPath[index]`.
const state = { view: "graph", file: 0, action: null, frames: null, values: null, currentFrame: null, hidden: [] };
let files = [];            // /api/files: each file's name and actions
let shown = null;          // the parameters of the picture on screen
let layout = null;         // its layout: the Graph Editor's JSON, or the Dope Sheet's frame mapping
let keyFrames = [];        // every key's frame in the action, for previous/next key
let player = null;         // the playback timer
let editing = false;       // the server was started with --edit

// MARK: The API

function api(path, params) {
  const query = new URLSearchParams();
  for (const [name, value] of Object.entries(params || {})) {
    if (value === null || value === undefined) continue;
    for (const one of Array.isArray(value) ? value : [value]) query.append(name, one);
  }
  if (token) query.set("token", token);
  return path + "?" + query.toString();
}

async function get(path, params, as) {
  const response = await fetch(api(path, params));
  if (!response.ok) {
    let message = response.status + " " + response.statusText;
    try { message = (await response.json()).error || message; } catch (e) { /* not JSON */ }
    throw new Error(message);
  }
  return as === "blob" ? response.blob() : response.json();
}

// A number as a query value: "0" and "1" alone would read as a flag's false and true.
function number(v) {
  const text = String(Math.round(v * 10000) / 10000);
  return text === "0" || text === "1" || text === "-0" ? Number(text).toFixed(1) : text;
}

function status(message) { statusLine.textContent = message || ""; }

function currentAction() {
  const file = files[state.file];
  if (!file) return null;
  return file.actions.find((a) => a.name === state.action) || file.actions[0];
}

// The view's parameters for the picture that fills the editor area.
function viewParams() {
  const scale = window.devicePixelRatio || 1;
  const p = {
    file: state.file, width: Math.max(240, editor.clientWidth), height: Math.max(120, editor.clientHeight),
    scale: number(scale), action: state.action, theme: theme,
  };
  if (state.frames) p.frames = number(state.frames[0]) + ":" + number(state.frames[1]);
  if (state.values && state.view === "graph") p.values = number(state.values[0]) + ":" + number(state.values[1]);
  if (state.currentFrame !== null) p["current-frame"] = number(state.currentFrame);
  if (state.view === "graph" && state.hidden.length) p.hide = state.hidden;
  return p;
}

// MARK: Drawing

let rendering = false, renderAgain = false;

// Asks for the picture of the current state and shows it with its layout; requests made while
// one is under way become one more afterwards.
async function render() {
  if (rendering) { renderAgain = true; return; }
  rendering = true;
  const p = viewParams();
  try {
    const blob = await get("/api/render/" + state.view + ".png", p, "blob");
    let next = null;
    if (state.view === "graph") next = await get("/api/layout/graph.json", p);
    if (state.view === "dopesheet") next = await frameMapping(p, "dopesheet", 0);
    if (state.view === "timeline") next = await frameMapping(p, "timeline", timelineHeader);
    const old = picture.src;
    picture.src = URL.createObjectURL(blob);
    if (old.startsWith("blob:")) URL.revokeObjectURL(old);
    picture.style.width = p.width + "px";
    picture.style.height = p.height + "px";
    shown = p;
    layout = next;
    editor.dataset.rendered = (Number(editor.dataset.rendered) || 0) + 1;
    status("");
  } catch (error) {
    status(error.message);   // the last good picture stays
  }
  rendering = false;
  if (renderAgain) { renderAgain = false; render(); }
}

// The Timeline's transport header above its scrub strip, and the strip's height (CSS pixels).
const timelineHeader = 26, stripHeight = 23;

// The Dope Sheet's or Timeline's frames across the picture: neither has a view in JSON, so two
// points of the scrub strip (`top` CSS pixels down; the hit test gives their frames) give the
// mapping.
async function frameMapping(p, view, top) {
  const scale = Number(p.scale), y = (top + 8) * scale;
  const x0 = p.width * scale * 0.5, x1 = p.width * scale * 0.9;
  const [a, b] = await Promise.all([x0, x1].map((x) => get("/api/hit/" + view, { ...p, x: x, y: y })));
  if (!a || !b || a.frame === undefined || b.frame === undefined) return null;
  const perPixel = (b.frame - a.frame) / (x1 - x0);
  return {
    kind: view, stripTop: top * scale, stripBottom: (top + stripHeight) * scale,
    frameAt: (x) => a.frame + (x - x0) * perPixel, perPixel: perPixel,
  };
}

// Device pixel ↔ frame and value in the picture shown.
function frameAt(x) {
  if (!layout) return null;
  if (layout.frameAt) return layout.frameAt(x);
  const v = layout.view;
  return v.frames[0] + (x - v.rect.x) * (v.frames[1] - v.frames[0]) / v.rect.width;
}
function valueAt(y) {
  if (!layout || layout.frameAt) return null;
  const v = layout.view;
  return v.values[0] + (v.rect.y + v.rect.height - y) * (v.values[1] - v.values[0]) / v.rect.height;
}
function inScrubStrip(y) {
  if (!layout) return false;
  return layout.frameAt ? y >= layout.stripTop && y < layout.stripBottom : y >= layout.scrubStrip.y && y < layout.scrubStrip.y + layout.scrubStrip.height;
}
function viewFrames() {
  if (!layout || !shown) return null;
  if (layout.frameAt) {
    const w = shown.width * Number(shown.scale);
    return [layout.frameAt(0), layout.frameAt(w)];
  }
  return layout.view.frames.slice();
}
function viewValues() { return layout && !layout.frameAt ? layout.view.values.slice() : null; }

// The pointer's place in device pixels of the picture.
function devicePoint(event) {
  const box = picture.getBoundingClientRect(), scale = shown ? Number(shown.scale) : 1;
  return { x: (event.clientX - box.left) * scale, y: (event.clientY - box.top) * scale };
}

// MARK: Files, actions and keys

async function loadFiles() {
  const answer = await get("/api/files");
  editing = answer.edit === true;
  files = answer.files.map((f) => ({ name: f.file || f.name, actions: f.actions || [] }));
  fileSelect.replaceChildren(...files.map((f, i) => new Option(f.name, i)));
  fileSelect.value = state.file;
  fillActions();
}

function fillActions() {
  const file = files[state.file];
  actionSelect.replaceChildren(...(file ? file.actions : []).map((a) => new Option(a.name, a.name)));
  const action = currentAction();
  if (action) actionSelect.value = action.name;
}

async function loadKeys() {
  try {
    const sheet = await get("/api/layout/dopesheet.json", { file: state.file, action: currentAction() ? currentAction().name : null, width: 800, height: 200 });
    const summary = sheet.rows[0];
    keyFrames = summary ? summary.keys.map((k) => k.frame) : [];
  } catch (error) {
    keyFrames = [];
  }
}

function sceneRange() {
  const a = currentAction();
  return a && a.sceneRange ? a.sceneRange : [1, 250];
}

// MARK: Readout

let hitBusy = false, hitNext = null;

async function hover(point) {
  if (!shown) return;
  if (hitBusy) { hitNext = point; return; }
  hitBusy = true;
  try {
    const hit = await get("/api/hit/" + state.view, { ...shown, x: number(point.x), y: number(point.y) });
    await showReadout(hit, point);
  } catch (error) {
    readout.hidden = true;
  }
  hitBusy = false;
  if (hitNext) { const p = hitNext; hitNext = null; hover(p); }
}

function channelLabel(hit) { return hit.channel ? hit.channel.label : hit.label; }

async function showReadout(hit, point) {
  if (drag && drag.kind !== "click") hit = null;   // an answer for before the drag began
  if (!hit || ["header", "channelList", "scrollbar"].includes(hit.part)) { readout.hidden = true; return; }
  const lines = [];
  let frame = hit.frame, value = hit.value, label = channelLabel(hit);
  switch (hit.part) {
    case "key":
      if (state.view === "graph") {
        lines.push(label, "key " + hit.key + "  frame " + fmt(frame), "value " + fmt(value),
          lower(hit.interpolation) + "  handles " + hit.handleTypes.map(lower).join(" / "));
      } else if (state.view === "timeline") {
        lines.push(label, "frame " + fmt(frame), lower(hit.keyType) + (hit.selected ? "  selected" : ""), ...await channelValues(frame));
      } else {
        lines.push(label, "frame " + fmt(frame), lower(hit.keyType) + (hit.selected ? "  selected" : ""));
      }
      break;
    case "handle":
      lines.push(label, hit.side + " handle of key " + hit.key, "frame " + fmt(frame) + "  value " + fmt(value), lower(hit.handleType));
      break;
    case "curve":
      frame = frameOf(point.x);
      value = await valueOf(hit.channel, frame);
      lines.push(label, "frame " + fmt(frame), "value " + fmt(value));
      break;
    case "plot":
      lines.push("frame " + fmt(frame), "value " + fmt(value));
      break;
    case "row":
    case "keyArea":
      frame = frameOf(point.x);
      if (hit.dataPath !== undefined) {
        value = await valueOf({ label: hit.label, dataPath: hit.dataPath, index: hit.index }, frame);
        lines.push(label, "frame " + fmt(frame), "value " + fmt(value));
      } else if (state.view === "timeline") {
        lines.push("frame " + fmt(frame), ...await channelValues(frame));
      } else {
        lines.push(label || "", "frame " + fmt(frame));
      }
      break;
    case "channelRow":
      lines.push(label + (hit.toggle ? "  (" + hit.toggle + ")" : ""));
      break;
    case "scrubStrip":
      lines.push("frame " + fmt(frame));
      break;
    case "marker":
      lines.push("marker " + (hit.name || hit.marker), frame !== undefined ? "frame " + fmt(frame) : "");
      break;
    default:
      lines.push(hit.part);
  }
  readout.textContent = lines.filter(Boolean).join("\n");
  readout.dataset.part = hit.part;
  readout.dataset.label = label || "";
  readout.dataset.frame = frame === undefined || frame === null ? "" : frame;
  readout.dataset.value = value === undefined || value === null ? "" : value;
  const scale = Number(shown.scale);
  readout.hidden = false;
  let left = point.x / scale + 14, top = point.y / scale + 14;
  if (left + readout.offsetWidth > editor.clientWidth) left = point.x / scale - 14 - readout.offsetWidth;
  if (top + readout.offsetHeight > editor.clientHeight) top = point.y / scale - 14 - readout.offsetHeight;
  readout.style.left = left + "px";
  readout.style.top = top + "px";
}

// The frame at device x as a query sends it (`number`: to 1/10000).
function frameOf(x) { return Number(number(frameAt(x))); }

function lower(name) { return String(name || "").toLowerCase().replace(/_/g, " "); }

// The shortest decimal that reads back as the same 32-bit float.
function fmt(v) {
  if (v === null || v === undefined) return "none";
  for (let p = 1; p < 10; p++) {
    const s = Number(v.toPrecision(p));
    if (Math.fround(s) === Math.fround(v)) return String(s);
  }
  return String(v);
}

// A channel's value at `frame`, as `animplot eval` gives it.
// (The frame as the query gives it: `frameOf` first, so that the readout shows that frame.)
async function valueOf(channel, frame) {
  const table = await get("/api/eval", { file: state.file, at: number(frame), action: state.action });
  const track = table.tracks.find((t) => t.dataPath === channel.dataPath && t.index === channel.index);
  return track ? track.values[0] : null;
}

// Every channel's value at `frame` as readout lines (the Timeline's readout: it has no rows).
async function channelValues(frame) {
  const table = await get("/api/eval", { file: state.file, at: number(frame), action: state.action });
  return table.tracks.map((t) => t.label + "  " + fmt(t.values[0]));
}

// Every channel's value at the playhead, beside the picture.
async function showValues(frame) {
  try {
    const table = await get("/api/eval", { file: state.file, at: number(frame), action: state.action });
    if (frame !== state.currentFrame) return;   // a later frame's answer is coming
    valuesPanel.textContent = "frame " + fmt(table.frames[0]) + "\n" +
      table.tracks.map((t) => t.label + "  " + fmt(t.values[0])).join("\n");
    valuesPanel.dataset.frame = table.frames[0];
    valuesPanel.hidden = false;
  } catch (error) {
    status(error.message);
  }
}

// MARK: Channels

// The channels a channel-list row stands for, by `dataPath[index]`: a channel row its own, a
// group row its group's, the object's or action's row every channel.
function rowChannels(hit) {
  const action = currentAction();
  if (!action) return [];
  const all = action.channels || [];
  const address = (c) => c.dataPath + "[" + c.index + "]";
  if (hit.channel) return [address(hit.channel)];
  if (hit.kind === "channel") return all.filter((c) => c.label === hit.label).map(address);
  if (hit.kind === "group") return all.filter((c) => c.group === hit.label).map(address);
  return all.map(address);
}

function toggleChannels(addresses) {
  if (!addresses.length) return;
  const allHidden = addresses.every((a) => state.hidden.includes(a));
  state.hidden = allHidden ? state.hidden.filter((a) => !addresses.includes(a)) : [...new Set([...state.hidden, ...addresses])];
  render();
}

// MARK: Zoom, pan, scrub

// Zoom and pan start from the view last asked for, which may not be drawn yet (a wheel or a
// pinch sends many steps while a picture is on its way): the point's place in the picture shown
// is carried over to that view.
function zoom(point, factor, axes) {
  const shownFrames = viewFrames(), shownValues = viewValues();
  if (!shownFrames) return;
  const frames = state.frames || shownFrames;
  if (axes.frames) {
    const f = carried(frameAt(point.x), shownFrames, frames);
    state.frames = [f + (frames[0] - f) * factor, f + (frames[1] - f) * factor];
  }
  if (axes.values && shownValues) {
    const values = state.values || shownValues;
    const v = carried(valueAt(point.y), shownValues, values);
    state.values = [v + (values[0] - v) * factor, v + (values[1] - v) * factor];
    if (!state.frames) state.frames = frames;
  } else if (shownValues && state.view === "graph" && !state.values) {
    state.values = shownValues;
  }
  render();
}

// `x` of the span `from` at the same fraction of the span `to`.
function carried(x, from, to) {
  return to[0] + (x - from[0]) * (to[1] - to[0]) / (from[1] - from[0]);
}

function pan(dx, dy) {
  const shownFrames = viewFrames(), shownValues = viewValues();
  if (!shownFrames) return;
  const frames = state.frames || shownFrames;
  const perFrame = (state.view === "graph" ? layout.view.pixelsPerFrame : 1 / layout.perPixel) *
    (shownFrames[1] - shownFrames[0]) / (frames[1] - frames[0]);
  state.frames = [frames[0] - dx / perFrame, frames[1] - dx / perFrame];
  if (shownValues) {
    const values = state.values || shownValues;
    const perValue = layout.view.pixelsPerValue * (shownValues[1] - shownValues[0]) / (values[1] - values[0]);
    state.values = [values[0] + dy / perValue, values[1] + dy / perValue];
  }
  render();
}

function setFrame(frame) {
  const [start, end] = sceneRange();
  state.currentFrame = Math.round(frame);
  frameInput.value = state.currentFrame;
  render();
  showValues(state.currentFrame);
  return start <= state.currentFrame && state.currentFrame <= end;
}

// MARK: Playback

function play(on) {
  if (on === undefined) on = player === null;
  if (player !== null) { clearInterval(player); player = null; }
  playButton.setAttribute("aria-pressed", String(on));
  playButton.innerHTML = on ? "&#10074;&#10074;" : "&#9654;";
  if (!on) return;
  const action = currentAction();
  const fps = action && action.fps ? action.fps : 24;
  player = setInterval(() => {
    const [start, end] = sceneRange();
    const next = state.currentFrame === null || state.currentFrame >= end ? start : state.currentFrame + 1;
    setFrame(next);
  }, 1000 / fps);
}

function jumpKey(direction) {
  const now = state.currentFrame === null ? sceneRange()[0] : state.currentFrame;
  const frames = keyFrames.filter((f) => (direction > 0 ? f > now + 1e-6 : f < now - 1e-6));
  if (!frames.length) return;
  setFrame(direction > 0 ? Math.min(...frames) : Math.max(...frames));
}

// MARK: Pointer, wheel, keys and touch

let drag = null;                 // {kind: "pan"|"scrub"|"click"|"move"|"box"|"pinch", start or last point}
let boxArmed = false;            // B was pressed: the next drag draws a box wherever it starts
const touches = new Map();       // touch pointers: id → point

editor.addEventListener("pointerdown", (event) => {
  const point = devicePoint(event);
  if (event.pointerType === "touch") {
    touches.set(event.pointerId, point);
    if (touches.size === 2) drag = { kind: "pinch", points: new Map(touches) };
  }
  if (touches.size >= 2) return;
  editor.setPointerCapture(event.pointerId);
  readout.hidden = true;
  if (event.button === 1 || (event.button === 0 && event.altKey)) {
    drag = { kind: "pan", last: point };
    event.preventDefault();
  } else if (event.button === 0 && inScrubStrip(point.y)) {
    drag = { kind: "scrub" };
    setFrame(frameAt(point.x));
  } else if (event.button === 2 && event.ctrlKey && editing && state.view === "graph") {
    insertAt(point);
  } else if (event.button === 0 && boxArmed && editing && state.view === "graph") {
    boxArmed = false;
    drag = { kind: "box", start: point, shift: event.shiftKey, ctrl: event.ctrlKey };
  } else if (event.button === 0) {
    drag = { kind: "click", start: point, shift: event.shiftKey, ctrl: event.ctrlKey };
    if (editing && state.view === "graph") {
      const press = drag;
      press.hit = get("/api/hit/graph", { ...shown, x: number(point.x), y: number(point.y), tolerance: number(4 * Number(shown.scale)) });
      const resolve = (hit) => {
        press.resolved = hit || { part: "none" };
        if (press.kind === "pending" || press.kind === "released") dragFrom(press, press.last);
      };
      press.hit.then(resolve, () => resolve(null));
    }
  }
});
editor.addEventListener("contextmenu", (event) => { if (editing) event.preventDefault(); });

editor.addEventListener("pointermove", (event) => {
  const point = devicePoint(event);
  if (touches.has(event.pointerId)) touches.set(event.pointerId, point);
  if (drag && drag.kind === "pinch" && touches.size === 2) return pinch();
  if (drag && drag.kind === "pan") {
    pan(point.x - drag.last.x, point.y - drag.last.y);
    drag.last = point;
  } else if (drag && drag.kind === "click" && drag.hit && Math.hypot(point.x - drag.start.x, point.y - drag.start.y) > 3) {
    drag.last = point;
    if (drag.resolved) dragFrom(drag, point);
    else drag.kind = "pending";   // decided when the press's hit test answers
  } else if (drag && drag.kind === "pending") {
    drag.last = point;
  } else if (drag && drag.kind === "move") {
    moveOverlay(drag.start, point);
  } else if (drag && drag.kind === "box") {
    boxOverlay(drag.start, point);
  } else if (drag && drag.kind === "scrub") {
    const frame = Math.round(frameAt(point.x));
    if (frame !== state.currentFrame) setFrame(frame);
  } else {
    hover(point);
  }
});

// A press that moved: from a key or a handle it moves it; from anywhere else in the plot it
// draws a box. A press released before its hit test answered is finished here.
function dragFrom(press, point) {
  const part = press.resolved.part, released = press.kind === "released";
  press.kind = part === "key" || part === "handle" ? "move" : part === "plot" || part === "curve" ? "box" : "none";
  if (released) {
    if (press.kind === "move") release(press, press.end);
    if (press.kind === "box") boxSelect(press, press.end);
  } else if (drag === press) {
    if (press.kind === "move") moveOverlay(press.start, point);
    if (press.kind === "box") boxOverlay(press.start, point);
  }
}

function endDrag(event) {
  touches.delete(event.pointerId);
  const was = drag;
  drag = null;
  overlay.hidden = true;
  if (!was || event.type !== "pointerup") return;
  if (was.kind === "click") click(devicePoint(event), was);
  if (was.kind === "pending") was.kind = "released";   // `dragFrom` finishes it
  was.end = devicePoint(event);
  if (was.kind === "move") release(was, was.end);
  if (was.kind === "box") boxSelect(was, was.end);
}
editor.addEventListener("pointerup", endDrag);
editor.addEventListener("pointercancel", endDrag);
editor.addEventListener("pointerleave", () => { readout.hidden = true; });

// Two fingers: the change in their distance zooms about their middle, the middle's move pans.
function pinch() {
  const [a, b] = [...touches.values()];
  const [a0, b0] = [...drag.points.values()];
  const before = Math.hypot(a0.x - b0.x, a0.y - b0.y), after = Math.hypot(a.x - b.x, a.y - b.y);
  const mid = { x: (a.x + b.x) / 2, y: (a.y + b.y) / 2 }, mid0 = { x: (a0.x + b0.x) / 2, y: (a0.y + b0.y) / 2 };
  drag.points = new Map(touches);
  if (before > 0 && after > 0 && Math.abs(after / before - 1) > 0.01) zoom(mid, before / after, { frames: true, values: true });
  else pan(mid.x - mid0.x, mid.y - mid0.y);
}

async function click(point, press) {
  if (!shown || state.view !== "graph") return;
  const hit = await (press.hit || get("/api/hit/graph", { ...shown, x: number(point.x), y: number(point.y) }));
  if (hit && hit.part === "channelRow" && hit.toggle === "visibility") return toggleChannels(rowChannels(hit));
  if (!editing || !hit) return;
  // Clicking a key or a handle selects it (Shift adds); clicking the plot deselects all.
  if (hit.part === "key" || hit.part === "handle") await edit([selectOp(hit, press.shift)]);
  else if (hit.part === "plot" && !press.shift) await edit([{ op: "select_all", action: "DESELECT" }]);
  showKeyEntry(hit.part === "key" && !press.shift ? hit : null);
}

// Numeric entry of the selected key's frame and value: that key alone selected and moved by
// the difference, without snapping, so that it lands on the numbers typed.
const keyEntry = document.getElementById("key-entry");
const keyFrame = document.getElementById("key-frame"), keyValue = document.getElementById("key-value");
let enteredKey = null;

function showKeyEntry(hit) {
  enteredKey = hit;
  keyEntry.hidden = !hit;
  if (!hit) return;
  keyFrame.value = fmt(hit.frame);
  keyValue.value = fmt(hit.value);
}

async function enterKey() {
  if (!enteredKey || keyFrame.value === "" || keyValue.value === "") return;
  const frame = Number(keyFrame.value), value = Number(keyValue.value);
  const delta = [frame - enteredKey.frame, value - enteredKey.value];
  await edit([selectOp(enteredKey, false), { op: "translate", delta: delta, snap: "NONE" }]);
  enteredKey = { ...enteredKey, frame: frame, value: value };
}
keyFrame.addEventListener("change", enterKey);
keyValue.addEventListener("change", enterKey);

// MARK: Editing (animplot serve --edit)

// A live overlay while a key or handle is dragged: a line from where it was to the pointer.
const overlay = document.createElement("canvas");
overlay.id = "overlay";
overlay.hidden = true;
editor.appendChild(overlay);

// The overlay canvas over the picture, cleared and shown; its context.
function prepareOverlay() {
  const scale = Number(shown.scale);
  overlay.width = shown.width * scale;
  overlay.height = shown.height * scale;
  overlay.style.width = shown.width + "px";
  overlay.style.height = shown.height + "px";
  overlay.hidden = false;
  const g = overlay.getContext("2d");
  g.clearRect(0, 0, overlay.width, overlay.height);
  return g;
}

function moveOverlay(from, to) {
  const scale = Number(shown.scale);
  const g = prepareOverlay();
  g.strokeStyle = "#ffffff";
  g.setLineDash([4 * scale, 3 * scale]);
  g.lineWidth = scale;
  g.beginPath();
  g.moveTo(from.x, from.y);
  g.lineTo(to.x, to.y);
  g.stroke();
  g.setLineDash([]);
  g.fillStyle = "#ff8c00";
  g.beginPath();
  g.arc(to.x, to.y, 4 * scale, 0, 2 * Math.PI);
  g.fill();
}

// The box of a box select, dashed, from where the drag began to the pointer.
function boxOverlay(from, to) {
  const g = prepareOverlay();
  const scale = Number(shown.scale);
  g.strokeStyle = "#ffffff";
  g.setLineDash([4 * scale, 3 * scale]);
  g.lineWidth = scale;
  g.strokeRect(Math.min(from.x, to.x) + 0.5, Math.min(from.y, to.y) + 0.5, Math.abs(to.x - from.x), Math.abs(to.y - from.y));
  g.setLineDash([]);
}

// Box select (Blender's `graph.select_box`): the keys and handles drawn inside the box's frames
// and values; Shift adds to the selection, Ctrl takes away, else it replaces.
async function boxSelect(press, point) {
  if (!layout || layout.frameAt) return;
  const frames = [frameAt(press.start.x), frameAt(point.x)].sort((a, b) => a - b);
  const values = [valueAt(press.start.y), valueAt(point.y)].sort((a, b) => a - b);
  const mode = press.ctrl ? "SUB" : press.shift ? "ADD" : "SET";
  await edit([{ op: "select_box", frames: frames, values: values, mode: mode }]);
  showKeyEntry(null);
}

function selectOp(hit, extend) {
  const c = hit.channel;
  const part = hit.part === "handle" ? hit.side : "key";
  return { op: "select", channel: c.dataPath + "[" + c.index + "]", keys: [hit.key], part: part, extend: !!extend };
}

// Dropping a dragged key or handle: select it (keeping a selection it belongs to) and move the
// selection by the drag, in frames and values; the server's picture shows Blender's result.
async function release(press, point) {
  const hit = await press.hit;
  if (!hit || (hit.part !== "key" && hit.part !== "handle") || !layout) return;
  const v = layout.view;
  const delta = [(point.x - press.start.x) / v.pixelsPerFrame, -(point.y - press.start.y) / v.pixelsPerValue];
  const ops = hit.selected ? [] : [selectOp(hit, press.shift)];
  ops.push({ op: "translate", delta: delta });
  await edit(ops);
}

async function insertAt(point) {
  await edit([{ op: "insert", how: "click", frame: frameAt(point.x), value: valueAt(point.y) }]);
}

async function post(path, body) {
  const response = await fetch(api(path, { file: state.file, action: state.action }), {
    method: "POST", headers: { "Content-Type": "application/json" }, body: body ? JSON.stringify(body) : undefined,
  });
  const answer = await response.json().catch(() => ({}));
  if (!response.ok) throw new Error(answer.error || response.status + " " + response.statusText);
  return answer;
}

async function edit(ops) {
  try {
    const answer = await post("/api/edit", { ops: ops });
    editor.dataset.undo = answer.undo;
    render();
  } catch (error) {
    status(error.message);
  }
}

async function history(path) {
  try {
    const answer = await post(path);
    if (answer.undo !== undefined) editor.dataset.undo = answer.undo;
    if (answer.saved) status("saved " + answer.saved);
    else render();
  } catch (error) {
    status(error.message);
  }
}

// T and V: a small menu of Blender's interpolations and handle types at the pointer.
const menu = document.createElement("div");
menu.id = "menu";
menu.setAttribute("role", "menu");
menu.hidden = true;
editor.appendChild(menu);

function openMenu(title, choices, apply) {
  menu.replaceChildren(Object.assign(document.createElement("strong"), { textContent: title }));
  for (const choice of choices) {
    const item = document.createElement("button");
    item.type = "button";
    item.setAttribute("role", "menuitem");
    item.textContent = lower(choice);
    item.addEventListener("click", () => { menu.hidden = true; edit([apply(choice)]); editor.focus(); });
    menu.appendChild(item);
  }
  menu.hidden = false;
  menu.querySelector("button").focus();
}

const interpolations = ["CONSTANT", "LINEAR", "BEZIER", "SINE", "QUAD", "CUBIC", "QUART", "QUINT", "EXPO", "CIRC", "BACK", "BOUNCE", "ELASTIC"];
const handleTypes = ["FREE", "ALIGNED", "VECTOR", "AUTO", "AUTO_CLAMPED"];

function editKey(event) {
  if (!editing || state.view !== "graph") return false;
  const ctrl = event.ctrlKey || event.metaKey, key = event.key.toLowerCase();
  if (ctrl && key === "z") { history(event.shiftKey ? "/api/redo" : "/api/undo"); return true; }
  if (ctrl && key === "s") { history("/api/save"); return true; }
  if (ctrl) return false;
  if (key === "x" || event.key === "Delete") { edit([{ op: "delete" }]); return true; }
  if (key === "i") { edit([{ op: "insert", how: "keyframe_insert", type: "ALL" }]); return true; }
  if (key === "t") { openMenu("Interpolation", interpolations, (mode) => ({ op: "interpolation", mode: mode })); return true; }
  if (key === "v") { openMenu("Handle type", handleTypes, (type) => ({ op: "handle_type", type: type })); return true; }
  if (key === "b") { boxArmed = true; status("box select: drag a box (Shift adds, Ctrl takes away)"); return true; }
  if (key === "a" && event.altKey) { edit([{ op: "select_all", action: "DESELECT" }]); return true; }
  if (key === "a") { edit([{ op: "select_all", action: "SELECT" }]); return true; }
  if (event.key === "Escape") { menu.hidden = true; boxArmed = false; status(""); return true; }
  return false;
}

editor.addEventListener("wheel", (event) => {
  event.preventDefault();
  const factor = Math.exp(Math.sign(event.deltaY) * Math.min(Math.abs(event.deltaY), 200) * 0.0015);
  const graph = state.view === "graph";
  zoom(devicePoint(event), factor, { frames: !event.shiftKey || !graph, values: graph && !event.ctrlKey });
}, { passive: false });

document.addEventListener("keydown", (event) => {
  if (event.target instanceof HTMLInputElement || event.target instanceof HTMLSelectElement) return;
  if (editKey(event)) { event.preventDefault(); return; }
  const [start, end] = sceneRange();
  const keys = {
    Home: () => frameAll(),
    " ": () => play(),
    ArrowLeft: () => setFrame(event.shiftKey ? start : (state.currentFrame ?? start) - 1),
    ArrowRight: () => setFrame(event.shiftKey ? end : (state.currentFrame ?? start) + 1),
    ArrowUp: () => jumpKey(1),
    ArrowDown: () => jumpKey(-1),
  };
  if (keys[event.key]) {
    event.preventDefault();
    keys[event.key]();
  }
});

function frameAll() {
  state.frames = state.values = null;
  render();
}

// MARK: Controls

document.querySelectorAll("#editors button").forEach((button) => {
  button.addEventListener("click", () => {
    state.view = button.dataset.view;
    state.frames = state.values = null;
    document.querySelectorAll("#editors button").forEach((b) => b.setAttribute("aria-pressed", String(b === button)));
    readout.hidden = true;
    render();
  });
});
fileSelect.addEventListener("change", async () => {
  state.file = Number(fileSelect.value);
  state.action = null;
  state.frames = state.values = null;
  state.hidden = [];
  fillActions();
  await loadKeys();
  render();
});
actionSelect.addEventListener("change", async () => {
  state.action = actionSelect.value;
  state.frames = state.values = null;
  state.hidden = [];
  await loadKeys();
  render();
});
frameInput.addEventListener("change", () => { if (frameInput.value !== "") setFrame(Number(frameInput.value)); });
document.getElementById("home").addEventListener("click", frameAll);
document.getElementById("start").addEventListener("click", () => setFrame(sceneRange()[0]));
document.getElementById("end").addEventListener("click", () => setFrame(sceneRange()[1]));
document.getElementById("previous-key").addEventListener("click", () => jumpKey(-1));
document.getElementById("next-key").addEventListener("click", () => jumpKey(1));
playButton.addEventListener("click", () => play());

let resizeTimer = null;
window.addEventListener("resize", () => {
  clearTimeout(resizeTimer);
  resizeTimer = setTimeout(render, 100);
});

// The served files changing on disk: read again and redraw; a file that no longer reads says
// why, and its last good picture stays.
const events = new EventSource(api("/api/events"));
events.addEventListener("change", async () => {
  await loadFiles();
  await loadKeys();
  render();
});
// An edit, undo or redo, by this page or another one on the same server: the shown file's
// picture is drawn again (this page's own edit has already asked for it: one more is cheap).
events.addEventListener("edit", (event) => {
  try {
    const data = JSON.parse(event.data);
    if (data.file !== state.file) return;
    if (data.history && data.history.undo !== undefined) editor.dataset.undo = data.history.undo;
    if (!rendering) render();
  } catch (e) { /* not ours */ }
});
events.addEventListener("error", (event) => {
  if (!event.data) return;
  try { status(JSON.parse(event.data).message); } catch (e) { /* not ours */ }
});

(async function start() {
  try {
    await loadFiles();
    await loadKeys();
  } catch (error) {
    status(error.message);
  }
  render();
})();
