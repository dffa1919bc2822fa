// The director's login: the PIN, the session cookie, Origin, and wrong PINs slowed per address and per clock.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { startClock, getJson, postJson, raw, login, command, PIN, sleep } from './clock.mjs';

let clock;
before(async () => { clock = await startClock(); });
after(async () => { await clock?.stop(); clock?.cleanup(); });

const session = async (cookie) =>
  (await getJson(clock, '/api/session', cookie ? { headers: { Cookie: cookie } } : {})).body;

test('the right PIN sets a strict, HttpOnly session cookie; logout ends it', async () => {
  assert.deepEqual(await session(), { logged_in: false });
  const r = await postJson(clock, '/api/login', { pin: PIN });
  assert.equal(r.status, 200);
  assert.deepEqual(r.body, { ok: true });
  const set = r.headers.get('set-cookie');
  assert.match(set, /^pc_session=[0-9a-f]{32};/);
  for (const attr of ['HttpOnly', 'SameSite=Strict', 'Path=/', 'Max-Age=86400'])
    assert.ok(set.split('; ').includes(attr), `${attr} in ${set}`);
  const cookie = set.split(';')[0];
  assert.deepEqual(await session(cookie), { logged_in: true });
  assert.deepEqual(await session('pc_session=00000000000000000000000000000000'), { logged_in: false });

  const out = await postJson(clock, '/api/logout', {}, { cookie });
  assert.equal(out.status, 200);
  assert.match(out.headers.get('set-cookie'), /Max-Age=0/);
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
    // The log names the address and the count, never what was typed.
    assert.match(fast.stderr, /wrong PIN from 127\.0\.0\.7 \(9 from there\)/);
    assert.doesNotMatch(fast.stderr, /11111111/);
  } finally {
    await fast.stop();
    fast.cleanup();
  }
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
    // A 4-digit PIN: 5 wrong PINs at once, then one per 7.2 minutes from anywhere.
    assert.deepEqual(statuses, [401, 401, 401, 401, 401, 429, 429]);
    const fresh = await raw(other, {
      method: 'POST', path: '/api/login', localAddress: '127.0.2.1',
      headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ pin: PIN }),
    });
    assert.equal(fresh.status, 429);
    assert.match(fresh.body.error, /on this clock: wait \d+ minutes, or press L at the clock for a one-time code/);
    assert.ok(fresh.body.retry_after_s > 400 && fresh.body.retry_after_s <= 432, JSON.stringify(fresh.body));
    // The director who is logged in is not touched by any of it.
    const c = await command(other, cookie, { type: 'start' });
    assert.equal(c.status, 200);
    assert.match(other.stderr, /wrong PIN from 127\.0\.1\.1 \(1 from there\)/);
    assert.doesNotMatch(other.stderr, /9137|2468/);
  } finally {
    await other.stop();
    other.cleanup();
  }
});
