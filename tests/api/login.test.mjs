// The director's login: the PIN, the session cookie, and wrong PINs slowed then locked out.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { startClock, getJson, postJson, raw, PIN, sleep } from './clock.mjs';

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

test('after 3 wrong PINs each try must wait; after 10 the address is locked out for 5 minutes', async () => {
  const from = '127.0.0.7'; // its own address: the earlier tests' tries do not count
  const tryPin = (pin) => raw(clock, {
    method: 'POST', path: '/api/login', localAddress: from,
    headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ pin }),
  });
  for (let i = 1; i <= 2; i++) {
    const r = await tryPin('1111');
    assert.equal(r.status, 401);
    assert.equal(r.body.retry_after_s, undefined, `no wait after ${i} wrong`);
  }
  let failures = 2;
  let slowedSeen = false;
  while (failures < 10) {
    const r = await tryPin('1111');
    if (r.status === 429) {
      // Slowed: even the right PIN is not looked at while the wait lasts.
      slowedSeen = true;
      assert.match(r.body.error, /wait \d+ seconds?/);
      assert.ok(r.body.retry_after_s >= 1 && r.body.retry_after_s <= 5);
      assert.equal(r.headers['retry-after'], String(r.body.retry_after_s));
      const right = await tryPin(PIN);
      assert.equal(right.status, 429);
      await sleep(r.body.retry_after_s * 1000);
      continue;
    }
    assert.equal(r.status, 401);
    failures++;
    assert.ok(r.body.retry_after_s >= 1, `a wait after ${failures} wrong PINs`);
    if (failures < 10) assert.match(r.body.error, /wait \d+ seconds?/);
  }
  assert.ok(slowedSeen, 'an immediate retry was slowed down');
  const locked = await tryPin(PIN);
  assert.equal(locked.status, 429);
  assert.match(locked.body.error, /locked out for 5 minutes/);
  assert.ok(locked.body.retry_after_s > 240 && locked.body.retry_after_s <= 300);
  // Another address is not locked out by this one.
  const other = await raw(clock, {
    method: 'POST', path: '/api/login', localAddress: '127.0.0.8',
    headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ pin: PIN }),
  });
  assert.equal(other.status, 200);
});
