"""What the host tools share: their argument parser (--help from the tool's docstring,
a bad argument as one line and exit status 2), a one-line progress report on stderr for
the long jobs (exact-odds count, CFR solve, tournaments, the long fuzz runs), and the
tools' one-line error.

    args = parser(__doc__).parse_args(argv)    # after add_argument() calls

    bar = Progress(total, "deals")
    for ...:
        bar.update()          # or bar.update(k), or bar.set(done)
    bar.close()

On a terminal the line redraws itself in place (at most 5 times a second); into a file
or a pipe it writes a plain line at every tenth, so logs stay short. Nothing here is
needed by the game: standard library only.
"""
import argparse
import os
import sys
import time


def tool_name():
    """The tool's name as it is run: 'python -m tools.gen.strings' (the file's name when
    it was run by path, as tools/mp/unix_keys.py is on MicroPython)."""
    spec = getattr(sys.modules.get("__main__"), "__spec__", None)
    if spec is not None and spec.name.startswith("tools."):
        name = spec.name[:-len(".__main__")] if spec.name.endswith(".__main__") else spec.name
        return "python -m " + name
    return os.path.basename(sys.argv[0] or "tool")


class Parser(argparse.ArgumentParser):
    """argparse with a one-line error: 'python -m tools.x.y: error: ... (python -m
    tools.x.y --help says more)'."""

    def __init__(self, *args, **kw):
        kw.setdefault("prog", tool_name())
        super().__init__(*args, **kw)

    def error(self, message):
        # One line even when an argument holds a newline ("unrecognized arguments: a\nb").
        self.exit(2, "%s: error: %s (%s --help says more)\n" % (
            self.prog, " ".join(message.split()), self.prog))


def whole(low, parse=int):
    """An argparse type: a whole number >= low (``parse=float`` also takes 2e6)."""
    def check(text):
        try:
            value = int(parse(text))
        except (ValueError, OverflowError):
            value = None
        if value is None or value < low:
            raise argparse.ArgumentTypeError("want a whole number >= %d, not %r" % (low, text))
        return value
    return check


def port_type(text):
    """An argparse type: a TCP port, 0 (any free one) to 65535."""
    try:
        value = int(text)
    except ValueError:
        value = -1
    if not 0 <= value <= 65535:
        raise argparse.ArgumentTypeError("want a port from 0 to 65535, not %r" % text)
    return value


def seconds_type(text):
    """An argparse type: a number of seconds above 0."""
    try:
        value = float(text)
    except ValueError:
        value = 0
    if not value > 0:
        raise argparse.ArgumentTypeError("want a number of seconds above 0, not %r" % text)
    return value


def parser(doc, **kw):
    """A Parser whose --help prints the tool's docstring ``doc`` as it is written."""
    return Parser(description=doc, formatter_class=argparse.RawDescriptionHelpFormatter, **kw)


class Progress:
    """done/total, the share, time taken and time left, on one line of stderr."""

    def __init__(self, total, what="steps", stream=None, every=0.2):
        self.total = max(int(total), 1)
        self.what = what
        self.stream = stream or sys.stderr
        self.every = every
        self.done = 0
        self.start = time.monotonic()
        self._shown = -1.0
        self._tenth = -1
        self._tty = hasattr(self.stream, "isatty") and self.stream.isatty()
        self._open = False

    def update(self, k=1):
        self.set(self.done + k)

    def set(self, done):
        self.done = min(done, self.total)
        now = time.monotonic()
        if self._tty:
            if now - self._shown >= self.every or self.done == self.total:
                self._shown = now
                self.stream.write("\r" + self.line(now) + "  ")
                self.stream.flush()
                self._open = True
        else:
            tenth = 10 * self.done // self.total
            if tenth != self._tenth:
                self._tenth = tenth
                self.stream.write(self.line(now) + "\n")
                self.stream.flush()

    def line(self, now=None):
        """The progress as text: 'deals 1,200/5,000 (24%) 3s, about 9s left'."""
        spent = (now or time.monotonic()) - self.start
        text = "%s %s/%s (%d%%) %s" % (self.what, "{:,}".format(self.done),
                                       "{:,}".format(self.total),
                                       100 * self.done // self.total, _span(spent))
        if 0 < self.done < self.total:
            text += ", about %s left" % _span(spent * (self.total - self.done) / self.done)
        return text

    def close(self):
        if self._open:
            self.stream.write("\n")
            self.stream.flush()
            self._open = False


def _span(seconds):
    s = int(seconds + 0.5)
    if s < 60:
        return "%ds" % s
    if s < 3600:
        return "%dm%02ds" % (s // 60, s % 60)
    return "%dh%02dm" % (s // 3600, s % 3600 // 60)


def fail(message, status=2, prog=None):
    """Say ``message`` as one line on stderr, prefixed by the tool's name; return status."""
    print("%s: %s" % (prog or tool_name(), " ".join(str(message).split())), file=sys.stderr)
    return status


def one_line(error):
    """An exception as one line: a syntax error's file and line, an OS error's path and
    reason, else the first lines of its message joined."""
    if isinstance(error, SyntaxError):
        return "%s, line %s: %s" % (error.filename, error.lineno, error.msg)
    if isinstance(error, UnicodeDecodeError):
        return "not UTF-8 (%s)" % error.reason
    if isinstance(error, OSError) and error.filename:
        return "%s: %s" % (error.filename, error.strerror or error)
    if isinstance(error, OSError) and error.strerror:
        return error.strerror
    lines = [ln.strip() for ln in str(error).splitlines() if ln.strip()]
    return " ".join(lines[:3])[:500] or type(error).__name__
