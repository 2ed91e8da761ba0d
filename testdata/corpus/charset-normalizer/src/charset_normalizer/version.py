"""
Expose version
"""

__version__ = "3.0.1"
VERSION = __version__.split(".")
