// The virtual handset's insides: MicroPython's WebAssembly port with its REPL on
// stdin/stdout as raw bytes, behaving like a board on a serial line so that mpremote
// works unchanged. tools/device/vdevice.py puts this behind a pseudo-terminal (or a socket).
//
//   node tools/device/vdevice.mjs [--heap BYTES] [--fs-size BYTES]
//
// What a board does that this port does not, and how it is made up for (found by
// trying each with mpremote 1.27):
// - raw-paste mode (Ctrl-E A Ctrl-A) hangs the port (it reads stdin as it compiles): we
//   speak it here, as a board does (window of 256 bytes, "\x01" for each one taken, "\x04"
//   at the end), and hand the whole text to the port's raw REPL; so mpremote sends as
//   fast as to a board, not 256 bytes every 10 ms as in the plain raw REPL;
// - Ctrl-D (or SystemExit) soft reset: the port only returns a flag, so we start a
//   fresh interpreter, carry the filesystem over, run /boot.py, print "soft reboot";
//   main.py is not run after a reset (the port cannot be interrupted while it runs);
// - errors come as WASI numbers ("OSError: 44" where MicroPython says ENOENT 2), which
//   mpremote cannot read: tracebacks are rewritten to MicroPython's numbers and names;
// - output lines end in "\n" where a board sends "\r\n": we add the "\r";
// - no filesystem size: --fs-size caps the bytes stored (ENOSPC past it, and statvfs
//   tells the truth), so a full device can be tried;
// - machine.reset(): a small `machine` module whose reset() reboots after the command.
import { loadMicroPython } from "@micropython/micropython-webassembly-pyscript";

const args = process.argv.slice(2);
function option(name, fallback) {
  const i = args.indexOf(name);
  return i >= 0 && i + 1 < args.length ? parseInt(args[i + 1], 10) : fallback;
}
const HEAP = option("--heap", 256 * 1024);
const FS_SIZE = option("--fs-size", 0); // 0: no cap
const BLOCK = 4096;

// WASI errno -> MicroPython errno (py/mperrno.h) and its name.
const ERRNO = {
  2: [13, "EACCES"], 8: [9, "EBADF"], 10: [16, "EBUSY"], 20: [17, "EEXIST"],
  22: [27, "EFBIG"], 28: [22, "EINVAL"], 29: [5, "EIO"], 31: [21, "EISDIR"],
  33: [24, "EMFILE"], 44: [2, "ENOENT"], 48: [12, "ENOMEM"], 51: [28, "ENOSPC"],
  54: [20, "ENOTDIR"], 55: [39, "ENOTEMPTY"], 63: [1, "EPERM"], 69: [30, "EROFS"],
  75: [18, "EXDEV"],
};

let mp = null;
let out = [];
let rawMode = false;
let lastOut = 0;
let resetAfter = null; // "soft" or "hard": reboot once the current input is handled

function emit(text) {
  out.push(Buffer.from(text, "latin1"));
}

function flush() {
  if (!out.length) return;
  let s = Buffer.concat(out).toString("latin1");
  out = [];
  s = s.replace(/OSError: (\d+)(?=\r?\n|$)/g, (m, n) => {
    const e = ERRNO[parseInt(n, 10)];
    return e ? `OSError: [Errno ${e[0]}] ${e[1]}` : m;
  });
  let fixed = "";
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    const prev = i ? s.charCodeAt(i - 1) : lastOut;
    if (c === 10 && prev !== 13) fixed += "\r";
    fixed += s[i];
  }
  if (fixed.length) lastOut = fixed.charCodeAt(fixed.length - 1);
  process.stdout.write(Buffer.from(fixed, "latin1"));
}

function walk(FS, path, files, dirs) {
  for (const name of FS.readdir(path)) {
    if (name === "." || name === "..") continue;
    const full = (path === "/" ? "" : path) + "/" + name;
    if (full === "/dev" || full === "/proc") continue;
    const st = FS.stat(full);
    if (FS.isDir(st.mode)) {
      dirs.push(full);
      walk(FS, full, files, dirs);
    } else if (FS.isFile(st.mode)) {
      files.push(full);
    }
  }
}

function bytesStored(FS) {
  const files = [];
  walk(FS, "/", files, []);
  let used = 0;
  for (const f of files) used += Math.ceil(FS.stat(f).size / BLOCK) * BLOCK;
  return used;
}

function capFilesystem(FS) {
  if (!FS_SIZE) return;
  const write = FS.write;
  FS.write = function (stream, buffer, offset, length, position, canOwn) {
    const node = stream.node;
    if (!FS.isFile(node.mode)) return write.call(FS, stream, buffer, offset, length, position, canOwn);
    const size = node.usedBytes || 0;
    const end = (position === undefined ? stream.position : position) + length;
    const grow = Math.ceil(Math.max(end, size) / BLOCK) - Math.ceil(size / BLOCK);
    if (grow > 0 && bytesStored(FS) + grow * BLOCK > FS_SIZE) throw new FS.ErrnoError(51);
    return write.call(FS, stream, buffer, offset, length, position, canOwn);
  };
  const statfsNode = FS.statfsNode;
  FS.statfsNode = function (node) {
    const r = statfsNode.call(FS, node);
    const blocks = Math.floor(FS_SIZE / BLOCK);
    const free = Math.max(0, blocks - Math.ceil(bytesStored(FS) / BLOCK));
    return Object.assign(r, { bsize: BLOCK, frsize: BLOCK, blocks, bfree: free, bavail: free });
  };
}

