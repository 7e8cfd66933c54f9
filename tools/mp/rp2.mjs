// The reference handset on the RP2040 emulator (rp2040js, package.json): a Raspberry Pi
// Pico booted from its bootrom at 125 MHz of emulated time, with what rp2040js leaves out
// modelled here: the QSPI flash chip (erase and program take their time, and a power cut
// in one leaves it half done), the ST7735 panel on SPI0, the key matrix, the PWM buzzer.
// tools/mp/rp2.py drives it: one JSON request a line on stdin, one JSON answer a line on
// stdout ({"ok": true, ...} or {"ok": false, "error": "..."}).
//
//   node tools/mp/rp2.mjs --bootrom BOOTROM.bin
//
// Requests (op: what it does):
//   uf2 {path}                 the UF2's blocks into the flash image (power off)
//   flash_load {path} / flash_save {path}   the whole 2 MB flash image from / to a file
//   flash_read {offset, length} / flash_write {offset, b64}   bytes of the image (base64)
//   power_on {} / power_off {}  a new chip on the same flash, from the bootrom / off
//   run {ms | until_cycle}     run emulated time
//   press {row, col, hold_ms, bounce_ms, seed, at_ms}   a key's contact, from now
//   key {row, col, hold_ms, bounce_ms, timeout_ms}      press, run until the app settled
//   settle {timeout_ms}        run until the harness pin says the app settled
//   quiet {ms, timeout_ms}     run until no SPI byte for `ms`
//   frame {format: raw|png}    the panel's picture (raw: little-endian RGB565, 256 B a row)
//   tones {clear}              the buzzer's tones as heard
//   cut {at_cycle}             run to that cycle of this power-on, then cut the power
//   cut {flash_op, fraction}   ... or inside the flash_op-th erase/program from now
//   timings {}                 each key's times: press, column read low, app.key(), the
//                              first frame's last SPI byte, settled (ns of this power-on)
//   stats {}                   cycles, emulated ms, host s, panel, flash, harness pin
//   scratch {write}            the watchdog's eight scratch registers (read: values), after
//                              writing those `write` names ({"3": 1}): the harness's
//                              mailbox (tools/mp/rp2_mem.py: gc.mem_free() on the Pico)
//   usb {on}                   USB CDC attached (rp2040js's host, as its demo does) from
//                              now and at every power-on or reset, or not
//   serial {b64, ms, max_ms}   bytes to the REPL over USB; run ms of emulated time (and on,
//                              up to max_ms, while the Pico still sends); what it sent
//                              back (b64) and when its last byte came (last_out_ms), and
//                              `boots` (machine.reset() starts a new chip on the same
//                              flash, the watchdog's reboot)
import fs from 'fs';
import readline from 'readline';
import zlib from 'zlib';
import { Simulator, ConsoleLogger, LogLevel, BasePeripheral, USBCDC } from 'rp2040js';

const NS_PER_CYCLE = 8;                 // 125 MHz
const FLASH_BYTES = 2 * 1024 * 1024;    // the Pico's W25Q16JV
const XIP_BASE = 0x10000000;
// W25Q16JV, typical (datasheet 9.6): 4 KB sector erase 45 ms, 32 KB 120 ms, 64 KB 150 ms,
// a page program 0.4 ms.
const ERASE_NS = { 0x20: [4096, 45e6], 0x52: [32768, 120e6], 0xd8: [65536, 150e6] };
const PROGRAM_NS = 0.4e6;
// The board (firmware/boards/handset/board.py).
const PIN = { dc: 16, cs: 17, sck: 18, mosi: 19, rst: 20, backlight: 21, buzzer: 22 };
const ROWS = [2, 3, 4, 5, 6, 7];
const COLS = [8, 9, 10, 11];
const HARNESS_PIN = 25;   // the harness's boot.py: low while the app works, high once settled
const FRAME_GAP_NS = 5e6;
const TONE_GLITCH_MS = 0.1;
const WIDTH = 128;
const HEIGHT = 160;

function fail(msg) {
  const e = new Error(msg);
  e.user = true;
  throw e;
}

