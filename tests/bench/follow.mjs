// Follower mode: how long a director's command takes to reach a follower's
// screen (its event stream), against reaching the master's own stream, and
// how far the two countdowns are apart. Figures only, no pass/fail.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { freePort } from '../api/clock.mjs';

const BIN = process.env.POKERCLOCK_BIN || resolve('pokerclock');
const ROUNDS = 40;
const procs = [];
process.on('exit', () => procs.forEach((p) => p.kill('SIGKILL')));
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

// Starts a clock on a free port; another program may take the port between
// freePort() and the bind (events.bench's thousands of sockets are still
// closing when this runs), so a clock that says so is started again.
async function start(args) {
  let stderr = '';
  for (let attempt = 0; attempt < 10; attempt++) {
    const port = await freePort();
    const p = spawn(BIN, ['--headless', '--port', String(port), ...args], {
      env: { ...process.env, POKERCLOCK_PIN: '2468', SDL_VIDEODRIVER: 'dummy' },
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    procs.push(p);
    stderr = '';
    p.stderr.on('data', (d) => (stderr += d));
    let gone = false;
    p.once('exit', () => (gone = true));
    const base = `http://127.0.0.1:${port}`;
    for (let i = 0; i < 300 && !gone; i++) {
      try { if ((await fetch(base + '/healthz')).ok) return base; } catch { /* not yet */ }
      await sleep(50);
    }
    p.kill('SIGKILL');
    if (!/in use/.test(stderr)) break;
  }
  throw new Error(`${BIN} ${args.join(' ')} did not come up: ${stderr}`);
}

// Calls onState(state, arrivalTime) for each `event: state` of base.
async function listen(base, onState) {
  const r = await fetch(base + '/api/events');
  const reader = r.body.getReader();
  const dec = new TextDecoder();
  let buf = '';
  (async () => {
    for (;;) {
      const { value, done } = await reader.read().catch(() => ({ done: true }));
      if (done) return;
      const at = performance.now();
      buf += dec.decode(value, { stream: true });
      let i;
      while ((i = buf.indexOf('\n\n')) >= 0) {
        const block = buf.slice(0, i);
        buf = buf.slice(i + 2);
        const data = block.split('\n').find((l) => l.startsWith('data:'));
        if (/^event: ?state/m.test(block) && data) onState(JSON.parse(data.slice(5)), at);
      }
    }
  })();
}

const pct = (xs, p) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor(xs.length * p))];
const fmt = (x) => x.toFixed(1);

const dir = mkdtempSync(join(tmpdir(), 'pokerclock-bench-'));
try {
  const master = await start(['--state', dir]);
  const follower = await start(['--follow', master]);
  const json = { 'Content-Type': 'application/json' };
  const login = await fetch(master + '/api/login', { method: 'POST', headers: json, body: '{"pin":"2468"}' });
  const cookie = login.headers.get('set-cookie').split(';')[0];
  const send = (cmd) => fetch(master + '/api/command', {
    method: 'POST', headers: { ...json, Cookie: cookie }, body: JSON.stringify(cmd),
  }).then((r) => r.json());
  await send({ type: 'start' });

  const seen = { master: new Map(), follower: new Map() };
  await listen(master, (s, at) => s.announcement && seen.master.set(s.announcement.text, at));
  await listen(follower, (s, at) => s.announcement && seen.follower.set(s.announcement.text, at));
  await sleep(1500);

  const toMaster = [], toFollower = [], apart = [];
  for (let i = 0; i < ROUNDS; i++) {
    const text = `Round ${i}`;
    const t0 = performance.now();
    await send({ type: 'announce', text, seconds: 0 });
    while (!seen.follower.has(text) && performance.now() - t0 < 5000) await sleep(1);
    if (!seen.master.has(text) || !seen.follower.has(text)) continue;
    toMaster.push(seen.master.get(text) - t0);
    toFollower.push(seen.follower.get(text) - t0);
    const [m, f] = await Promise.all([master, follower].map(async (b) => (await fetch(b + '/api/state')).json()));
    apart.push(Math.abs(m.remaining_ms - f.remaining_ms));
    await sleep(50);
  }
  console.log(`commands:                     ${toFollower.length} of ${ROUNDS} reached the follower`);
  console.log(`command -> master's stream:   median ${fmt(pct(toMaster, 0.5))} ms, p95 ${fmt(pct(toMaster, 0.95))} ms`);
  console.log(`command -> follower's stream: median ${fmt(pct(toFollower, 0.5))} ms, p95 ${fmt(pct(toFollower, 0.95))} ms`);
  console.log(`the follower's extra hop:     ${fmt(pct(toFollower, 0.5) / Math.max(pct(toMaster, 0.5), 0.001))}x the master's own (median)`);
  console.log(`countdowns apart:             median ${pct(apart, 0.5)} ms, max ${Math.max(...apart)} ms (two /api/state requests at once)`);
} finally {
  procs.forEach((p) => p.kill('SIGKILL'));
  rmSync(dir, { recursive: true, force: true });
}
