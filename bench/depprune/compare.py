#!/usr/bin/env python3
"""Compare envaudit's bloat findings with DepPrune's removal-confirmed bloat.

One project (bench/depprune/run.sh calls it after each run):

    compare.py --project P --lock LOCK --debloated DEBLOATED --report REPORT
               --root DIR [--install ci|install|failed] [--status N]
               [--details FILE] [--pred-out FILE]

prints one tab-separated row (run.sh appends the exit status of the tests
run again without envaudit's bloat) and writes envaudit's bloat copies to
FILE, one install path a line, for run.sh to remove. The universe is every runtime copy of the
install: a non-dev "node_modules/..." key of DepPrune's lockfile whose
directory the install made. Removal-confirmed bloat (the truth) is the
universe's keys that DepPrune's debloated lockfile no longer has. envaudit's
bloat is the copies its bloat findings name (the paths in each finding's
message, which names every copy of the version it is about); "by name" is
the same without the findings of an idle copy of a loaded name (those
whose message says only another copy was loaded), as envaudit reported
bloat before issue 19. DETAILS lists every copy one side has and the other
lacks, with what envaudit said of the name.

The table (run.sh calls it once at the end):

    compare.py --table ROWS

prints the rows as Markdown with the totals: recall = |both| / |truth|,
precision = |both| / |envaudit|, over the copies of all projects, and the
same over the projects whose tests passed, which are the only ones where
DepPrune's removals were confirmed.
"""

import argparse
import json
import os
import re
import sys

FIELDS = ["project", "install", "status", "runtime", "truth", "envaudit", "both",
          "byname", "bynameboth", "after"]


def runtime_copies(lock, root):
    out = {}
    for key, entry in lock.get("packages", {}).items():
        if not key.startswith("node_modules/") or entry.get("dev") or entry.get("link"):
            continue
        if os.path.isdir(os.path.join(root, key)):
            out[key] = entry.get("version", "")
    return out


PATHS = re.compile(r"is installed \(([^)]*)\)")


def bloat_copies(report, root):
    """The copies envaudit's npm bloat findings name, and those of its
    findings about idle copies of loaded names."""
    every, idle = set(), set()
    installed = {}
    for eco in report.get("ecosystems", []):
        if eco.get("name") != "npm":
            continue
        for p in eco.get("installed") or []:
            installed.setdefault((p["name"], p.get("version", "")), []).append(p.get("path", ""))
        for f in eco.get("findings") or []:
            if f.get("kind") != "bloat":
                continue
            m = PATHS.search(f.get("message", ""))
            if m:
                paths = [x.strip() for x in m.group(1).split(", ")]
            else:
                paths = installed.get((f["package"], f.get("version", "")), [])
            paths = [os.path.relpath(x, root) if os.path.isabs(x) else x for x in paths]
            every.update(paths)
            if "only another copy was" in f.get("message", ""):
                idle.update(paths)
    return every, idle


def said(report):
    """What envaudit said of each name that is not bloat: its findings'
    kind and reason, and whether it was traced."""
    out = {}
    for eco in report.get("ecosystems", []):
        if eco.get("name") != "npm":
            continue
        for t in eco.get("traced") or []:
            out.setdefault(t["name"], set()).add("traced")
        for f in eco.get("findings") or []:
            if f.get("kind") != "bloat":
                out.setdefault(f["package"], set()).add(f["kind"] + " " + f.get("reason", ""))
    return out


def name_of(key):
    return key.rsplit("node_modules/", 1)[1]


def one(args):
    lock = json.load(open(args.lock))
    debloated = json.load(open(args.debloated))
    report = json.load(open(args.report)) if os.path.exists(args.report) else {}
    universe = runtime_copies(lock, args.root)
    kept = set(debloated.get("packages", {}))
    truth = {k for k in universe if k not in kept}
    every, idle = bloat_copies(report, args.root)
    pred = every & set(universe)
    byname = (every - idle) & set(universe)
    row = {
        "project": args.project, "install": args.install, "status": args.status,
        "runtime": len(universe), "truth": len(truth), "envaudit": len(pred),
        "both": len(pred & truth), "byname": len(byname), "bynameboth": len(byname & truth),
    }
    print("\t".join(str(row[f]) for f in FIELDS[:-1]))
    if args.pred_out:
        with open(args.pred_out, "w") as o:
            for k in sorted(pred, key=lambda k: -k.count("node_modules/")):
                o.write(k + "\n")
    if args.details:
        notes = said(report)
        with open(args.details, "w") as d:
            d.write("# %s: removal-confirmed copies envaudit does not call bloat\n" % args.project)
            for k in sorted(truth - pred):
                d.write("%s %s: %s\n" % (k, universe[k], ", ".join(sorted(notes.get(name_of(k), {"nothing"})))))
            d.write("# %s: envaudit's bloat DepPrune kept\n" % args.project)
            for k in sorted(pred - truth):
                d.write("%s %s\n" % (k, universe[k]))


def ratio(a, b):
    return "%.3f" % (a / b) if b else "–"


def table(path):
    rows = []
    for line in open(path):
        v = line.rstrip("\n").split("\t")
        if len(v) == len(FIELDS):
            rows.append(dict(zip(FIELDS, v)))
    print("| project | install | test exit | runtime copies | removal-confirmed | envaudit bloat | both | recall | precision | recall by name | tests without envaudit's bloat |")
    print("|---|---|---|---:|---:|---:|---:|---:|---:|---:|---|")
    nums = FIELDS[3:-1]
    tot = {f: 0 for f in nums}
    ok = {f: 0 for f in nums}
    for r in rows:
        n = {f: int(r[f]) for f in nums}
        for f in nums:
            tot[f] += n[f]
            if r["status"] == "0":
                ok[f] += n[f]
        after = {"": "–", "0": "pass"}.get(r["after"], "fail (%s)" % r["after"])
        print("| %s | %s | %s | %d | %d | %d | %d | %s | %s | %s | %s |" % (
            r["project"], r["install"], r["status"], n["runtime"], n["truth"], n["envaudit"], n["both"],
            ratio(n["both"], n["truth"]), ratio(n["both"], n["envaudit"]), ratio(n["bynameboth"], n["truth"]), after))
    for label, t in (("all", tot), ("tests passed", ok)):
        print("| **%s** | | | %d | %d | %d | %d | **%s** | **%s** | %s | |" % (
            label, t["runtime"], t["truth"], t["envaudit"], t["both"],
            ratio(t["both"], t["truth"]), ratio(t["both"], t["envaudit"]), ratio(t["bynameboth"], t["truth"])))


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--table")
    ap.add_argument("--project")
    ap.add_argument("--install", default="ci")
    ap.add_argument("--status", default="0")
    ap.add_argument("--lock")
    ap.add_argument("--debloated")
    ap.add_argument("--report")
    ap.add_argument("--root")
    ap.add_argument("--details")
    ap.add_argument("--pred-out")
    args = ap.parse_args()
    if args.table:
        table(args.table)
        return
    for need in ("project", "lock", "debloated", "report", "root"):
        if getattr(args, need) is None:
            sys.exit("compare.py: --%s is required" % need)
    one(args)


if __name__ == "__main__":
    main()
