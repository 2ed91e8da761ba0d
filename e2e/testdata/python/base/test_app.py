import json
import os
import sys

import app


def test_session():
    assert app.session() is not None


def test_record_environment():
    # Where the end-to-end tests read the environment the test command ran
    # with (@EVIDENCE@ is replaced when the repository is made).
    e = os.environ
    out = os.path.join("@EVIDENCE@", "%s-%s-%s.json" % (e["GITHUB_JOB"], e["GITHUB_RUN_ID"], e["GITHUB_RUN_ATTEMPT"]))
    with open(out, "w") as f:
        json.dump({"env": dict(e), "tool": sys.version, "program": sys.executable}, f)