// ---------------------------------------------------------------- the flash chip
// Commands come a byte at a time while chip select is low (IO_QSPI's SS override, as the
// bootrom and pico-sdk drive it); a command ends when chip select goes high.
class FlashChip {
  constructor(image) {
    this.image = image;          // Uint8Array(FLASH_BYTES), the chip's cells
    this.selected = false;
    this.cmd = [];
    this.wel = false;
    this.op = null;              // {kind, addr, len|data, start, end}: the erase or program going on
    this.clock = null;
    this.erases = 0;
    this.programs = 0;
    this.bytesProgrammed = 0;
    this.lowest = FLASH_BYTES;   // the lowest address an erase or a program touched
    this.errors = [];
  }
  now() {
    return this.clock ? this.clock.nanos : 0;
  }
  busy() {
    if (this.op && this.now() >= this.op.end) this.finish();
    return !!this.op;
  }
  finish() {
    const op = this.op;
    this.op = null;
    if (op.kind === 'erase') this.image.fill(0xff, op.addr, op.addr + op.len);
    else for (let i = 0; i < op.data.length; i++) this.image[(op.addr & ~0xff) | ((op.addr + i) & 0xff)] &= op.data[i];
  }
  // A power cut now: what the erase or program going on has done so far stays.
  cut(seed) {
    if (!this.op) return null;
    const op = this.op;
    this.op = null;
    const f = Math.min(1, Math.max(0, (this.now() - op.start) / (op.end - op.start)));
    let rnd = seed >>> 0 || 1;
    const next = () => { rnd ^= rnd << 13; rnd >>>= 0; rnd ^= rnd >>> 17; rnd ^= rnd << 5; rnd >>>= 0; return rnd / 4294967296; };
    let changed = 0;
    if (op.kind === 'erase') {
      // the cells go to 1 unevenly: some bytes erased, some as they were
      for (let i = 0; i < op.len; i++) {
        if (next() < f && this.image[op.addr + i] !== 0xff) {
          this.image[op.addr + i] = 0xff;
          changed++;
        }
      }
    } else {
      // the page's bytes go in order; the byte being programmed has some of its 0s
      const n = op.data.length;
      const done = Math.floor(f * n);
      for (let i = 0; i <= done && i < n; i++) {
        const a = (op.addr & ~0xff) | ((op.addr + i) & 0xff);
        let v = op.data[i];
        if (i === done) v |= Math.floor(next() * 256);
        if ((this.image[a] & v) !== this.image[a]) changed++;
        this.image[a] &= v;
      }
    }
    return { kind: op.kind, addr: op.addr, fraction: f, bytes_changed: changed };
  }
  select(on) {
    if (on === this.selected) return;
    this.selected = on;
    if (on) this.cmd = [];
    else this.end();
  }
  end() {
    const c = this.cmd;
    if (!c.length) return;
    const code = c[0];
    const addr = ((c[1] << 16) | (c[2] << 8) | c[3]) % FLASH_BYTES;
    if (code === 0x06) {
      if (!this.busy()) this.wel = true;
    } else if (code === 0x04) {
      if (!this.busy()) this.wel = false;
    } else if (ERASE_NS[code] && c.length >= 4) {
      if (this.busy()) this.errors.push(`erase 0x${code.toString(16)} sent while busy`);
      else if (!this.wel) this.errors.push(`erase at 0x${addr.toString(16)} without write enable`);
      else {
        const [len, ns] = ERASE_NS[code];
        const start = addr & ~(len - 1);
        this.op = { kind: 'erase', addr: start, len, start: this.now(), end: this.now() + ns };
        this.erases++;
        this.lowest = Math.min(this.lowest, start);
      }
      this.wel = false;
    } else if (code === 0x02 && c.length >= 5) {
      if (this.busy()) this.errors.push('page program sent while busy');
      else if (!this.wel) this.errors.push(`page program at 0x${addr.toString(16)} without write enable`);
      else {
        const data = Uint8Array.from(c.slice(4, 4 + 256));
        this.op = { kind: 'program', addr, data, start: this.now(), end: this.now() + PROGRAM_NS };
        this.programs++;
        this.bytesProgrammed += data.length;
        this.lowest = Math.min(this.lowest, addr);
      }
      this.wel = false;
    }
  }
  // One byte in while selected; the byte the chip shifts out meanwhile.
  transfer(b) {
    const c = this.cmd;
    c.push(b);
    const i = c.length - 1;
    const code = c[0];
    if (i === 0) return 0xff;
    switch (code) {
      case 0x05:  // status 1: busy (bit 0), write enable latch (bit 1)
        if (this.busy()) {
          this.polledBusy = true;
          return 0x01 | (this.wel ? 2 : 0);
        }
        return this.wel ? 2 : 0;
      case 0x35:  // status 2: quad enable set
        return 0x02;
      case 0x15:
        return 0;
      case 0x03:  // read
      case 0x0b:  // fast read (a dummy byte after the address)
      case 0xeb: {
        const skip = code === 0x03 ? 4 : 5;
        if (i < skip) return 0xff;
        if (this.busy()) return 0xff;
        const a = ((c[1] << 16) | (c[2] << 8) | c[3]) + (i - skip);
        return this.image[a % FLASH_BYTES];
      }
      case 0x4b:  // unique id after four dummy bytes
        return i >= 5 && i < 13 ? [0xe6, 0x60, 0x58, 0x38, 0x83, 0x5a, 0x2d, 0x2a][i - 5] : 0xff;
      case 0x9f:  // JEDEC id: Winbond W25Q16JV
        return [0xef, 0x40, 0x15][i - 1] ?? 0xff;
      default:
        return 0xff;
    }
  }
}

// The SSI (XIP's serial interface): its data register goes to the chip; the receive FIFO
// fills as bytes go out (a transfer takes no time here) and empties when SSIENR goes to 0.
class SSI extends BasePeripheral {
  constructor(rp2040, chip, qspi) {
    super(rp2040, 'SSI');
    this.chip = chip;
    this.qspi = qspi;
    this.regs = new Map();
    this.rx = [];
    this.enabled = 0;
  }
  readUint32(offset) {
    switch (offset) {
      case 0x08: return this.enabled;
      case 0x20: return 0;                       // TXFLR
      case 0x24: return this.rx.length;          // RXFLR
      case 0x28: return 0x06 | (this.rx.length ? 0x08 : 0) | (this.rx.length >= 16 ? 0x10 : 0);  // TFE TFNF RFNE RFF
      case 0x58: return 0x51535049;
      case 0x5c: return 0x3430312a;
      case 0x60: return this.rx.length ? this.rx.shift() : 0;
      default: return this.regs.get(offset) ?? 0;
    }
  }
  writeUint32(offset, value) {
    switch (offset) {
      case 0x08:
        this.enabled = value & 1;
        if (!this.enabled) this.rx = [];
        return;
      case 0x60: {
        if (!this.enabled) return;
        const forced = this.qspi.csForced();
        let out = 0;
        if (forced === 'low') {
          this.chip.select(true);
          out = this.chip.transfer(value & 0xff);
        }
        // (chip select left to the SSI: boot2's XIP set-up; answered with 0, no effect)
        if (this.rx.length < 16) this.rx.push(out);
        return;
      }
      default:
        this.regs.set(offset, value);
    }
  }
}

// IO_QSPI: rp2040js leaves it unimplemented (reads all ones, which the bootrom's flash
// routines take for an abort). Its registers kept; the SS pin's output override is the
// flash's chip select.
class IOQSPI extends BasePeripheral {
  constructor(rp2040, chip) {
    super(rp2040, 'IO_QSPI');
    this.chip = chip;
    this.regs = new Map();
  }
  csForced() {
    const over = ((this.regs.get(0x0c) ?? 0) >> 8) & 3;
    return over === 2 ? 'low' : over === 3 ? 'high' : 'normal';
  }
  readUint32(offset) {
    return this.regs.get(offset) ?? 0;
  }
  writeUint32(offset, value) {
    this.regs.set(offset, value >>> 0);
    if (offset === 0x0c) this.chip.select(this.csForced() === 'low');
  }
}

