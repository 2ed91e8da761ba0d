"""Installed in editable mode: its files stay in the source tree."""
VALUE = 42
