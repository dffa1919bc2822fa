// GET /api/events: the snapshot at once, every change within a second, heartbeats.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { startClock, login, command, openEvents } from './clock.mjs';

// A short heartbeat (a test-only knob; 10 s otherwise) so that one is seen.
const HEARTBEAT_MS = 400;
let clock, cookie;
before(async () => {
  clock = await startClock({ env: { POKERCLOCK_SSE_HEARTBEAT_MS: String(HEARTBEAT_MS) } });
  cookie = await login(clock);
});
after(async () => { await clock?.stop(); clock?.cleanup(); });

const isState = (e) => e.event === 'state';

test('a client gets the state at once, as text/event-stream', async () => {
  const ev = await openEvents(clock);
  try {
    assert.equal(ev.response.status, 200);
    assert.match(ev.response.headers.get('content-type'), /^text\/event-stream/);
    assert.equal(ev.response.headers.get('cache-control'), 'no-cache');
    const first = await ev.next(isState, 2000);
    assert.ok(first, 'a state event on connect');
    assert.equal(typeof first.data.seq, 'number');
    assert.equal(typeof first.data.remaining_ms, 'number');
  } finally { ev.close(); }
});

test('every connected client sees a command within a second', async () => {
  const clients = await Promise.all(Array.from({ length: 20 }, () => openEvents(clock)));
  try {
    const firsts = await Promise.all(clients.map((c) => c.next(isState, 2000)));
    firsts.forEach((f) => assert.ok(f));
    const sent = Date.now();
    const r = await command(clock, cookie, { type: 'register', count: 2 });
    assert.equal(r.status, 200);
    const got = await Promise.all(
      clients.map((c) => c.next((e) => isState(e) && e.data.seq >= r.body.seq, 1000)));
    got.forEach((e, i) => {
      assert.ok(e, `client ${i} saw seq ${r.body.seq} within a second of ${sent}`);
      assert.equal(e.data.players.entries, r.body.state.players.entries);
    });
  } finally { clients.forEach((c) => c.close()); }
});

test('an idle stream gets heartbeat comments', async () => {
  const ev = await openEvents(clock);
  try {
    assert.ok(await ev.next(isState, 2000));
    const a = await ev.next((e) => e.comment === 'ping', HEARTBEAT_MS * 5);
    const b = await ev.next((e) => e.comment === 'ping', HEARTBEAT_MS * 5);
    assert.ok(a && b, 'two heartbeats');
  } finally { ev.close(); }
});

test('clients that go away are let go, and the server keeps serving', async () => {
  for (let round = 0; round < 3; round++) {
    const clients = await Promise.all(Array.from({ length: 30 }, () => openEvents(clock)));
    await Promise.all(clients.map((c) => c.next(isState, 2000)));
    clients.forEach((c) => c.close());
  }
  const ev = await openEvents(clock);
  try {
    assert.ok(await ev.next(isState, 2000));
    const r = await command(clock, cookie, { type: 'start' });
    assert.ok(await ev.next((e) => isState(e) && e.data.seq >= r.body.seq && e.data.running, 1000));
  } finally { ev.close(); }
});
