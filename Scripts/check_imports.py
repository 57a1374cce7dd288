#!/usr/bin/env python3
"""Checks that Package.swift says what the code uses: every module a target's sources import
is one of its declared dependencies (a target of this package, or a product of a package it
depends on), never one it only receives through another target; the C library (Glibc, Musl,
Darwin) is imported by AnimplotPlatform alone, no source re-exports a module
(`@_exported import`), and no C module of Sources/ re-exports what its headers include
(`export *` would hand libc to every module importing it).

The targets and their dependencies come from `swift package describe --type json`; the imports
from each target's Swift sources (`import M`, `@testable import M`, `import struct M.T`, inside
`#if` blocks too). A product of another package provides the module of its own name (every
product this package uses does; `PRODUCT_MODULES` lists any that do not).

The README's module graph (the mermaid block under "## Layout") must be the manifest's: each
module of Sources/ (not the C modules) and the modules it depends on that it does not reach
through another (the graph without its shortcuts).

usage: python3 Scripts/check_imports.py         exit 1, naming each problem; then shows that the check
                                                finds an undeclared import and libc (self-test)
       python3 Scripts/check_imports.py --graph  prints the graph for the README
"""
import json
import re
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent

# Modules of the toolchain that any target may import without declaring them.
TOOLCHAIN = {"Swift", "Foundation", "FoundationEssentials", "FoundationNetworking", "FoundationXML", "Dispatch",
             "Synchronization", "_Concurrency", "RegexBuilder", "Observation"}
# Test frameworks: test targets and their helpers only.
TEST_FRAMEWORKS = {"XCTest", "Testing"}
# The C library: AnimplotPlatform only.
C_LIBRARY = {"Glibc", "Musl", "Darwin", "ucrt", "WinSDK"}
PLATFORM_TARGET = "AnimplotPlatform"
# Products of other packages whose module has another name than the product.
PRODUCT_MODULES: dict[str, set[str]] = {}

IMPORT = re.compile(
    r"(?:^|;)\s*((?:@[A-Za-z_]+(?:\([^)]*\))?\s+|(?:public|package|internal|private|fileprivate)\s+)*)"
    r"import\s+(?:(?:struct|class|enum|protocol|func|var|let|typealias)\s+)?([A-Za-z_][A-Za-z0-9_]*)")


def describe() -> dict:
    out = subprocess.run(["swift", "package", "describe", "--type", "json"], cwd=ROOT, check=True,
                         capture_output=True, text=True).stdout
    return json.loads(out[out.index("{"):])


def imports(text: str) -> list[tuple[int, str, bool]]:
    """Each import of Swift source `text`: its line, the module, whether it is re-exported."""
    found = []
    in_comment = False
    in_string = False
    for number, line in enumerate(text.splitlines(), 1):
        stripped = line.strip()
        # Inside a multi-line string literal (a script's text, say), an `import` is text.
        if line.count('"""') % 2 == 1:
            in_string = not in_string
            continue
        if in_string:
            continue
        if in_comment:
            in_comment = "*/" not in stripped
            continue
        if stripped.startswith("/*"):
            in_comment = "*/" not in stripped
            continue
        if stripped.startswith("//"):
            continue
        # Every import of the line (`import A; import B`), whatever its attributes
        # (`@testable`, `@preconcurrency`, `@_spi(X)`).
        for match in IMPORT.finditer(line.split("//")[0]):
            found.append((number, match.group(2), "@_exported" in (match.group(1) or "")))
    return found


def problems(package: dict, extra: dict[str, list[str]] | None = None) -> list[str]:
    """What the manifest does not say; `extra` adds imports (target → modules) for the self-test."""
    targets = {t["name"]: t for t in package["targets"]}
    modules = {t["name"]: t.get("c99name", t["name"]) for t in package["targets"]}
    found = []
    for name, target in sorted(targets.items()):
        declared = {modules.get(d, d) for d in target.get("target_dependencies") or []}
        for product in target.get("product_dependencies") or []:
            declared |= PRODUCT_MODULES.get(product, {product})
        # Test targets, and the helpers they share (a plain target under Tests/).
        is_test = target["type"] == "test" or target["path"].startswith("Tests/")
        own = modules[name]
        sources = [(ROOT / target["path"] / s) for s in target.get("sources", []) if s.endswith(".swift")]
        seen = [(str(p.relative_to(ROOT)), *i) for p in sources for i in imports(p.read_text(encoding="utf-8"))]
        seen += [(f"{target['path']} (self-test)", 0, m, False) for m in (extra or {}).get(name, [])]
        for file, line, module, exported in seen:
            where = f"{file}:{line}" if line else file
            if exported:
                found.append(f"{where}: re-exports {module} (@_exported): every target imports what it uses")
            if module in C_LIBRARY:
                if name != PLATFORM_TARGET:
                    found.append(f"{where}: imports the C library ({module}); only {PLATFORM_TARGET} may, the others use its API")
                continue
            if module == own or module in TOOLCHAIN:
                continue
            if module in TEST_FRAMEWORKS:
                if not is_test:
                    found.append(f"{where}: imports {module}, a test framework, in a target that is not a test")
                continue
            if module not in declared:
                found.append(f"{where}: target {name} imports {module}, which its dependencies in Package.swift do not list")
    return found


