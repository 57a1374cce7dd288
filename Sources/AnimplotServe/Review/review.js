// The review page of `animplot check DIR --review`: each failed or new case's expected and
// actual pictures, the diff and the worst window; Approve writes the actual output as the
// reference (POST /api/approve), Reject notes it (POST /api/reject). Keys: a, r, j, k, s.
"use strict";
const token = new URLSearchParams(location.search).get("token");
const withToken = (path) => token ? path + (path.includes("?") ? "&" : "?") + "token=" + encodeURIComponent(token) : path;
const $ = (id) => document.getElementById(id);
let cases = [];
let current = 0;
let swapped = false;

async function load() {
  const answer = await (await fetch(withToken("/api/cases"))).json();
  $("folder").textContent = answer.folder;
  cases = answer.cases;
  if (answer.running) {
    $("status").textContent = "the run is going on…";
    setTimeout(load, 300);
    return;
  }
  $("status").textContent = cases.length === 0 ? "every case passed" : "";
  draw();
}

function shown() {
  const filter = $("filter").value;
  return cases.filter((c) => filter === "all" || (filter === "open" ? c.decision === null : c.status === filter));
}

function draw() {
  const list = shown();
  if (current >= list.length) current = Math.max(0, list.length - 1);
  const items = $("cases");
  items.replaceChildren(...list.map((c, i) => {
    const li = document.createElement("li");
    li.tabIndex = 0;
    li.className = c.decision || "";
    li.setAttribute("aria-current", String(i === current));
    const word = document.createElement("span");
    word.className = "word";
    word.textContent = c.decision ? c.decision.toUpperCase() : c.status;
    li.append(word, c.case);
    li.addEventListener("click", () => { current = i; swapped = false; draw(); });
    return li;
  }));
  const c = list[current];
  $("title").textContent = c ? c.case : (cases.length ? "Nothing left in this filter" : "Every case passed");
  $("message").textContent = c ? c.status + (c.decision ? " · " + c.decision : "") + (c.message ? "\n" + c.message : "") : "";
  $("approve").disabled = !c || !c.approvable;
  $("reject").disabled = !c;
  const images = $("images");
  images.replaceChildren();
  if (!c) return;
  const figure = (which, caption, cls) => {
    const f = document.createElement("figure");
    if (cls) f.className = cls;
    const img = document.createElement("img");
    img.alt = caption + " of " + c.case;
    img.src = withToken("/api/image?case=" + encodeURIComponent(c.case) + "&which=" + which);
    img.dataset.which = which;
    const cap = document.createElement("figcaption");
    cap.textContent = caption;
    f.append(img, cap);
    return f;
  };
  const has = (w) => c.images.includes(w);
  if (swapped && has("expected") && has("actual")) {
    const f = figure("expected", "expected (click or s: swap)", "swap");
    f.querySelector("img").addEventListener("click", swap);
    images.append(f);
  } else {
    if (has("expected")) images.append(figure("expected", "expected (the reference)"));
    if (has("actual")) images.append(figure("actual", "actual (the output)"));
  }
  if (has("diff")) images.append(figure("diff", "diff"));
  if (has("window")) images.append(figure("window", "the worst window, enlarged", "window"));
  // An animation shows its first differing frame; a layout or action file its changes by row.
  if (c.frame) {
    const note = document.createElement("p");
    note.className = "frame";
    note.textContent = "frame " + c.frame + " of the animation, the first that differs";
    images.prepend(note);
  }
  if (c.changes) {
    const list = document.createElement("ul");
    list.className = "changes";
    list.replaceChildren(...c.changes.map((line) => { const li = document.createElement("li"); li.textContent = line; return li; }));
    images.append(list);
  }
  const text = c.textDiff || c.valuesTable;
  if (text) {
    const pre = document.createElement("pre");
    pre.className = "diff";
    pre.textContent = text;
    if (c.changes) {
      const details = document.createElement("details");
      const summary = document.createElement("summary");
      summary.textContent = "the text diff";
      details.append(summary, pre);
      images.append(details);
    } else {
      images.append(pre);
    }
  }
}

function swap() {
  const list = shown();
  const c = list[current];
  if (!c) return;
  const img = document.querySelector("figure.swap img");
  if (!img) { swapped = true; draw(); return; }
  const which = img.dataset.which === "expected" ? "actual" : "expected";
  img.dataset.which = which;
  img.src = withToken("/api/image?case=" + encodeURIComponent(c.case) + "&which=" + which);
  img.nextSibling.textContent = which + " (click or s: swap)";
}

async function decide(kind, c) {
  const response = await fetch(withToken("/api/" + kind), {
    method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify({ case: c.case }),
  });
  const answer = await response.json();
  if (!response.ok) { $("status").textContent = answer.error; return false; }
  c.decision = answer.decision;
  $("status").textContent = kind === "approve" ? "wrote " + answer.wrote : "rejected " + c.case;
  return true;
}

async function decideCurrent(kind) {
  const list = shown();
  const c = list[current];
  if (!c || (kind === "approve" && !c.approvable)) return;
  if (await decide(kind, c)) {
    // In the undecided filter the case leaves the list; elsewhere move on.
    if ($("filter").value !== "open") current = Math.min(current + 1, list.length - 1);
    swapped = false;
    draw();
  }
}

function move(step) {
  const n = shown().length;
  if (n === 0) return;
  current = (current + step + n) % n;
  swapped = false;
  draw();
}

$("approve").addEventListener("click", () => decideCurrent("approve"));
$("reject").addEventListener("click", () => decideCurrent("reject"));
$("next").addEventListener("click", () => move(1));
$("prev").addEventListener("click", () => move(-1));
$("swap").addEventListener("click", swap);
$("filter").addEventListener("change", () => { current = 0; draw(); });
$("approve-all").addEventListener("click", async () => {
  const list = shown().filter((c) => c.approvable && c.decision !== "approved");
  if (list.length === 0 || !confirm("Approve " + list.length + " case(s)? Their outputs become their references.")) return;
  for (const c of list) await decide("approve", c);
  draw();
  $("status").textContent = "approved " + list.length;
});
$("done").addEventListener("click", async () => {
  await fetch(withToken("/api/done"), { method: "POST" }).catch(() => {});
  const approved = cases.filter((c) => c.decision === "approved").length;
  document.body.innerHTML = "<main><h1>Review done</h1><p>" + approved + " approved; the summary is in the terminal.</p></main>";
});
document.addEventListener("keydown", (event) => {
  if (event.ctrlKey || event.metaKey || event.altKey || event.target.tagName === "SELECT") return;
  const actions = { a: () => decideCurrent("approve"), r: () => decideCurrent("reject"), j: () => move(1), k: () => move(-1), s: swap };
  if (actions[event.key]) { event.preventDefault(); actions[event.key](); }
});
load();
