// POST /api/chop: the deal calculator over real HTTP: the session, exact sums, bad input, no change.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { startClock, getJson, postJson, login, raw } from './clock.mjs';

let clock, cookie;
before(async () => {
  clock = await startClock();
  cookie = await login(clock);
});
after(async () => { await clock?.stop(); clock?.cleanup(); });

const chop = (body) => postJson(clock, '/api/chop', body, { cookie });
const sum = (a) => a.reduce((s, x) => s + x, 0);

test('without the director session a chop is refused with 401', async () => {
  for (const c of [undefined, 'pc_session=0123456789abcdef0123456789abcdef']) {
    const r = await postJson(clock, '/api/chop', { method: 'chip', stacks: [1, 1], prizes: [10, 5] }, { cookie: c });
    assert.equal(r.status, 401);
    assert.match(r.body.error, /log in/);
  }
});

test('ICM for the final three: the hand-worked example, in cents, summing exactly', async () => {
  // 50/30/20 for 5000/3000/2000: 10750/280, 9170/280, 8080/280 of 100 each.
  const r = await chop({ method: 'icm', stacks: [50000, 30000, 20000], prizes: [5000, 3000, 2000], play_for: 0 });
  assert.equal(r.status, 200);
  assert.deepEqual(r.body.amounts, [3839, 3275, 2886]);
  assert.equal(r.body.total, 10000);
  assert.equal(r.body.approximate, false);
  assert.equal(r.body.error, undefined);
  // In the order of the stacks, whatever that order is.
  const back = await chop({ method: 'icm', stacks: [20000, 50000, 30000], prizes: [5000, 3000, 2000] });
  assert.deepEqual(back.body.amounts, [2886, 3839, 3275]);
});

test('chip chop, guaranteed minimum and an amount left to play for', async () => {
  const stacks = [6000, 3000, 1000], prizes = [500, 300, 200];
  assert.deepEqual((await chop({ method: 'chip', stacks, prizes })).body.amounts, [600, 300, 100]);
  assert.deepEqual((await chop({ method: 'chip_min', stacks, prizes })).body.amounts, [440, 320, 240]);
  const r = await chop({ method: 'chip_min', stacks, prizes, play_for: 100 });
  assert.deepEqual(r.body.amounts, [380, 290, 230]);
  assert.equal(r.body.total, 900);
  assert.equal(r.body.play_for, 100);
  // Rounded to tens: the sum still exact.
  const t = await chop({ method: 'icm', stacks: [7, 11, 13, 17], prizes: [1003, 601, 399, 200], unit: 10 });
  assert.equal(sum(t.body.amounts), 2203);
  assert.ok(t.body.amounts.filter((a) => a % 10 !== 0).length <= 1);
});

test('beyond 20 players the answer says it is an approximation, and how close', async () => {
  const stacks = Array.from({ length: 24 }, (_, i) => 5000 + 1000 * i);
  const prizes = Array.from({ length: 24 }, (_, i) => 10000 - 300 * i);
  const r = await chop({ method: 'icm', stacks, prizes });
  assert.equal(r.status, 200);
  assert.equal(r.body.approximate, true);
  assert.ok(r.body.error > 0 && r.body.error < 100, `error ${r.body.error}`);
  assert.ok(r.body.samples >= 20000);
  assert.equal(sum(r.body.amounts), sum(prizes));
  // The same stacks give the same deal (a fixed seed).
  assert.deepEqual((await chop({ method: 'icm', stacks, prizes })).body.amounts, r.body.amounts);
});

test('bad input is a 400 with a clear reason, and the tournament does not change', async () => {
  const before = (await getJson(clock, '/api/state')).body.seq;
  const cases = [
    ['{"method": "icm"', /not valid JSON/],
    ['[1, 2]', /must be a JSON object/, 'body_not_object'],
    [{ method: 'split', stacks: [1, 2], prizes: [3] }, /method must be "icm", "chip" or "chip_min"/],
    [{ stacks: [1, 2], prizes: [3] }, /method must be/],
    [{ method: 'icm', stacks: [1, 2], prizes: [3], tip: 5 }, /does not take "tip"/, 'chop_key'],
    [{ method: 'icm', stacks: [], prizes: [3] }, /stacks must be a list/],
    [{ method: 'icm', stacks: [1, 'a lot'], prizes: [3] }, /stacks\[1\] must be a whole number/],
    [{ method: 'icm', stacks: [1, 2.5], prizes: [3] }, /stacks\[1\] must be a whole number/],
    [{ method: 'icm', stacks: [100], prizes: [3] }, /2 to 200 players/],
    [{ method: 'icm', stacks: [100, 0], prizes: [3] }, /1 chip or more/],
    [{ method: 'icm', stacks: [100, -5], prizes: [3] }, /1 chip or more/],
    [{ method: 'icm', stacks: [1, 2], prizes: [3, 2, 1] }, /at most one per player/],
    [{ method: 'icm', stacks: [1, 2], prizes: [1, 3] }, /first place down/],
    [{ method: 'icm', stacks: [1, 2], prizes: [3, 1], play_for: 4 }, /play_for/],
    [{ method: 'icm', stacks: [1, 2], prizes: [3, 1], play_for: '1' }, /play_for must be a whole number/],
    [{ method: 'icm', stacks: [1, 2], prizes: [3, 1], unit: 0 }, /rounding unit/],
    [{ method: 'icm', stacks: [9007199254740993, 9007199254740993], prizes: [3] }, /10\^15/],
    ['{"method": "icm", "method": "chip", "stacks": [1, 2], "prizes": [3]}', /duplicate/],
    [{ method: 'icm', stacks: Array(201).fill(1), prizes: [3] }, /at most 200/],
  ];
  for (const [body, want, code] of cases) {
    const r = await chop(body);
    assert.equal(r.status, 400, JSON.stringify(body));
    assert.match(r.body.error, want, JSON.stringify(body));
    // Every refusal has a code the panel says in its language.
    assert.ok(r.body.code, `${JSON.stringify(body)}: a code`);
    if (code) assert.equal(r.body.code, code, JSON.stringify(body));
  }
  const empty = await raw(clock, { method: 'POST', path: '/api/chop', headers: { Cookie: cookie } });
  assert.equal(empty.status, 400);
  assert.equal((await getJson(clock, '/api/state')).body.seq, before);
  // GET is not the way.
  const get = await getJson(clock, '/api/chop');
  assert.equal(get.status, 405);
});