def module_map_problems() -> list[str]:
    """A C module that re-exports what its headers include (`export *`) hands the C library to
    every module importing it: none may."""
    return [f"{m.relative_to(ROOT)}: exports what its headers include (export *): libc would reach its importers"
            for m in sorted((ROOT / "Sources").glob("*/module.modulemap"))
            if re.search(r"^\s*export\s+\*", m.read_text(encoding="utf-8"), re.M)]


def self_test(package: dict) -> list[str]:
    """What is wrong with the check itself: it must find an undeclared module and the C library
    outside AnimplotPlatform, and read every form of import line."""
    extra = {"AnimplotCore": ["AnimplotCairo", "Glibc", "RealModule"]}
    found = problems(package, extra)
    expected = ["imports AnimplotCairo", "imports the C library (Glibc)"]
    wrong = [f"did not find {e!r}" for e in expected if not any(e in f for f in found)]
    if len(found) != 2:
        wrong.append(f"found {found}, expected only {expected}")
    forms = {
        "import A": ["A"], "@testable import A": ["A"], "@preconcurrency import A": ["A"],
        "@_spi(Internal) import A": ["A"], "import A; import B": ["A", "B"], "import struct A.T": ["A"],
        "  public import A // B": ["A"], "// import A": [], '"""\nimport A\n"""': [],
    }
    for text, modules in forms.items():
        seen = [module for _, module, _ in imports(text)]
        if seen != modules:
            wrong.append(f"{text!r} read as {seen}, not {modules}")
    return wrong


def module_graph(package: dict) -> set[tuple[str, str]]:
    """The edges between the Swift modules of Sources/ with the shortcuts left out."""
    targets = {t["name"]: t for t in package["targets"]
               if t["path"].startswith("Sources/") and t.get("module_type") == "SwiftTarget"}
    deps = {n: {d for d in t.get("target_dependencies") or [] if d in targets} for n, t in targets.items()}

    def reach(n: str) -> set[str]:
        seen: set[str] = set()
        stack = list(deps[n])
        while stack:
            m = stack.pop()
            if m not in seen:
                seen.add(m)
                stack += deps[m]
        return seen

    return {(n, m) for n in deps for m in deps[n] if not any(m in reach(k) for k in deps[n] if k != m)}


def readme_problems(package: dict) -> list[str]:
    text = (ROOT / "README.md").read_text(encoding="utf-8")
    section = text.split("\n## Layout", 1)[-1]
    block = re.search(r"```mermaid\n(.*?)```", section, re.S)
    if not block:
        return ["README.md, \"Layout\": no mermaid block with the module graph"]
    shown = set(re.findall(r"^\s*(\w[\w-]*)\s*-->\s*(\w[\w-]*)\s*$", block.group(1), re.M))
    actual = module_graph(package)
    return ([f"README.md, \"Layout\": shows {a} --> {b}, which Package.swift does not have" for a, b in sorted(shown - actual)]
            + [f"README.md, \"Layout\": lacks {a} --> {b}" for a, b in sorted(actual - shown)])


def main() -> int:
    package = describe()
    if "--graph" in sys.argv:
        for a, b in sorted(module_graph(package)):
            print(f"  {a} --> {b}")
        return 0
    found = problems(package) + module_map_problems() + readme_problems(package)
    for line in found:
        print(line, file=sys.stderr)
    if found:
        print(f"check_imports: {len(found)} problem(s): imports Package.swift does not declare, libc re-exported, "
              "or a README graph not its own", file=sys.stderr)
        return 1
    # Then the check is shown to work: it finds what it must on a clean manifest.
    wrong = self_test(package)
    for line in wrong:
        print(f"check_imports: self-test: {line}", file=sys.stderr)
    if wrong:
        return 1
    print(f"check_imports: every import of {len(package['targets'])} targets is a declared dependency, no C module "
          "re-exports libc, the README's graph is the manifest's; the check finds an undeclared import (self-test)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
