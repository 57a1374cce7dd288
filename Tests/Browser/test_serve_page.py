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
        query = urllib.parse.urlencode({k: v for k, v in params.items() if v is not None}, doseq=True)
        with urllib.request.urlopen(f"{self.base}{path}?{query}") as answer:
            return json.loads(answer.read())

    def stop(self):
        self.process.terminate()
        self.process.wait(5)


import urllib.parse  # noqa: E402


class ServePage(unittest.TestCase):
    @classmethod
    def setUpClass(cls):
        cls.server = Server(BALL)
        cls.driver = browser(1300, 760)

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


if __name__ == "__main__":
    unittest.main()


class ServePageEdit(unittest.TestCase):
    """`animplot serve --edit`: drag a key and a handle, undo, each checked through the layout."""

    @classmethod
    def setUpClass(cls):
        cls.folder = Path(tempfile.mkdtemp(prefix="animplot-serve-edit-"))
        shutil.copy(ROOT / BALL, cls.folder / "ball.json")
        cls.server = Server(cls.folder / "ball.json", "--edit")
        cls.driver = browser(1300, 760)

    @classmethod
    def tearDownClass(cls):
        cls.driver.quit()
        cls.server.stop()

    js = ServePage.js
    rendered = ServePage.rendered
    open = ServePage.open
    after = ServePage.after

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
