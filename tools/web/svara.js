// The handset's firmware in a page: MicroPython's WebAssembly port (micropython.mjs,
// the version package.json pins) runs the .mpy build of board "web" (game/, made by
// tools/device/build.py; firmware/boards/web/board.py is the board). A page cannot
// block, so this script runs firmware/main.py's loop one step per call into Python:
// a key if one was pressed, else app.idle(), then a 10 ms pause when main.py would
// sleep_ms(10), counted on the wall clock. The app runs on the port's time.ticks_ms,
// as main.py gives it on the handset: the pace (bots' thinking, pop-ups) is in ms.
//
// window.svara tells tests and the curious what goes on: titleMs (time from the start
// of the page to the first frame), shown (frames drawn), quiet (idle calls in a row
// that changed nothing; 0 while a key waits), steps (calls of main.py's loop), tones
// and played (the buzzer's tones asked for, and heard), failed (the message shown);
// unkept() lists the save files whose bytes localStorage does not hold as they are;
// waiting (another tab of this browser owns the saves: this one waits for it to close),
// notes (what the page said it could not restore or keep, shown in #note).
"use strict";

const HEAP = 256 * 1024;
const SAVE_KEY = "svara:";            // localStorage: "svara:" + path of a save file
const params = new URLSearchParams(location.search);
const SEED = /^\d+$/.test(params.get("seed") || "") ? parseInt(params.get("seed"), 10) : null;
const W = 128, H = 160;

const state = window.svara = {
  loading: true, started: false, titleMs: null, shown: 0, steps: 0, quiet: 0,
  failed: window.svaraFailed || null, done: false, tones: 0, played: 0, waiting: false,
  notes: [],
};

const $ = (id) => document.getElementById(id);

function fail(text, err) {
  if (err) console.error(err);
  state.failed = text;
  state.loading = false;
  window.svaraFail(text);
  try { if (savedKeys().length) $("bar").hidden = false; } catch (_) { /* no storage */ }
}

// What the page could not restore or keep, on the page (#note) as well as in
// state.notes: `key` names the kind, so a newer note of a kind replaces the older.
const shownNotes = new Map();
function note(key, text) {
  if (text) shownNotes.set(key, text); else shownNotes.delete(key);
  state.notes = Array.from(shownNotes.values());
  const n = $("note");
  n.textContent = state.notes.join("\n");
  n.hidden = state.notes.length === 0;
}

// --- keys ---------------------------------------------------------------------------

let K = null;                   // key codes by name (drivers/keys.py), set at start
const queue = [];               // codes pressed, not yet handed to the game
let repeating = [];             // drivers/keypad.py's REPEATING codes
let repeatDelay = 400, repeatEvery = 120;
let held = null;                // {code, source, next}: a repeating key held down

function press(code, source) {
  if (!code || state.done) return;
  queue.push(code);
  state.quiet = 0;
  flash(code);
  held = repeating.includes(code)
    ? { code, source, next: performance.now() + repeatDelay } : null;
  if (audio && audio.state === "suspended") audio.resume();
}

function release(source) {
  if (held && held.source === source) held = null;
}

function repeats(now) {          // as the handset's keypad repeats a held arrow
  let n = 0;
  while (held && now >= held.next && n < 3) {
    queue.push(held.code);
    held.next += repeatEvery;
    n++;
  }
  if (held && now >= held.next) held.next = now + repeatEvery;
}

// The desktop window's PC keys (tools/sim/window.py pc_key).
function pcKey(e) {
  switch (e.key) {
    case "ArrowUp": return K.UP;
    case "ArrowDown": return K.DOWN;
    case "ArrowLeft": return K.LEFT;
    case "ArrowRight": return K.RIGHT;
    case "Enter": case " ": return K.OK;
    case "F1": return K.SL;
    case "F2": return K.SR;
    case "F3": return K.CALL;
    case "Escape": case "Backspace": return K.END;
    case "*": return K.STAR;
    case "#": return K.HASH;
  }
  if (e.key.length === 1 && e.key >= "0" && e.key <= "9") return K["0"] + (e.key.charCodeAt(0) - 48);
  return 0;
}

