import math


def area(kind, size):
    if kind == "square":
        return size * size
    elif kind == "circle":
        return math.pi * size * size
    elif kind == "triangle":
        return size * size * math.sqrt(3) / 4
    raise ValueError(f"unknown shape {kind}")


def describe(kind, size):
    value = area(kind, size)
    if value > 100:
        return "large"
    return "small"


def never_called():
    total = 0
    for i in range(10):
        total += i
    return total
