import os
import allure
import pytest


@allure.feature("cart")
@allure.tag("smoke")
def test_add_item():
    with allure.step("open the cart"):
        with allure.step("log in"):
            pass
    with allure.step("add an apple"):
        allure.attach("apple x1", name="cart contents", attachment_type=allure.attachment_type.TEXT)
    assert 1 + 1 == 2


@allure.feature("cart")
def test_total_is_wrong():
    with allure.step("compute the total"):
        total = 3
        assert total == 4, "total should be 4"


def test_broken_lookup():
    raise KeyError("missing price")


@pytest.mark.skip(reason="checkout is not written yet")
def test_checkout():
    pass


@pytest.mark.parametrize("quantity", [1, 2])
def test_quantity(quantity):
    assert quantity < 2


COUNTER = os.path.join(os.path.dirname(__file__), ".flaky-count")


@pytest.mark.flaky(reruns=2)
def test_flaky_network():
    count = int(open(COUNTER).read()) if os.path.exists(COUNTER) else 0
    open(COUNTER, "w").write(str(count + 1))
    assert count >= 1, "network timed out"


@pytest.mark.xfail(reason="rounding bug")
def test_rounding():
    assert round(2.675, 2) == 2.68


@pytest.fixture
def database():
    raise RuntimeError("database is down")


def test_with_broken_fixture(database):
    pass
