from shapes.area import area, describe


def test_square():
    assert area("square", 3) == 9


def test_circle_large():
    assert describe("circle", 10) == "large"