async function boot(files) {
  const fresh = await loadMicroPython({
    heapsize: HEAP, stdout: (b) => out.push(Buffer.from(b)), linebuffer: false,
  });
  for (const [path, data] of files) {
    if (data === null) fresh.FS.mkdirTree(path);
    else fresh.FS.writeFile(path, data);
  }
  capFilesystem(fresh.FS);
  fresh.registerJsModule("machine", {
    reset: () => { resetAfter = "hard"; },
    soft_reset: () => { resetAfter = "soft"; },
  });
  mp = fresh;
  try {
    mp.FS.stat("/boot.py");
    try {
      mp.runPython(new TextDecoder().decode(mp.FS.readFile("/boot.py")));
    } catch (e) {
      if (e.name !== "PythonError") throw e;
      emit(e.message.replace(/\n/g, "\r\n"));
    }
  } catch (e) {
    if (e.name !== "ErrnoError") throw e; // no boot.py
  }
}

function snapshot() {
  const files = [];
  const dirs = [];
  walk(mp.FS, "/", files, dirs);
  return dirs.map((d) => [d, null]).concat(files.map((f) => [f, mp.FS.readFile(f)]));
}

async function reboot(kind) {
  const files = snapshot();
  emit("MPY: soft reboot\r\n");
  await boot(files); // boot.py's output follows "soft reboot", as on a board
  if (kind === "soft" && rawMode) {
    // A board soft-reset from the raw REPL comes back to the raw REPL, no banner.
    const kept = out;
    out = [];
    mp.replInit();
    out = kept;
    mp.replProcessChar(1); // "raw REPL; CTRL-B to exit\r\n>"
  } else {
    rawMode = false;
    mp.replInit();
  }
}

// Input: a queue of bytes worked through in order; a reset pauses it while it runs.
const queue = [];
let busy = false;
let pasteState = 0; // raw-paste request seen so far: 1 after Ctrl-E, 2 after "A"
const WINDOW = 256; // raw paste's flow-control window, as MICROPY_REPL_STDIN_BUFFER_MAX
let paste = null; // the text of a raw paste being received, else null
let windowLeft = 0;

function feed(c) {
  const r = mp.replProcessChar(c);
  if (r) resetAfter = resetAfter || "soft";
}

// The end of a raw paste (Ctrl-D): acknowledged, then run as the raw REPL runs a command
// (its output, "\x04", its error, "\x04", ">"), less the "OK" the raw REPL says first,
// which a board in raw-paste mode does not send.
function runPaste(code) {
  emit("\x04");
  if (!code.length) { emit("\x04\x04>"); return; }
  const before = out.length;
  for (const b of code) feed(b);
  feed(4);
  const said = Buffer.concat(out.slice(before)).toString("latin1");
  out = out.slice(0, before);
  emit(said.startsWith("OK") ? said.slice(2) : said);
}

async function pump() {
  if (busy) return;
  busy = true;
  while (queue.length) {
    const c = queue.shift();
    if (paste !== null) {
      if (c !== 3 && c !== 4) {
        paste.push(c);
        if (--windowLeft === 0) { emit("\x01"); windowLeft = WINDOW; }
        if (!queue.length) flush();
        continue;
      }
      const code = paste;
      paste = null;
      if (c === 4) runPaste(code);
      else emit("\x04\x04Traceback (most recent call last):\r\nKeyboardInterrupt: \r\n\x04>");
    } else if (rawMode && pasteState === 0 && c === 5) {
      pasteState = 1;
      continue;
    } else if (pasteState === 2 && c === 1) {
      pasteState = 0;
      emit("R\x01" + String.fromCharCode(WINDOW & 255, WINDOW >> 8));
      flush();
      paste = [];
      windowLeft = WINDOW;
      continue;
    } else {
      if (pasteState === 1) {
        pasteState = 0;
        if (c === 65) { pasteState = 2; continue; }
        feed(5);
      } else if (pasteState === 2) {
        pasteState = 0;
        feed(5); feed(65);
      }
      if (c === 1) rawMode = true;
      else if (c === 2) rawMode = false;
      feed(c);
    }
    if (resetAfter) {
      const kind = resetAfter;
      resetAfter = null;
      flush();
      await reboot(kind);
    }
    if (!queue.length) flush();
  }
  flush();
  busy = false;
}

await boot([]);
mp.replInit();
flush();
process.stdin.on("data", (data) => {
  for (const c of data) queue.push(c);
  pump();
});
process.stdin.on("end", () => process.exit(0));
