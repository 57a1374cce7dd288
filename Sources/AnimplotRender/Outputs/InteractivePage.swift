/// The style and script of the interactive HTML (`OutputFormat.html`), written by hand and kept
/// small: the page reads its data from the `animplot-data` script element and needs nothing
/// from the network.
enum InteractivePage {
  static let style = """
    body { margin: 0; background: var(--background); color: var(--text); font: 13px/1.4 system-ui, sans-serif; }
    .animplot { display: inline-block; margin: 0; max-width: 100%; }
    .stack { position: relative; max-width: 100%; line-height: 0; cursor: crosshair; user-select: none; }
    .stack img { display: block; width: 100%; height: auto; }
    .stack img + img { position: absolute; left: 0; top: 0; pointer-events: none; }
    .stack img[hidden], .stack div[hidden] { display: none; }
    .line { position: absolute; width: 1px; background: rgba(255, 255, 255, 0.45); pointer-events: none; }
    .dot { position: absolute; width: 7px; height: 7px; margin: -5px 0 0 -5px; border: 1.5px solid #fff;
      border-radius: 50%; box-shadow: 0 0 2px #000; pointer-events: none; }
    .readout { position: absolute; padding: 3px 7px; border-radius: 3px; background: rgba(20, 20, 20, 0.85);
      color: #fff; font: 12px/1.4 system-ui, sans-serif; white-space: pre; pointer-events: none; }
    .shade { position: absolute; background: var(--background); opacity: 0.7; pointer-events: none; }
    .toggles { display: flex; flex-wrap: wrap; gap: 2px 14px; padding: 6px 8px; }
    .toggles label { cursor: pointer; white-space: nowrap; }
    .swatch { display: inline-block; width: 10px; height: 10px; margin: 0 5px 0 2px; border-radius: 2px; }

    """

  static let script = """
    (function () {
      "use strict";
      var data = JSON.parse(document.getElementById("animplot-data").textContent);
      var figure = document.getElementById("animplot");
      var stack = figure.querySelector(".stack");
      var layers = stack.querySelectorAll("img");
      var line = stack.querySelector(".line"), dot = stack.querySelector(".dot");
      var readout = stack.querySelector(".readout");
      var frames = data.columns.frames, plot = data.plot;
      var shown = data.channels.map(function () { return true; });
      var shades = [];

      // Device pixels of the pictures per CSS pixel of the page, as the figure is shown.
      function ratio() { return data.pixelWidth / stack.getBoundingClientRect().width; }

      // The shortest decimal that reads back as the same 32-bit float (frames and values are
      // Blender's 32-bit floats).
      function shortest(v) {
        if (v === null) return "none";
        for (var p = 1; p < 10; p++) {
          var s = Number(v.toPrecision(p));
          if (Math.fround(s) === Math.fround(v)) return String(s);
        }
        return String(v);
      }

      // Where a Graph Editor channel's value lies, device pixels from the top.
      function yOf(channel, value) {
        var mapped = (value + (channel.offset || 0)) * (channel.factor === undefined ? 1 : channel.factor);
        var v = data.values;
        return plot.y + plot.height - (mapped - v[0]) * plot.height / (v[1] - v[0]);
      }

      // The channel nearest (x, y) at column c: the curve nearest above or below in the Graph
      // Editor, the row under the pointer in the Dope Sheet; -1 for none.
      function nearest(c, y) {
        var best = -1, distance = Infinity;
        data.channels.forEach(function (channel, i) {
          var value = channel.values[c];
          if (!shown[i] || value === null) return;
          var d;
          if (data.kind === "graph") d = Math.abs(yOf(channel, value) - y);
          else d = y >= channel.band.y && y < channel.band.y + channel.band.height ? 0 : Infinity;
          if (d < distance) { best = i; distance = d; }
        });
        return best;
      }

      function place(element, x, y, k) {
        element.style.left = x / k + "px";
        element.style.top = y / k + "px";
      }

      function hide() { line.hidden = dot.hidden = readout.hidden = true; }

      function hover(event) {
        var box = stack.getBoundingClientRect(), k = ratio();
        var x = (event.clientX - box.left) * k, y = (event.clientY - box.top) * k;
        var c = Math.floor(x) - data.columns.x;
        if (c < 0 || c >= frames.length || y < plot.y || y >= plot.y + plot.height) return hide();
        var i = nearest(c, y);
        if (i < 0) return hide();
        var channel = data.channels[i], value = channel.values[c];
        var cx = data.columns.x + c + 0.5;
        line.hidden = false;
        place(line, cx, plot.y, k);
        line.style.height = plot.height / k + "px";
        if (data.kind === "graph") {
          dot.hidden = false;
          place(dot, cx, yOf(channel, value), k);
          dot.style.borderColor = channel.color;
        }
        readout.hidden = false;
        readout.textContent = channel.label + "\\nframe " + shortest(frames[c]) + "\\nvalue " + shortest(value);
        readout.dataset.channel = i;
        readout.dataset.frame = frames[c];
        readout.dataset.value = value;
        // Beside the pointer, kept inside the picture.
        var left = (x + 14 * k) / k, top = (y + 14 * k) / k;
        if (left + readout.offsetWidth > box.width) left = x / k - 14 - readout.offsetWidth;
        if (top + readout.offsetHeight > box.height) top = y / k - 14 - readout.offsetHeight;
        readout.style.left = left + "px";
        readout.style.top = top + "px";
      }

      // A shade over a rectangle of device pixels (a hidden channel's row and band), in
      // percentages of the picture: it stays in place however wide the figure is shown.
      function shade(rect) {
        var element = document.createElement("div");
        element.className = "shade";
        element.hidden = true;
        var w = data.pixelWidth, h = data.pixelHeight;
        element.style.left = rect.x / w * 100 + "%";
        element.style.width = rect.width / w * 100 + "%";
        element.style.top = rect.y / h * 100 + "%";
        element.style.height = rect.height / h * 100 + "%";
        stack.appendChild(element);
        return element;
      }

      function show(i, visible) {
        shown[i] = visible;
        var channel = data.channels[i];
        if (channel.layer !== undefined) layers[channel.layer].hidden = !visible;
        shades[i].forEach(function (element) { element.hidden = visible; });
        figure.querySelectorAll(".toggles input")[i].checked = visible;
        hide();
      }

      var toggles = figure.querySelector(".toggles");
      data.channels.forEach(function (channel, i) {
        var label = document.createElement("label");
        var box = document.createElement("input");
        box.type = "checkbox";
        box.checked = true;
        box.dataset.channel = i;
        box.addEventListener("change", function () { show(i, box.checked); });
        label.appendChild(box);
        if (channel.color) {
          var swatch = document.createElement("span");
          swatch.className = "swatch";
          swatch.style.background = channel.color;
          label.appendChild(swatch);
        }
        label.appendChild(document.createTextNode(channel.label));
        label.title = channel.address;
        toggles.appendChild(label);
        shades[i] = [channel.row, channel.band].filter(Boolean).map(shade);
      });

      stack.addEventListener("pointermove", hover);
      stack.addEventListener("pointerleave", hide);
      // A click on a channel's row in the channel list toggles it.
      stack.addEventListener("click", function (event) {
        var box = stack.getBoundingClientRect(), k = ratio();
        var x = (event.clientX - box.left) * k, y = (event.clientY - box.top) * k;
        data.channels.forEach(function (channel, i) {
          var r = channel.row;
          if (r && x >= r.x && x < r.x + r.width && y >= r.y && y < r.y + r.height) show(i, !shown[i]);
        });
      });
    })();

    """
}
