// POST /api/command: the session, strict parsing, the size cap, same-origin.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { startClock, getJson, postJson, login, command, raw } from './clock.mjs';

let clock, cookie;
before(async () => {
  clock = await startClock();
  cookie = await login(clock);
});
after(async () => { await clock?.stop(); clock?.cleanup(); });

const seq = async () => (await getJson(clock, '/api/state')).body.seq;

test('without a session a command is refused with 401 and changes nothing', async () => {
  const before = await seq();
  for (const c of [undefined, 'pc_session=0123456789abcdef0123456789abcdef', 'pc_session=junk']) {
    const r = await command(clock, c, { type: 'start' });
    assert.equal(r.status, 401);
    assert.match(r.body.error, /log in/);
  }
  assert.equal(await seq(), before);
  assert.equal((await getJson(clock, '/api/state')).body.started, false);
});

test('with the session a command applies and answers with the new state', async () => {
  const before = await seq();
  const r = await command(clock, cookie, { type: 'start' });
  assert.equal(r.status, 200);
  assert.equal(r.body.ok, true);
  assert.ok(r.body.seq > before);
  assert.equal(r.body.state.seq, r.body.seq);
  assert.equal(r.body.state.running, true);
  const p = await command(clock, cookie, { type: 'pause' });
  assert.equal(p.status, 200);
  assert.equal(p.body.state.running, false);
  const reg = await command(clock, cookie, { type: 'register', count: 3 });
  assert.equal(reg.status, 200);
  assert.equal(reg.body.state.players.entries, 3);
});

test('a command that is not possible now is a 409 with the reason', async () => {
  const st = (await getJson(clock, '/api/state')).body;
  const r = await command(clock, cookie, { type: 'bust', count: st.players.remaining + 1 });
  assert.equal(r.status, 409);
  assert.equal(typeof r.body.error, 'string');
  assert.ok(r.body.error.length > 5);
  assert.equal(await seq(), st.seq);
});

test('malformed JSON, unknown types and unknown fields are 400 and change nothing', async () => {
  const before = await seq();
  const cases = [
    ['{"type": "pause"', /not valid JSON/],
    ['', /JSON/],
    ['"pause"', /JSON/],
    ['[1, 2]', /object/],
    ['{"type": "explode"}', /unknown command type "explode"/],
    ['{"type": "adjust", "delta_ms": 1000, "colour": "red"}', /does not take "colour"/],
    ['{"type": "adjust", "delta_ms": "a lot"}', /delta_ms must be a whole number/],
    ['{"type": "pause", "type": "start"}', /JSON/],
  ];
  for (const [body, re] of cases) {
    const r = await postJson(clock, '/api/command', body, { cookie });
    assert.equal(r.status, 400, body);
    assert.match(r.body.error, re, body);
  }
  assert.equal(await seq(), before);
});

test('a body over 16 KiB is refused with 413, whether its length is said or not', async () => {
  const big = JSON.stringify({ type: 'announce', text: 'x'.repeat(20000), seconds: 10 });
  const r = await postJson(clock, '/api/command', big, { cookie });
  assert.equal(r.status, 413);
  assert.match(r.body.error, /too large.*16 KiB/);
  // Chunked, without Content-Length: the server stops keeping it at 16 KiB.
  const chunks = [];
  for (let i = 0; i < 40; i++) chunks.push(Buffer.alloc(1024, 0x20));
  const stream = new ReadableStream({
    pull(c) { const next = chunks.shift(); if (next) c.enqueue(next); else c.close(); },
  });
  const s = await fetch(clock.base + '/api/command', {
    method: 'POST', body: stream, duplex: 'half',
    headers: { 'Content-Type': 'application/json', Cookie: cookie },
  });
  assert.equal(s.status, 413);
  assert.match((await s.json()).error, /16 KiB/);
  // Well over the cap is refused before it is read; the clock is fine after.
  const huge = await raw(clock, {
    method: 'POST', path: '/api/command',
    headers: { 'Content-Type': 'application/json', 'Content-Length': String(50 << 20), Cookie: cookie },
  });
  assert.equal(huge.status, 413);
  assert.equal((await getJson(clock, '/healthz')).status, 200);
});

test('GET /api/command is 405; commands from another site are 403', async () => {
  const g = await getJson(clock, '/api/command', { headers: { Cookie: cookie } });
  assert.equal(g.status, 405);
  assert.equal(g.headers.get('allow'), 'POST');
  const before = await seq();
  const evil = await raw(clock, {
    method: 'POST', path: '/api/command',
    headers: { 'Content-Type': 'application/json', Cookie: cookie, Origin: 'http://evil.example' },
    body: '{"type": "resume"}',
  });
  assert.equal(evil.status, 403);
  assert.match(evil.body.error, /another site/);
  assert.equal(await seq(), before);
  const same = await raw(clock, {
    method: 'POST', path: '/api/command',
    headers: { 'Content-Type': 'application/json', Cookie: cookie, Origin: clock.base },
    body: '{"type": "resume"}',
  });
  assert.equal(same.status, 200);
  assert.equal(same.body.state.running, true);
});