// VREG_AND_CHIP_RESET: rp2040js leaves it unimplemented, and its all-ones CHIP_RESET
// reads as "restarted by the debugger" (PSM_RESTART_FLAG): the bootrom then waits for a
// debugger instead of booting. Kept as registers with their reset values.
class ChipReset extends BasePeripheral {
  constructor(rp2040) {
    super(rp2040, 'VREG_AND_CHIP_RESET');
    this.regs = new Map([[0x00, 0xb1], [0x04, 0x91], [0x08, 0]]);
  }
  readUint32(offset) {
    return this.regs.get(offset) ?? 0;
  }
  writeUint32(offset, value) {
    if (offset === 0x08) value &= ~0x01000000;   // PSM_RESTART_FLAG: write 1 to clear
    this.regs.set(offset, value >>> 0);
  }
}

// The DMA's sniffer, which rp2040js leaves out: the bootrom checks boot2's CRC-32 with it
// before it runs boot2 (without it the check fails and the bootrom goes to USB boot).
// SNIFF_CTRL: EN (bit 0), DMACH (4:1), CALC (8:5; 0 = CRC-32 as boot2's checksum takes it,
// MSB first, 0xf = a sum), OUT_REV (10), OUT_INV (11); the channel's CTRL has SNIFF_EN (23).
function attachSniffer(mcu) {
  const dma = mcu.dma;
  let ctrl = 0;
  let data = 0;
  const read = dma.readUint32.bind(dma);
  const write = dma.writeUint32.bind(dma);
  dma.readUint32 = (offset) => {
    if (offset === 0x434) return ctrl;
    if (offset === 0x438) {
      let v = data >>> 0;
      if (ctrl & 0x400) { let r = 0; for (let i = 0; i < 32; i++) r |= ((v >>> i) & 1) << (31 - i); v = r >>> 0; }
      if (ctrl & 0x800) v = ~v >>> 0;
      return v;
    }
    return read(offset);
  };
  dma.writeUint32 = (offset, value) => {
    if (offset === 0x434) ctrl = value >>> 0;
    else if (offset === 0x438) data = value >>> 0;
    else write(offset, value);
  };
  const feed = (value, bytes) => {
    const calc = (ctrl >> 5) & 0xf;
    if (calc === 0xf) { data = (data + value) >>> 0; return; }
    if (calc !== 0) return;      // (the other CRCs: unused by the bootrom or MicroPython)
    for (let b = 0; b < bytes; b++) {
      data = (data ^ (((value >>> (8 * b)) & 0xff) << 24)) >>> 0;
      for (let i = 0; i < 8; i++) data = (data & 0x80000000 ? ((data << 1) ^ 0x04c11db7) : data << 1) >>> 0;
    }
  };
  for (const ch of dma.channels) {
    const wrap = (name, size, get) => {
      const f = ch[name];
      ch[name] = () => {
        if (ctrl & 1 && ((ctrl >> 1) & 0xf) === ch.index && ch.ctrl & (1 << 23)) feed(get(ch.readAddr), size);
        f();
      };
    };
    wrap('transfer8', 1, (a) => mcu.readUint8(a));
    wrap('transfer16', 2, (a) => mcu.readUint16(a));
    wrap('transfer32', 4, (a) => mcu.readUint32(a));
  }
}

// ---------------------------------------------------------------- the ST7735 panel
const CMD_NAMES = { 0x01: 'SWRESET', 0x11: 'SLPOUT', 0x10: 'SLPIN', 0x29: 'DISPON', 0x28: 'DISPOFF', 0x2a: 'CASET', 0x2b: 'RASET', 0x2c: 'RAMWR', 0x36: 'MADCTL', 0x3a: 'COLMOD' };

