// Follower mode against two real pokerclocks: a master run by the director and
// a follower started with --follow, as a venue with a second screen has them.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { randomBytes } from 'node:crypto';
import { connect, createServer } from 'node:net';
import { hostname, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { freePort } from './clock.mjs';

const BIN = process.env.POKERCLOCK_BIN || resolve('pokerclock');
const PIN = '2468';
const LOST_AFTER_MS = 3000; // POKERCLOCK_FOLLOW_TIMEOUT_MS: 30 s in the venue
const LOST = 'Connection to the master lost: showing the last known state';

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
const running = new Set();
process.on('exit', () => {
  for (const p of running) p.kill('SIGKILL');
});

// Starts pokerclock with args on port; resolves when /healthz answers.
async function start(port, args, { env = {}, cwd } = {}) {
  const proc = spawn(BIN, ['--headless', '--port', String(port), ...args], {
    cwd,
    env: { ...process.env, POKERCLOCK_PIN: PIN, SDL_VIDEODRIVER: 'dummy', ...env },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  running.add(proc);
  let stderr = '';
  proc.stderr.on('data', (d) => (stderr += d));
  let gone = null;
  const exited = new Promise((r) => proc.once('exit', (code, signal) => r({ code, signal })));
  exited.then((x) => { gone = x; running.delete(proc); });
  const base = `http://127.0.0.1:${port}`;
  const clock = {
    base, port, proc, exited,
    get stderr() { return stderr; },
    async kill(signal = 'SIGKILL') {
      if (!gone) proc.kill(signal);
      return exited;
    },
  };
  const deadline = Date.now() + 15000;
  while (Date.now() < deadline && !gone) {
    try {
      if ((await fetch(`${base}/healthz`)).ok) return clock;
    } catch { /* not listening yet */ }
    await sleep(50);
  }
  await clock.kill();
  throw new Error(`pokerclock ${args.join(' ')} did not come up (${JSON.stringify(gone)}): ${stderr}`);
}

async function state(clock) {
  const r = await fetch(clock.base + '/api/state');
  assert.equal(r.status, 200);
  return r.json();
}

async function login(clock) {
  const r = await fetch(clock.base + '/api/login', {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ pin: PIN }),
  });
  assert.equal(r.status, 200, await r.text());
  return r.headers.get('set-cookie').split(';')[0];
}

async function command(clock, cookie, cmd) {
  const r = await fetch(clock.base + '/api/command', {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Cookie: cookie },
    body: JSON.stringify(cmd),
  });
  return { status: r.status, body: await r.json() };
}

async function ok(clock, cookie, cmd) {
  const r = await command(clock, cookie, cmd);
  assert.equal(r.status, 200, `${cmd.type}: ${JSON.stringify(r.body)}`);
  return r.body.state;
}

// Polls the follower until its state satisfies pred; fails with the last one.
async function until(clock, what, pred, ms = 15000) {
  const deadline = Date.now() + ms;
  let last;
  while (Date.now() < deadline) {
    last = await state(clock);
    if (await pred(last)) return last;
    await sleep(100);
  }
  assert.fail(`the follower never showed ${what}; it shows ${JSON.stringify(last)}`);
}

// Both clocks' states at (nearly) the same instant.
async function both(master, follower) {
  const [m, f] = await Promise.all([state(master), state(follower)]);
  return { m, f };
}

// What a player reads on both screens is the same: level, blinds, running,
// the countdown (to a second and a half), players, the announcement.
function sameWall(m, f) {
  return f.level.index === m.level.index &&
    f.level.big_blind === m.level.big_blind &&
    f.running === m.running && f.started === m.started &&
    Math.abs(f.remaining_ms - m.remaining_ms) <= 1500 &&
    f.players.entries === m.players.entries && f.players.remaining === m.players.remaining &&
    (f.announcement?.text ?? null) === (m.announcement?.text ?? null) &&
    f.name === m.name && f.levels_count === m.levels_count;
}

