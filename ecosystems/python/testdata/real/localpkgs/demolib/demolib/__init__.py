"""A library that loads YAML."""
import yaml


def load(text):
    return yaml.safe_load(text)
