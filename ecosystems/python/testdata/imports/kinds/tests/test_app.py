import pytest

import app
import helpers_for_tests


def test_load():
    assert app.load("a: 1") == {"a": 1}
