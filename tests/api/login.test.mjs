// The director's login: the PIN, the session cookie, Origin, wrong PINs
// slowed per address and per clock with a reserve for known phones, the
// log's summary of them, sessions that follow the PIN, log out everywhere,
// and a generated PIN that is never written in clear once seen.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { startClock, getJson, postJson, raw, login, command, PIN, sleep, freshStateDir } from './clock.mjs';

let clock;
before(async () => { clock = await startClock(); });
after(async () => { await clock?.stop(); clock?.cleanup(); });

const session = async (cookie, on = clock) =>
  (await getJson(on, '/api/session', cookie ? { headers: { Cookie: cookie } } : {})).body;

test('the right PIN sets a strict, HttpOnly session cookie; logout ends it', async () => {
  assert.deepEqual(await session(), { logged_in: false });
  const r = await postJson(clock, '/api/login', { pin: PIN });
  assert.equal(r.status, 200);
  assert.deepEqual(r.body, { ok: true });
  const [set, phone] = r.headers.getSetCookie();
  assert.match(set, /^pc_session=[0-9a-f]{32};/);
  for (const attr of ['HttpOnly', 'SameSite=Strict', 'Path=/', 'Max-Age=86400'])
    assert.ok(set.split('; ').includes(attr), `${attr} in ${set}`);
  // The phone is known from now on: a cookie of 400 days, for /api only.
  assert.match(phone, /^pc_phone=[0-9a-f]{32};/);
  for (const attr of ['HttpOnly', 'SameSite=Strict', 'Path=/api', 'Max-Age=34560000'])
    assert.ok(phone.split('; ').includes(attr), `${attr} in ${phone}`);
  const cookie = set.split(';')[0];
  assert.deepEqual(await session(cookie), { logged_in: true });
  assert.deepEqual(await session('pc_session=00000000000000000000000000000000'), { logged_in: false });

  const out = await postJson(clock, '/api/logout', {}, { cookie });
  assert.equal(out.status, 200);
  assert.match(out.headers.get('set-cookie'), /^pc_session=; .*Max-Age=0/);
  assert.deepEqual(await session(cookie), { logged_in: false });
});

test('a wrong PIN is refused and logs nobody in', async () => {
  const r = await postJson(clock, '/api/login', { pin: '0000' });
  assert.equal(r.status, 401);
  assert.match(r.body.error, /wrong PIN/);
  assert.equal(r.headers.get('set-cookie'), null);
  // A right login afterwards starts this address afresh.
  assert.equal((await postJson(clock, '/api/login', { pin: PIN })).status, 200);
});

test('a login that is not {"pin": "..."} is a 400 that says what to send', async () => {
  for (const body of ['{"pin": 2468', '[]', '{"code": "2468"}', '{"pin": "2468", "x": 1}']) {
    const r = await postJson(clock, '/api/login', body);
    assert.equal(r.status, 400, body);
    assert.match(r.body.error, /pin/i);
    assert.equal(r.body.code, 'login_pin_missing', body);
  }
});

test('a login from another site\'s page is refused', async () => {
  const r = await raw(clock, {
    method: 'POST', path: '/api/login',
    headers: { 'Content-Type': 'application/json', Origin: 'http://evil.example' },
    body: JSON.stringify({ pin: PIN }),
  });
  assert.equal(r.status, 403);
  assert.equal(r.headers['set-cookie'], undefined);
});

test('Origin must be this clock with its scheme; a POST without Origin is not from a page', async () => {
  const host = `127.0.0.1:${clock.port}`;
  const loginWith = (headers) => raw(clock, {
    method: 'POST', path: '/api/login',
    headers: { 'Content-Type': 'application/json', ...headers }, body: JSON.stringify({ pin: PIN }),
  });
  for (const origin of [`https://${host}`, `ftp://${host}`, `//${host}`, `http://${host}.evil.example`, 'null'])
    assert.equal((await loginWith({ Origin: origin })).status, 403, origin);
  assert.equal((await loginWith({ Origin: `http://${host}` })).status, 200);
  assert.equal((await loginWith({})).status, 200);
});

