"""Formats how long ago something happened, and fetches nothing yet."""
from datetime import datetime

import requests  # declared nowhere: present only because the machine has it
import six  # installed only because python-dateutil depends on it
from dateutil.relativedelta import relativedelta


def ago(then, now):
    delta = relativedelta(now, then)
    for unit in ("years", "months", "days", "hours", "minutes"):
        n = getattr(delta, unit)
        if n:
            return six.text_type("%d %s ago" % (n, unit if n > 1 else unit[:-1]))
    return "just now"


def session():
    return requests.Session()
