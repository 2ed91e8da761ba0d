"""The application: a session for the greeting service."""
import urllib3
import requests


def session():
    urllib3.disable_warnings()
    return requests.Session()
