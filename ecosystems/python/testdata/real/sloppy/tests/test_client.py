from sloppyapp import client


def test_retries():
    assert client.retries().total == 3


def test_session():
    assert client.session() is not None
