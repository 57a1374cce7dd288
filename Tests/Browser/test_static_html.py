"""The interactive HTML of `graph` and `dopesheet`, opened from file:// as a reader would."""
import tempfile
import unittest
from pathlib import Path

from support import OUT, animplot, browser, evaluate, page_data, pointer_to, screenshot

BALL = "Examples/bouncing-ball.json"


class StaticGraphHTML(unittest.TestCase):
    """`animplot graph FILE -o plot.html`: hover readout, toggles, in both themes."""

    @classmethod
    def setUpClass(cls):
        cls.driver = browser()
        cls.folder = Path(tempfile.mkdtemp(prefix="animplot-html-"))

    @classmethod
    def tearDownClass(cls):
        cls.driver.quit()

    def open(self, name, *args):
        path = self.folder / f"{name}.html"
        animplot(*args, "-o", path)
        html = path.read_text()
        self.driver.get(path.as_uri())
        return page_data(html)

    def readout(self):
        return self.driver.execute_script(
            "var r = document.querySelector('.readout');"
            "return r.hidden ? null : [r.dataset.channel, r.dataset.frame, r.dataset.value, r.textContent];")

    def hover_curve(self, data, i, column):
        """Puts the pointer on channel i's curve at `column`; the readout."""
        channel = data["channels"][i]
        value = channel["values"][column]
        mapped = (value + channel.get("offset", 0)) * channel.get("factor", 1)
        plot, (v0, v1) = data["plot"], data["values"]
        y = plot["y"] + plot["height"] - (mapped - v0) * plot["height"] / (v1 - v0)
        stack = self.driver.find_element("css selector", ".stack")
        pointer_to(self.driver, stack, data["columns"]["x"] + column + 0.25, y)
        return self.readout()

    def check_theme(self, theme):
        data = self.open(f"graph-{theme}", "graph", BALL, "--width", "1000", "--height", "560", "--theme", theme)
        frames = data["columns"]["frames"]
        labels = [c["label"] for c in data["channels"]]
        self.assertEqual(labels, ["X Location", "Z Location", "Y Euler Rotation", "X Scale", "Y Scale", "Z Scale"])
        z = labels.index("Z Location")
        column = len(frames) // 3
        shown = self.hover_curve(data, z, column)
        self.assertIsNotNone(shown, "a readout over the curve")
        channel, frame, value, text = shown
        self.assertEqual(int(channel), z)
        self.assertEqual(float(frame), frames[column])
        # The value read out is eval's at that frame, to the bit.
        self.assertEqual(float(value), evaluate(BALL, [frames[column]])["Z Location"][0])
        self.assertTrue(text.startswith("Z Location\nframe "), text)
        screenshot(self.driver, f"static-graph-{theme}-readout")
        self.driver.find_element("css selector", "figure").screenshot(str(OUT / f"interactive_html_{theme}.png"))

        # The toggle hides the curve's layer: the pixels on the curve change, and the readout
        # at the same place names another channel.
        before = screenshot(self.driver, f"static-graph-{theme}-before")
        box = self.driver.find_elements("css selector", ".toggles input")[z]
        box.click()
        self.assertFalse(box.is_selected())
        layer = data["channels"][z]["layer"]
        self.assertEqual(self.driver.execute_script(
            f"return getComputedStyle(document.querySelectorAll('.stack img')[{layer}]).display"), "none")
        after_readout = self.hover_curve(data, z, column)
        self.assertTrue(after_readout is None or int(after_readout[0]) != z, after_readout)
        self.driver.execute_script("document.querySelector('.readout').hidden = true;"
                                   "document.querySelector('.line').hidden = true;")
        after = screenshot(self.driver, f"static-graph-{theme}-hidden")
        changed = self.changed_on_curve(data, z, before, after)
        self.assertGreater(changed, 20, "pixels of the curve that changed when it was hidden")

        # A click on the channel's row in the picture's list shows it again.
        row = data["channels"][z]["row"]
        stack = self.driver.find_element("css selector", ".stack")
        pointer_to(self.driver, stack, row["x"] + row["width"] / 2, row["y"] + row["height"] / 2)
        from selenium.webdriver.common.action_chains import ActionChains
        ActionChains(self.driver).click().perform()
        self.assertTrue(self.driver.find_elements("css selector", ".toggles input")[z].is_selected())
        self.assertEqual(int(self.hover_curve(data, z, column)[0]), z)

    def changed_on_curve(self, data, i, before, after):
        """How many of the curve's pixels (one per column, where it lies) differ between two
        screenshots of the page."""
        channel, plot, (v0, v1) = data["channels"][i], data["plot"], data["values"]
        stack = self.driver.find_element("css selector", ".stack")
        left, top = self.driver.execute_script(
            "var r = arguments[0].getBoundingClientRect(); return [r.left, r.top];", stack)
        n = 0
        for c, value in enumerate(channel["values"]):
            if value is None or c % 4:
                continue
            mapped = (value + channel.get("offset", 0)) * channel.get("factor", 1)
            y = plot["y"] + plot["height"] - (mapped - v0) * plot["height"] / (v1 - v0)
            if not plot["y"] + 2 < y < plot["y"] + plot["height"] - 20:
                continue
            x, y = int(left + data["columns"]["x"] + c), int(top + y)
            if before.pixel(x, y) != after.pixel(x, y):
                n += 1
        return n

    def test_dark(self):
        self.check_theme("blender")

    def test_light(self):
        self.check_theme("light")

    def test_normalized(self):
        """With --normalize the readout still gives the channel's own value, eval's."""
        data = self.open("graph-normalized", "graph", BALL, "--width", "900", "--height", "500", "--normalize")
        frames = data["columns"]["frames"]
        i = [c["label"] for c in data["channels"]].index("X Scale")
        self.assertIn("factor", data["channels"][i])
        column = len(frames) // 2
        channel, frame, value, _ = self.hover_curve(data, i, column)
        self.assertEqual(int(channel), i)
        self.assertEqual(float(value), evaluate(BALL, [frames[column]])["X Scale"][0])


