// A crowd on the venue's Wi-Fi: thousands of connections and event streams
// at once from many addresses, opened and cut in bursts, round after round
// (idle ones reopened when the clock cuts them, headers sent half, event
// streams, ordinary requests, resets). The clock keeps running and serving,
// and the director's commands still go through afterwards.
//
// Many threads of the clock accept, answer, suspend and close connections at
// the same moment here: this is the test that finds a lock forgotten on the
// way (under make test SAN=1 and TSAN=1 too).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { connect } from 'node:net';
import { startClock, raw, sleep, descriptorLimit, PIN } from './clock.mjs';

// Linux routes all of 127/8 to lo: 64 addresses, so that the clock's limit
// per address (256) is not what stops the crowd.
const ADDRESSES = 64;
const from = (i) => `127.0.40.${1 + (i % ADDRESSES)}`;
const ROUNDS = 10;
const ROUND_MS = 1500;
// Every socket is a descriptor of this process too: stay well under its
// limit (tests/run-all raises it to the hard limit).
const CROWD = Math.max(200, Math.min(4000, descriptorLimit() - 400));

// What each place in the crowd does, in turn: most keep a connection
// (an idle phone, a stalled upload, a screen following the clock).
const KINDS = ['idle', 'stream', 'half', 'idle', 'get', 'reset', 'half', 'stream', 'idle', 'get'];
const GETS = ['/healthz', '/api/state', '/api/session', '/', '/api/players'];

// One place in the crowd for this round: a connection of its kind, opened
// again whenever it ends, until the round is over. Resolves with counts.
function place(clock, i, round, live) {
  const kind = KINDS[(i + round) % KINDS.length];
  const counts = { opened: 0, answered: 0 };
  return new Promise((done) => {
    const again = () => {
      if (!live.on) return done(counts);
      counts.opened++;
      const s = connect({ port: clock.port, host: '127.0.0.1', localAddress: from(i) });
      live.sockets.add(s);
      let got = '';
      s.on('error', () => {});
      s.on('close', () => {
        live.sockets.delete(s);
        if (/^HTTP\/1\.1 [0-9]{3}/.test(got)) counts.answered++;
        // Reopened a moment later, as a phone does.
        setTimeout(again, 5 + Math.random() * 20);
      });
      s.on('data', (d) => {
        if (got.length < 64) got += d.toString('latin1');
        if (kind === 'get') s.end();
      });
      s.on('connect', () => {
        if (kind === 'stream') s.write('GET /api/events HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n');
        else if (kind === 'half') s.write('GET /api/state HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Half: ');
        else if (kind === 'get') s.write(`GET ${GETS[counts.opened % GETS.length]} HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n`);
        else if (kind === 'reset') {
          s.write(Math.random() < 0.5 ? 'GET /api/events HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n' : 'POST /api/login HTTP/1.1\r\n');
          setTimeout(() => s.resetAndDestroy(), Math.random() * 50);
        }
      });
    };
    // The crowd arrives in a burst, not all in the same millisecond.
    setTimeout(again, Math.random() * 50);
  });
}

test('thousands of connections and event streams from 64 addresses, in bursts, do not bring the clock down', { timeout: 90000 }, async (t) => {
  const clock = await startClock({
    env: {
      // Idle connections cut (and reopened) several times a round, and
      // streams woken often: the clock's threads at work on all of them.
      POKERCLOCK_REQUEST_MAX_MS: '300',
      POKERCLOCK_SSE_HEARTBEAT_MS: '250',
    },
  });
  let died = null;
  clock.proc.exited.then((how) => (died = how));
  const alive = (what) => {
    if (died) assert.fail(`the clock died ${what} (${JSON.stringify(died)}):\n${clock.stderr.slice(-4000)}`);
  };
  // An answer within ms, or the test fails at once: a clock that died or
  // hangs (a thread looping in a broken list) must not be waited for.
  const within = (ms, what, p) => new Promise((ok, fail) => {
    const timer = setTimeout(() => fail(new Error(`no answer to ${what} within ${ms} ms: the clock hangs\n${clock.stderr.slice(-4000)}`)), ms);
    clock.proc.exited.then(() => { try { alive(`waiting for ${what}`); } catch (e) { fail(e); } });
    p.then(ok, fail).finally(() => clearTimeout(timer));
  });
  try {
    // Each on a connection of its own: the clock cuts an idle one after
    // POKERCLOCK_REQUEST_MAX_MS, sooner than a client's pool lets it go.
    const ask = (what, o = {}) =>
      within(15000, what, raw(clock, { path: what, ...o, headers: { Connection: 'close', ...o.headers } }));
    const signed = await ask('/api/login', {
      method: 'POST', body: JSON.stringify({ pin: PIN }), headers: { 'Content-Type': 'application/json' },
    });
    assert.equal(signed.status, 200);
    const cookie = signed.headers['set-cookie'][0].split(';')[0];
    const adjust = () => ask('/api/command', {
      method: 'POST', body: JSON.stringify({ type: 'adjust', delta_ms: 1000 }),
      headers: { Cookie: cookie, 'Content-Type': 'application/json' },
    });
    let commands = 0, opened = 0, answered = 0;
    for (let round = 0; round < ROUNDS; round++) {
      const live = { on: true, sockets: new Set() };
      const crowd = Array.from({ length: CROWD }, (_, i) => place(clock, i, round, live));
      // The director keeps working meanwhile: each command wakes every stream.
      const director = (async () => {
        while (live.on) {
          const r = await adjust().catch(() => null);
          if (r?.status === 200) commands++;
          await sleep(200);
        }
      })();
      await sleep(ROUND_MS);
      live.on = false;
      // Everybody leaves at once: half hang up, half reset.
      let k = 0;
      for (const s of live.sockets) (k++ % 2 ? s.destroy() : s.resetAndDestroy());
      const got = await within(15000, 'the crowd leaving', Promise.all(crowd));
      await director;
      opened += got.reduce((a, c) => a + c.opened, 0);
      answered += got.reduce((a, c) => a + c.answered, 0);
      alive(`in round ${round + 1}`);
      const h = await ask('/healthz');
      assert.equal(h.status, 200, `healthz after round ${round + 1}`);
    }
    alive('after the crowd left');
    // The crowd was answered, not just held off.
    assert.ok(answered > CROWD / 8, `${answered} answers to ${opened} connections`);
    t.diagnostic(`${CROWD} at once, ${opened} connections opened, ${answered} answered, ${commands} commands`);
    const r = await adjust();
    assert.equal(r.status, 200, 'the director commands after the crowd');
    assert.equal((await ask('/api/state')).status, 200);
  } finally {
    // A clock that hangs may not hear SIGTERM either.
    const hard = setTimeout(() => clock.proc.kill('SIGKILL'), 15000);
    try { await clock.stop(); } finally { clearTimeout(hard); clock.cleanup(); }
  }
});