class Panel {
  constructor(clock) {
    this.clock = clock;
    this.pixels = new Uint16Array(WIDTH * HEIGHT);   // as the viewer sees them, RGB565
    this.violations = [];
    this.powerOn();
    this.bytes = 0;
    this.lastByteNs = -1;
    this.lastPixelNs = -1;
    this.pixelBytes = 0;
    this.commands = 0;
    this.firstByteNs = -1;
  }
  powerOn() {
    this.reset(0, 'power-on');
  }
  reset(ns, why) {
    this.resetNs = ns;
    this.resetWhy = why;
    this.asleep = true;
    this.sleepOutNs = -1;
    this.displayOn = false;
    this.displayOnNs = -1;
    this.colmod = 0x06;      // 18 bits a pixel after a reset (datasheet 10.1.x)
    this.madctl = 0;
    this.madctlSet = false;
    this.colmodSet = false;
    this.xs = 0; this.xe = 127; this.ys = 0; this.ye = 159;
    this.cmd = -1;
    this.args = [];
    this.waitUntil = ns + (why === 'SWRESET' ? 5e6 : 0);
  }
  violate(text) {
    if (this.violations.length < 200) this.violations.push({ ms: this.clock.nanos / 1e6, text });
  }
  hardReset(ns) {
    this.reset(ns, 'RESX');
  }
  byte(value, dc, ns) {
    this.bytes++;
    if (this.firstByteNs < 0) this.firstByteNs = ns;
    this.lastByteNs = ns;
    if (!dc) this.command(value, ns);
    else this.data(value, ns);
  }
  name(c) {
    return CMD_NAMES[c] ?? '0x' + c.toString(16).padStart(2, '0');
  }
  command(c, ns) {
    this.finishCommand();
    this.commands++;
    const ms = (ns - this.resetNs) / 1e6;
    if (ns < this.waitUntil) {
      this.violate(`${this.name(c)} ${((this.waitUntil - ns) / 1e6).toFixed(3)} ms too early (the panel is still busy after ${this.lastWaitFor}: datasheet)`);
    }
    this.cmd = c;
    this.args = [];
    this.cmdNs = ns;
    if (c === 0x01) {
      this.reset(ns, 'SWRESET');
      this.lastWaitFor = 'SWRESET, 5 ms';
    } else if (c === 0x11) {
      if (ms < 120) this.violate(`SLPOUT ${ms.toFixed(3)} ms after the reset (${this.resetWhy}): the datasheet asks 120 ms`);
      this.asleep = false;
      this.sleepOutNs = ns;
      this.waitUntil = ns + 5e6;
      this.lastWaitFor = 'SLPOUT, 5 ms';
    } else if (c === 0x10) {
      if (this.sleepOutNs >= 0 && ns - this.sleepOutNs < 120e6) this.violate('SLPIN within 120 ms of SLPOUT');
      this.asleep = true;
    } else if (c === 0x29) {
      if (this.asleep) this.violate('DISPON while the panel sleeps (no SLPOUT since the reset)');
      this.displayOn = true;
      if (this.displayOnNs < 0) this.displayOnNs = ns;
    } else if (c === 0x28) {
      this.displayOn = false;
    } else if (c === 0x2c) {
      if (this.asleep) this.violate('RAMWR while the panel sleeps');
      if (!this.colmodSet || this.colmod !== 0x05) this.violate(`RAMWR with COLMOD 0x${this.colmod.toString(16)} (not 16 bits a pixel)`);
      if (!this.madctlSet) this.violate('RAMWR before any MADCTL');
      this.px = this.xs;
      this.py = this.ys;
      this.half = -1;
    }
  }
  finishCommand() {
    const c = this.cmd;
    const a = this.args;
    if (c === 0x2a || c === 0x2b) {
      if (a.length !== 4) {
        this.violate(`${this.name(c)} with ${a.length} argument bytes, not 4`);
        return;
      }
      const s = (a[0] << 8) | a[1];
      const e = (a[2] << 8) | a[3];
      const limit = c === 0x2a ? (this.madctl & 0x20 ? HEIGHT : WIDTH) : (this.madctl & 0x20 ? WIDTH : HEIGHT);
      if (s > e || e >= limit) this.violate(`${this.name(c)} ${s}..${e} outside the panel's 0..${limit - 1}`);
      if (c === 0x2a) { this.xs = s; this.xe = e; } else { this.ys = s; this.ye = e; }
    } else if (c === 0x36) {
      if (a.length !== 1) this.violate(`MADCTL with ${a.length} argument bytes`);
      else { this.madctl = a[0]; this.madctlSet = true; }
    } else if (c === 0x3a) {
      if (a.length !== 1) this.violate(`COLMOD with ${a.length} argument bytes`);
      else {
        this.colmod = a[0] & 0x07;
        this.colmodSet = true;
        if (this.colmod !== 0x05) this.violate(`COLMOD 0x${a[0].toString(16)}: not 16 bits a pixel`);
      }
    } else if (c === 0x2c && this.half >= 0) {
      this.violate('RAMWR ended inside a pixel (odd byte count)');
    }
  }
  data(v, ns) {
    if (this.cmd < 0) {
      this.violate('data byte with no command before it');
      return;
    }
    if (this.cmd !== 0x2c) {
      this.args.push(v);
      return;
    }
    this.pixelBytes++;
    this.lastPixelNs = ns;
    if (this.half < 0) {
      this.half = v;
      return;
    }
    const colour = (this.half << 8) | v;
    this.half = -1;
    this.put(this.px, this.py, colour);
    if (++this.px > this.xe) {
      this.px = this.xs;
      if (++this.py > this.ye) this.py = this.ys;
    }
  }
  // Controller address -> the viewer's pixel. The handset's module (a "black tab" panel)
  // shows its memory upright with MX and MY set (MADCTL 0xC8, drivers/st7735.py); other
  // values mirror or turn the picture as the panel would. BGR set matches the panel's
  // subpixels; clear, red and blue swap.
  put(x, y, colour) {
    const m = this.madctl;
    let col = x, row = y;
    if (m & 0x20) { col = y; row = x; }
    const vx = m & 0x40 ? col : WIDTH - 1 - col;
    const vy = m & 0x80 ? row : HEIGHT - 1 - row;
    if (vx < 0 || vx >= WIDTH || vy < 0 || vy >= HEIGHT) return;
    if (!(m & 0x08)) colour = ((colour & 0x1f) << 11) | (colour & 0x07e0) | (colour >> 11);
    this.pixels[vy * WIDTH + vx] = colour;
  }
}

// ---------------------------------------------------------------- PNG
function crc32(buf) {
  let c, crc = 0xffffffff;
  for (let n = 0; n < buf.length; n++) {
    c = (crc ^ buf[n]) & 0xff;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    crc = (crc >>> 8) ^ c;
  }
  return (crc ^ 0xffffffff) >>> 0;
}
function png(pixels) {
  const raw = Buffer.alloc((WIDTH * 3 + 1) * HEIGHT);
  let o = 0;
  for (let y = 0; y < HEIGHT; y++) {
    raw[o++] = 0;
    for (let x = 0; x < WIDTH; x++) {
      const c = pixels[y * WIDTH + x];
      const r = c >> 11, g = (c >> 5) & 63, b = c & 31;
      raw[o++] = (r << 3) | (r >> 2);
      raw[o++] = (g << 2) | (g >> 4);
      raw[o++] = (b << 3) | (b >> 2);
    }
  }
  const chunk = (type, data) => {
    const len = Buffer.alloc(4);
    len.writeUInt32BE(data.length);
    const td = Buffer.concat([Buffer.from(type), data]);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(td));
    return Buffer.concat([len, td, crc]);
  };
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(WIDTH, 0);
  ihdr.writeUInt32BE(HEIGHT, 4);
  ihdr[8] = 8; ihdr[9] = 2;
  return Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), chunk('IHDR', ihdr),
    chunk('IDAT', zlib.deflateSync(raw)), chunk('IEND', Buffer.alloc(0))]);
}

