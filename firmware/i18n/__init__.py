# The words on the screen. Each language is one module (en.py, ...) holding every
# user-visible string of the screens as module-level constants and small tuples; only
# the chosen language's module is imported, so the others cost no RAM.
LANGUAGES = ("en",)
_current = []


def strings():
    """The module of the current language's strings (English until another is chosen)."""
    if not _current:
        from i18n import en
        _current.append(en)
    return _current[0]