test('a follower shows the master, survives its restart, and says when it is gone', { timeout: 120000 }, async () => {
  const masterDir = mkdtempSync(join(tmpdir(), 'pokerclock-master-'));
  const followerCwd = mkdtempSync(join(tmpdir(), 'pokerclock-follower-'));
  const masterPort = await freePort();
  const masterArgs = ['--state', masterDir];
  // A heartbeat every half second: the follower's 3 s silence then means the
  // master is gone, as 30 s do with the 10 s heartbeat in the venue.
  const masterEnv = { POKERCLOCK_SSE_HEARTBEAT_MS: '500' };
  let master, follower;
  try {
    master = await start(masterPort, masterArgs, { env: masterEnv });
    follower = await start(await freePort(), ['--follow', master.base], {
      cwd: followerCwd,
      env: { POKERCLOCK_FOLLOW_TIMEOUT_MS: String(LOST_AFTER_MS) },
    });

    // The director runs the tournament on the master only.
    const cookie = await login(master);
    await ok(master, cookie, { type: 'register', count: 27 });
    await ok(master, cookie, { type: 'start' });
    await ok(master, cookie, { type: 'next_level' });
    await ok(master, cookie, { type: 'adjust', delta_ms: -125000 });
    await ok(master, cookie, { type: 'bust', count: 3 });
    await ok(master, cookie, { type: 'announce', text: 'Dinner at the break', seconds: 600 });
    await until(follower, 'the master\'s level, clock, players and announcement', async () => {
      const { m, f } = await both(master, follower);
      return sameWall(m, f);
    });
    const f1 = await state(follower);
    assert.equal(f1.level.index, 1);
    assert.equal(f1.running, true);
    assert.equal(f1.players.remaining, 24);
    assert.equal(f1.announcement.text, 'Dinner at the break');
    assert.ok(f1.remaining_ms < 20 * 60000 - 120000, `time taken off: ${f1.remaining_ms}`);
    assert.equal(f1.notice, null);
    // The last actions too: in English, and by their codes for a panel.
    const m1 = await state(master);
    assert.deepEqual(f1.last_actions, m1.last_actions);
    assert.deepEqual(f1.last_action_codes, m1.last_action_codes);
    assert.equal(f1.last_action_codes[1].code, 'bust');
    assert.equal(f1.undo, m1.undo);

    // The structure sheet (kiosk pages) is the master's too.
    const [ms, fs] = await Promise.all([master, follower].map(async (c) => (await fetch(c.base + '/api/structure')).json()));
    assert.deepEqual(fs, ms);

    // A pause shows as a pause, with the same time left.
    await ok(master, cookie, { type: 'pause' });
    await until(follower, 'the pause', async () => {
      const { m, f } = await both(master, follower);
      return sameWall(m, f) && !f.running;
    });
    // Read after the pause was seen: until() returns the state it read
    // before its check, which may still be counting down.
    const paused = await state(follower);
    assert.equal(paused.running, false);
    await sleep(300);
    assert.equal((await state(follower)).remaining_ms, paused.remaining_ms, 'a paused follower does not count');
    await ok(master, cookie, { type: 'resume' });

    // Nothing can be changed on the follower: the director is sent to the master.
    const fcookie = await login(follower);
    const refused = await command(follower, fcookie, { type: 'pause' });
    assert.equal(refused.status, 409);
    assert.match(refused.body.error, /follows http:\/\/127\.0\.0\.1:\d+: change the tournament there/);
    await until(follower, 'the resume', async () => (await state(follower)).running);

    // The master is killed and comes back on its state: the follower finds it again.
    await master.kill('SIGKILL');
    master = await start(masterPort, masterArgs, { env: masterEnv });
    await ok(master, cookie, { type: 'announce', text: 'Back after the restart', seconds: 0 });
    await until(follower, 'the restarted master\'s state', async () => {
      const { m, f } = await both(master, follower);
      return sameWall(m, f) && f.announcement?.text === 'Back after the restart' &&
        f.notice !== LOST;
    });

    // Gone for good: the follower keeps counting, and after the silence says so.
    await master.kill('SIGKILL');
    const before = await state(follower);
    const lost = await until(follower, 'the lost connection', (s) => s.notice === LOST, LOST_AFTER_MS + 10000);
    assert.equal(lost.running, true);
    assert.equal(lost.announcement.text, 'Back after the restart');
    await sleep(300);
    const after = await state(follower);
    assert.ok(after.remaining_ms < before.remaining_ms, `the countdown goes on: ${before.remaining_ms} then ${after.remaining_ms}`);
    assert.equal(after.notice, LOST);

    // A follower keeps nothing: its directory is as empty as it was.
    assert.deepEqual(readdirSync(followerCwd), []);
  } finally {
    await Promise.all([master, follower].filter(Boolean).map((c) => c.kill('SIGKILL')));
    rmSync(masterDir, { recursive: true, force: true });
    rmSync(followerCwd, { recursive: true, force: true });
  }
});

