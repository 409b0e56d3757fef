// The model's thread: loads godot_bin_web.wasm and answers the page's requests, one at a time.
// Request {id, op, args, data?} (data: an ArrayBuffer) -> reply {id, ok: true, result, data?} or
// {id, ok: false, error: {message, offset?}}. A trap (a panic in the model) is answered as an error and
// the instance is made anew (the page re-opens its document).

'use strict';

let module = null; // the compiled wasm, kept to instantiate again after a trap
let exports = null;

function memory() {
  return new Uint8Array(exports.memory.buffer);
}

const imports = {
  env: {
    // getrandom's custom backend: random bytes for new Godot 4 IVs (getRandomValues takes 64 KiB at most).
    gb_random(ptr, len) {
      for (let at = 0; at < len; at += 65536) {
        const n = Math.min(65536, len - at);
        const chunk = new Uint8Array(n);
        crypto.getRandomValues(chunk);
        memory().set(chunk, ptr + at);
      }
    },
  },
};

async function instantiate() {
  if (!module) {
    const url = new URL('godot_bin_web.wasm', self.location.href);
    const response = await fetch(url);
    if (!response.ok) throw new Error(`cannot load ${url}: HTTP ${response.status}`);
    module = await WebAssembly.compile(await response.arrayBuffer());
  }
  exports = (await WebAssembly.instantiate(module, imports)).exports;
}

let ready = instantiate();

// Copies `bytes` into the instance's memory; returns [ptr, len].
function put(bytes) {
  const ptr = exports.gb_alloc(bytes.length);
  memory().set(bytes, ptr);
  return [ptr, bytes.length];
}

function call(op, args, data) {
  const req = new TextEncoder().encode(JSON.stringify({ op, args: args || {} }));
  const input = data ? new Uint8Array(data) : new Uint8Array(0);
  const [rp, rl] = put(req);
  const [dp, dl] = put(input);
  let code;
  try {
    code = exports.gb_call(rp, rl, dp, dl);
  } finally {
    // (After a trap the instance is dropped whole; freeing is for the instance that lives on.)
    if (code !== undefined) {
      exports.gb_free(rp, rl);
      exports.gb_free(dp, dl);
    }
  }
  const mem = memory();
  const outPtr = exports.gb_out_ptr();
  const out = JSON.parse(new TextDecoder().decode(mem.slice(outPtr, outPtr + exports.gb_out_len())));
  const binLen = exports.gb_bin_len();
  let bin = null;
  if (code === 0 && binLen > 0) {
    const binPtr = exports.gb_bin_ptr();
    bin = mem.slice(binPtr, binPtr + binLen).buffer;
  } else if (code === 0 && ['save', 'content', 'export'].includes(op)) {
    bin = new ArrayBuffer(0);
  }
  return { code, out, bin };
}

// Requests run one after another, in the order they came.
let queue = Promise.resolve();

self.onmessage = (event) => {
  const { id, op, args, data } = event.data || {};
  queue = queue.then(async () => {
    try {
      await ready;
    } catch (e) {
      ready = instantiate(); // try again next time
      self.postMessage({ id, ok: false, error: { message: `the model did not load: ${e.message || e}` } });
      return;
    }
    let reply;
    try {
      const { code, out, bin } = call(op, args, data);
      reply = code === 0 ? { id, ok: true, result: out } : { id, ok: false, error: out };
      if (bin) reply.data = bin;
    } catch (e) {
      // A trap: the instance's state is gone; start a fresh one.
      reply = { id, ok: false, error: { message: `the model stopped: ${e.message || e}`, trap: true } };
      ready = instantiate();
    }
    self.postMessage(reply, reply.data ? [reply.data] : []);
  });
};
