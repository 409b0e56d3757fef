// The page's side of the worker protocol: requests go out one at a time, so that the 5 s watchdog times
// the request itself and not the queue in front of it. A request not answered in time terminates the
// worker (a hostile file may keep it busy forever) and starts a new one; every waiting request fails.
// Either way, and when the worker answers that the model trapped, the open document is gone from the
// worker: `onLost` tells the page, which opens it again from the bytes it kept.

const TIMEOUT_MS = 5000;

/** An error answered by the worker (`offset`: a byte offset in the content, when it has one). */
class WorkerError extends Error {
  constructor(message, offset) {
    super(message);
    this.offset = offset ?? null;
  }
}

export class WorkerClient {
  /**
   * @param {string} url the worker script
   * @param {(message: string) => void} onLost called when the worker lost its document (timeout, trap)
   */
  constructor(url, onLost) {
    this.url = url;
    this.onLost = onLost;
    this.nextId = 1;
    this.queue = [];
    this.current = null;
    this.start();
  }

  start() {
    this.worker = new Worker(this.url);
    this.worker.onmessage = (e) => this.answer(e.data);
    this.worker.onerror = (e) => {
      e.preventDefault();
      this.fail(new WorkerError(`the worker failed: ${e.message || 'unknown error'}`));
    };
  }

  /**
   * Sends `{id, op, args, data}`; resolves to `{result, data}` or rejects with a WorkerError.
   * `data` (an ArrayBuffer) is transferred: the caller gives up that buffer.
   */
  request(op, args = {}, data) {
    return new Promise((resolve, reject) => {
      this.queue.push({ op, args, data, resolve, reject });
      this.pump();
    });
  }

  pump() {
    if (this.current || this.queue.length === 0) return;
    const req = this.queue.shift();
    req.id = this.nextId++;
    // A large file takes its time to open and to print: 1 ms more per KiB of the last file sent.
    if (req.data) this.size = req.data.byteLength;
    req.timer = setTimeout(() => this.timeout(), TIMEOUT_MS + (this.size ?? 0) / 1024);
    this.current = req;
    const msg = { id: req.id, op: req.op, args: req.args };
    if (req.data) {
      msg.data = req.data;
      this.worker.postMessage(msg, [req.data]);
    } else {
      this.worker.postMessage(msg);
    }
  }

  answer(msg) {
    const req = this.current;
    if (!req || msg.id !== req.id) return; // an answer to a request already given up
    clearTimeout(req.timer);
    this.current = null;
    if (msg.ok) req.resolve({ result: msg.result ?? {}, data: msg.data });
    else req.reject(new WorkerError(msg.error?.message ?? 'unknown error', msg.error?.offset));
    this.pump();
    if (!msg.ok && msg.error?.trap) this.onLost(msg.error.message);
  }

  /** Fails the request in flight (the worker itself broke) and goes on with the next. */
  fail(err) {
    const req = this.current;
    if (!req) return;
    clearTimeout(req.timer);
    this.current = null;
    req.reject(err);
    this.pump();
  }

  timeout() {
    const req = this.current;
    this.current = null;
    this.worker.terminate();
    const waiting = this.queue;
    this.queue = [];
    this.start();
    const s = Math.round((TIMEOUT_MS + (this.size ?? 0) / 1024) / 1000);
    const err = new WorkerError(`the file took too long: "${req.op}" had no answer in ${s} s`);
    req.reject(err);
    for (const w of waiting) w.reject(err);
    this.onLost(err.message);
  }
}
