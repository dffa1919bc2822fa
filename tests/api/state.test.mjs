// The public read-only API: state, structure, settings, health.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { startClock, getJson, login, command, sleep } from './clock.mjs';

let clock;
before(async () => { clock = await startClock(); });
after(async () => { await clock?.stop(); clock?.cleanup(); });

test('GET /api/state has the fields of the contract', async () => {
  const { status, headers, body: s } = await getJson(clock, '/api/state');
  assert.equal(status, 200);
  assert.match(headers.get('content-type'), /^application\/json/);
  assert.equal(typeof s.seq, 'number');
  assert.equal(typeof s.name, 'string');
  assert.ok(s.name.length > 0);
  for (const k of ['started', 'running', 'overtime'])
    assert.equal(typeof s[k], 'boolean', k);
  for (const k of ['remaining_ms', 'elapsed_ms', 'levels_count', 'prize_pool'])
    assert.equal(typeof s[k], 'number', k);
  for (const k of ['index', 'number', 'small_blind', 'big_blind', 'ante', 'duration_ms'])
    assert.equal(typeof s.level[k], 'number', `level.${k}`);
  assert.ok(['level', 'break'].includes(s.level.kind));
  for (const k of ['entries', 'remaining', 'average_stack', 'chips_in_play', 'paid_places'])
    assert.equal(typeof s.players[k], 'number', `players.${k}`);
  assert.ok(Array.isArray(s.payouts));
  assert.equal(s.started, false, 'a new tournament waits for start');
  assert.equal(s.remaining_ms, s.level.duration_ms);
});

test('the countdown runs once started, and /healthz follows seq', async () => {
  const cookie = await login(clock);
  const started = await command(clock, cookie, { type: 'start' });
  assert.equal(started.status, 200);
  const a = (await getJson(clock, '/api/state')).body;
  await sleep(300);
  const b = (await getJson(clock, '/api/state')).body;
  assert.equal(b.running, true);
  assert.ok(b.remaining_ms < a.remaining_ms, `${b.remaining_ms} < ${a.remaining_ms}`);
  assert.ok(b.elapsed_ms > a.elapsed_ms);
  const h = await getJson(clock, '/healthz');
  assert.equal(h.status, 200);
  assert.equal(h.body.ok, true);
  assert.equal(h.body.seq, b.seq);
  assert.ok(b.seq > 0 && started.body.seq === b.seq);
});

test('GET /api/structure lists as many levels as the state says', async () => {
  const st = (await getJson(clock, '/api/state')).body;
  const { status, body } = await getJson(clock, '/api/structure');
  assert.equal(status, 200);
  assert.ok(Array.isArray(body.levels));
  assert.equal(body.levels.length, st.levels_count);
  assert.equal(body.levels[0].big_blind, st.level.big_blind);
});

test('GET /api/settings gives the language and the theme colours', async () => {
  const { status, body } = await getJson(clock, '/api/settings');
  assert.equal(status, 200);
  assert.match(body.language, /^[a-z]{2}$/);
  assert.ok(body.language2 === null || /^[a-z]{2}$/.test(body.language2));
  for (const k of ['background', 'foreground', 'accent', 'paused', 'break', 'warning'])
    assert.match(body.theme[k], /^#[0-9a-fA-F]{6}$/, k);
});

test('unknown API paths are 404 and wrong methods 405, as JSON', async () => {
  const nf = await getJson(clock, '/api/nothing-here');
  assert.equal(nf.status, 404);
  assert.match(nf.body.error, /nothing-here/);
  const wm = await getJson(clock, '/api/state', { method: 'DELETE' });
  assert.equal(wm.status, 405);
  assert.match(wm.headers.get('allow'), /GET/);
  assert.equal(typeof wm.body.error, 'string');
  const wp = await getJson(clock, '/api/login');
  assert.equal(wp.status, 405);
  assert.equal(wp.headers.get('allow'), 'POST');
});
