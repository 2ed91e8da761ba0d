"""A greeting library. It uses python-dateutil, which requirements.txt
declares; tabulate, which happens to be installed here but is declared
nowhere; and six, which is installed only because python-dateutil depends
on it."""
from datetime import datetime

import six
from dateutil.relativedelta import relativedelta
from tabulate import tabulate


def greet(name, width=0):
    return six.text_type("Hello, %s!" % name).rjust(width)


def since(then, now):
    delta = relativedelta(now, then)
    return "%d months ago" % (delta.years * 12 + delta.months)


def table(names):
    return tabulate([[n, greet(n)] for n in names])
