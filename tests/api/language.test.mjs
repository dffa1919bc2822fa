// The wall's language set on the panel: journaled, kept through a restart, and on the wall.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { readFileSync, writeFileSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startClock, getJson, login, command, freshStateDir, BIN } from './clock.mjs';

// The wall of the tournament in dir, as --screenshot draws it, at a fixed
// port so that the address in the footer is the same for every clock.
function wall(dir, out, args = []) {
  const r = spawnSync(BIN, ['--screenshot', out, '--state', dir, '--port', '9999', '--size', '1280x720', ...args],
    { env: { ...process.env, POKERCLOCK_PIN: '2468', SDL_VIDEODRIVER: 'dummy' }, encoding: 'utf8' });
  assert.equal(r.status, 0, r.stderr);
  return readFileSync(out);
}

test('set_language is journaled, survives a restart, and the wall draws the new language', async () => {
  const dir = freshStateDir();
  const tmp = mkdtempSync(join(tmpdir(), 'pokerclock-lang-'));
  let clock = await startClock({ stateDir: dir });
  try {
    let s = (await getJson(clock, '/api/state')).body;
    assert.equal(s.language, 'en');
    assert.equal(s.language2, null);
    await clock.stop();
    const english = wall(dir, join(tmp, 'en.png'));

    clock = await startClock({ stateDir: dir });
    let cookie = await login(clock);
    const r = await command(clock, cookie, { type: 'set_language', language: 'de', language2: 'en' });
    assert.equal(r.status, 200, JSON.stringify(r.body));
    assert.equal(r.body.state.language, 'de');
    assert.equal(r.body.state.language2, 'en');
    assert.equal((await getJson(clock, '/api/settings')).body.language, 'de');
    // Back to one language, and into the journal like any command.
    const one = await command(clock, cookie, { type: 'set_language', language: 'de', language2: null });
    assert.equal(one.status, 200);
    assert.equal(one.body.state.language2, null);
    assert.match(readFileSync(join(dir, 'journal'), 'latin1'), /"set_language"/);
    await clock.kill();

    clock = await startClock({ stateDir: dir });
    s = (await getJson(clock, '/api/state')).body;
    assert.equal(s.language, 'de', 'the language set on the panel came back after kill -9');
    assert.equal(s.language2, null);
    await clock.stop();
    const changed = wall(dir, join(tmp, 'de.png'));

    // The same tournament configured in German from the start draws the same wall.
    const cfg = join(tmp, 'de.cfg');
    writeFileSync(cfg, readFileSync('assets/structures/default.cfg', 'utf8').replace('language = "en";', 'language = "de";'));
    const dir2 = freshStateDir();
    const de = await startClock({ stateDir: dir2, args: ['--config', cfg] });
    await de.stop();
    const configured = wall(dir2, join(tmp, 'de-configured.png'), ['--config', cfg]);
    de.cleanup();
    assert.notDeepEqual(changed, english, 'the wall changed language');
    assert.deepEqual(changed, configured, 'the wall is the German wall');
  } finally {
    await clock.stop();
    clock.cleanup();
    if (!process.env.KEEP_PICTURES) rmSync(tmp, { recursive: true, force: true });
  }
});

test('a language the wall does not speak is refused and changes nothing', async () => {
  const clock = await startClock();
  try {
    const cookie = await login(clock);
    for (const bad of [{ language: 'fr' }, { language: 'de', language2: 'xx' }, { language: 7 },
      { language2: 'en' }, { language: 'de', extra: 1 }, { language: 'd\u0000e' },
      { language: 'dddddddddddddddddd' }]) {
      const r = await command(clock, cookie, { type: 'set_language', ...bad });
      assert.equal(r.status, 400, JSON.stringify(bad));
      assert.ok(r.body.error, JSON.stringify(r.body));
    }
    assert.equal((await getJson(clock, '/api/state')).body.language, 'en');
    const anon = await command(clock, '', { type: 'set_language', language: 'de' });
    assert.equal(anon.status, 401);
  } finally {
    await clock.stop();
    clock.cleanup();
  }
});
