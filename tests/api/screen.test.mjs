// GET /api/screen.png: the wall as a PNG of the size asked for.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startClock, getJson, postJson, login, BIN } from './clock.mjs';

let clock;
before(async () => { clock = await startClock(); });
after(async () => { await clock?.stop(); clock?.cleanup(); });

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

async function shot(query) {
  const r = await fetch(`${clock.base}/api/screen.png${query}`);
  const buf = Buffer.from(await r.arrayBuffer());
  return { status: r.status, type: r.headers.get('content-type'), buf };
}

// Until the wall renderer is in the program the answer may be a clear 503;
// a picture, when there is one, has exactly the size asked for.
function checkPicture(r, w, h) {
  if (r.status === 503) {
    assert.match(JSON.parse(r.buf.toString()).error, /render|display/);
    return false;
  }
  assert.equal(r.status, 200);
  assert.equal(r.type, 'image/png');
  assert.deepEqual(r.buf.subarray(0, 8), PNG_SIGNATURE);
  assert.equal(r.buf.toString('latin1', 12, 16), 'IHDR');
  assert.equal(r.buf.readUInt32BE(16), w);
  assert.equal(r.buf.readUInt32BE(20), h);
  return true;
}

test('pictures come in a few fixed sizes; any other is refused with the list', async () => {
  const rendered = checkPicture(await shot('?w=640&h=360'), 640, 360);
  checkPicture(await shot(''), 1280, 720);
  checkPicture(await shot('?w=320'), 320, 180);
  checkPicture(await shot('?h=1080'), 1920, 1080);
  checkPicture(await shot('?w=1080&h=1920'), 1080, 1920);
  checkPicture(await shot('?w=180&h=320'), 180, 320);
  for (const q of ['?w=10&h=5', '?w=800', '?w=3840&h=2160', '?w=1920&h=1200', '?w=0&h=0']) {
    const r = await fetch(`${clock.base}/api/screen.png${q}`);
    assert.equal(r.status, 400, q);
    const body = await r.json();
    assert.match(body.error, /320x180, 640x360, 1280x720 or 1920x1080/, q);
    assert.match(body.error, /portrait/, q);
  }
  if (rendered) {
    // The same picture again within a second: the same bytes.
    const a = await shot('?w=320&h=180');
    const b = await shot('?w=320&h=180');
    assert.deepEqual(a.buf, b.buf);
  }
});

test('the generated PIN is on no public picture, page or answer', async () => {
  // A clock that made its own PIN, before anybody logged in ...
  const made = await startClock({ env: { POKERCLOCK_PIN: '' } });
  let port, withPin, pin;
  try {
    pin = readFileSync(join(made.stateDir, 'pin-wall'), 'utf8').trim();
    assert.match(pin, /^\d{8}$/, 'the PIN is kept for the wall until the first login');
    assert.ok(!made.stderr.includes(pin), 'the log never shows the PIN');
    port = made.port;
    const r = await fetch(`${made.base}/api/screen.png?w=1280&h=720`);
    assert.equal(r.status, 200);
    withPin = Buffer.from(await r.arrayBuffer());
    for (const path of ['/', '/display', '/kiosk', '/api/state', '/api/structure', '/api/settings',
                        '/api/session', '/healthz']) {
      const text = await (await fetch(made.base + path)).text();
      assert.ok(!text.includes(pin), `${path} shows the PIN`);
    }
  } finally {
    await made.stop();
    made.cleanup();
  }
  // ... shows exactly what a clock with a configured PIN (none to show)
  // shows at the same address.
  const configured = await startClock({ port });
  try {
    const r = await fetch(`${configured.base}/api/screen.png?w=1280&h=720`);
    const without = Buffer.from(await r.arrayBuffer());
    assert.ok(withPin.equals(without), 'the picture differs from one without a PIN on the wall');
  } finally {
    await configured.stop();
    configured.cleanup();
  }
});

// --screenshot, a local file like the wall itself: the port the clock
// really serves on (not the configuration's 8080), and the generated PIN
// where the wall shows it, until the director has logged in once.
test('--screenshot shows the running clock\'s real port, and its PIN as the wall does', async () => {
  const made = await startClock({ env: { POKERCLOCK_PIN: '' } });
  const dir = mkdtempSync(join(tmpdir(), 'pokerclock-shot-'));
  const local = (name, args = []) => {
    const out = join(dir, name + '.png');
    const r = spawnSync(BIN, ['--screenshot', out, '--size', '1280x720', '--state', made.stateDir, ...args],
      { env: { ...process.env, POKERCLOCK_PIN: '', SDL_VIDEODRIVER: 'dummy' }, encoding: 'utf8' });
    assert.equal(r.status, 0, r.stderr);
    return readFileSync(out);
  };
  const served = async () => Buffer.from(await (await fetch(`${made.base}/api/screen.png?w=1280&h=720`)).arrayBuffer());
  try {
    const pin = readFileSync(join(made.stateDir, 'pin-wall'), 'utf8').trim();
    assert.match(pin, /^\d{8}$/);
    const before = local('before');
    assert.ok(before.equals(local('port', ['--port', String(made.port)])), 'the address is the port the clock uses');
    assert.ok(!before.equals(local('8080', ['--port', '8080'])), 'another port makes another picture');
    assert.ok(!before.equals(await served()), 'the local picture shows the PIN the public one never shows');
    const r = await fetch(made.base + '/api/login', { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ pin }) });
    assert.equal(r.status, 200);
    const after = local('after');
    assert.ok(!after.equals(before), 'after the first login the PIN is gone');
    assert.ok(after.equals(await served()), 'and the local picture is the public one');
  } finally {
    await made.stop();
    made.cleanup();
    rmSync(dir, { recursive: true, force: true });
  }
});

// --screenshot draws the venue's slides as the wall does before the start.
test('--screenshot shows the slide the wall shows', async () => {
  const made = await startClock();
  const dir = mkdtempSync(join(tmpdir(), 'pokerclock-shot-'));
  const local = (name) => {
    const out = join(dir, name + '.png');
    const r = spawnSync(BIN, ['--screenshot', out, '--size', '1280x720', '--state', made.stateDir, '--port', String(made.port)],
      { env: { ...process.env, SDL_VIDEODRIVER: 'dummy' }, encoding: 'utf8' });
    assert.equal(r.status, 0, r.stderr);
    return readFileSync(out);
  };
  try {
    const before = local('no-slide');
    const cookie = await login(made);
    const r = await postJson(made, '/api/slides', { title: 'Dinner at the break', lines: ['Burgers at the bar'] }, { cookie });
    assert.equal(r.status, 201);
    const withSlide = local('slide');
    assert.ok(!withSlide.equals(before), 'the slide is in the picture');
    const served = Buffer.from(await (await fetch(`${made.base}/api/screen.png?w=1280&h=720`)).arrayBuffer());
    assert.ok(withSlide.equals(served), 'as the clock itself draws it');
  } finally {
    await made.stop();
    made.cleanup();
    rmSync(dir, { recursive: true, force: true });
  }
});

test('sizes that are not numbers are a 400', async () => {
  for (const q of ['?w=abc', '?w=12px&h=100', '?h=-5', '?w=1e3', '?w=']) {
    const r = await getJson(clock, `/api/screen.png${q}`);
    assert.equal(r.status, 400, q);
    assert.match(r.body.error, /w and h/);
  }
});