// ---------------------------------------------------------------- the handset
class Handset {
  constructor(bootrom) {
    this.bootrom = bootrom;
    this.image = new Uint8Array(FLASH_BYTES).fill(0xff);
    this.chip = new FlashChip(this.image);
    this.mcu = null;
    this.totalCycles = 0;
    this.executedCycles = 0;     // cycles the core ran (not slept or skipped)
    this.flashWaitNs = 0;        // time skipped while the core polled the busy flash chip
    this.hostSeconds = 0;
    this.boots = 0;
    this.keys = [];            // contacts: {row, col, events: [[ns, closed]...]}
    this.timings = [];
    this.tones = [];
    this.usbOn = false;
    this.cdc = null;
    this.cdcIn = [];
    this.serialOut = [];
  }
  requireOn() {
    if (!this.mcu) fail('the Pico is off: power_on first');
  }
  loadUF2(path) {
    const data = fs.readFileSync(path);
    if (data.length % 512 || !data.length) fail(`${path}: not a UF2 file (its size is not a multiple of 512 bytes)`);
    let blocks = 0;
    for (let o = 0; o < data.length; o += 512) {
      if (data.readUInt32LE(o) !== 0x0a324655 || data.readUInt32LE(o + 4) !== 0x9e5d5157 || data.readUInt32LE(o + 508) !== 0x0ab16f30)
        fail(`${path}: block ${o / 512} is not a UF2 block`);
      const addr = data.readUInt32LE(o + 12);
      const size = data.readUInt32LE(o + 16);
      if (addr < XIP_BASE || addr + size > XIP_BASE + FLASH_BYTES) fail(`${path}: a block at 0x${addr.toString(16)} is outside the 2 MB flash`);
      this.image.set(data.subarray(o + 32, o + 32 + size), addr - XIP_BASE);
      blocks++;
    }
    return { blocks };
  }
  powerOff() {
    if (!this.mcu) return;
    this.mcu = null;
    this.cdc = null;
    this.cdcIn = [];
    this.chip.clock = null;
  }
  powerOn() {
    this.powerOff();
    // (rp2040js exports no clock of its own: its Simulator makes the RP2040 on one; we run
    // the core here, not with Simulator.execute)
    const { rp2040: mcu, clock } = new Simulator();
    mcu.logger = new ConsoleLogger(LogLevel.Error);
    mcu.loadBootrom(this.bootrom);
    // rp2040js's flash is 16 MB and reads through XIP: the chip's cells are its first 2 MB
    mcu.flash.set(this.image);
    this.image = mcu.flash.subarray(0, FLASH_BYTES);
    this.chip.image = this.image;
    this.chip.clock = clock;
    this.chip.op = null;
    this.chip.selected = false;
    this.chip.wel = false;
    const qspi = new IOQSPI(mcu, this.chip);
    mcu.peripherals[0x18000] = new SSI(mcu, this.chip, qspi);
    mcu.peripherals[0x40018] = qspi;
    mcu.peripherals[0x40064] = new ChipReset(mcu);
    this.mcu = mcu;
    this.clock = clock;
    this.boots++;
    this.panel = new Panel(clock);
    this.keys = [];
    this.timings = [];
    this.tones = [];
    this.tone = null;
    this.harness = { high: false, rises: 0, falls: 0, lastRiseNs: -1, lastFallNs: -1 };
    this.attachPanel();
    this.attachKeys();
    this.attachBuzzer();
    this.attachHarness();
    attachSniffer(mcu);
    // machine.reset() (the watchdog's reboot): a new start on the same flash, once the
    // instruction that asked it is done
    mcu.peripherals[0x40058].onWatchdogTrigger = () => { this.rebootPending = true; };
    this.rebootPending = false;
    if (this.usbOn) this.attachUSB();
    // BOOTSEL not held: the flash's chip select reads high (rp2040js's QSPI pins read low,
    // their pads' input enable off, which the bootrom takes for the button held)
    mcu.qspi[1].padValue |= 0x40;
    mcu.qspi[1].setInputValue(true);
    mcu.core.reset();     // from the bootrom's reset vector
    return {};
  }
  attachUSB() {
    const cdc = new USBCDC(this.mcu.usbCtrl);
    cdc.onSerialData = (buf) => { for (const b of buf) this.serialOut.push(b); };
    this.cdc = cdc;
  }
  // Bytes to the REPL; run ms (then on while bytes still come, up to maxMs); the bytes
  // the Pico sent.
  serial(data, ms, maxMs) {
    this.requireOn();
    for (const b of data) this.cdcIn.push(b);
    const feed = () => {
      // (the CDC's FIFO holds 512 bytes: the rest waits here)
      while (this.cdcIn.length && this.cdc && !this.cdc.txFIFO.full) this.cdc.sendSerialByte(this.cdcIn.shift());
    };
    const start = this.now();
    let seen = this.serialOut.length;
    let lastOut = start;
    const stop = () => {
      feed();
      if (this.rebootPending) return true;
      if (this.serialOut.length !== seen) { seen = this.serialOut.length; lastOut = this.now(); }
      return this.now() >= start + ms * 1e6 && (this.now() - lastOut > 2e6 || this.now() >= start + maxMs * 1e6) && !this.cdcIn.length;
    };
    for (;;) {
      this.run(start + maxMs * 1e6, stop);
      if (!this.rebootPending) break;
      this.powerOn();
      this.run(this.now() + 1e6);
    }
    const out = Buffer.from(this.serialOut);
    this.serialOut = [];
    return { b64: out.toString('base64'), boots: this.boots, last_out_ms: lastOut / 1e6, ...this.status() };
  }
  attachPanel() {
    const { mcu, panel, clock } = this;
    const spi = mcu.spi[0];
    const pins = mcu.gpio;
    const done = clock.createAlarm(() => spi.completeTransmit(0xff));
    spi.onTransmit = (value) => {
      const hz = spi.clockFrequency || 12e6;
      const ns = (8 * 1e9) / hz;
      if (!pins[PIN.cs].outputValue && pins[PIN.cs].outputEnable) {
        const at = clock.nanos + ns;
        this.answering(at);
        panel.byte(value & 0xff, pins[PIN.dc].outputValue, at);
      }
      done.schedule(ns);
    };
    let rstLow = false;
    pins[PIN.rst].addListener(() => {
      const p = pins[PIN.rst];
      const low = p.outputEnable && !p.outputValue;
      if (low && !rstLow) this.rstLowNs = clock.nanos;
      if (!low && rstLow) {
        const us = (clock.nanos - this.rstLowNs) / 1e3;
        if (us < 10) panel.violate(`RESX low ${us.toFixed(2)} us: the datasheet asks 10 us at least`);
        panel.hardReset(clock.nanos);
      }
      rstLow = low;
    });
  }
  attachKeys() {
    const { mcu } = this;
    for (const c of COLS) mcu.gpio[c].setInputValue(true);
    for (const r of ROWS) mcu.gpio[r].addListener(() => this.updateColumns());
  }
  closed(k, ns) {
    let state = false;
    for (const [t, on] of k.events) {
      if (t <= ns) state = on;
      else break;
    }
    return state;
  }
  // The columns as the contacts and the rows driven low make them: a net (a row or a
  // column and what closed contacts join to it) is low when it holds a row driven low.
  updateColumns() {
    const { mcu, clock } = this;
    const ns = clock.nanos;
    const parent = new Array(ROWS.length + COLS.length).fill(0).map((_, i) => i);
    const find = (i) => (parent[i] === i ? i : (parent[i] = find(parent[i])));
    for (const k of this.keys) {
      if (this.closed(k, ns)) parent[find(k.row)] = find(ROWS.length + k.col);
    }
    const low = new Set();
    ROWS.forEach((r, i) => {
      const p = mcu.gpio[r];
      if (p.outputEnable && !p.outputValue) low.add(find(i));
    });
    COLS.forEach((c, j) => {
      const isLow = low.has(find(ROWS.length + j));
      const p = mcu.gpio[c];
      if (p.rawInputValue === isLow) p.setInputValue(!isLow);
      if (isLow) {
        for (const t of this.timings) if (t.col === j && t.col_low_ns < 0 && ns >= t.press_ns) t.col_low_ns = ns;
      }
    });
  }
  // A key's contact from `at` ns: closed for hold ns, with bounce at both ends (the
  // contact chatters for bounce ns, open and closed in turn, before it stays).
  press({ row, col, hold_ms = 60, bounce_ms = 0, seed = 1, at_ms = 0 }) {
    this.requireOn();
    if (!(row >= 0 && row < ROWS.length && col >= 0 && col < COLS.length)) fail(`no key at row ${row}, column ${col} (rows 0-5, columns 0-3)`);
    if (!(hold_ms > 0)) fail('hold_ms must be above 0');
    const t0 = this.clock.nanos + at_ms * 1e6;
    const t1 = t0 + hold_ms * 1e6;
    let rnd = seed >>> 0 || 1;
    const next = () => { rnd = (rnd * 1664525 + 1013904223) >>> 0; return rnd / 4294967296; };
    const events = [];
    const chatter = (t, final) => {
      const end = t + bounce_ms * 1e6;
      let on = final;
      let s = t;
      while (bounce_ms > 0 && s < end) {
        events.push([s, on]);
        s += (0.05 + next() * 0.25) * bounce_ms * 1e6;
        on = !on;
      }
      events.push([Math.max(s, end), final]);
    };
    chatter(t0, true);
    chatter(t1, false);
    const key = { row, col, events };
    this.keys = this.keys.filter((k) => k.events[k.events.length - 1][0] > this.clock.nanos);
    this.keys.push(key);
    for (const [t] of events) this.clock.createAlarm(() => this.updateColumns()).schedule(Math.max(0, t - this.clock.nanos));
    const timing = { row, col, press_ns: t0, release_ns: events[events.length - 1][0], col_low_ns: -1, taken_ns: -1, settled_ns: -1, last_spi_ns: -1, first_spi_ns: -1, first_frame_ns: -1 };
    this.timings.push(timing);
    if (this.timings.length > 64) this.timings.shift();
    return timing;
  }
  // The key being answered: its first SPI byte after the app took it, and the end of the
  // first frame (its last byte before the bus was quiet for FRAME_GAP_NS: the windows of
  // one show() follow each other within microseconds).
  answering(at) {
    const t = this.timings[this.timings.length - 1];
    if (!t || t.taken_ns < 0 || t.settled_ns >= 0) return;
    if (t.first_spi_ns < 0) t.first_spi_ns = at;
    else if (t.first_frame_ns < 0 && at - this.panel.lastByteNs > FRAME_GAP_NS) t.first_frame_ns = this.panel.lastByteNs;
  }
  attachBuzzer() {
    const { mcu } = this;
    const pwm = mcu.pwm;
    const write = pwm.writeUint32.bind(pwm);
    pwm.writeUint32 = (offset, value) => {
      write(offset, value);
      this.checkTone();
    };
    const pin = mcu.gpio[PIN.buzzer];
    const io = mcu.peripherals[0x40014];
    const ioWrite = io.writeUint32.bind(io);
    io.writeUint32 = (offset, value) => {
      ioWrite(offset, value);
      this.checkTone();
    };
    this.buzzerPin = pin;
  }
  // The buzzer's tone from the PWM slice's registers (GP22: slice 3, channel A):
  // f = clk_sys / (DIV / 16) / (TOP + 1) (halved in phase-correct mode), heard while the
  // slice is on, the pin is the PWM's and the duty (CC's A half) is above 0.
  checkTone() {
    const { mcu, clock } = this;
    const slice = (PIN.buzzer >> 1) & 7;
    const ch = mcu.pwm.channels[slice];
    const pinPWM = this.buzzerPin.functionSelect === 4;
    const top = ch.top & 0xffff;
    const duty = PIN.buzzer & 1 ? ch.cc >>> 16 : ch.cc & 0xffff;
    const div = ch.div & 0xfff || 16;
    const on = pinPWM && ch.csr & 1 && duty > 0;
    const hz = on ? (mcu.clkSys * 16) / div / (top + 1) / (ch.csr & 2 ? 2 : 1) : 0;
    const cur = this.tone;
    const now = clock.nanos / 1e6;
    if (cur && (!on || Math.abs(cur.hz - hz) > 1e-6)) {
      cur.end_ms = now;
      cur.ms = cur.end_ms - cur.start_ms;
      this.tone = null;
      // pwm.freq() and duty_u16() write several registers in turn: what lasts under
      // TONE_GLITCH_MS between two of them is not heard
      if (cur.ms < TONE_GLITCH_MS && this.tones[this.tones.length - 1] === cur) this.tones.pop();
    }
    if (on && !this.tone) {
      const last = this.tones[this.tones.length - 1];
      const roundHz = Math.round(hz * 100) / 100;
      if (last && last.hz === roundHz && now - last.end_ms < TONE_GLITCH_MS) {
        last.end_ms = null;     // the same tone again after a glitch: one tone
        last.ms = null;
        this.tone = last;
      } else {
        this.tone = { hz: roundHz, start_ms: now, end_ms: null, ms: null, duty: Math.min(1, duty / (top + 1)) };
        this.tones.push(this.tone);
        if (this.tones.length > 1000) this.tones.shift();
      }
    }
  }
  attachHarness() {
    const { mcu, clock, harness } = this;
    const pin = mcu.gpio[HARNESS_PIN];
    pin.addListener(() => {
      const high = pin.outputEnable && pin.outputValue;
      if (high === harness.high) return;
      harness.high = high;
      const t = this.timings[this.timings.length - 1];
      if (high) {
        harness.rises++;
        harness.lastRiseNs = clock.nanos;
        if (t && t.taken_ns >= 0 && t.settled_ns < 0) {
          t.settled_ns = clock.nanos;
          t.last_spi_ns = this.panel.lastByteNs;
          if (t.first_spi_ns >= 0 && t.first_frame_ns < 0) t.first_frame_ns = this.panel.lastByteNs;
        }
      } else {
        harness.falls++;
        harness.lastFallNs = clock.nanos;
        if (t && t.taken_ns < 0 && clock.nanos >= t.press_ns) t.taken_ns = clock.nanos;
      }
    });
  }
  // Run until `stop()` says so or the clock reaches `untilNs`; WFI/WFE and a poll of the
  // busy flash skip to the next alarm (or the flash's end): no host time for sleeps.
  run(untilNs, stop = null) {
    this.requireOn();
    const { mcu, clock, chip } = this;
    const core = mcu.core;
    const t0 = process.hrtime.bigint();
    const startNs = clock.nanos;
    let stopped = false;
    outer: while (clock.nanos < untilNs) {
      if (stop && stop()) { stopped = true; break; }
      if (core.waiting) {
        const next = clock.nextAlarm ? clock.nextAlarm.nanos : untilNs;
        clock.tick(Math.max(0, Math.min(next, untilNs) - clock.nanos));
        continue;
      }
      for (let i = 0; i < 2000 && !core.waiting; i++) {
        const cycles = core.executeInstruction();
        this.executedCycles += cycles;
        clock.tick(cycles * NS_PER_CYCLE);
        if (chip.polledBusy) {
          chip.polledBusy = false;
          if (chip.op) {
            // the CPU only polls the status register meanwhile: skip to the chip's end
            const to = Math.min(chip.op.end, untilNs);
            if (to > clock.nanos) {
              this.flashWaitNs += to - clock.nanos;
              clock.tick(to - clock.nanos);
            }
          }
        }
        if (clock.nanos >= untilNs) break;
        if (stop && stop()) { stopped = true; break outer; }
      }
    }
    const dt = Number(process.hrtime.bigint() - t0) / 1e9;
    this.hostSeconds += dt;
    this.totalCycles += (clock.nanos - startNs) / NS_PER_CYCLE;
    return stopped;
  }
  now() {
    return this.clock.nanos;
  }
  status() {
    const clock = this.clock;
    return { ms: clock ? clock.nanos / 1e6 : 0, cycle: clock ? Math.round(clock.nanos / NS_PER_CYCLE) : 0 };
  }
  // Run until the harness pin says the app took the last key and then settled.
  settle(timeoutMs) {
    const t = this.timings[this.timings.length - 1];
    const h = this.harness;
    const limit = this.now() + timeoutMs * 1e6;
    let ok;
    if (!t || t.settled_ns >= 0) {
      // no key going: settled once the pin is high (the start's title)
      ok = this.run(limit, () => h.high);
    } else {
      ok = this.run(limit, () => t.settled_ns >= 0 && this.now() >= t.release_ns + 30e6);
    }
    if (!ok) fail(`the app did not settle within ${timeoutMs} ms of emulated time (${this.describe()})`);
    return this.status();
  }
  describe() {
    const h = this.harness;
    return `harness pin ${h.high ? 'high' : 'low'}, ${h.rises} rises, ${this.panel.bytes} SPI bytes, PC 0x${this.mcu.core.PC.toString(16)}`;
  }
  quiet(ms, timeoutMs) {
    const limit = this.now() + timeoutMs * 1e6;
    const ok = this.run(limit, () => this.now() - Math.max(this.panel.lastByteNs, 0) >= ms * 1e6 && this.panel.bytes > 0);
    if (!ok) fail(`the screen was not quiet for ${ms} ms within ${timeoutMs} ms`);
    return this.status();
  }
  cut(atCycle, seed) {
    this.requireOn();
    const at = atCycle * NS_PER_CYCLE;
    if (at < this.now()) fail(`cycle ${atCycle} has passed (now ${Math.round(this.now() / NS_PER_CYCLE)})`);
    this.run(at);
    const partial = this.chip.cut(seed);
    const st = this.status();
    this.powerOff();
    return { ...st, partial };
  }
  // Run until the n-th erase or page program from now begins, then cut the power when
  // `fraction` of its time has passed. {reached: false} (the Pico still on) when no such
  // operation came within timeoutMs.
  cutInFlash(n, fraction, timeoutMs, seed) {
    this.requireOn();
    const chip = this.chip;
    const target = chip.erases + chip.programs + n;
    const ok = this.run(this.now() + timeoutMs * 1e6, () => chip.erases + chip.programs >= target);
    if (!ok) return { reached: false, ...this.status() };
    const op = chip.op;
    this.run(op.start + fraction * (op.end - op.start));
    return { reached: true, ...this.cut(Math.ceil(this.now() / NS_PER_CYCLE), seed) };
  }
  stats() {
    const p = this.panel;
    const c = this.chip;
    return {
      on: !!this.mcu,
      ...this.status(),
      boots: this.boots,
      total_cycles: Math.round(this.totalCycles),
      executed_cycles: this.executedCycles,
      flash_wait_ns: this.flashWaitNs,
      host_s: this.hostSeconds,
      panel: p ? {
        bytes: p.bytes, pixel_bytes: p.pixelBytes, commands: p.commands,
        first_byte_ms: p.firstByteNs / 1e6, last_byte_ms: p.lastByteNs / 1e6,
        last_pixel_ms: p.lastPixelNs / 1e6, display_on_ms: p.displayOnNs / 1e6,
        sleep_out_ms: p.sleepOutNs / 1e6, madctl: p.madctl, colmod: p.colmod,
        violations: p.violations,
        backlight: this.mcu ? !!this.mcu.gpio[PIN.backlight].outputValue : false,
      } : null,
      flash: { erases: c.erases, programs: c.programs, bytes_programmed: c.bytesProgrammed, lowest_write: c.lowest, busy: !!c.op, errors: c.errors.slice(0, 50) },
      harness: this.harness,
    };
  }
}