// The keypad as drawn (tools/sim/window.py PAD): label, key name.
const PAD = [
  [["Soft L", "SL"], ["Up", "UP"], ["Soft R", "SR"]],
  [["Left", "LEFT"], ["OK", "OK"], ["Right", "RIGHT"]],
  [["Call", "CALL"], ["Down", "DOWN"], ["End", "END"]],
  [["1", "1"], ["2", "2"], ["3", "3"]],
  [["4", "4"], ["5", "5"], ["6", "6"]],
  [["7", "7"], ["8", "8"], ["9", "9"]],
  [["*", "STAR"], ["0", "0"], ["#", "HASH"]],
];
const buttons = new Map();      // code -> button

function makePad() {
  const pad = $("pad");
  for (const row of PAD) {
    for (const [label, name] of row) {
      const b = document.createElement("button");
      b.type = "button";
      b.textContent = label;
      b.dataset.key = name;
      if (name === "CALL") b.className = "call";
      if (name === "END") b.className = "end";
      const code = K[name];
      b.addEventListener("pointerdown", (e) => {
        e.preventDefault();
        if (b.setPointerCapture) try { b.setPointerCapture(e.pointerId); } catch (_) { /* */ }
        press(code, "pointer" + e.pointerId);
      });
      const up = (e) => release("pointer" + e.pointerId);
      b.addEventListener("pointerup", up);
      b.addEventListener("pointercancel", up);
      b.addEventListener("contextmenu", (e) => e.preventDefault());
      buttons.set(code, b);
      pad.appendChild(b);
    }
  }
  document.addEventListener("keydown", (e) => {
    if (e.ctrlKey || e.metaKey || e.altKey) return;
    const code = pcKey(e);
    if (!code) return;
    e.preventDefault();             // F1 help, Backspace, Space scrolling: the game's
    if (!e.repeat) press(code, "key:" + e.code);  // the handset's repeat, not the PC's
  });
  document.addEventListener("keyup", (e) => {
    release("key:" + e.code);
    if (pcKey(e)) e.preventDefault();   // no click of a focused link by Space
  });
  window.addEventListener("blur", () => { held = null; });
}

let flashed = null;
function flash(code) {
  if (flashed) flashed.classList.remove("down");
  flashed = buttons.get(code) || null;
  if (flashed) {
    flashed.classList.add("down");
    const b = flashed;
    setTimeout(() => { if (flashed === b && !(held && held.code === code)) b.classList.remove("down"); }, 150);
  }
}

// --- the screen -----------------------------------------------------------------------

let palette = null;             // 16 x [r, g, b]: drivers/display.py PALETTE, widened
let mp = null;
let dirty = false;
const canvas = $("screen");
const ctx = canvas.getContext("2d");
const frame = document.createElement("canvas");
frame.width = W;
frame.height = H;
const fctx = frame.getContext("2d");
const image = fctx.createImageData(W, H);

// RGB565 to RGB888 by bit copying, as tools/sim/core.py rgb565_to_rgb does.
function widen(c) {
  const r = c >> 11, g = (c >> 5) & 63, b = c & 31;
  return [(r << 3) | (r >> 2), (g << 2) | (g >> 4), (b << 3) | (b >> 2)];
}

// The screen's size: x2 or x3 as asked, or "fit" (the default): as wide as the page
// (a phone held upright: about 2.5x at 360 px), unless the keypad's seven rows, at
// least ROW_MIN px each, and the links below would then not fit in the height left;
// the keypad's rows take what height is left (up to ROW_MAX): the page never scrolls.
// The canvas holds whole pixels of the panel (the device's pixels, rounded); CSS
// scales it to the size chosen.
const PAGE = 6, GAP = 4, EDGE = 4, ROW_GAP = 4, ROW_MIN = 24, ROW_MAX = 44;

