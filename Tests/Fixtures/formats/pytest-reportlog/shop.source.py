import pytest


@pytest.fixture
def broken_setup():
    raise RuntimeError("database is down")


@pytest.fixture
def broken_teardown():
    yield 1
    raise RuntimeError("could not clean up")


def test_adds():
    print("adding")
    assert 1 + 1 == 2


def test_fails():
    assert [1, 2] == [1, 3]


@pytest.mark.skip(reason="not on this platform")
def test_skipped():
    pass


@pytest.mark.xfail(reason="known bug 12")
def test_xfail():
    assert False


@pytest.mark.xfail(reason="fixed already?")
def test_xpass():
    assert True


def test_setup_error(broken_setup):
    pass


def test_teardown_error(broken_teardown):
    pass


class TestBasket:
    @pytest.mark.parametrize("count", [1, 2])
    def test_count(self, count):
        assert count < 2
