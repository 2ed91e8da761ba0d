from setuptools import setup

setup(name="kinds", install_requires=["requests"])
