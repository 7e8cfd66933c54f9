"""The game in a web page: the handset's own firmware on MicroPython's WebAssembly port.

    python3 -m tools.web build [--out DIR]          (make web)
    python3 -m tools.web serve [--out DIR] [--port N] [--host H]   (make web-serve)
    python3 -m tools.web shot [--out DIR] [--picture PNG] [--runs N]

build writes a static site to DIR (default build/web/), which opens from any static
host (relative addresses only):

    index.html, svara.js         the page and its script (from tools/web/)
    micropython.mjs / .wasm      the pinned port (package.json), as npm installed it
    game/                        the .mpy build of board "web" (firmware/boards/web/),
                                 made by tools/device/build.py as for a handset, with its
                                 svara.manifest, which the page reads to fetch the files

build refuses (exit 1, one line, nothing touched) a DIR that is neither new, empty, nor
a site it built (its game/ holds a build's manifest).

serve takes the address first (a port in use or an address not here is one line at
once), builds, then serves DIR on http://HOST:PORT/ (default 127.0.0.1:8000) until
Ctrl+C. The page takes ?seed=N (repeatable deals, as the simulator's --seed) and
?scale=2|3|fit. Prints the payload: every byte the page fetches to reach the title.

shot opens the page in headless Chromium (make web-setup), as the browser test does:
--runs times in a fresh browser, each time saying how long it took from the start of
the page to the title's first frame (the median last), then plays to a table (seed 5)
and saves the window as --picture (default docs/screens/web.png).
"""
import os
import statistics
import sys

from tools.common.hosttool import fail, one_line, parser, port_type, whole
from tools.web import site

PICTURE = os.path.join(site.ROOT, "docs", "screens", "web.png")
# The keys to the table of the picture (seed 5): New game, stack 20, Play.
TO_TABLE = ("ENTER", "ARROW_DOWN", "ARROW_DOWN", "ARROW_DOWN", "ARROW_LEFT", "ARROW_LEFT", "F1")


def shot(out, picture, runs, sizes):
    from tools.web import browser
    why = browser.missing()
    if why:
        print("web: %s" % why, file=sys.stderr)
        return 1
    times = []
    with browser.Site(out, build=False) as served:
        for i in range(runs):
            with browser.Browser(400, 690) as b:
                b.open(served.url + "?seed=5&scale=2")
                times.append(b.wait_started()["titleMs"])
                print("web: run %d: the title after %d ms" % (i + 1, times[-1]), flush=True)
                if i == runs - 1:
                    for key in TO_TABLE:
                        b.key(key)
                        b.wait_settled()
                    os.makedirs(os.path.dirname(os.path.abspath(picture)), exist_ok=True)
                    b.screenshot(picture)
    print("web: payload %.1f KB (%d bytes); the title after %d ms (median of %d runs); "
          "picture %s" % (sum(sizes.values()) / 1024, sum(sizes.values()),
                          statistics.median(times), runs, os.path.relpath(picture, site.ROOT)))
    return 0


def main(argv):
    p = parser(__doc__)
    p.add_argument("command", choices=("build", "serve", "shot"))
    p.add_argument("--out", default=site.DEFAULT_OUT)
    p.add_argument("--host", default="127.0.0.1")
    p.add_argument("--port", type=port_type, default=8000)
    p.add_argument("--picture", default=PICTURE)
    p.add_argument("--runs", type=whole(1), default=5)
    args = p.parse_args(argv)
    httpd = None
    if args.command == "serve":         # the address first: a bad one is said at once
        try:
            httpd = site.server(args.out, args.host, args.port, verbose=True)
        except (OSError, OverflowError, UnicodeError) as e:
            return fail("cannot serve on %s port %d: %s" % (args.host, args.port,
                                                            one_line(e)), 1)
    try:
        sizes = site.build(args.out)
    except (RuntimeError, ValueError, SyntaxError, OSError) as e:
        if httpd is not None:
            httpd.server_close()
        return fail(one_line(e), 1)
    if args.command == "build":
        return 0
    if args.command == "shot":
        return shot(args.out, args.picture, args.runs, sizes)
    host, port = httpd.server_address[:2]
    print("web: serving %s on http://%s:%d/ (Ctrl+C stops)" % (
        os.path.relpath(args.out, site.ROOT), host, port), flush=True)
    try:
        httpd.serve_forever()
    except KeyboardInterrupt:
        pass
    finally:
        httpd.server_close()
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