// A screen reaches the master by the master's name (FOLLOW=http://pokerclock.local
// on the appliance); the master answers only to its own names (threat model).
test('a follower finds the master by its host name', { timeout: 60000 }, async () => {
  const masterDir = mkdtempSync(join(tmpdir(), 'pokerclock-master-'));
  const followerCwd = mkdtempSync(join(tmpdir(), 'pokerclock-follower-'));
  let master, follower;
  try {
    master = await start(await freePort(), ['--state', masterDir]);
    follower = await start(await freePort(), ['--follow', `http://${hostname()}:${master.port}`],
      { cwd: followerCwd });
    const cookie = await login(master);
    await ok(master, cookie, { type: 'register', count: 5 });
    await until(follower, 'the master\'s 5 players', (f) => f.players.entries === 5 && !f.notice);
  } finally {
    await follower?.kill();
    await master?.kill();
    rmSync(masterDir, { recursive: true, force: true });
    rmSync(followerCwd, { recursive: true, force: true });
  }
});

test('a follower pays what the master pays: fixed amounts, the rounding rule, a deal', { timeout: 60000 }, async () => {
  const masterDir = mkdtempSync(join(tmpdir(), 'pokerclock-master-'));
  const followerCwd = mkdtempSync(join(tmpdir(), 'pokerclock-follower-'));
  let master, follower;
  try {
    // Friday's tournament without tables: players by count, busted by count.
    const cfg = join(masterDir, 'friday.cfg');
    writeFileSync(cfg, readFileSync(resolve('tests/api/fixtures/friday.cfg'), 'utf8').replace(/^tables = .*$/m, ''));
    master = await start(await freePort(), ['--state', masterDir, '--config', cfg]);
    follower = await start(await freePort(), ['--follow', master.base], { cwd: followerCwd });
    const cookie = await login(master);
    await ok(master, cookie, { type: 'register', count: 7 });
    await ok(master, cookie, { type: 'start' });
    // 350 in the pool: a unit of 25 with the remainder to the largest shares ...
    let m = await ok(master, cookie, { type: 'set_payouts', places: [47.5, 32.5, 20], unit: 25, remainder: 'largest' });
    await until(follower, 'the rounded payouts ' + m.payouts, (f) => f.payouts.join() === m.payouts.join());
    // ... fixed amounts ...
    m = await ok(master, cookie, { type: 'set_payouts', amounts: [200, 100, 50] });
    await until(follower, 'the fixed amounts', (f) => f.payouts.join() === '200,100,50' &&
      JSON.stringify(f.payout_rule) === JSON.stringify(m.payout_rule));
    // ... and a deal of the last three.
    for (let i = 0; i < 4; i++) await ok(master, cookie, { type: 'bust' });
    m = await ok(master, cookie, { type: 'deal', amounts: [160, 110, 80] });
    assert.deepEqual(m.payouts, [160, 110, 80]);
    const f = await until(follower, 'the deal', (x) => x.payouts.join() === '160,110,80');
    assert.deepEqual(f.deal.amounts, [160, 110, 80]);
  } finally {
    await follower?.kill();
    await master?.kill();
    rmSync(masterDir, { recursive: true, force: true });
    rmSync(followerCwd, { recursive: true, force: true });
  }
});

