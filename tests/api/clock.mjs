// Starts the real pokerclock for API tests: a free port, a fresh state
// directory, the PIN 2468; and always stops it again.
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import http from 'node:http';
import { fileURLToPath } from 'node:url';

// The checkout, wherever the tests are started from: what they write goes
// under it to tests/out/, which .gitignore keeps out of the repository.
export const ROOT = fileURLToPath(new URL('../..', import.meta.url));
export const PIN = '2468';
export const BIN = process.env.POKERCLOCK_BIN || join(ROOT, 'pokerclock');

const running = new Set();
process.on('exit', () => {
  for (const p of running) p.kill('SIGKILL');
});

export function freePort() {
  return new Promise((ok, fail) => {
    const s = createServer();
    s.unref();
    s.on('error', fail);
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address();
      s.close(() => ok(port));
    });
  });
}

export function freshStateDir() {
  return mkdtempSync(join(tmpdir(), 'pokerclock-api-'));
}

export const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

// This process's descriptor limit: every socket a test opens is one of them.
export function descriptorLimit() {
  const m = readFileSync('/proc/self/limits', 'utf8').match(/Max open files\s+(\S+)/);
  return m && m[1] !== 'unlimited' ? Number(m[1]) : 65536;
}

// Starts the clock on stateDir (a fresh one when not given), with at most
// nofile descriptors when given. Resolves once /healthz answers; rejects
// with the program's own words when it exits first.
export async function startClock({ stateDir, env = {}, args = [], port: fixedPort, headless = true, nofile } = {}) {
  const dir = stateDir || freshStateDir();
  for (let attempt = 0; ; attempt++) {
    const port = fixedPort || await freePort();
    const argv = [...(headless ? ['--headless'] : []), '--port', String(port), '--state', dir, ...args];
    const proc = spawn(nofile ? 'bash' : BIN, nofile ? ['-c', `ulimit -n ${nofile} && exec "$0" "$@"`, BIN, ...argv] : argv, {
      env: { ...process.env, POKERCLOCK_PIN: PIN, SDL_VIDEODRIVER: 'dummy', ...env },
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    running.add(proc);
    let stderr = '';
    proc.stderr.on('data', (d) => (stderr += d));
    const exited = new Promise((r) => proc.once('exit', (code, signal) => r({ code, signal })));
    proc.exited = exited;
    exited.then(() => running.delete(proc));
    const base = `http://127.0.0.1:${port}`;
    const clock = {
      base, port, proc, stateDir: dir,
      get stderr() { return stderr; },
      async stop(signal = 'SIGTERM') {
        if (proc.exitCode === null && proc.signalCode === null) proc.kill(signal);
        const how = await exited;
        // Under ASan/UBSan and TSan builds a report fails the test that ran the program.
        if (/ERROR: (Address|Leak)Sanitizer|WARNING: ThreadSanitizer|runtime error:/.test(stderr))
          throw new Error(`pokerclock reported a memory or UB error:\n${stderr}`);
        return how;
      },
      kill() { return clock.stop('SIGKILL'); },
      cleanup() { rmSync(dir, { recursive: true, force: true }); },
    };
    const deadline = Date.now() + 15000;
    let gone = null;
    exited.then((x) => (gone = x));
    while (Date.now() < deadline && !gone) {
      try {
        const r = await fetch(`${base}/healthz`);
        if (r.ok) return clock;
      } catch { /* not listening yet */ }
      await sleep(50);
    }
    await clock.kill();
    if (gone && /is in use/.test(stderr) && attempt < 5) continue; // another suite took the port
    throw new Error(`pokerclock did not come up (${JSON.stringify(gone)}): ${stderr}`);
  }
}

export async function getJson(clock, path, init = {}) {
  const r = await fetch(clock.base + path, init);
  const body = await r.json();
  return { status: r.status, headers: r.headers, body };
}

export async function postJson(clock, path, data, { cookie, headers = {} } = {}) {
  const r = await fetch(clock.base + path, {
    method: 'POST',
    headers: {
      'Content-Type': 'application/json',
      ...(cookie ? { Cookie: cookie } : {}),
      ...headers,
    },
    body: typeof data === 'string' ? data : JSON.stringify(data),
  });
  const text = await r.text();
  let body;
  try { body = JSON.parse(text); } catch { body = text; }
  return { status: r.status, headers: r.headers, body };
}

// Logs in with the PIN; returns the Cookie header value to send back.
export async function login(clock) {
  const r = await postJson(clock, '/api/login', { pin: PIN });
  if (r.status !== 200) throw new Error(`login failed: ${r.status} ${JSON.stringify(r.body)}`);
  return r.headers.get('set-cookie').split(';')[0];
}

export async function command(clock, cookie, cmd) {
  return postJson(clock, '/api/command', cmd, { cookie });
}

// A clock started with these arguments and a director's session, stopped
// however fn ends. fn gets the clock, the session's cookie, ok(cmd) (a
// command that must succeed: its state) and state() (GET /api/state).
export async function withDirector(args, fn) {
  const clock = await startClock({ args });
  try {
    const cookie = await login(clock);
    const ok = async (cmd) => {
      const r = await command(clock, cookie, cmd);
      if (r.status !== 200) throw new Error(`${cmd.type}: ${r.status} ${JSON.stringify(r.body)}`);
      return r.body.state;
    };
    const state = async () => (await getJson(clock, '/api/state')).body;
    await fn({ clock, cookie, ok, state });
  } finally {
    await clock.stop();
    clock.cleanup();
  }
}

// A raw HTTP request, for what fetch will not send (odd paths, a chosen
// source address, no Origin rewriting).
export function raw(clock, { method = 'GET', path = '/', headers = {}, body, localAddress } = {}) {
  return new Promise((ok, fail) => {
    const req = http.request(
      { host: '127.0.0.1', port: clock.port, method, path, headers, localAddress },
      (res) => {
        const chunks = [];
        res.on('data', (c) => chunks.push(c));
        res.on('end', () => {
          const buf = Buffer.concat(chunks);
          let json = null;
          try { json = JSON.parse(buf.toString()); } catch { /* not JSON */ }
          ok({ status: res.statusCode, headers: res.headers, buf, body: json });
        });
      });
    req.on('error', fail);
    if (body) req.write(body);
    req.end();
  });
}

// Reads Server-Sent Events from /api/events; next(pred, ms) resolves with
// the first event (or comment) matching pred that arrives within ms.
export async function openEvents(clock) {
  const ctl = new AbortController();
  const r = await fetch(clock.base + '/api/events', { signal: ctl.signal });
  const reader = r.body.getReader();
  const decoder = new TextDecoder();
  const queue = [];
  let waiters = [];
  let buf = '';
  (async () => {
    try {
      for (;;) {
        const { value, done } = await reader.read();
        if (done) break;
        buf += decoder.decode(value, { stream: true });
        let i;
        while ((i = buf.indexOf('\n\n')) >= 0) {
          const block = buf.slice(0, i);
          buf = buf.slice(i + 2);
          const ev = { event: null, data: null, comment: null, at: Date.now() };
          for (const line of block.split('\n')) {
            if (line.startsWith(':')) ev.comment = line.slice(1).trim();
            else if (line.startsWith('event:')) ev.event = line.slice(6).trim();
            else if (line.startsWith('data:')) ev.data = JSON.parse(line.slice(5));
          }
          queue.push(ev);
          const w = waiters;
          waiters = [];
          w.forEach((f) => f());
        }
      }
    } catch { /* aborted */ }
  })();
  return {
    response: r,
    async next(pred, ms) {
      const deadline = Date.now() + ms;
      for (;;) {
        const k = queue.findIndex(pred);
        if (k >= 0) return queue.splice(0, k + 1).pop();
        const left = deadline - Date.now();
        if (left <= 0) return null;
        await new Promise((res) => {
          const t = setTimeout(res, left);
          waiters.push(() => { clearTimeout(t); res(); });
        });
      }
    },
    close() { ctl.abort(); },
  };
}
