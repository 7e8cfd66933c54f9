"""A CPython stand-in for MicroPython's ``micropython`` module (host tools and tests only).

The firmware and lib/svara import ``const`` from it inside ``try``/``except ImportError``
and fall back to their own identity function, so they run on CPython with or without
this folder on sys.path. Here: ``const`` (the value itself, as MicroPython gives it to
code that reads the name at run time), and the heap lock as no-ops (CPython has no
fixed heap to lock; a check that locks it runs there without measuring anything).
"""


def const(value):
    return value


def heap_lock():
    return 0


def heap_unlock():
    return 0
