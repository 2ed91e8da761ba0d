import json

import requests
# Direct use of a package only requests brings.
import urllib3

import demolib

try:
    import ujson as fastjson
except ImportError:
    fastjson = json


def retries():
    return urllib3.util.Retry(total=3)


def session():
    return requests.Session()


def export(data):
    import yaml

    return yaml.safe_dump(data)


def parse_when(text):
    from dateutil import parser

    return parser.isoparse(text)


def fast(data):
    # A module nothing installed provides.
    from fastjsonx import dumps

    return dumps(data)
