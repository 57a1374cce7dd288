// The first page: the Graph Editor of the first file at the window's size, redrawn when the
// file changes. (The full page replaces this one.)
"use strict";
const token = new URLSearchParams(location.search).get("token");
function api(path, params) {
  const query = new URLSearchParams(params);
  if (token) query.set("token", token);
  return path + "?" + query.toString();
}
function draw() {
  const picture = document.getElementById("picture");
  const scale = window.devicePixelRatio || 1;
  picture.src = api("/api/render/graph.png", {
    file: 0, width: window.innerWidth, height: window.innerHeight, scale: scale, _: Date.now(),
  });
}
window.addEventListener("resize", draw);
new EventSource(api("/api/events", {})).addEventListener("change", draw);
draw();
