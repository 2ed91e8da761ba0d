"""Python's own view of the installed distributions, which the real-install
tests compare envaudit's with.

    oracle.py dists          JSON list of the distributions on sys.path, in
                             importlib.metadata order: name (PEP 503),
                             version, path, files (absolute, or null)
    oracle.py owners         reads a JSON list of files on stdin and prints
                             {file: distribution name or null}
    oracle.py modules CODE   runs CODE, then prints the files of every
                             loaded module as a JSON list
"""
import importlib.metadata as md
import json
import os
import re
import sys


def canon(name):
    return re.sub(r"[-_.]+", "-", name).lower()


def dists():
    out = []
    for d in md.distributions():
        files = d.files
        out.append({
            "name": canon(d.metadata["Name"]),
            "version": d.version,
            "path": str(getattr(d, "_path", "")),
            "files": None if files is None else [os.path.normpath(str(d.locate_file(f))) for f in files],
        })
    return out


def owners(files):
    # Exact lists first; the first distribution of a name on sys.path wins.
    exact = {}
    listed = set()  # distributions with a file list: they own nothing else
    seen = set()
    for d in dists():
        if d["name"] in seen:
            continue
        seen.add(d["name"])
        if d["files"] is not None:
            listed.add(d["name"])
        for f in d["files"] or []:
            exact.setdefault(f, d["name"])
    # Editable installs record their source directory in direct_url.json
    # (PEP 610); their modules live there, outside every site directory.
    editable = []
    for d in md.distributions():
        text = d.read_text("direct_url.json")
        if text:
            info = json.loads(text)
            if info.get("dir_info", {}).get("editable") and info.get("url", "").startswith("file://"):
                editable.append((os.path.normpath(info["url"][len("file://"):]), canon(d.metadata["Name"])))
    tops = md.packages_distributions()
    sites = sorted((os.path.normpath(p) for p in sys.path if p and os.path.isdir(p)), key=len, reverse=True)
    result = {}
    for f in files:
        f = os.path.normpath(f)
        if f in exact:
            result[f] = exact[f]
            continue
        result[f] = None
        for src, name in editable:
            if f.startswith(src + os.sep):
                result[f] = name
        if result[f]:
            continue
        for s in sites:
            if f.startswith(s + os.sep):
                top = f[len(s) + 1:].split(os.sep)[0].split(".")[0]
                names = {canon(n) for n in tops.get(top, [])} - listed
                if len(names) == 1:
                    result[f] = names.pop()
                break
    return result


if __name__ == "__main__":
    if sys.argv[1] == "dists":
        json.dump(dists(), sys.stdout)
    elif sys.argv[1] == "owners":
        json.dump(owners(json.load(sys.stdin)), sys.stdout)
    elif sys.argv[1] == "modules":
        exec(sys.argv[2])
        json.dump(sorted({m.__file__ for m in list(sys.modules.values()) if getattr(m, "__file__", None)}), sys.stdout)
