// GET /api/tv and POST /api/tv/action: the TV over HDMI-CEC as the panel
// sees it. The CEC messages and the TV's thread are tested against a fake
// device in tests/unit/test_cec.c; here the HTTP side, with no CEC device.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { startClock, getJson, postJson, login } from './clock.mjs';

test('without CEC the panel hears so, and the buttons are refused with what to turn on', async () => {
  const clock = await startClock();
  try {
    assert.deepEqual((await getJson(clock, '/api/tv')).body, { cec: false });
    const anon = await postJson(clock, '/api/tv/action', { action: 'on' });
    assert.equal(anon.status, 401);
    const cookie = await login(clock);
    const r = await postJson(clock, '/api/tv/action', { action: 'on' }, { cookie });
    assert.equal(r.status, 409);
    assert.match(r.body.error, /CEC=yes in pokerclock\.txt/);
  } finally {
    await clock.stop();
    clock.cleanup();
  }
});

test('with --cec and no such device: the panel hears why, the buttons are taken, bad ones refused', async () => {
  const clock = await startClock({ args: ['--cec', '/dev/no-such-cec'] });
  try {
    let tv;
    for (let i = 0; i < 50; i++) {
      tv = (await getJson(clock, '/api/tv')).body;
      if (tv.problem) break;
      await new Promise((r) => setTimeout(r, 100));
    }
    assert.equal(tv.cec, true);
    assert.equal(tv.power, 'unknown');
    assert.match(tv.problem, /\/dev\/no-such-cec: No such file or directory/);
    const cookie = await login(clock);
    for (const action of ['on', 'show', 'standby'])
      assert.equal((await postJson(clock, '/api/tv/action', { action }, { cookie })).status, 202);
    const bad = await postJson(clock, '/api/tv/action', { action: 'reboot' }, { cookie });
    assert.equal(bad.status, 400);
    assert.match(bad.body.error, /action must be "on", "show" or "standby"/);
  } finally {
    await clock.stop();
    clock.cleanup();
  }
});
