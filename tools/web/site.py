"""The web page's site (tools/web/__main__.py runs it): build() writes it, payload()
says what the page fetches, server() serves a folder of it with the types browsers want."""
import functools
import http.server
import json
import os
import shutil
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
HERE = os.path.dirname(os.path.abspath(__file__))
PORT_PACKAGE = os.path.join(ROOT, "node_modules", "@micropython",
                            "micropython-webassembly-pyscript")
PORT_FILES = ("micropython.mjs", "micropython.wasm")
PAGE_FILES = ("index.html", "svara.js")
GAME = "game"           # the game's folder in the site
BOARD = "web"
DEFAULT_OUT = os.path.join(ROOT, "build", "web")
TYPES = {".wasm": "application/wasm", ".mjs": "text/javascript", ".js": "text/javascript",
         ".mpy": "application/octet-stream", ".bin": "application/octet-stream",
         ".manifest": "application/json", ".html": "text/html; charset=utf-8"}


def build(out=DEFAULT_OUT, log=print):
    """Write the site into `out`; return {path in the site: bytes} of what the page fetches."""
    from tools.device import build as devicebuild
    for name in PORT_FILES:
        if not os.path.isfile(os.path.join(PORT_PACKAGE, name)):
            raise RuntimeError("MicroPython WebAssembly port not installed (no %s): run "
                               "`make setup`" % os.path.join(PORT_PACKAGE, name))
    claim(out)
    os.makedirs(out, exist_ok=True)
    game = os.path.join(out, GAME)
    devicebuild.build(board=BOARD, out=game, log=None)
    romfs = devicebuild.romfs_path(game)        # a board's image: not for the page
    if os.path.exists(romfs):
        os.remove(romfs)
    for name in PAGE_FILES:
        shutil.copyfile(os.path.join(HERE, name), os.path.join(out, name))
    for name in PORT_FILES:
        shutil.copyfile(os.path.join(PORT_PACKAGE, name), os.path.join(out, name))
    sizes = payload(out)
    if log:
        game_bytes = sum(n for p, n in sizes.items() if p.startswith(GAME + "/"))
        log("web: %s: page %d bytes, MicroPython %d bytes, game %d bytes in %d files: "
            "%.1f KB in all" % (
                os.path.relpath(out, ROOT),
                sum(sizes[p] for p in PAGE_FILES), sum(sizes[p] for p in PORT_FILES),
                game_bytes, len([p for p in sizes if p.startswith(GAME + "/")]),
                sum(sizes.values()) / 1024) + " (%.1f KB gzipped)" % (gzipped(out, sizes) / 1024))
    return sizes


def claim(out):
    """RuntimeError, touching nothing, unless `out` is new, empty, or a site build()
    wrote (its game/ holds a build's manifest): the site's files go over theirs."""
    from tools.device import build as devicebuild
    if os.path.lexists(out) and not os.path.isdir(out):
        raise RuntimeError("%s is not a folder: not touched" % out)
    if os.path.isdir(out) and os.listdir(out) and devicebuild.manifest_names(
            os.path.join(out, GAME, devicebuild.MANIFEST)) is None:
        raise RuntimeError("%s is not empty and is not a site this tool built: not "
                           "touched (name a new or empty folder)" % out)


def payload(out=DEFAULT_OUT):
    """{path in the site: bytes} of every file the page fetches: the page, the port, the
    manifest and each file it names (the page fetches all of them before starting)."""
    sizes = {}
    for name in PAGE_FILES + PORT_FILES:
        sizes[name] = os.path.getsize(os.path.join(out, name))
    manifest = os.path.join(out, GAME, "svara.manifest")
    sizes[GAME + "/svara.manifest"] = os.path.getsize(manifest)
    with open(manifest, encoding="utf-8") as f:
        for name in json.load(f)["files"]:
            sizes[GAME + "/" + name] = os.path.getsize(os.path.join(out, GAME, name))
    return sizes


def gzipped(out, sizes):
    """The payload's bytes as a static host that compresses each file sends it."""
    import gzip
    total = 0
    for name in sizes:
        with open(os.path.join(out, name), "rb") as f:
            total += len(gzip.compress(f.read(), 9, mtime=0))
    return total


class Handler(http.server.SimpleHTTPRequestHandler):
    """Static files with the types a browser wants (.wasm streams, .mjs is a module);
    no caching, so a rebuilt site is what a reload gets."""

    extensions_map = dict(http.server.SimpleHTTPRequestHandler.extensions_map, **TYPES)

    def end_headers(self):
        self.send_header("Cache-Control", "no-store")
        super().end_headers()

    def log_message(self, format, *args):
        if self.server.verbose:
            super().log_message(format, *args)


class Server(http.server.ThreadingHTTPServer):
    daemon_threads = True

    def handle_error(self, request, client_address):
        if not isinstance(sys.exc_info()[1], ConnectionError):  # a page left mid-file
            super().handle_error(request, client_address)


def server(out=DEFAULT_OUT, host="127.0.0.1", port=8000, verbose=False):
    """An HTTP server of the folder `out` (port 0: any free port; .server_address says)."""
    httpd = Server(
        (host, port), functools.partial(Handler, directory=out))
    httpd.verbose = verbose
    return httpd
