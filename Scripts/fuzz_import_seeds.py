#!/usr/bin/env python3
"""Seeds for the importers' fuzzers (fuzz-import): one folder per kind, from the examples,
the fixtures and, when there, the public sample files of the shared reference folder.

usage: fuzz_import_seeds.py FOLDER SHARED
A .gltf's external buffers are inlined as data: URIs (the fuzzer reads one file); a .lottie
archive is made from a Lottie JSON; CSV gets the fixtures' value tables and a time column.
"""
import base64, io, json, os, sys, zipfile

LIMIT = 131072  # libFuzzer's -max_len in Scripts/fuzz.sh


def write(folder, kind, name, data):
    if len(data) > LIMIT:
        return
    os.makedirs(os.path.join(folder, kind), exist_ok=True)
    with open(os.path.join(folder, kind, "seed-" + name), "wb") as f:
        f.write(data)


def files(root, *extensions):
    for dirpath, _, names in sorted(os.walk(root)):
        for name in sorted(names):
            if name.endswith(extensions):
                yield os.path.join(dirpath, name)


def inlined_gltf(path):
    document = json.load(open(path))
    for buffer in document.get("buffers", []):
        uri = buffer.get("uri")
        if uri and not uri.startswith("data:"):
            data = open(os.path.join(os.path.dirname(path), uri), "rb").read()
            buffer["uri"] = "data:application/octet-stream;base64," + base64.b64encode(data).decode()
    return json.dumps(document).encode()


def lottie_archive(name, data):
    out = io.BytesIO()
    with zipfile.ZipFile(out, "w") as z:
        z.writestr("manifest.json", json.dumps({"animations": [{"id": "a"}]}))
        z.writestr("animations/a.json", data)
    return out.getvalue()


def main(folder, shared):
    realdata = os.path.join(shared, "realdata")
    for path in ["Examples/hop.glb", *files(os.path.join(realdata, "gltf"), ".glb", ".gltf")]:
        if os.path.isfile(path):
            data = inlined_gltf(path) if path.endswith(".gltf") else open(path, "rb").read()
            write(folder, "gltf", os.path.basename(path), data)
    for path in files(os.path.join(realdata, "lottie"), ".json", ".lottie"):
        data = open(path, "rb").read()
        write(folder, "lottie", os.path.basename(path), data)
        if path.endswith(".json"):
            write(folder, "lottie", os.path.basename(path) + ".lottie", lottie_archive(path, data))
    for path in files(os.path.join(realdata, "unity"), ".anim"):
        write(folder, "unity", os.path.basename(path), open(path, "rb").read())
    for path in files("Fixtures", ".csv"):
        write(folder, "csv", os.path.basename(path), open(path, "rb").read())
    write(folder, "csv", "time.csv", b"time,x,y\n0,0,1\n0.5,2,-1\n1.25,1e3,0\n")
    write(folder, "csv", "semicolon.csv", b"frame;Location X;Location Y\n1;0,5;1\n10;2;-1\n")


if __name__ == "__main__":
    main(sys.argv[1], sys.argv[2])