class StaticDopeSheetHTML(unittest.TestCase):
    """`animplot dopesheet FILE -o sheet.html`: the row under the pointer is read out."""

    def test_row_readout_and_toggle(self):
        driver = browser()
        try:
            folder = Path(tempfile.mkdtemp(prefix="animplot-html-"))
            path = folder / "sheet.html"
            animplot("dopesheet", BALL, "--width", "1000", "--height", "400", "-o", path)
            data = page_data(path.read_text())
            driver.get(path.as_uri())
            stack = driver.find_element("css selector", ".stack")
            labels = [c["label"] for c in data["channels"]]
            i = labels.index("Y Euler Rotation")
            band, frames = data["channels"][i]["band"], data["columns"]["frames"]
            column = len(frames) // 4
            pointer_to(driver, stack, data["columns"]["x"] + column + 0.25, band["y"] + band["height"] / 2)
            shown = driver.execute_script(
                "var r = document.querySelector('.readout');"
                "return r.hidden ? null : [r.dataset.channel, r.dataset.frame, r.dataset.value];")
            self.assertIsNotNone(shown)
            self.assertEqual(int(shown[0]), i)
            self.assertEqual(float(shown[1]), frames[column])
            self.assertEqual(float(shown[2]), evaluate(BALL, [frames[column]])["Y Euler Rotation"][0])
            screenshot(driver, "static-dopesheet-readout")
            driver.find_elements("css selector", ".toggles input")[i].click()
            shades = driver.execute_script(
                "return [...document.querySelectorAll('.shade')].filter(e => !e.hidden).length")
            self.assertEqual(shades, 2, "the hidden channel's row and band are shaded")
            screenshot(driver, "static-dopesheet-hidden")
        finally:
            driver.quit()


if __name__ == "__main__":
    unittest.main()
