# install_requires computed from a file: not a literal, so not read here
# (the installed project's own Requires-Dist stands in for it).
from setuptools import setup


def read_requirements(name):
    with open(name) as f:
        return [l.strip() for l in f if l.strip() and not l.startswith("#")]


setup(
    name="computed-demo",
    install_requires=read_requirements("deps.txt"),
    extras_require={"test": ["pytest"]},
)