function fitted() {
  const want = params.get("scale") || "fit";
  if (want === "2" || want === "3") return { s: parseInt(want, 10), row: 34 };
  const phone = window.innerWidth < 480;
  $("help").hidden = phone;                 // the PC keys: not on a phone
  const below = $("bar").offsetHeight + (phone ? 0 : $("help").offsetHeight + GAP);
  const rest = 2 * PAGE + 2 * EDGE + 2 * GAP + below + 6 * ROW_GAP;
  const wide = (window.innerWidth - 2 * PAGE - 2 * EDGE) / W;
  const tall = (window.innerHeight - rest - 7 * ROW_MIN) / H;
  const s = Math.max(1, Math.min(6, wide, tall));
  const row = Math.min(ROW_MAX, Math.floor((window.innerHeight - rest - H * s) / 7));
  return { s, row: Math.max(ROW_MIN, row) };
}

let sized = "";                 // the window and page state the layout was made for

function resize() {
  const key = [innerWidth, innerHeight, window.devicePixelRatio, $("bar").hidden].join();
  if (key === sized) return;      // (tick() calls this: no layout read every tick)
  sized = key;
  const { s, row } = fitted();
  const k = Math.max(1, Math.min(8, Math.round(s * (window.devicePixelRatio || 1))));
  const css = Math.floor(W * s) + "px";
  if (canvas.width !== W * k || canvas.style.width !== css) {
    canvas.width = W * k;
    canvas.height = H * k;
    canvas.style.width = css;
    canvas.style.height = Math.floor(H * s) + "px";
    $("pad").style.width = Math.floor(W * s) + 2 * EDGE + "px";
    dirty = true;
  }
  for (const b of buttons.values()) b.style.height = row + "px";
}

function draw() {
  dirty = false;
  const buf = mp.FS.readFile(FRAME_PATH);   // GS4_HMSB: left pixel in the high nibble
  const px = image.data;
  for (let i = 0, o = 0; i < buf.length; i++) {
    const hi = palette[buf[i] >> 4], lo = palette[buf[i] & 15];
    px[o] = hi[0]; px[o + 1] = hi[1]; px[o + 2] = hi[2]; px[o + 3] = 255;
    px[o + 4] = lo[0]; px[o + 5] = lo[1]; px[o + 6] = lo[2]; px[o + 7] = 255;
    o += 8;
  }
  fctx.putImageData(image, 0, 0);
  ctx.imageSmoothingEnabled = false;
  ctx.drawImage(frame, 0, 0, canvas.width, canvas.height);
  state.shown++;
  if (state.titleMs === null) {
    state.titleMs = Math.round(performance.now());
    console.log("svara: title after " + state.titleMs + " ms");
  }
}

// --- sound: the buzzer's PWM through Web Audio, off until the player turns it on ------

let audio = null, osc = null, gain = null, soundOn = false;

function tone(freq, duty) {
  if (duty > 0) state.tones++;          // the game's buzzer calls, heard or not
  if (!soundOn || !audio) return;
  if (duty > 0) state.played++;
  const t = audio.currentTime;
  if (duty > 0) {
    osc.frequency.setValueAtTime(freq, t);
    gain.gain.setValueAtTime(Math.min(0.4, duty / 65535), t);
  } else {
    gain.gain.setValueAtTime(0, t);
  }
}

function toggleSound() {
  const AC = window.AudioContext || window.webkitAudioContext;
  if (!AC) { $("sound").textContent = "Sound: not in this browser"; return; }
  if (!audio) {
    audio = new AC();
    osc = audio.createOscillator();
    osc.type = "square";
    gain = audio.createGain();
    gain.gain.value = 0;
    osc.connect(gain).connect(audio.destination);
    osc.start();
  }
  soundOn = !soundOn;
  $("sound").blur();                    // Enter and Space stay the game's
  if (soundOn) audio.resume(); else gain.gain.setValueAtTime(0, audio.currentTime);
  $("sound").textContent = soundOn ? "Sound: on" : "Sound: off";
}

// --- saves: the game's own Store, its files kept in localStorage -----------------------

let SAVES = "/saves";
let FOLDERS = [SAVES];      // the folders the store keeps saves in: SAVES, each pair's own
let FRAME_PATH = "/frame.bin";

function toBase64(bytes) {
  let s = "";
  for (let i = 0; i < bytes.length; i += 0x8000) s += String.fromCharCode.apply(null, bytes.subarray(i, i + 0x8000));
  return btoa(s);
}