test('a follower speaks the languages the master\'s panel sets, and keeps quiet with it', { timeout: 60000 }, async () => {
  const masterDir = mkdtempSync(join(tmpdir(), 'pokerclock-master-'));
  const followerCwd = mkdtempSync(join(tmpdir(), 'pokerclock-follower-'));
  let master, follower;
  try {
    // The follower's own configuration says Dutch: it holds until the panel says otherwise.
    const own = join(followerCwd, 'screen.cfg');
    writeFileSync(own, readFileSync(resolve('assets/structures/default.cfg'), 'utf8').replace(/^language = .*$/m, 'language = "nl";'));
    master = await start(await freePort(), ['--state', masterDir]);
    follower = await start(await freePort(), ['--follow', master.base, '--config', own], { cwd: followerCwd });
    const cookie = await login(master);
    await ok(master, cookie, { type: 'register', count: 3 });
    let f = await until(follower, 'the master\'s players', (x) => x.players.entries === 3);
    assert.equal(f.language, 'nl', 'its own language while the panel has set none');
    assert.equal(f.quiet, false);
    await ok(master, cookie, { type: 'set_language', language: 'de', language2: 'en' });
    await ok(master, cookie, { type: 'sound', quiet: true });
    f = await until(follower, 'German and English, quiet', (x) => x.language === 'de' && x.language2 === 'en' && x.quiet);
    // What the follower's wall and its /display draw in.
    const settings = await (await fetch(follower.base + '/api/settings')).json();
    assert.equal(settings.language, 'de');
    assert.equal(settings.language2, 'en');
    await ok(master, cookie, { type: 'set_language', language: 'no', language2: null });
    await ok(master, cookie, { type: 'sound', quiet: false });
    await until(follower, 'Norwegian alone, sound on', (x) => x.language === 'no' && x.language2 === null && !x.quiet);
  } finally {
    await follower?.kill();
    await master?.kill();
    rmSync(masterDir, { recursive: true, force: true });
    rmSync(followerCwd, { recursive: true, force: true });
  }
});

test('a follower with no master says whom it waits for, and refuses a bad address', { timeout: 60000 }, async () => {
  const cwd = mkdtempSync(join(tmpdir(), 'pokerclock-follower-'));
  const nobody = await freePort(); // nothing listens there
  let follower;
  try {
    follower = await start(await freePort(), ['--follow', `http://127.0.0.1:${nobody}/`], {
      cwd,
      env: { POKERCLOCK_FOLLOW_TIMEOUT_MS: String(LOST_AFTER_MS) },
    });
    const waiting = await state(follower);
    assert.match(waiting.notice, new RegExp(`(Waiting for|Cannot reach) the master at http://127\\.0\\.0\\.1:${nobody}`));
    const unreachable = await until(follower, 'that the master cannot be reached',
      (s) => /^Cannot reach the master at .*: cannot connect/.test(s.notice ?? ''), LOST_AFTER_MS + 10000);
    assert.equal(unreachable.started, false);
    assert.deepEqual(readdirSync(cwd), []);
  } finally {
    await follower?.kill('SIGKILL');
    rmSync(cwd, { recursive: true, force: true });
  }
  for (const bad of ['https://10.0.0.5:8080', 'http://10.0.0.5:99999', 'ftp://x']) {
    const proc = spawn(BIN, ['--headless', '--follow', bad], { stdio: ['ignore', 'ignore', 'pipe'] });
    running.add(proc);
    let stderr = '';
    proc.stderr.on('data', (d) => (stderr += d));
    const [code] = await new Promise((r) => proc.once('exit', (...a) => r(a)));
    running.delete(proc);
    assert.equal(code, 2, `${bad}: ${stderr}`);
    assert.match(stderr, /--follow: /);
  }
});

