#!/usr/bin/env python3
"""The browser tests: headless Chromium driven by selenium loads what animplot makes for
browsers (the interactive HTML of `graph` and `dopesheet`, the page of `animplot serve`) and
uses it as a reader would.

usage: python3 Tests/Browser/run.py [-k PATTERN] [-v]

They run the release binary, .build/release/animplot (`make test` builds it before; set
ANIMPLOT to use another). Without selenium, Chromium or chromedriver they are skipped, saying
what is missing, unless CI is set: then they fail. Screenshots are written to
.build/browser-tests/ (ANIMPLOT_BROWSER_OUT to change) for a person to look at.
"""
import os
import shutil
import sys
import unittest
from pathlib import Path

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent.parent


def missing():
    """What the tests need and this machine lacks, in words; empty when nothing."""
    lacks = []
    try:
        import selenium  # noqa: F401
    except ImportError:
        lacks.append("selenium (pip install selenium)")
    if not any(shutil.which(n) for n in ("chromium", "chromium-browser", "google-chrome")):
        lacks.append("Chromium (Debian: apt-get install chromium)")
    if not shutil.which("chromedriver"):
        lacks.append("chromedriver (Debian: apt-get install chromium-driver)")
    return lacks


def main():
    lacks = missing()
    binary = Path(os.environ.get("ANIMPLOT", ROOT / ".build/release/animplot"))
    if not binary.is_file():
        lacks.append(f"the binary {binary} (swift build -c release --product animplot)")
    if lacks:
        what = "no " + ", no ".join(lacks) + "; install them and run python3 Tests/Browser/run.py"
        if os.environ.get("CI"):
            print("browser-tests: failed: CI is set and there is " + what)
            return 1
        print("browser-tests: skipped: " + what)
        return 0
    os.environ["ANIMPLOT"] = str(binary)
    sys.path.insert(0, str(HERE))
    pattern = None
    args = sys.argv[1:]
    if "-k" in args:
        pattern = args[args.index("-k") + 1]
    loader = unittest.TestLoader()
    if pattern:
        loader.testNamePatterns = [f"*{pattern}*"]
    suite = loader.discover(str(HERE), pattern="test_*.py", top_level_dir=str(HERE))
    result = unittest.TextTestRunner(verbosity=2 if "-v" in args else 1).run(suite)
    return 0 if result.wasSuccessful() else 1


if __name__ == "__main__":
    sys.exit(main())