function fromBase64(text) {
  const s = atob(text);
  const out = new Uint8Array(s.length);
  for (let i = 0; i < s.length; i++) out[i] = s.charCodeAt(i);
  return out;
}

function savedKeys() {
  const out = [];
  for (let i = 0; i < localStorage.length; i++) {
    const k = localStorage.key(i);
    if (k !== null && k.startsWith(SAVE_KEY)) out.push(k);
  }
  return out;
}

// The names firmware/store.py gives save files: NAME, and its copies NAME.1, NAME.2,
// NAME.new and NAME.bak. Nothing else is restored: a key naming another path (a
// folder, "..", the game's code in /game) is left out.
const SAVE_NAME = /^[a-z][a-z0-9_]{0,31}(\.(1|2|new|bak))?$/;

function savesFolder(path) {              // the saves folder `path` is in, or null
  if (typeof path !== "string") return null;
  const cut = path.lastIndexOf("/");
  const folder = path.slice(0, cut);
  return FOLDERS.includes(folder) && SAVE_NAME.test(path.slice(cut + 1)) ? folder : null;
}

// The store's files from localStorage into the port's filesystem, each on its own: an
// entry that is not a save file's name, or whose bytes are damaged, is left out and
// said on the page (the store then finds the copies it has, as after a power cut).
function restoreSaves() {
  const left = [];
  let keys = [];
  try {
    keys = savedKeys();
  } catch (e) {                               // storage turned off for the site
    note("keep", "This browser keeps nothing for this page (" + (e && e.name || e) + "): "
      + "the game runs, but closing the tab loses it.");
    return;
  }
  for (const k of keys) {
    const path = k.slice(SAVE_KEY.length);
    const folder = savesFolder(path);
    try {
      if (!folder) throw new Error("not a save file's name");
      const bytes = fromBase64(localStorage.getItem(k) || "");
      mp.FS.mkdirTree(folder);
      mp.FS.writeFile(path, bytes);
    } catch (e) {
      left.push(JSON.stringify(path.slice(0, 60)));
    }
  }
  if (left.length)
    note("restore", "Saved entries in this browser that are damaged or not the game's were "
      + "left out: " + left.slice(0, 5).join(", ") + (left.length > 5 ? " and " + (left.length - 5)
      + " more" : "") + ". The game goes on with what it has.");
}

// The saves folders as they are now, into localStorage: called when a file written in
// one is closed, or a rename or a removal in one completes (every save ends with one of
// them: firmware/store.py writes a pair's copy over in place, or removes the oldest copy
// after writing the newest, or renames NAME.new into its slot), so a closed tab loses
// what a power cut at that moment would, no more.
function saveFiles() {                     // the paths of the files in the saves folders
  const out = [];
  for (const folder of FOLDERS) {
    let names = [];
    try { names = mp.FS.readdir(folder); } catch (_) { /* no folder yet */ }
    for (const name of names) {
      const path = folder + "/" + name;
      if (name !== "." && name !== ".." && mp.FS.isFile(mp.FS.stat(path).mode)) out.push(path);
    }
  }
  return out;
}

// What a save file is worth keeping when the site's storage is full: the game in
// progress (its pair's own folder) first, then settings, statistics and names, the
// history of finished games last.
function worth(path) {
  if (savesFolder(path) !== SAVES) return 0;
  return /\/history[^/]*$/.test(path) ? 2 : 1;
}

function keepSaves() {            // called inside the port's file calls: never throws
  try {
    keepSavesNow();
  } catch (e) {
    retryKeep = 0;
    note("keep", "This browser keeps nothing for this page (" + (e && e.name || e) + "): "
      + "the game runs, but closing the tab loses it.");
  }
}

