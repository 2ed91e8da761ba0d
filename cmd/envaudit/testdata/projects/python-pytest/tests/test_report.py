from datetime import datetime

import report


def test_ago():
    assert report.ago(datetime(2026, 1, 1), datetime(2026, 3, 1)) == "2 months ago"


def test_just_now():
    now = datetime(2026, 1, 1)
    assert report.ago(now, now) == "just now"
