"""The page of `animplot serve`, in headless Chromium against the real server."""
import json
import os
import shutil
import subprocess
import tempfile
import time
import unittest
import urllib.request
from pathlib import Path

from support import OUT, ROOT, browser, evaluate, pointer_to, screenshot, wait

BALL = "Examples/bouncing-ball.json"
DOCS = Path(os.environ.get("ANIMPLOT_DOCS_IMAGES", OUT))



class Server:
    """`animplot serve FILE --port 0`, its URL read from its first line."""

    def __init__(self, *args):
        self.process = subprocess.Popen([os.environ["ANIMPLOT"], "serve", *map(str, args), "--port", "0"],
                                        cwd=ROOT, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
        self.url = self.process.stdout.readline().strip()
        if not self.url.startswith("http"):
            raise AssertionError(f"animplot serve said {self.url!r}: {self.process.stderr.read()}")
        self.base = self.url.split("?")[0].rstrip("/")

    def get(self, path, params):
        token = urllib.parse.parse_qs(urllib.parse.urlparse(self.url).query).get("token")
        params = {**params, "token": token[0] if token else None}
        query = urllib.parse.urlencode({k: v for k, v in params.items() if v is not None}, doseq=True)
        with urllib.request.urlopen(f"{self.base}{path}?{query}") as answer:
            return json.loads(answer.read())

    def stop(self):
        self.process.terminate()
        self.process.wait(5)


import urllib.parse  # noqa: E402


class PageCase(unittest.TestCase):
    """A page of `animplot serve` in headless Chromium: the server started with `serve_args`
    (a copy of the bouncing ball when `copy` is set: a test may change it), the browser at `size`."""
    serve_args = ()
    copy = False
    size = (1300, 760)

    @classmethod
    def setUpClass(cls):
        if cls.copy:
            cls.folder = Path(tempfile.mkdtemp(prefix="animplot-serve-"))
            cls.path = cls.folder / "ball.json"
            shutil.copy(ROOT / BALL, cls.path)
        else:
            cls.path = BALL
        cls.server = Server(cls.path, *cls.serve_args)
        cls.driver = browser(*cls.size)

    @classmethod
    def tearDownClass(cls):
        cls.driver.quit()
        cls.server.stop()

    def js(self, script, *args):
        return self.driver.execute_script(script, *args)

    def rendered(self):
        return int(self.js("return Number(document.getElementById('editor').dataset.rendered) || 0"))

    def open(self, query=""):
        self.driver.get(self.server.url + query)
        wait(lambda: self.rendered() >= 1 and self.js("return layout !== null"), "the first picture")

    def after(self, count, what):
        """Waits for a picture after the `count`th; the page's layout."""
        wait(lambda: self.rendered() > count and not self.js("return rendering"), what)
        return self.js("return layout")


class ServePage(PageCase):
    def readout(self, part):
        return wait(lambda: self.js(
            "var r = document.getElementById('readout');"
            "return !r.hidden && r.dataset.part === arguments[0] ? Object.assign({}, r.dataset, {text: r.textContent}) : null",
            part), f"a readout of a {part}")

    def test_graph(self):
        self.open()
        editor = self.driver.find_element("id", "editor")
        layout = self.js("return layout")
        # Hover a key of Z Location: the readout gives its frame and value, interpolation and
        # handle types.
        curve = next(c for c in layout["curves"] if c["label"] == "Z Location")
        key = curve["keys"][3]
        pointer_to(self.driver, editor, key["center"]["x"], key["center"]["y"])
        shown = self.readout("key")
        self.assertEqual(shown["label"], "Z Location")
        self.assertEqual(float(shown["frame"]), key["frame"])
        self.assertEqual(float(shown["value"]), key["value"])
        self.assertIn("handles", shown["text"])
        screenshot(self.driver, "serve_graph_readout")

        # The eye of Z Location's row hides it: the next layout has no such curve and the row
        # says hidden.
        row = next(r for r in layout["channels"] if r["name"] == "Z Location")
        eye = row["toggles"]["visibility"]
        count = self.rendered()
        pointer_to(self.driver, editor, eye["x"], eye["y"])
        from selenium.webdriver.common.action_chains import ActionChains
        ActionChains(self.driver).click().perform()
        hidden = self.after(count, "the picture without Z Location")
        self.assertNotIn("Z Location", [c["label"] for c in hidden["curves"]])
        self.assertTrue(next(r for r in hidden["channels"] if r["name"] == "Z Location").get("hidden"))
        self.assertEqual(self.js("return state.hidden"), ["location[2]"])
        screenshot(self.driver, "serve_graph_hidden")
        count = self.rendered()
        ActionChains(self.driver).click().perform()
        shown_again = self.after(count, "Z Location again")
        self.assertIn("Z Location", [c["label"] for c in shown_again["curves"]])

        # The wheel zooms about the pointer: fewer frames shown, the frame under the pointer stays.
        view = shown_again["view"]
        x, y = view["rect"]["x"] + view["rect"]["width"] * 0.4, view["rect"]["y"] + view["rect"]["height"] * 0.5
        frame_before = view["frames"][0] + (x - view["rect"]["x"]) / view["pixelsPerFrame"]
        from selenium.webdriver.common.actions.wheel_input import ScrollOrigin
        left, top = self.js("var r = arguments[0].getBoundingClientRect(); return [r.left, r.top]", editor)
        count = self.rendered()
        ActionChains(self.driver).scroll_from_origin(ScrollOrigin.from_viewport(int(left + x), int(top + y)), 0, -200).perform()
        zoomed = self.after(count, "the zoomed picture")["view"]
        span = lambda v: v["frames"][1] - v["frames"][0]  # noqa: E731
        self.assertLess(span(zoomed), span(view) * 0.9)
        frame_after = zoomed["frames"][0] + (int(x) - zoomed["rect"]["x"]) / zoomed["pixelsPerFrame"]
        self.assertLess(abs(frame_after - frame_before), 0.5, "the frame under the pointer stays")
        screenshot(self.driver, "serve_graph_zoomed")

        # Home frames everything again.
        count = self.rendered()
        editor.send_keys("\ue011")  # Home
        self.assertEqual(self.after(count, "everything framed")["view"]["frames"], view["frames"])

        # Scrubbing in the ruler moves the playhead and shows every channel's value there (eval's).
        strip = self.js("return layout.scrubStrip")
        view = self.js("return layout.view")
        x0, x1 = strip["x"] + strip["width"] * 0.3, strip["x"] + strip["width"] * 0.5
        sy = strip["y"] + strip["height"] / 2
        from selenium.webdriver.common.actions.action_builder import ActionBuilder
        actions = ActionBuilder(self.driver, duration=0)
        actions.pointer_action.move_to_location(int(left + x0), int(top + sy)).pointer_down()
        actions.pointer_action.move_to_location(int(left + (x0 + x1) / 2), int(top + sy))
        actions.pointer_action.move_to_location(int(left + x1), int(top + sy)).pointer_up()
        actions.perform()
        expected = round(view["frames"][0] + (int(x1) - view["rect"]["x"]) / view["pixelsPerFrame"])
        wait(lambda: self.js("return state.currentFrame") == expected,
             f"the playhead at {expected}, not {self.js('return state.currentFrame')}")
        panel = wait(lambda: self.js(
            "var v = document.getElementById('values'); return !v.hidden && Number(v.dataset.frame) === arguments[0] ? v.textContent : null",
            expected), f"the values at the playhead: {self.js('return [document.getElementById(`values`).dataset.frame, statusLine.textContent]')}")
        values = evaluate(BALL, [expected])
        for label, (value,) in values.items():
            line = next(l for l in panel.splitlines() if l.startswith(label + "  "))
            import struct
            shown_value = float(line[len(label) + 2:])
            as32 = lambda v: struct.unpack("f", struct.pack("f", v))[0]  # noqa: E731
            self.assertEqual(as32(shown_value), as32(value), label)
        self.after(self.rendered() - 1, "the scrubbed picture")
        screenshot(self.driver, "serve_graph_scrub")

        # Play advances the playhead at the file's fps; pressing again stops it.
        start = self.js("return state.currentFrame")
        self.driver.find_element("id", "play").click()
        wait(lambda: self.js("return state.currentFrame") >= start + 3, "playback to advance")
        self.driver.find_element("id", "play").click()
        stopped = self.js("return state.currentFrame")
        time.sleep(0.3)
        self.assertEqual(self.js("return state.currentFrame"), stopped)
        # Next key: the first key after the playhead.
        keys = sorted(set(k["frame"] for c in self.js("return layout.curves") for k in c["keys"]))
        self.driver.find_element("id", "next-key").click()
        following = [k for k in self.js("return keyFrames") if k > stopped]
        wait(lambda: self.js("return state.currentFrame") == min(following), "the next key")
        self.assertTrue(keys)

    def test_dopesheet_and_light(self):
        self.open("?theme=light")
        count = self.rendered()
        self.driver.find_element("css selector", "#editors button[data-view=dopesheet]").click()
        self.after(count, "the Dope Sheet")
        editor = self.driver.find_element("id", "editor")
        # A key of the X Scale row: the hit test's, read out with its frame.
        p = self.js("return shown")
        hit = None
        for x in range(300, 1200, 3):
            h = self.server.get("/api/hit/dopesheet", {**p, "x": x, "y": 141})
            if h and h["part"] == "key":
                hit = (x, h)
                break
        self.assertIsNotNone(hit, "a key on the row at y 141")
        pointer_to(self.driver, editor, hit[0], 141)
        shown = self.readout("key")
        self.assertEqual(shown["label"], hit[1]["label"])
        self.assertEqual(float(shown["frame"]), hit[1]["frame"])
        screenshot(self.driver, "serve_dopesheet_light")
        # Between keys on a channel row: the channel's value at the pointer's frame, eval's.
        pointer_to(self.driver, editor, hit[0] + 20, 141)
        shown = self.readout("row")
        frame = float(shown["frame"])
        self.assertEqual(float(shown["value"]), evaluate(BALL, [frame])[shown["label"]][0])


    def test_timeline(self):
        """The Timeline: hover a Summary key and the strip between keys, scrub its ruler."""
        self.open()
        count = self.rendered()
        self.driver.find_element("css selector", "#editors button[data-view=timeline]").click()
        self.after(count, "the Timeline")
        wait(lambda: self.js("return layout && layout.kind === 'timeline'"), "the Timeline's frame mapping")
        editor = self.driver.find_element("id", "editor")
        p = self.js("return shown")
        hit = None
        for y in range(50, 80, 2):
            for x in range(40, int(p["width"]) - 40, 3):
                h = self.server.get("/api/hit/timeline", {**p, "x": x, "y": y})
                if h and h["part"] == "key":
                    hit = (x, y, h)
                    break
            if hit:
                break
        self.assertIsNotNone(hit, "a Summary key below the scrub strip")
        x, y, h = hit
        pointer_to(self.driver, editor, x, y)
        shown = self.readout("key")
        self.assertEqual(float(shown["frame"]), h["frame"])
        self.assertIn(h["keyType"].lower(), shown["text"])
        screenshot(self.driver, "serve_timeline_readout")
        # Between keys: the frame there and every channel's value at it (eval's).
        pointer_to(self.driver, editor, x + 9, y)
        between = self.readout("keyArea")
        frame = float(between["frame"])
        values = evaluate(BALL, [frame])
        for label, (value,) in values.items():
            self.assertIn(label + "  ", between["text"])
        # The ruler below the transport header scrubs.
        from selenium.webdriver.common.action_chains import ActionChains
        pointer_to(self.driver, editor, x, 37)
        ActionChains(self.driver).click().perform()
        expected = round(self.server.get("/api/hit/timeline", {**p, "x": x, "y": 37})["frame"])
        wait(lambda: self.js("return state.currentFrame") == expected, f"the playhead at {expected}")

    def test_touch_pinch_zooms_and_two_fingers_pan(self):
        """Two touch points spreading apart zoom in about their middle; moving together pans."""
        self.open()
        layout = self.js("return layout")
        view = layout["view"]
        left, top = self.js("var r = document.getElementById('editor').getBoundingClientRect(); return [r.left, r.top]")
        cx, cy = left + view["rect"]["x"] + view["rect"]["width"] / 2, top + view["rect"]["y"] + view["rect"]["height"] / 2

        def touch(kind, points):
            self.driver.execute_cdp_cmd("Input.dispatchTouchEvent", {
                "type": kind, "touchPoints": [{"x": px, "y": py, "id": i} for i, (px, py) in enumerate(points)]})

        count = self.rendered()
        touch("touchStart", [(cx - 40, cy), (cx + 40, cy)])
        for d in (60, 80, 100, 120):
            touch("touchMove", [(cx - d, cy), (cx + d, cy)])
        touch("touchEnd", [])
        zoomed = self.after(count, "the pinched picture")["view"]
        span = lambda v: v["frames"][1] - v["frames"][0]  # noqa: E731
        self.assertLess(span(zoomed), span(view) * 0.8, "spreading two fingers zooms in")
        wait(lambda: not self.js("return rendering"), "the last pinch picture")
        before = self.js("return layout.view")
        count = self.rendered()
        touch("touchStart", [(cx - 50, cy), (cx + 50, cy)])
        for dx in (20, 40, 60):
            touch("touchMove", [(cx - 50 + dx, cy), (cx + 50 + dx, cy)])
        touch("touchEnd", [])
        panned = self.after(count, "the panned picture")["view"]
        wait(lambda: not self.js("return rendering"), "the last pan picture")
        panned = self.js("return layout.view")
        self.assertLess(panned["frames"][0], before["frames"][0], "two fingers moving right show earlier frames")
        self.assertAlmostEqual(span(panned), span(before), delta=span(before) * 0.05)


class ServePageEdit(PageCase):
    """`animplot serve --edit`: drag a key and a handle, undo, each checked through the layout."""
    serve_args = ("--edit",)
    copy = True

    def drag(self, start, end, screenshot_name=None):
        from selenium.webdriver.common.actions.action_builder import ActionBuilder
        editor = self.driver.find_element("id", "editor")
        left, top = self.js("var r = arguments[0].getBoundingClientRect(); return [r.left, r.top]", editor)
        actions = ActionBuilder(self.driver, duration=0)
        actions.pointer_action.move_to_location(int(left + start[0]), int(top + start[1])).pointer_down()
        actions.perform()
        time.sleep(0.2)   # the press's hit test answers
        for t in (0.3, 0.6, 1.0):
            actions = ActionBuilder(self.driver, duration=0)
            actions.pointer_action.move_to_location(int(left + start[0] + (end[0] - start[0]) * t),
                                                    int(top + start[1] + (end[1] - start[1]) * t))
            actions.perform()
        if screenshot_name:
            screenshot(self.driver, screenshot_name)
        count = self.rendered()
        actions = ActionBuilder(self.driver, duration=0)
        actions.pointer_action.pointer_up()
        actions.perform()
        return self.after(count, "the picture after the drag")

    def key(self, layout, label, index):
        curve = next(c for c in layout["curves"] if c["label"] == label)
        return next(k for k in curve["keys"] if k["index"] == index)

    def undo(self):
        from selenium.webdriver.common.action_chains import ActionChains
        from selenium.webdriver.common.keys import Keys
        count = self.rendered()
        ActionChains(self.driver).key_down(Keys.CONTROL).send_keys("z").key_up(Keys.CONTROL).perform()
        return self.after(count, "the picture after undo")

    def test_drag_key_and_handle_then_undo(self):
        self.open()
        layout = self.js("return layout")
        key = self.key(layout, "Z Location", 4)
        view = layout["view"]
        # Drag the key 60 px right and 40 px up: the key moves by that many frames and values
        # (snapped to whole frames as Blender's editor snaps by default, or not).
        moved = self.drag((key["center"]["x"], key["center"]["y"]), (key["center"]["x"] + 60, key["center"]["y"] - 40),
                          "serve_edit_drag")
        after = self.key(moved, "Z Location", 4)
        frames, values = 60 / view["pixelsPerFrame"], 40 / view["pixelsPerValue"]
        self.assertLess(abs(after["frame"] - (key["frame"] + frames)), 1.0, (key, after))
        self.assertLess(abs(after["value"] - (key["value"] + values)), 0.05, (key, after))
        self.assertTrue(after.get("selected"))
        screenshot(self.driver, "serve_edit_moved")
        # Its right handle, shown now the key is selected: dragged down, the handle's end moves.
        handle = after["handles"]["right"]
        dragged = self.drag((handle["x"], handle["y"]), (handle["x"], handle["y"] + 30))
        end = self.key(dragged, "Z Location", 4)["handles"]["right"]
        self.assertGreater(end["y"], handle["y"] + 10, (handle, end))
        # Undo twice: the key is where it was.
        self.undo()
        back = self.undo()
        restored = self.key(back, "Z Location", 4)
        self.assertEqual((restored["frame"], restored["value"]), (key["frame"], key["value"]))

    def test_numeric_entry(self):
        """Clicking a key shows its frame and value; typing others moves it there exactly."""
        from selenium.webdriver.common.action_chains import ActionChains
        from selenium.webdriver.common.keys import Keys
        self.open()
        layout = self.js("return layout")
        key = self.key(layout, "X Location", 1)
        editor = self.driver.find_element("id", "editor")
        count = self.rendered()
        pointer_to(self.driver, editor, key["center"]["x"], key["center"]["y"])
        ActionChains(self.driver).click().perform()
        self.after(count, "the key selected")
        frame = self.driver.find_element("id", "key-frame")
        value = self.driver.find_element("id", "key-value")
        wait(lambda: frame.is_displayed(), "the key's fields")
        self.assertEqual(float(frame.get_attribute("value")), key["frame"])
        self.assertEqual(float(value.get_attribute("value")), key["value"])
        for field, text in ((frame, "90"), (value, "7.25")):
            count = self.rendered()
            field.clear()
            field.send_keys(text, Keys.ENTER)
            self.after(count, f"the key moved to {text}")
        moved = self.key(self.js("return layout"), "X Location", 1)
        self.assertEqual((moved["frame"], moved["value"]), (90, 7.25))
        self.js("document.getElementById('editor').focus()")   # keys typed in a field stay there
        self.undo()
        self.undo()
        back = self.key(self.js("return layout"), "X Location", 1)
        self.assertEqual((back["frame"], back["value"]), (key["frame"], key["value"]))

    def post(self, path, body):
        """A request from elsewhere (another page, a script) with the server's token."""
        token = urllib.parse.parse_qs(urllib.parse.urlparse(self.server.url).query)["token"][0]
        request = urllib.request.Request(f"{self.server.base}{path}?file=0&token={token}", method="POST",
                                         data=json.dumps(body).encode(), headers={"Content-Type": "application/json"})
        with urllib.request.urlopen(request) as answer:
            return json.loads(answer.read())

    def test_box_select_and_another_pages_edit(self):
        """A drag on empty space selects the keys inside the box; an edit made by
        another client of the server reaches this page."""
        self.open()
        self.post("/api/edit", {"ops": [{"op": "select_all", "action": "DESELECT"}]})
        layout = wait(lambda: self.js("return layout && layout.curves.every(c => c.keys.every(k => !k.selected)) ? layout : null"),
                      "another client's deselect drawn")
        view = layout["view"]
        curve = next(c for c in layout["curves"] if c["label"] == "Z Location")
        keys = [k for k in curve["keys"] if view["rect"]["x"] < k["center"]["x"] < view["rect"]["x"] + view["rect"]["width"]]
        a, b = keys[1], keys[2]
        x0, x1 = a["center"]["x"] - 6, b["center"]["x"] + 6
        ys = [k["center"]["y"] for k in (a, b)]
        y0, y1 = min(ys) - 6, max(ys) + 6
        p = self.js("return shown")
        start = next(((x, y) for x, y in ((x0, y0), (x0, y1), (x1, y0), (x1, y1))
                      if self.server.get("/api/hit/graph", {**p, "x": x, "y": y, "tolerance": 4})["part"] == "plot"), None)
        self.assertIsNotNone(start, "a corner of the box on empty space")
        end = (x1 if start[0] == x0 else x0, y1 if start[1] == y0 else y0)
        boxed = self.drag(start, end, "serve_edit_box")
        # The keys selected are those whose point lies in the box's frames and values: the two
        # boxed ones among them, and no other.
        v = boxed["view"]
        frames = sorted(v["frames"][0] + (x - v["rect"]["x"]) / v["pixelsPerFrame"] for x in (start[0], end[0]))
        values = sorted(v["values"][0] + (v["rect"]["y"] + v["rect"]["height"] - y) / v["pixelsPerValue"] for y in (start[1], end[1]))
        chosen = {(c["label"], k["index"]) for c in boxed["curves"] for k in c["keys"] if k.get("selected")}
        self.assertIn(("Z Location", a["index"]), chosen)
        self.assertIn(("Z Location", b["index"]), chosen)
        for c in boxed["curves"]:
            for k in c["keys"]:
                inside = frames[0] <= k["frame"] <= frames[1] and values[0] <= k["value"] <= values[1]
                self.assertEqual((c["label"], k["index"]) in chosen, inside, (c["label"], k))


class ServePageFiles(PageCase):
    """A served file changed on disk: redrawn; broken: its message shown, the picture kept;
    mended: redrawn."""
    copy = True
    size = (1000, 600)

    def test_change_error_and_mend(self):
        self.open()
        wait(lambda: self.js("return typeof events !== 'undefined' && events.readyState === 1"), "the event stream open")
        original = self.path.read_text()
        document = json.loads(original)
        labels = lambda: [c["label"] for c in self.js("return layout.curves")]  # noqa: E731
        self.assertIn("Z Location", labels())
        # A channel removed on disk: the page's next picture has one curve less.
        tracks = document["tracks"]
        removed = next(t for t in tracks if t["dataPath"] == "location" and t["index"] == 2)
        tracks.remove(removed)
        count = self.rendered()
        self.path.write_text(json.dumps(document))
        wait(lambda: self.rendered() > count and "Z Location" not in labels(), "the changed file drawn", seconds=5)
        # Broken: the located message in the status line, the last picture kept.
        picture = self.js("return document.getElementById('picture').src")
        count = self.rendered()
        self.path.write_text(original[: len(original) // 2])
        message = wait(lambda: self.js("return document.getElementById('status').textContent"), "the error shown", seconds=5)
        self.assertIn("ball.json", message)
        self.assertEqual(self.js("return document.getElementById('picture').src"), picture)
        self.assertEqual(self.rendered(), count)
        screenshot(self.driver, "serve_file_error")
        # Mended: drawn again, the message gone.
        self.path.write_text(original)
        wait(lambda: self.rendered() > count and "Z Location" in labels(), "the mended file drawn", seconds=5)
        wait(lambda: self.js("return document.getElementById('status').textContent") == "", "the message cleared")


if __name__ == "__main__":
    unittest.main()