function keepSavesNow() {
  if (!ownsSaves()) {                        // a throttled heartbeat let another tab in
    note("owner", "Another tab of this browser has taken the saves over: this tab saves "
      + "nothing more. Go on in that tab, or close it and reload this one.");
    return;
  }
  const files = saveFiles().sort((a, b) => worth(a) - worth(b));
  const present = new Set(files.map((path) => SAVE_KEY + path));
  for (const k of savedKeys()) if (!present.has(k)) localStorage.removeItem(k);  // room first
  const unkept = [];
  for (const path of files) {
    const key = SAVE_KEY + path, text = toBase64(mp.FS.readFile(path));
    if (localStorage.getItem(key) === text) continue;
    if (!store(key, text)) {
      // Full: the game's copy goes in place of the entries worth least, if that helps.
      const less = files.filter((p) => worth(p) > worth(path)).reverse();
      while (less.length && localStorage.getItem(key) !== text) {
        localStorage.removeItem(SAVE_KEY + less.shift());
        store(key, text);
      }
    }
    if (localStorage.getItem(key) !== text) unkept.push(path);
  }
  for (const path of files)
    if (localStorage.getItem(SAVE_KEY + path) === null && !unkept.includes(path)) unkept.push(path);
  retryKeep = unkept.length ? performance.now() + 2000 : 0;   // tick() tries again
  note("keep", unkept.length ? "This browser's storage for the site is full: " + unkept.join(", ")
    + " not kept. Closing the tab now would lose " + (unkept.some((p) => worth(p) === 0)
      ? "the game in progress" : "the latest of it") + ": free some of the site's storage "
    + "(or reset saves), then play on." : "");
}

let retryKeep = 0;              // when to try keeping the saves again (0: all kept)

function store(key, text) {
  try {
    localStorage.setItem(key, text);
    return true;
  } catch (e) {
    console.warn("svara: the browser would not keep " + key + ": " + e);
    return false;
  }
}

state.unkept = () => saveFiles().filter((path) => {
  try {
    return localStorage.getItem(SAVE_KEY + path) !== toBase64(mp.FS.readFile(path));
  } catch (_) {
    return true;
  }
});

function inSaves(path) {
  return savesFolder(path) !== null;
}

// --- one tab owns the saves -------------------------------------------------------------
// Two tabs of the same site share localStorage: each would write its own game over the
// other's. The first tab holds the lock "svara-saves" (Web Locks) while it lives; a
// later one says so and waits, and starts (reading the saves anew) when the first
// closes. Without Web Locks (a page not from a secure origin) the owner writes a
// heartbeat, OWNER, every second instead, and a tab waits while it is fresh.
const OWNER = "svara-owner";
const TAB = Math.random().toString(36).slice(2) + Date.now().toString(36);
let heartbeat = null;

function ownsSaves() {
  if (!heartbeat) return true;               // Web Locks: only the owner runs at all
  let o = null;
  try { o = JSON.parse(localStorage.getItem(OWNER) || "null"); } catch (_) { /* */ }
  return !o || o.tab === TAB || Date.now() - o.t > 3000;
}

function waitForTurn() {
  state.waiting = true;
  const m = $("message");
  m.textContent = "The game is open in another tab of this browser, which keeps the saves. "
    + "This tab starts by itself, with that game, when the other is closed.";
  m.style.background = "#2c3440";
}

async function ownTheSaves() {
  const locks = navigator.locks;
  if (locks && locks.request) {
    const held = () => new Promise(() => {});          // for the page's life
    const got = await new Promise((resolve) => locks.request(
      "svara-saves", { ifAvailable: true }, (lock) => { resolve(!!lock); return lock ? held() : null; }));
    if (got) return;
    waitForTurn();
    await new Promise((resolve) => locks.request("svara-saves", () => { resolve(); return held(); }));
  } else {
    heartbeat = () => {
      if (ownsSaves())
        try { localStorage.setItem(OWNER, JSON.stringify({ tab: TAB, t: Date.now() })); } catch (_) { /* */ }
    };
    if (!ownsSaves()) {
      waitForTurn();
      while (!ownsSaves()) await new Promise((r) => setTimeout(r, 500));
    }
    heartbeat();
    setInterval(heartbeat, 1000);
    window.addEventListener("pagehide", () => {
      if (ownsSaves()) try { localStorage.removeItem(OWNER); } catch (_) { /* */ }
    });
  }
  state.waiting = false;
  $("message").textContent = "Loading the game…";
  $("message").style.background = "";
}