// A proxy to the master that answers the first request for `path` itself,
// with `hostile`, and passes everything else through.
function hostileProxy(master, path, hostile) {
  let served = 0;
  const sockets = new Set();
  const server = createServer((sock) => {
    sockets.add(sock);
    sock.on('close', () => sockets.delete(sock));
    sock.on('error', () => {});
    let head = Buffer.alloc(0);
    const onData = (d) => {
      head = Buffer.concat([head, d]);
      const end = head.indexOf('\r\n\r\n');
      if (end < 0) return;
      sock.off('data', onData);
      const wanted = head.toString('latin1').split(' ')[1];
      if (wanted === path && served === 0) {
        served++;
        sock.end(hostile);
        return;
      }
      const up = connect(master.port, '127.0.0.1', () => up.write(head));
      sockets.add(up);
      up.on('close', () => { sockets.delete(up); sock.destroy(); });
      up.on('error', () => sock.destroy());
      sock.on('close', () => up.destroy());
      up.pipe(sock);
      sock.pipe(up);
    };
    sock.on('data', onData);
  });
  return new Promise((ok) => server.listen(0, '127.0.0.1', () => ok({
    base: `http://127.0.0.1:${server.address().port}`,
    get served() { return served; },
    close() { for (const s of sockets) s.destroy(); server.close(); },
  })));
}

test('hostile answers from the network are survived, and the real master is shown after', { timeout: 90000 }, async () => {
  const sse = 'HTTP/1.1 200 OK\r\nContent-Type: text/event-stream\r\n';
  const cases = [
    ['/api/events', 'a chunk size beyond any number', `${sse}Transfer-Encoding: chunked\r\n\r\nfffffffffffffffffffff\r\n`],
    ['/api/events', 'a header line of 100 KB', `${sse}X-Junk: ${'a'.repeat(100000)}\r\n\r\n`],
    ['/api/events', 'an event line of 1 MB', `${sse}\r\ndata: ${'x'.repeat(1 << 20)}`],
    ['/api/events', 'a state of the wrong shape', `${sse}\r\nevent: state\ndata: {"seq": 1, "started": "yes", "level": [], "remaining_ms": -1}\n\n`],
    ['/api/events', 'a NUL in a header', `${sse}X-Nul: a\0b\r\n\r\n`],
    ['/api/events', 'random bytes', randomBytes(65536)],
    ['/api/structure', 'a structure of 5000 levels', `HTTP/1.1 200 OK\r\nContent-Type: application/json\r\n\r\n{"name": "x", "starting_stack": 1, "levels": [${Array(5000).fill('{"kind": "level", "small_blind": 1, "big_blind": 2, "duration_ms": 1000}').join(',')}]}`],
    ['/api/structure', 'a structure cut short', 'HTTP/1.1 200 OK\r\nContent-Length: 5000\r\n\r\n{"name": "Fri'],
  ];
  const masterDir = mkdtempSync(join(tmpdir(), 'pokerclock-master-'));
  const cwd = mkdtempSync(join(tmpdir(), 'pokerclock-follower-'));
  let master;
  const proxies = [];
  const followers = [];
  try {
    master = await start(await freePort(), ['--state', masterDir]);
    const cookie = await login(master);
    await ok(master, cookie, { type: 'register', count: 9 });
    await ok(master, cookie, { type: 'start' });
    await ok(master, cookie, { type: 'announce', text: 'Seat open at table 2', seconds: 0 });
    for (const [path, , hostile] of cases) {
      const proxy = await hostileProxy(master, path, hostile);
      proxies.push(proxy);
      followers.push(await start(await freePort(), ['--follow', proxy.base], { cwd }));
    }
    for (let i = 0; i < cases.length; i++) {
      await until(followers[i], `the master after ${cases[i][1]}`, async () => {
        const { m, f } = await both(master, followers[i]);
        return sameWall(m, f);
      });
      assert.equal(proxies[i].served, 1, `${cases[i][1]} was sent`);
      assert.equal(followers[i].proc.exitCode, null, `alive after ${cases[i][1]}`);
      assert.match(followers[i].stderr, /following http:\/\/127\.0\.0\.1:\d+: (the|an|cannot|\/api)/,
        `the follower says what went wrong with ${cases[i][1]}`);
    }
  } finally {
    await Promise.all([master, ...followers].filter(Boolean).map((c) => c.kill('SIGKILL')));
    proxies.forEach((p) => p.close());
    rmSync(masterDir, { recursive: true, force: true });
    rmSync(cwd, { recursive: true, force: true });
  }
});
