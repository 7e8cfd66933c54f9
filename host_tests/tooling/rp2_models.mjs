// The emulated Pico's models on their own (tools/mp/rp2.mjs), no firmware needed: the flash
// chip's commands, erase and program cut half way, the panel's datasheet checks. Prints
// one JSON object of findings; host_tests/tooling/test_rp2.py asserts on them.
globalThis.__NO_MAIN = true;
const { FlashChip, Panel } = await import('../../tools/mp/rp2.mjs');

const clock = { nanos: 0 };
const image = new Uint8Array(2 * 1024 * 1024).fill(0xff);
const chip = new FlashChip(image);
chip.clock = clock;
const send = (...bytes) => {
  chip.select(true);
  const out = bytes.map((b) => chip.transfer(b));
  chip.select(false);
  return out;
};
const out = {};

// a page program without write enable does nothing; with it, bits go 1 -> 0 only
send(0x02, 0x00, 0x10, 0x00, 0x00, 0x0f);
out.program_without_wel = [image[0x1000], chip.errors.length];
image[0x1000] = 0xf0;
send(0x06);
send(0x02, 0x00, 0x10, 0x00, 0x0f, 0x3c);
out.busy_status = send(0x05, 0)[1] & 1;
clock.nanos += 1e6;
out.ready_status = send(0x05, 0)[1];
out.programmed = [image[0x1000], image[0x1001]];
out.read = send(0x03, 0x00, 0x10, 0x00, 0, 0).slice(4);

// a 4 KB erase cut half way: some bytes erased, the rest as they were
image.fill(0x00, 0x20000, 0x21000);
send(0x06);
send(0x20, 0x02, 0x00, 0x00);
clock.nanos += 22.5e6;
const partial = chip.cut(7);
let erased = 0, old = 0, other = 0;
for (let i = 0x20000; i < 0x21000; i++) {
  if (image[i] === 0xff) erased++;
  else if (image[i] === 0x00) old++;
  else other++;
}
out.erase_cut = { fraction: partial.fraction, erased, old, other };

// a page program cut half way: the first bytes in, one partly, the rest untouched, and
// no bit that was 0 comes back as 1
image.fill(0xff, 0x30000, 0x30100);
image[0x300f0] = 0x00;
send(0x06);
send(0x02, 0x03, 0x00, 0x00, ...new Array(256).fill(0x55));
clock.nanos += 0.2e6;
chip.cut(3);
let done = 0, untouched = 0;
for (let i = 0; i < 256; i++) {
  if (image[0x30000 + i] === 0x55) done++;
  else if (image[0x30000 + i] === 0xff) untouched++;
}
out.program_cut = { done, untouched, zero_kept: image[0x300f0] };

// the panel: Sleep Out too soon after the reset, a window outside it, pixels placed
const p = new Panel(clock);
clock.nanos = 0;
p.hardReset(0);
p.byte(0x11, 0, 100e6);               // SLPOUT at 100 ms
p.byte(0x3a, 0, 110e6); p.byte(0x05, 1, 110e6);
p.byte(0x36, 0, 110e6); p.byte(0xc8, 1, 110e6);
p.byte(0x2a, 0, 110e6); [0, 0, 0, 200].forEach((b) => p.byte(b, 1, 110e6));
p.byte(0x2a, 0, 110e6); [0, 1, 0, 2].forEach((b) => p.byte(b, 1, 110e6));
p.byte(0x2b, 0, 110e6); [0, 3, 0, 3].forEach((b) => p.byte(b, 1, 110e6));
p.byte(0x2c, 0, 110e6); [0xf8, 0x00, 0x07, 0xe0].forEach((b) => p.byte(b, 1, 110e6));
p.byte(0x29, 0, 111e6);
out.panel = { violations: p.violations.map((v) => v.text), px: [p.pixels[3 * 128 + 1], p.pixels[3 * 128 + 2]] };
console.log(JSON.stringify(out));