// The guard's clock runs 100 times faster here: a "second" of waiting is
// 10 ms, so the whole ladder takes about a second.
test('wrong PINs from one address wait 1, 2, 4 ... seconds; nobody else is held up', async () => {
  const fast = await startClock({ env: { POKERCLOCK_TEST_GUARD_SPEEDUP: '100', POKERCLOCK_PIN: '58203719' } });
  try {
    const tryPin = (pin, from = '127.0.0.7') => raw(fast, {
      method: 'POST', path: '/api/login', localAddress: from,
      headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ pin }),
    });
    const waits = [];
    for (let i = 0; i < 9; i++) {
      const r = await tryPin('11111111');
      assert.equal(r.status, 401, `try ${i + 1}: ${JSON.stringify(r.body)}`);
      waits.push(r.body.retry_after_s ?? 0);
      if (r.body.retry_after_s) {
        assert.match(r.body.error, /^wrong PIN: wait \d+ (seconds?|minutes)/);
        if (r.body.retry_after_s >= 4) {
          // Within the wait even the right PIN is not looked at.
          const early = await tryPin('58203719');
          assert.equal(early.status, 429);
          assert.equal(early.headers['retry-after'], String(early.body.retry_after_s));
        }
        await sleep(r.body.retry_after_s * 10 + 5);
      }
    }
    assert.deepEqual(waits, [0, 0, 1, 2, 4, 8, 16, 32, 64]);
    // Another address is not held up by this one; and the right PIN here,
    // once the wait is over, gets in and starts the address afresh.
    assert.equal((await tryPin('58203719', '127.0.0.8')).status, 200);
    await sleep(650);
    assert.equal((await tryPin('58203719')).status, 200);
    assert.equal((await tryPin('11111111')).body.retry_after_s, undefined);
  } finally {
    await fast.stop();
    fast.cleanup();
  }
  // The log names the address and how many a minute (here 0.6 s), never
  // what was typed: 10 wrong PINs in all.
  const counts = [...fast.stderr.matchAll(/wrong PIN from 127\.0\.0\.7: (\d+) in the last minute\n/g)];
  assert.ok(counts.length >= 2, fast.stderr);
  assert.equal(counts.reduce((a, m) => a + Number(m[1]), 0), 10, fast.stderr);
  assert.doesNotMatch(fast.stderr, /11111111|58203719/);
});

test('wrong PINs from many addresses spend the clock\'s budget; a session keeps working', async () => {
  const other = await startClock();
  try {
    const cookie = await login(other);
    const from = (i) => `127.0.1.${i + 1}`;
    const statuses = [];
    for (let i = 0; i < 7; i++) {
      const r = await raw(other, {
        method: 'POST', path: '/api/login', localAddress: from(i),
        headers: { 'Content-Type': 'application/json' }, body: '{"pin": "9137"}',
      });
      statuses.push(r.status);
    }
    // A 4-digit PIN: 5 wrong PINs at once, then one per 7.8 minutes from anywhere.
    assert.deepEqual(statuses, [401, 401, 401, 401, 401, 429, 429]);
    const fresh = await raw(other, {
      method: 'POST', path: '/api/login', localAddress: '127.0.2.1',
      headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ pin: PIN }),
    });
    assert.equal(fresh.status, 429);
    assert.match(fresh.body.error, /on this clock: wait \d+ minutes, or press L at the clock for a one-time code/);
    assert.ok(fresh.body.retry_after_s > 440 && fresh.body.retry_after_s <= 470, JSON.stringify(fresh.body));
    // The director who is logged in is not touched by any of it.
    const c = await command(other, cookie, { type: 'start' });
    assert.equal(c.status, 200);
  } finally {
    await other.stop();
    other.cleanup();
  }
  assert.match(other.stderr, /wrong PIN from 127\.0\.1\.1: 1 in the last minute\n/);
  assert.match(other.stderr, /wrong PIN from 127\.0\.1\.6: 1 in the last minute, 1 of them refused unread\n/);
  assert.doesNotMatch(other.stderr, /9137|2468/);
});

// A login from an address of our choosing, with cookies; the cookies set.
async function tryLogin(clock, pin, { from = '127.0.0.1', cookies = [] } = {}) {
  const r = await raw(clock, {
    method: 'POST', path: '/api/login', localAddress: from,
    headers: { 'Content-Type': 'application/json', ...(cookies.length ? { Cookie: cookies.join('; ') } : {}) },
    body: JSON.stringify({ pin }),
  });
  const set = Object.fromEntries((r.headers['set-cookie'] || []).map((c) => c.split(';')[0].split('=')));
  return { ...r, set };
}

