import demoedit
import demohelper
import demolib


def test_load():
    assert demolib.load("a: 1") == {"a": 1}


def test_year():
    assert demohelper.year("2024-05-01") == 2024


def test_edit():
    assert demoedit.VALUE == 42
