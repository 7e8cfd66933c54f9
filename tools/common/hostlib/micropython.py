"""A CPython stand-in for MicroPython's ``micropython`` module (host tools and tests only).

The firmware imports ``const`` from it as on the device (``from micropython import
const``), so the simulator, the tools and the tests put this folder on sys.path before
they import firmware; lib/svara, which pip installs on plain CPython, keeps its own
fallback. Here: ``const`` (the value itself, as MicroPython gives it to
code that reads the name at run time), and the heap lock as no-ops (CPython has no
fixed heap to lock; a check that locks it runs there without measuring anything).
"""


def const(value):
    return value


def heap_lock():
    return 0


def heap_unlock():
    return 0
