"""What the browser tests share: the binary, a headless Chromium, screenshots and PNG pixels."""
import json
import os
import re
import shutil
import struct
import subprocess
import tempfile
import time
import zlib
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent.parent
OUT = Path(os.environ.get("ANIMPLOT_BROWSER_OUT", ROOT / ".build/browser-tests"))


def wait(condition, what, seconds=15):
    """Waits until condition() is truthy; its value."""
    deadline = time.time() + seconds
    while time.time() < deadline:
        value = condition()
        if value:
            return value
        time.sleep(0.05)
    raise AssertionError(f"timed out waiting for {what}")


def animplot(*args, check=True):
    """Runs the binary in the repository's root; its standard output."""
    run = subprocess.run([os.environ["ANIMPLOT"], *map(str, args)], cwd=ROOT, capture_output=True, text=True)
    if check and run.returncode != 0:
        raise AssertionError(f"animplot {' '.join(map(str, args))}: exit {run.returncode}: {run.stderr}")
    return run.stdout


def evaluate(path, frames, *extra):
    """`animplot eval PATH --at FRAMES --format json`: {label: [values]} in the order of `frames`."""
    text = animplot("eval", path, "--at", ",".join(repr(f) for f in frames), "--format", "json", *extra)
    table = json.loads(text)
    return {t["label"]: t["values"] for t in table["tracks"]}


def page_data(html):
    """The data an interactive HTML page holds (its `animplot-data` script)."""
    match = re.search(r'<script type="application/json" id="animplot-data">\n(.*?)\n</script>', html, re.S)
    return json.loads(match.group(1))


def browser(width=1400, height=900):
    """A headless Chromium of `width`×`height` CSS pixels at device pixel ratio 1."""
    from selenium import webdriver
    from selenium.webdriver.chrome.service import Service

    options = webdriver.ChromeOptions()
    for name in ("chromium", "chromium-browser", "google-chrome"):
        if shutil.which(name):
            options.binary_location = shutil.which(name)
            break
    for arg in ("--headless=new", "--no-sandbox", "--disable-gpu", "--hide-scrollbars",
                "--force-device-scale-factor=1", f"--window-size={width},{height}",
                "--user-data-dir=" + tempfile.mkdtemp(prefix="animplot-chromium-")):
        options.add_argument(arg)
    driver = webdriver.Chrome(service=Service(shutil.which("chromedriver")), options=options)
    driver.set_window_size(width, height)
    return driver


def screenshot(driver, name):
    """Saves a screenshot as OUT/NAME.png; its pixels (`PNG`)."""
    OUT.mkdir(parents=True, exist_ok=True)
    data = driver.get_screenshot_as_png()
    (OUT / f"{name}.png").write_bytes(data)
    return PNG(data)


def pointer_to(driver, element, x, y):
    """Moves the pointer to (x, y) CSS pixels from `element`'s top left corner."""
    from selenium.webdriver.common.actions.action_builder import ActionBuilder

    left, top = driver.execute_script(
        "var r = arguments[0].getBoundingClientRect(); return [r.left, r.top];", element)
    actions = ActionBuilder(driver, duration=0)
    actions.pointer_action.move_to_location(int(round(left + x)), int(round(top + y)))
    actions.perform()


class PNG:
    """An 8-bit RGB or RGBA PNG, non-interlaced (what Chromium's screenshots are): `pixel(x, y)`."""

    def __init__(self, data):
        assert data[:8] == b"\x89PNG\r\n\x1a\n", "not a PNG"
        pos, idat = 8, b""
        while pos < len(data):
            length, kind = struct.unpack(">I4s", data[pos:pos + 8])
            body = data[pos + 8:pos + 8 + length]
            if kind == b"IHDR":
                self.width, self.height, depth, color, _, _, interlace = struct.unpack(">IIBBBBB", body)
                assert depth == 8 and color in (2, 6) and interlace == 0, f"PNG kind {depth}/{color}/{interlace}"
                self.channels = 4 if color == 6 else 3
            elif kind == b"IDAT":
                idat += body
            pos += 12 + length
        raw = zlib.decompress(idat)
        stride = self.width * self.channels
        rows, previous = [], bytearray(stride)
        for y in range(self.height):
            f = raw[y * (stride + 1)]
            row = bytearray(raw[y * (stride + 1) + 1:(y + 1) * (stride + 1)])
            for i in range(stride):
                a = row[i - self.channels] if i >= self.channels else 0
                b = previous[i]
                c = previous[i - self.channels] if i >= self.channels else 0
                if f == 1:
                    row[i] = (row[i] + a) & 255
                elif f == 2:
                    row[i] = (row[i] + b) & 255
                elif f == 3:
                    row[i] = (row[i] + (a + b) // 2) & 255
                elif f == 4:
                    p = a + b - c
                    pa, pb, pc = abs(p - a), abs(p - b), abs(p - c)
                    row[i] = (row[i] + (a if pa <= pb and pa <= pc else b if pb <= pc else c)) & 255
            rows.append(row)
            previous = row
        self.rows = rows

    def pixel(self, x, y):
        """(r, g, b) at column x, row y."""
        i = x * self.channels
        return tuple(self.rows[y][i:i + 3])
