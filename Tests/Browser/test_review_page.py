"""The review page of `animplot check DIR --review`, in headless Chromium against the real server:
approving writes the actual picture as the reference, rejecting writes nothing, the keys work."""
import os
import shutil
import subprocess
import tempfile
import time
import unittest
from pathlib import Path

from support import ROOT, animplot, browser, screenshot, wait

BALL = ROOT / "Examples/bouncing-ball.json"



class ReviewCase(unittest.TestCase):
    """A folder of cases under `check --review`: `write_cases()` writes and records them, then changes
    them; the server is started on them and stopped, and the folder removed, after each test."""
    prefix = "animplot-review-"
    size = (1200, 800)

    def write_cases(self):
        raise NotImplementedError

    def setUp(self):
        self.root = Path(tempfile.mkdtemp(prefix=self.prefix))
        self.cases = self.root / "cases"
        self.cases.mkdir()
        self.write_cases()
        self.process = subprocess.Popen([os.environ["ANIMPLOT"], "check", str(self.cases), "--review", "--port", "0"],
                                        cwd=ROOT, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
        self.url = self.process.stdout.readline().strip()
        self.assertTrue(self.url.startswith("http://127.0.0.1:") and "?token=" in self.url, self.url)
        self.driver = browser(*self.size)

    def tearDown(self):
        self.driver.quit()
        if self.process.poll() is None:
            self.process.terminate()
            self.process.wait(5)
        shutil.rmtree(self.root, ignore_errors=True)


class ReviewPage(ReviewCase):
    def write_cases(self):
        for name in ("a", "b", "c"):
            shutil.copy(BALL, self.cases / f"{name}.json")
            (self.cases / f"{name}.args").write_text("graph --width 320 --height 200\n")
        animplot("check", self.cases, "--record", "missing", check=False)
        # Each output changes: three failed cases.
        for name in ("a", "b", "c"):
            (self.cases / f"{name}.args").write_text("graph --width 320 --height 200 --theme light\n")
        self.before = {name: (self.cases / f"{name}.png").read_bytes() for name in ("a", "b", "c")}

    def title(self):
        return self.driver.find_element("id", "title").text

    def test_approve_reject_and_keys(self):
        from selenium.webdriver.common.keys import Keys

        d = self.driver
        d.get(self.url)
        wait(lambda: self.title() == "a.png", "the first case")
        wait(lambda: len(d.find_elements("css selector", "#images img")) >= 3, "the pictures")
        for theme in ("dark", "light"):
            d.execute_cdp_cmd("Emulation.setEmulatedMedia", {"features": [{"name": "prefers-color-scheme", "value": theme}]})
            screenshot(d, f"review_{theme}")
        # a: approve the first case; the undecided filter moves on to b.
        d.find_element("tag name", "body").send_keys("a")
        wait(lambda: self.title() == "b.png", "the next case after approving")
        expected = self.root / "expected.png"
        animplot("graph", self.cases / "a.json", "--width", "320", "--height", "200", "--theme", "light", "-o", expected)
        self.assertEqual((self.cases / "a.png").read_bytes(), expected.read_bytes())
        # r: reject b; nothing written.
        d.find_element("tag name", "body").send_keys("r")
        wait(lambda: self.title() == "c.png", "the next case after rejecting")
        self.assertEqual((self.cases / "b.png").read_bytes(), self.before["b"])
        # j and k move without deciding; s swaps expected and actual in one place.
        d.find_element("tag name", "body").send_keys("s")
        swapped = wait(lambda: d.find_elements("css selector", "figure.swap img"), "the swap view")[0]
        first = swapped.get_attribute("data-which")
        d.find_element("tag name", "body").send_keys("s")
        wait(lambda: d.find_element("css selector", "figure.swap img").get_attribute("data-which") != first, "a swap")
        self.assertEqual((self.cases / "c.png").read_bytes(), self.before["c"])
        # Done: the summary on standard output, exit 1 (b and c are not approved).
        d.find_element("id", "done").click()
        self.assertEqual(self.process.wait(10), 1)
        out = self.process.stdout.read()
        self.assertIn("APPROVED", out)
        self.assertIn("review: 1 approved, 1 rejected, 1 left", out)


class ReviewOtherVerbs(ReviewCase):
    """A `play` case (an animation) and an `edit` case (an action file) under review: the first
    shows the frame its pictures are of, the second its changes by row; approving the animation
    writes the whole animation drawn."""
    prefix = "animplot-review-verbs-"
    size = (1300, 900)

    def write_cases(self):
        for name in ("play", "edit"):
            shutil.copy(BALL, self.cases / f"{name}.json")
        (self.cases / "play.args").write_text("play --width 320 --height 180 --frames 20:40 --step 5\n")
        (self.cases / "edit.args").write_text("edit --select 'location[2]:3' --translate 2,0\n")
        animplot("check", self.cases, "--record", "missing", check=False)
        (self.cases / "play.args").write_text("play --width 320 --height 180 --frames 20:40 --step 5 --theme light\n")
        (self.cases / "edit.args").write_text("edit --select 'location[2]:3' --translate 3,0\n")
        self.before = (self.cases / "edit.edited.json").read_bytes()

    def test_animation_and_edit(self):
        d = self.driver
        d.get(self.url)
        title = lambda: d.find_element("id", "title").text
        wait(lambda: title() == "edit.edited.json", "the edit case")
        changes = wait(lambda: d.find_elements("css selector", "#images ul.changes li"), "the changes by row")
        self.assertIn("channel location[2]: key at frame 58 → 59 (handleLeft, handleRight changed)", [c.text for c in changes])
        self.assertTrue(d.find_elements("css selector", "#images details pre.diff"), "the text diff, folded")
        for theme in ("dark", "light"):
            d.execute_cdp_cmd("Emulation.setEmulatedMedia", {"features": [{"name": "prefers-color-scheme", "value": theme}]})
            screenshot(d, f"review_edit_{theme}")
        # r: the edit is rejected, nothing written; then the animation.
        d.find_element("tag name", "body").send_keys("r")
        wait(lambda: title() == "play.apng", "the play case")
        note = wait(lambda: d.find_elements("css selector", "#images p.frame"), "the frame shown")[0]
        self.assertEqual(note.text, "frame 1 of the animation, the first that differs")
        wait(lambda: len(d.find_elements("css selector", "#images img")) >= 3, "the pictures of that frame")
        for theme in ("dark", "light"):
            d.execute_cdp_cmd("Emulation.setEmulatedMedia", {"features": [{"name": "prefers-color-scheme", "value": theme}]})
            screenshot(d, f"review_play_{theme}")
        d.find_element("tag name", "body").send_keys("a")
        wait(lambda: "wrote" in d.find_element("id", "status").text, "the approval")
        expected = self.root / "expected.apng"
        animplot("play", self.cases / "play.json", "--width", "320", "--height", "180", "--frames", "20:40", "--step", "5",
                 "--theme", "light", "-o", expected)
        self.assertEqual((self.cases / "play.apng").read_bytes(), expected.read_bytes())
        self.assertEqual((self.cases / "edit.edited.json").read_bytes(), self.before)
        d.find_element("id", "done").click()
        self.assertEqual(self.process.wait(10), 1)
        self.assertIn("review: 1 approved, 1 rejected, 0 left", self.process.stdout.read())