// ---------------------------------------------------------------- requests
function number(req, name, dflt) {
  const v = req[name] ?? dflt;
  if (typeof v !== 'number' || !Number.isFinite(v) || v < 0) fail(`${name} must be a number >= 0, not ${JSON.stringify(req[name])}`);
  return v;
}

function handle(h, req) {
  switch (req.op) {
    case 'uf2':
      h.powerOff();
      return h.loadUF2(req.path);
    case 'flash_load': {
      h.powerOff();
      const data = fs.readFileSync(req.path);
      if (data.length !== FLASH_BYTES) fail(`${req.path}: ${data.length} bytes, not a ${FLASH_BYTES}-byte flash image`);
      h.image.set(data);
      return {};
    }
    case 'flash_save':
      if (h.chip.op && h.mcu) h.chip.busy();
      fs.writeFileSync(req.path, h.image);
      return {};
    case 'flash_read': {
      if (h.mcu) h.chip.busy();
      const off = number(req, 'offset');
      const len = number(req, 'length');
      if (off + len > FLASH_BYTES) fail('flash_read beyond the 2 MB flash');
      return { b64: Buffer.from(h.image.subarray(off, off + len)).toString('base64') };
    }
    case 'flash_write': {
      const off = number(req, 'offset');
      const data = Buffer.from(req.b64 ?? '', 'base64');
      if (off + data.length > FLASH_BYTES) fail('flash_write beyond the 2 MB flash');
      h.image.set(data, off);
      return {};
    }
    case 'power_on':
      return h.powerOn();
    case 'power_off':
      h.powerOff();
      return {};
    case 'run': {
      h.requireOn();
      const until = req.until_cycle !== undefined ? number(req, 'until_cycle') * NS_PER_CYCLE : h.now() + number(req, 'ms') * 1e6;
      h.run(until);
      return h.status();
    }
    case 'press':
      return { timing: h.press(req) };
    case 'key': {
      h.press(req);
      h.settle(number(req, 'timeout_ms', 60000));
      return { ...h.status(), timing: h.timings[h.timings.length - 1] };
    }
    case 'settle':
      h.requireOn();
      return h.settle(number(req, 'timeout_ms', 60000));
    case 'quiet':
      h.requireOn();
      return h.quiet(number(req, 'ms', 500), number(req, 'timeout_ms', 60000));
    case 'frame': {
      if (!h.panel) fail('no panel: the Pico was never powered on');
      if ((req.format ?? 'raw') === 'png') return { b64: png(h.panel.pixels).toString('base64') };
      const out = Buffer.alloc(WIDTH * HEIGHT * 2);
      h.panel.pixels.forEach((c, i) => out.writeUInt16LE(c, i * 2));
      return { b64: out.toString('base64'), last_byte_ms: h.panel.lastByteNs / 1e6 };
    }
    case 'tones': {
      const tones = h.tones.slice();
      if (req.clear) h.tones = h.tone ? [h.tone] : [];
      return { tones, now_ms: h.clock ? h.clock.nanos / 1e6 : 0 };
    }
    case 'timings':
      return { timings: h.timings };
    case 'cut':
      if (req.flash_op !== undefined)
        return h.cutInFlash(Math.max(1, number(req, 'flash_op')), Math.min(1, number(req, 'fraction', 0.5)), number(req, 'timeout_ms', 60000), req.seed ?? 1);
      return { reached: true, ...h.cut(number(req, 'at_cycle'), req.seed ?? 1) };
    case 'stats':
      return h.stats();
    case 'scratch': {
      // (rp2040js keeps them; a new power-on clears them, as on the chip)
      h.requireOn();
      const base = 0x4005800c;
      for (const [i, v] of Object.entries(req.write ?? {})) {
        const k = Number(i);
        if (!(Number.isInteger(k) && k >= 0 && k < 8)) fail(`no scratch register ${i} (0-7)`);
        h.mcu.writeUint32(base + 4 * k, number({ v }, 'v') >>> 0);
      }
      const values = [];
      for (let k = 0; k < 8; k++) values.push(h.mcu.readUint32(base + 4 * k) >>> 0);
      return { values, ...h.status() };
    }
    case 'usb':
      h.usbOn = !!req.on;
      if (h.mcu && h.usbOn && !h.cdc) h.attachUSB();
      return {};
    case 'serial':
      return h.serial(Buffer.from(req.b64 ?? '', 'base64'), number(req, 'ms', 10), number(req, 'max_ms', 200));
    default:
      fail(`unknown op ${JSON.stringify(req.op)}`);
  }
}

