"""Writes the files of every module loaded during the test session to
$ENVAUDIT_MODULES_OUT, the oracle the traced run is compared with."""
import json
import os
import sys


def pytest_sessionfinish(session, exitstatus):
    out = os.environ.get("ENVAUDIT_MODULES_OUT")
    if not out:
        return
    files = sorted({m.__file__ for m in list(sys.modules.values()) if getattr(m, "__file__", None)})
    with open(out, "w") as f:
        json.dump(files, f)