function watchSaves(FS) {
  const rename = FS.rename, unlink = FS.unlink, close = FS.close;
  FS.close = function (stream) {
    const written = stream && (stream.flags & 3) !== 0;    // O_WRONLY or O_RDWR
    const r = close.apply(FS, arguments);
    if (written && inSaves(stream.path)) keepSaves();
    return r;
  };
  FS.rename = function (old, to) {
    const r = rename.apply(FS, arguments);
    if (inSaves(old) || inSaves(to)) keepSaves();
    return r;
  };
  FS.unlink = function (path) {
    const r = unlink.apply(FS, arguments);
    if (inSaves(path)) keepSaves();
    return r;
  };
}

function resetSaves(e) {
  e.preventDefault();
  if (!confirm("Forget the saved game, settings and statistics kept in this browser?")) return;
  for (const k of savedKeys()) localStorage.removeItem(k);
  state.done = true;                          // no save from this page after the reset
  location.reload();
}

// --- start-up ---------------------------------------------------------------------------

let out = "";
function print(text) { out += text + "\n"; console.log("mp: " + text); }

function py(code) {                           // one top-level call, as the tools make
  mp.runPython(code);
}

async function fetchBytes(url) {
  const r = await fetch(url, { cache: "no-cache" });
  if (!r.ok) throw new Error(url + ": HTTP " + r.status);
  return new Uint8Array(await r.arrayBuffer());
}

async function loadGame() {
  const manifest = JSON.parse(new TextDecoder().decode(await fetchBytes("game/svara.manifest")));
  const names = Object.keys(manifest.files);
  const files = await Promise.all(names.map((n) => fetchBytes("game/" + n)));
  const subtle = window.crypto && window.crypto.subtle;
  for (let i = 0; i < names.length; i++) {
    const [size, sha] = manifest.files[names[i]];
    if (files[i].length !== size) throw new Error("game/" + names[i] + ": " + files[i].length + " bytes, the build says " + size);
    if (subtle) {
      const d = new Uint8Array(await subtle.digest("SHA-256", files[i]));
      const hex = Array.from(d, (x) => x.toString(16).padStart(2, "0")).join("");
      if (hex !== sha) throw new Error("game/" + names[i] + ": not the file the build made");
    }
  }
  return [names, files];
}

