// MicroPython (official WebAssembly port) behind a JSON-lines pipe, for tools/mp/wasm.py.
// One request per line on stdin, one answer per line on stdout:
//   {"op":"exec","code":"..."}            -> {"ok":true,"out":"..."} or {"ok":false,"out":"...","error":"Traceback..."}
//   {"op":"write","path":"/lib/x.py","b64":"..."} / {"op":"mkdir","path":"/lib/svara"}
//   {"op":"read","path":"/tmp/f"}         -> {"ok":true,"b64":"..."}
//   {"op":"heap"}                         -> {"ok":true,"initial":N,"total":N}  (GC total at start and now)
//   {"op":"repeat","codes":[...],"times":N,"while":"regex"}
//                                         -> {"ok":true,"outs":[...]}: rounds of the codes, each
//      code its own call, until the round's last output does not match the regex or N rounds
//      ran; the last code's output of each round (a raise: ok false, outs so far, error)
// Each exec is one top-level runPython call: the port's GC runs only between such calls.
import { loadMicroPython } from "@micropython/micropython-webassembly-pyscript";
import readline from "node:readline";

const heapsize = parseInt(process.argv[2] || "1048576", 10);
let chunks = [];
const collect = (bytes) => { chunks.push(Buffer.from(bytes)); };
const mp = await loadMicroPython({ heapsize, stdout: collect, stderr: collect, linebuffer: false });

function takeOut() {
  const s = Buffer.concat(chunks).toString("utf8");
  chunks = [];
  return s;
}

function gcTotal() {
  mp.runPython("import micropython as _m\n_m.mem_info()");
  const m = /GC: total: (\d+)/.exec(takeOut());
  return m ? parseInt(m[1], 10) : -1;
}

const initial = gcTotal();

function mkdirs(path) {
  let cur = "";
  for (const part of path.split("/").filter(Boolean)) {
    cur += "/" + part;
    try { mp.FS.mkdir(cur); } catch (e) { if (e.errno !== 20) throw e; } // 20: exists
  }
}

function handle(req) {
  switch (req.op) {
    case "exec":
      try {
        mp.runPython(req.code);
        return { ok: true, out: takeOut() };
      } catch (e) {
        if (e.name !== "PythonError") throw e;
        return { ok: false, out: takeOut(), error: e.message, type: e.type };
      }
    case "write": {
      const dir = req.path.slice(0, req.path.lastIndexOf("/"));
      if (dir) mkdirs(dir);
      mp.FS.writeFile(req.path, Buffer.from(req.b64, "base64"));
      return { ok: true };
    }
    case "mkdir":
      mkdirs(req.path);
      return { ok: true };
    case "read":
      return { ok: true, b64: Buffer.from(mp.FS.readFile(req.path)).toString("base64") };
    case "repeat": {
      const again = new RegExp(req.while);
      const outs = [];
      try {
        for (let i = 0; i < req.times; i++) {
          let out = "";
          for (const code of req.codes) {
            mp.runPython(code);
            out = takeOut();
          }
          outs.push(out);
          if (!again.test(out)) break;
        }
        return { ok: true, outs };
      } catch (e) {
        if (e.name !== "PythonError") throw e;
        return { ok: false, outs, out: takeOut(), error: e.message, type: e.type };
      }
    }
    case "heap":
      return { ok: true, initial, total: gcTotal() };
    default:
      return { ok: false, error: "unknown op " + req.op };
  }
}

const rl = readline.createInterface({ input: process.stdin, crlfDelay: Infinity });
for await (const line of rl) {
  if (!line.trim()) continue;
  let answer;
  try {
    answer = handle(JSON.parse(line));
  } catch (e) {
    answer = { ok: false, error: "host: " + (e && e.stack ? e.stack : String(e)), out: takeOut() };
  }
  process.stdout.write(JSON.stringify(answer) + "\n");
}