function main() {
  const argv = process.argv.slice(2);
  const i = argv.indexOf('--bootrom');
  if (i < 0 || !argv[i + 1]) {
    process.stderr.write('rp2.mjs: --bootrom BOOTROM.bin (the RP2040 B1 bootrom, 16 KB) is needed\n');
    process.exit(2);
  }
  let rom;
  try {
    rom = fs.readFileSync(argv[i + 1]);
  } catch (e) {
    process.stderr.write(`rp2.mjs: cannot read the bootrom ${argv[i + 1]}: ${e.message}\n`);
    process.exit(2);
  }
  if (rom.length !== 16384) {
    process.stderr.write(`rp2.mjs: ${argv[i + 1]} is ${rom.length} bytes, not the 16 KB bootrom\n`);
    process.exit(2);
  }
  const words = new Uint32Array(4096);
  for (let k = 0; k < 4096; k++) words[k] = rom.readUInt32LE(k * 4);
  const h = new Handset(words);
  const rl = readline.createInterface({ input: process.stdin, terminal: false });
  rl.on('line', (line) => {
    if (!line.trim()) return;
    let answer;
    try {
      const req = JSON.parse(line);
      answer = { ok: true, ...handle(h, req) };
    } catch (e) {
      answer = { ok: false, error: e.user || e instanceof SyntaxError || e.code === 'ENOENT' ? e.message : e.stack };
    }
    process.stdout.write(JSON.stringify(answer) + '\n');
  });
}

if (!globalThis.__NO_MAIN) main();
export { Handset, FlashChip, Panel };
