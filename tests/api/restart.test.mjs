// Restarts: the director stays logged in, and a killed clock loses no acknowledged command.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { startClock, getJson, login, command, openEvents, freshStateDir, sleep } from './clock.mjs';

test('a session survives a restart, and the disk holds only its hash', async () => {
  const dir = freshStateDir();
  let clock = await startClock({ stateDir: dir });
  try {
    const cookie = await login(clock);
    const token = cookie.split('=')[1];
    // Stopping with a client on the event stream is a clean exit.
    const ev = await openEvents(clock);
    await ev.next((e) => e.event === 'state', 2000);
    const { code } = await clock.stop();
    ev.close();
    assert.equal(code, 0, clock.stderr);
    const saved = readFileSync(join(dir, 'sessions'), 'utf8');
    assert.ok(!saved.includes(token), 'the token itself is not on disk');
    assert.match(saved, /^[0-9a-f]{64} \d+$/m);

    clock = await startClock({ stateDir: dir });
    const s = await getJson(clock, '/api/session', { headers: { Cookie: cookie } });
    assert.deepEqual(s.body, { logged_in: true });
    const r = await command(clock, cookie, { type: 'start' });
    assert.equal(r.status, 200);
  } finally {
    await clock.stop();
    clock.cleanup();
  }
});

// The durability check: registrations over HTTP while the process is
// killed at a random moment; after a restart every acknowledged one is there.
test('SIGKILL at a random moment loses no acknowledged command and half-applies none', async () => {
  const dir = freshStateDir();
  let clock = await startClock({ stateDir: dir });
  try {
    let cookie = await login(clock);
    const start = await command(clock, cookie, { type: 'start' });
    const startedAt = Date.now();
    assert.equal(start.status, 200);
    let expected = 0; // entries known to be saved
    for (let round = 0; round < 3; round++) {
      let acked = expected;
      let stop = false;
      const client = (async () => {
        while (!stop) {
          try {
            const r = await command(clock, cookie, { type: 'register' });
            if (r.status !== 200) throw new Error(`${r.status} ${JSON.stringify(r.body)}`);
            acked++;
            assert.equal(r.body.state.players.entries, acked);
          } catch (e) {
            if (e.code === 'ERR_ASSERTION') throw e;
            return; // the server is gone
          }
        }
      })();
      await sleep(200 + Math.random() * 800);
      await clock.kill();
      stop = true;
      await client;
      const killedAt = Date.now();
      assert.ok(acked > expected, 'some registrations were acknowledged before the kill');

      clock = await startClock({ stateDir: dir });
      const s = (await getJson(clock, '/api/state')).body;
      const entries = s.players.entries;
      assert.ok(entries >= acked, `round ${round}: ${entries} entries, ${acked} acknowledged`);
      assert.ok(entries <= acked + 1, `round ${round}: ${entries} entries, at most one in flight`);
      // Nothing half-applied: every entry counts in the field and the chips alike.
      assert.equal(s.players.remaining, entries);
      assert.equal(s.players.chips_in_play, entries * s.players.starting_stack);
      // The clock went on running through the crash, from where it was.
      assert.equal(s.running, true);
      assert.equal(s.recovered_after_power_loss, false);
      const elapsedWall = Date.now() - startedAt;
      assert.ok(Math.abs(s.tournament_elapsed_ms - elapsedWall) < 2000,
        `clock at ${s.tournament_elapsed_ms} ms, ${elapsedWall} ms since start (killed ${killedAt})`);
      cookie = await login(clock);
      expected = entries;
    }
  } finally {
    await clock.stop();
    clock.cleanup();
  }
});