// Wrong PINs from `addresses` addresses (127.0.10.0 on), `each` from each,
// 50 at a time: the statuses counted.
async function flood(clock, { addresses = 300, each = 3 } = {}) {
  const counts = {};
  const tries = [];
  for (let k = 0; k < each; k++)
    for (let i = 0; i < addresses; i++) tries.push(`127.0.${10 + (i >> 8)}.${i & 255}`);
  for (let i = 0; i < tries.length; i += 50) {
    const batch = await Promise.all(tries.slice(i, i + 50).map((from, j) =>
      tryLogin(clock, String(10000000 + i + j), { from })));
    for (const r of batch) counts[r.status] = (counts[r.status] || 0) + 1;
  }
  return counts;
}

test('a flood from 300 addresses: strangers are refused unread, a phone that logged in before gets in', async () => {
  const c = await startClock(); // PIN 2468: 5 at once, then one each 7.8 minutes
  try {
    const first = await tryLogin(c, PIN, { from: '127.0.0.20' });
    assert.equal(first.status, 200);
    const phone = `pc_phone=${first.set.pc_phone}`;
    await postJson(c, '/api/logout', {}, { cookie: `pc_session=${first.set.pc_session}` });

    const counts = await flood(c);
    assert.equal(counts[401], 5, JSON.stringify(counts));
    assert.equal(counts[429], 895, JSON.stringify(counts));
    // A stranger with the right PIN waits like the guessers ...
    const stranger = await tryLogin(c, PIN, { from: '127.0.0.21' });
    assert.equal(stranger.status, 429);
    assert.match(stranger.body.error, /on this clock: .*press L at the clock for a one-time code/);
    // ... the director's phone does not, even from an address that guessed
    // and waits, and after two typos; its new cookie replaces the old one.
    const typo = await tryLogin(c, '2486', { from: '127.0.10.0', cookies: [phone] });
    assert.equal(typo.status, 401, JSON.stringify(typo.body));
    assert.equal((await tryLogin(c, '2648', { from: '127.0.10.0', cookies: [phone] })).status, 401);
    const r = await tryLogin(c, PIN, { from: '127.0.10.0', cookies: [phone] });
    assert.equal(r.status, 200, JSON.stringify(r.body));
    assert.equal((await command(c, `pc_session=${r.set.pc_session}`, { type: 'start' })).status, 200);
    assert.notEqual(r.set.pc_phone, first.set.pc_phone);
    assert.equal((await tryLogin(c, PIN, { cookies: [phone] })).status, 429, 'the old cookie is no longer known');
    // A cookie made up is a stranger's.
    assert.equal((await tryLogin(c, PIN, { cookies: ['pc_phone=0123456789abcdef0123456789abcdef'] })).status, 429);
  } finally {
    await c.stop();
    c.cleanup();
  }
  // 905 tries that did not get in (the flood's 900, the typos, and the
  // right PIN refused unread 3 times), in the log as one line per address
  // and minute, the busiest 16 by name and the rest in one line.
  const lines = c.stderr.split('\n').filter((l) => l.includes('wrong PIN'));
  assert.ok(lines.length <= 2 * 17, lines.join('\n'));
  // 127.0.10.0: 3 of the flood's and the phone's 2 typos.
  assert.match(c.stderr, /wrong PIN from 127\.0\.10\.0: 5 in the last minute, [0-3] of them refused unread\n/);
  const total = lines.reduce((a, l) => a + Number(/: (\d+) in the last minute/.exec(l)[1]), 0);
  assert.equal(total, 905);
  assert.ok(c.stderr.length < 6000, `${c.stderr.length} bytes of log`);
});

test('log out everywhere ends every session and forgets the other phones', async () => {
  const c = await startClock();
  try {
    const a = await tryLogin(c, PIN, { from: '127.0.0.30' });
    const b = await tryLogin(c, PIN, { from: '127.0.0.31' });
    const aCookies = [`pc_session=${a.set.pc_session}`, `pc_phone=${a.set.pc_phone}`];
    const bSession = `pc_session=${b.set.pc_session}`;
    // Only the director may, and only with a body that says so.
    assert.equal((await postJson(c, '/api/logout', { everywhere: true })).status, 401);
    assert.equal((await postJson(c, '/api/logout', { everywhere: 'yes' }, { cookie: bSession })).status, 400);
    assert.deepEqual(await session(bSession, c), { logged_in: true });
    const out = await postJson(c, '/api/logout', { everywhere: true }, { cookie: aCookies.join('; ') });
    assert.equal(out.status, 200);
    assert.deepEqual(out.body, { ok: true });
    assert.deepEqual(await session(aCookies[0], c), { logged_in: false });
    assert.deepEqual(await session(bSession, c), { logged_in: false });
    assert.equal((await command(c, bSession, { type: 'start' })).status, 401);
    // While strangers have spent the budget, this phone still gets in; the
    // other one is a stranger now.
    await flood(c, { addresses: 10, each: 1 });
    assert.equal((await tryLogin(c, PIN, { cookies: [`pc_phone=${b.set.pc_phone}`] })).status, 429);
    assert.equal((await tryLogin(c, PIN, { cookies: [aCookies[1]] })).status, 200);
  } finally {
    await c.stop();
    c.cleanup();
  }
  assert.match(c.stderr, /the director logged out everywhere/);
});