async function start() {
  state.loading = true;
  if (state.failed) return;
  let port, game;
  try {
    const loading = Promise.all([import("./micropython.mjs"), loadGame()]);
    loading.catch(() => {});                  // said below, once this tab's turn comes
    await ownTheSaves();
    [port, game] = await loading;
  } catch (e) {
    return fail("The game's files did not load (" + (e && e.message || e) + "). Check the "
      + "connection and reload; if it goes on, the site is incomplete: build it again with make web.", e);
  }
  try {
    mp = await port.loadMicroPython({ heapsize: HEAP, stdout: print, stderr: print });
  } catch (e) {
    const why = String(e && e.message || e);
    if (/fetch|HTTP|404|network/i.test(why))
      return fail("The game's files did not load (micropython.wasm: " + why + "). Reload the page; "
        + "if it goes on, the site is incomplete: build it again with make web.", e);
    return fail("MicroPython (WebAssembly) did not start in this browser (" + why
      + "). A current Firefox, Chrome, Edge or Safari runs it.", e);
  }
  try {
    const [names, files] = game;
    for (let i = 0; i < names.length; i++) {
      const path = "/game/" + names[i];
      mp.FS.mkdirTree(path.slice(0, path.lastIndexOf("/")));
      mp.FS.writeFile(path, files[i]);
    }
    window.svaraTone = tone;
    window.svaraShow = () => { dirty = true; };
    window.svaraKey = () => queue.length ? queue.shift() : 0;
    // As a flashed handset: the game's folder is the current one (boot.py's chdir).
    py("import os, gc\nos.chdir('/game')\ngc.collect()");
    // main.py's start, each step a call of its own (the port collects garbage between
    // calls only): the board's display first (its frame while the heap is whole), its
    // keys, then the app with the store and the buzzer (below, once the page is ready).
    py("import board\n_display = board.display()\n_pad = board.keypad()");
    py("import json, main\nfrom drivers import display, keypad, keys\n"
      + "from store import PAIRS, Store\n"
      + "_info = json.dumps({'saves': main.SAVES, 'folders': [main.SAVES] + "
      + "[Store(main.SAVES).home(n) for n in PAIRS], 'frame': board.FRAME_PATH, "
      + "'palette': list(display.PALETTE), 'names': list(keys.NAMES), "
      + "'repeating': list(keypad.REPEATING), 'delay': keypad.REPEAT_DELAY_MS, "
      + "'every': keypad.REPEAT_MS})");
    const info = JSON.parse(mp.globals.get("_info"));
    SAVES = info.saves;
    FOLDERS = info.folders;
    FRAME_PATH = info.frame;
    palette = info.palette.map(widen);
    K = {};
    info.names.forEach((n, i) => { if (n) K[n] = i; });
    repeating = info.repeating;
    repeatDelay = info.delay;
    repeatEvery = info.every;
    $("bar").hidden = false;                  // the reset link, whatever restoring meets
    restoreSaves();
    watchSaves(mp.FS);
    makePad();
    $("help").hidden = false;               // (resize() hides it again on a phone)
    resize();
    $("message").hidden = true;
    $("device").hidden = false;
    py("from app import App\nfrom store import Store\nimport time\n"
       + "_app = App(_display, seed=" + (SEED === null ? "None" : SEED)
       + ", store=Store(main.SAVES), clock=time.ticks_ms)\n"
       + "_make = getattr(board, 'buzzer', None)\n"
       + "if _make is not None:\n    _app.sound = _make()");
    py("_app.start()\ngc.collect()");
    // One pass of main.py's loop: 0 a key was handled, 1 something changed (go on at
    // once), 2 timed waiting and 3 nothing to do (main.py sleeps 10 ms), 4 the game ended.
    py("def _step():\n"
       + "    if _app.done:\n        return 4\n"
       + "    code = _pad.get()\n"
       + "    if code:\n        _app.key(code)\n        return 0\n"
       + "    if not _app.idle():\n        return 3\n"
       + "    return 2 if _app.timed else 1\n");
    if (dirty) draw();
    state.started = true;
    state.loading = false;
    next = performance.now();
    setTimeout(tick, 0);
  } catch (e) {
    const text = e && e.name === "PythonError" ? e.message : String(e && e.stack || e);
    fail("The game stopped with an error:\n" + text.slice(-1500) + out.slice(-500), e);
  }
}

let next = 0;
const PAUSE_MS = 10;            // main.py's sleep_ms(10)

function tick() {
  if (state.done) return;
  const begun = performance.now();
  repeats(begun);
  try {
    let now = begun;
    while (now >= next) {
      py("_r = _step()");
      const r = mp.globals.get("_r");
      state.steps++;
      if (r === 4) { finished(); break; }
      if (r === 3) state.quiet++; else state.quiet = 0;
      if (r >= 2) next += PAUSE_MS;
      now = performance.now();
      if (now - begun > 40) break;          // let the page draw and take keys
    }
  } catch (e) {
    state.done = true;
    const text = e && e.name === "PythonError" ? e.message : String(e && e.stack || e);
    return fail("The game stopped with an error:\n" + text.slice(-1500), e);
  }
  const now = performance.now();
  if (now - next > 200) next = now;         // a stall (a hidden tab): no burst after it
  if (retryKeep && now > retryKeep) keepSaves();
  resize();
  if (dirty) draw();
  if (!state.done) setTimeout(tick, Math.max(0, next - performance.now()));
}

function finished() {
  state.done = true;
  if (dirty) draw();
  const m = $("message");
  m.textContent = "You left the game (Exit on the title). Reload the page to play again.";
  m.style.background = "#2c3440";
  m.hidden = false;
}

$("sound").addEventListener("click", toggleSound);
$("reset").addEventListener("click", resetSaves);
for (const a of document.querySelectorAll("[data-scale]")) {
  const p = new URLSearchParams(location.search);
  p.set("scale", a.dataset.scale);
  a.href = "?" + p.toString();
}
window.addEventListener("resize", () => { if (mp) resize(); });
start();
