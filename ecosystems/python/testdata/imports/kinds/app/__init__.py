"""Every way the project's own code imports a module."""
import json
import os.path
import sys
import requests
from urllib3.util import retry
from . import sub
from .sub import helpers
from app.sub import helpers as h2
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from mypy_extensions import TypedDict

try:
    import ujson as fastjson
except ImportError:
    import simplejson as fastjson

try:
    import colorama
except (OSError, ModuleNotFoundError):
    colorama = None

try:
    import lxml
finally:
    pass

try:
    import attr
except ImportError:
    raise ImportError("this needs attrs: pip install attrs")

try:
    import toml
except ImportError:
    sys.exit("install toml")

if sys.version_info >= (3, 8):
    import importlib.metadata as metadata
else:
    import importlib_metadata as metadata

if sys.platform == "win32":
    import winreg
    import pywin32_ctypes


def load(text):
    import yaml

    return yaml.safe_load(text)


def plugin(name):
    import importlib

    importlib.import_module("google.protobuf.json_format")
    importlib.import_module("." + name, "app")
    importlib.import_module(name)
    return __import__("six")


class Client:
    def auth(self):
        if self:
            from google.auth import credentials

            return credentials
        from notarealmodule import thing

        return thing