test('a restart with another PIN ends the sessions made with the old one', async () => {
  const dir = freshStateDir();
  let c = await startClock({ stateDir: dir });
  let cookie;
  try {
    cookie = await login(c);
  } finally {
    await c.stop();
  }
  c = await startClock({ stateDir: dir });
  try {
    assert.deepEqual((await getJson(c, '/api/session', { headers: { Cookie: cookie } })).body, { logged_in: true });
  } finally {
    await c.stop();
  }
  c = await startClock({ stateDir: dir, env: { POKERCLOCK_PIN: '13579' } });
  try {
    assert.deepEqual((await getJson(c, '/api/session', { headers: { Cookie: cookie } })).body, { logged_in: false });
    assert.equal((await command(c, cookie, { type: 'start' })).status, 401);
    assert.equal((await postJson(c, '/api/login', { pin: PIN })).status, 401);
    assert.equal((await postJson(c, '/api/login', { pin: '13579' })).status, 200);
  } finally {
    await c.stop();
  }
  // And back to the first PIN: the old session does not come back.
  c = await startClock({ stateDir: dir });
  try {
    assert.deepEqual((await getJson(c, '/api/session', { headers: { Cookie: cookie } })).body, { logged_in: false });
  } finally {
    await c.stop();
    c.cleanup();
  }
});

// Every file of the state directory that holds text.
function stateText(dir) {
  return readdirSync(dir, { withFileTypes: true }).filter((e) => e.isFile())
    .map((e) => readFileSync(join(dir, e.name), 'latin1')).join('\n');
}

test('a generated PIN is shown on the wall, never written to the log, and not kept in clear once used', async () => {
  const dir = freshStateDir();
  let c = await startClock({ stateDir: dir, env: { POKERCLOCK_PIN: '' } });
  let pin;
  try {
    pin = readFileSync(join(dir, 'pin-wall'), 'utf8').trim();
    assert.match(pin, /^\d{8}$/);
    assert.ok(!c.stderr.includes(pin), c.stderr);
    assert.match(c.stderr, /the director PIN is on the wall until the first login \(and in .*pin-wall until then\)/);
    assert.match(readFileSync(join(dir, 'pin'), 'utf8'), /^sha256 d8 [0-9a-f]{32} [0-9a-f]{64}\n$/);
    assert.equal((await postJson(c, '/api/login', { pin })).status, 200);
    assert.ok(!existsSync(join(dir, 'pin-wall')), 'the clear copy is gone after the first login');
    assert.ok(!stateText(dir).includes(pin), 'no file holds the PIN');
  } finally {
    await c.stop();
  }
  c = await startClock({ stateDir: dir, env: { POKERCLOCK_PIN: '' } });
  try {
    assert.equal((await postJson(c, '/api/login', { pin })).status, 200);
    assert.equal((await postJson(c, '/api/login', { pin: '12345678' })).status, 401);
    assert.ok(!stateText(dir).includes(pin), 'no file holds the PIN');
    assert.doesNotMatch(c.stderr, /director PIN/);
  } finally {
    await c.stop();
    c.cleanup();
  }
  assert.ok(!c.stderr.includes(pin));
});

test('a PIN an older clock kept in clear still logs in, and is kept as its hash from then on', async () => {
  const dir = freshStateDir();
  writeFileSync(join(dir, 'pin'), '30914691\n');
  writeFileSync(join(dir, 'pin-seen'), '');
  const c = await startClock({ stateDir: dir, env: { POKERCLOCK_PIN: '' } });
  try {
    assert.ok(!stateText(dir).includes('30914691'));
    assert.equal((await postJson(c, '/api/login', { pin: '30914691' })).status, 200);
  } finally {
    await c.stop();
    c.cleanup();
  }
});
