#!/usr/bin/env python
# A setup.py as real projects write it: read for its literals, never run.
import os
import sys

from setuptools import find_packages, setup

here = os.path.abspath(os.path.dirname(__file__))

BASE = [
    "requests>=2.20",  # HTTP
    'PyYAML >= 5.1',
]
EXTRA_BASE = ("click",)

if sys.argv[-1] == "publish":
    os.system("twine upload dist/*")
    sys.exit()

setup(
    name="setuppy-demo",
    version="1.0",
    packages=find_packages(exclude=("tests",)),
    install_requires=BASE + ["six"] + [
        "importlib-metadata; python_version < '3.8'",
    ] + EXTRA_BASE,
    tests_require="""
        pytest>=7
        # a comment line
        responses
    """,
    extras_require={
        "socks": ["PySocks>=1.5.6, !=1.5.7"],
        "test": ["pytest-cov"],
        ":sys_platform == 'win32'": ["colorama"],
        "yaml:python_version >= '3.8'": ["ruamel.yaml; platform_system != 'Windows'"],
    },
    entry_points={"console_scripts": ["demo=demo:main"]},
)
