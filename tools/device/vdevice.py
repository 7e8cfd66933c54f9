#!/usr/bin/env python3
"""The virtual handset: real MicroPython (the WebAssembly port, in Node) behind a serial
line, so that ``mpremote connect <port>`` and ``make flash PORT=<port>`` work on it
unchanged. No phone needed on the desk, and the tests flash it.

    python3 -m tools.device.vdevice [--heap BYTES] [--fs-size BYTES] [--socket PORT]

prints the port to use (a pseudo-terminal such as /dev/pts/7, or with --socket a
``socket://127.0.0.1:PORT`` address, which mpremote also accepts) and serves until
Ctrl-C. Its filesystem starts empty and lives as long as the process. What the port
lacks and how tools/device/vdevice.mjs makes up for it is written at the top of that file.

From Python (the tests)::

    with VirtualHandset(fs_size=...) as dev:
        subprocess.run(["mpremote", "connect", dev.port, "ls"])
"""
import os
import select
import socket
import subprocess
import sys
import threading
import time
import tty

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
SCRIPT = os.path.join(ROOT, "tools", "device", "vdevice.mjs")
PACKAGE = os.path.join(ROOT, "node_modules", "@micropython", "micropython-webassembly-pyscript")


class VirtualHandset:
    """A MicroPython REPL served on a pseudo-terminal (or a TCP socket)."""

    def __init__(self, heap=256 * 1024, fs_size=0, socket_port=None):
        if not os.path.isdir(PACKAGE):
            raise RuntimeError("MicroPython WebAssembly port not installed: run `make setup`")
        self.heap = heap
        self.fs_size = fs_size
        self.socket_port = socket_port
        self.port = None
        self._proc = None
        self._stop = threading.Event()
        self._thread = None

    def start(self):
        cmd = ["node", SCRIPT, "--heap", str(self.heap), "--fs-size", str(self.fs_size)]
        self._proc = subprocess.Popen(cmd, cwd=ROOT, stdin=subprocess.PIPE,
                                      stdout=subprocess.PIPE, bufsize=0)
        if self.socket_port is None:
            self._master, self._slave = os.openpty()
            tty.setraw(self._slave)   # no echo, no line editing: bytes pass as they are
            self.port = os.ttyname(self._slave)
            self._thread = threading.Thread(target=self._relay_pty, daemon=True)
        else:
            self._server = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
            self._server.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
            self._server.bind(("127.0.0.1", self.socket_port))
            self._server.listen(1)
            self.socket_port = self._server.getsockname()[1]
            self.port = "socket://127.0.0.1:%d" % self.socket_port
            self._thread = threading.Thread(target=self._relay_socket, daemon=True)
        self._thread.start()
        return self

    def _to_device(self, data):
        try:
            self._proc.stdin.write(data)
            self._proc.stdin.flush()
        except (BrokenPipeError, ValueError):
            self._stop.set()

    def _relay_pty(self):
        dev = self._proc.stdout.fileno()
        while not self._stop.is_set():
            ready, _, _ = select.select([self._master, dev], [], [], 0.1)
            if self._master in ready:
                self._to_device(os.read(self._master, 4096))
            if dev in ready:
                data = os.read(dev, 65536)
                if not data:
                    break
                os.write(self._master, data)
        if not self._stop.is_set():
            # MicroPython is gone (killed, or it crashed): hang the line up, as a board
            # unplugged from USB does, so the port's user gets an error, not a wait.
            os.close(self._master)
            self._master = None

    def _relay_socket(self):
        dev = self._proc.stdout.fileno()
        client = None
        while not self._stop.is_set():
            watch = [self._server, dev] + ([client] if client else [])
            ready, _, _ = select.select(watch, [], [], 0.1)
            if self._server in ready:
                if client:
                    client.close()
                client, _ = self._server.accept()
            if client and client in ready:
                data = client.recv(4096)
                if data:
                    self._to_device(data)
                else:
                    client.close()
                    client = None
            if dev in ready:
                data = os.read(dev, 65536)
                if not data:
                    break
                if client:
                    client.sendall(data)   # with no one connected, output is dropped
        if client:
            client.close()

    def alive(self):
        return self._proc is not None and self._proc.poll() is None

    def stop(self):
        self._stop.set()
        if self._thread:
            self._thread.join(timeout=5)
        if self._proc and self._proc.poll() is None:
            self._proc.stdin.close()
            try:
                self._proc.wait(timeout=5)
            except subprocess.TimeoutExpired:
                self._proc.kill()
                self._proc.wait()
        if self.socket_port is None and self._proc is not None:
            if self._master is not None:
                os.close(self._master)
            os.close(self._slave)
        elif self._proc is not None:
            self._server.close()
        self._proc = None

    def __enter__(self):
        return self.start()

    def __exit__(self, *exc):
        self.stop()


def main(argv=None):
    from tools.common.hosttool import parser, whole
    ap = parser(__doc__)
    ap.add_argument("--heap", type=whole(1), default=256 * 1024,
                    help="MicroPython's heap in bytes (default 262144)")
    ap.add_argument("--fs-size", type=whole(0), default=0,
                    help="the filesystem's size in bytes (default 0: no limit)")
    ap.add_argument("--socket", type=whole(0), metavar="PORT",
                    help="serve on 127.0.0.1:PORT instead of a pseudo-terminal")
    args = ap.parse_args(argv)
    heap, fs_size, socket_port = args.heap, args.fs_size, args.socket
    with VirtualHandset(heap=heap, fs_size=fs_size, socket_port=socket_port) as dev:
        print("virtual handset on %s   (mpremote connect %s; Ctrl-C ends it)"
              % (dev.port, dev.port), flush=True)
        try:
            while dev.alive():
                time.sleep(0.2)
        except KeyboardInterrupt:
            pass
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
