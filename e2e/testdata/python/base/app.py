"""The application: a session for the greeting service."""
import requests


def session():
    return requests.Session()
