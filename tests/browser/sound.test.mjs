// /display and /kiosk play the wall's sounds once tapped, when the venue
// allows it (sound.pages): "Tap for sound" until then; nothing otherwise.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, writeFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startClock, launch, api, until, getJson, logIn, openCard, OUT } from './harness.mjs';

let browser;
before(async () => { browser = await launch(); });
after(async () => { await browser?.close(); });

async function clockWith(cfgText) {
  const tmp = mkdtempSync(join(tmpdir(), 'pokerclock-pages-'));
  const cfg = join(tmp, 'pages.cfg');
  writeFileSync(cfg, readFileSync('assets/structures/default.cfg', 'utf8').replace('language = "en";', cfgText));
  const clock = await startClock({ args: ['--config', cfg] });
  return { clock, cfg, done: async () => { await clock.stop(); clock.cleanup(); rmSync(tmp, { recursive: true, force: true }); } };
}

for (const path of ['/display', '/kiosk']) {
  test(`${path}: "Tap for sound", then the level sound as on the wall, and none when quiet`, async () => {
    const { clock, done } = await clockWith('language = "no";\nsound = { pages = true; };');
    const page = await browser.newPage({ viewport: { width: 1280, height: 720 } });
    try {
      const director = await api(clock);
      await page.goto(clock.base + path);
      const hint = page.locator('#tap-sound');
      await until(async () => (await hint.isVisible()) && (await hint.textContent()).includes('Trykk for lyd'),
        'the hint in Norwegian');
      const wav = await fetch(clock.base + '/sounds/level.wav');
      assert.equal(wav.status, 200);
      assert.equal(wav.headers.get('content-type'), 'audio/wav');
      assert.equal((await fetch(clock.base + '/sounds/..%2fsounds%2flevel.wav')).status, 404);
      await page.mouse.click(640, 360);
      await until(async () => !(await hint.isVisible()), 'the hint gone after a tap');
      await until(() => page.evaluate(() => PCSound.decoded().includes('level')), 'the level sound decoded');
      await director.command({ type: 'start' });
      await director.command({ type: 'next_level' });
      await until(() => page.evaluate(() => PCSound.played.includes('level')), 'the level sound played');
      await director.command({ type: 'sound', quiet: true });
      await until(() => page.evaluate(() => PC.current().quiet), 'the quiet state');
      const n = await page.evaluate(() => PCSound.played.length);
      await director.command({ type: 'next_level' });
      await until(() => page.evaluate(() => PC.current().level.index === 2), 'the next level');
      await page.waitForTimeout(400);
      assert.equal(await page.evaluate(() => PCSound.played.length), n, 'quiet: nothing played');
    } finally {
      await page.close();
      await done();
    }
  });
}

test('/display says a new level in Norwegian and then in English after its sound, and a typed text', async () => {
  const { clock, done } = await clockWith('language = "no";\nlanguage2 = "en";\nsound = { pages = true; speak_level = true; };');
  const page = await browser.newPage({ viewport: { width: 1280, height: 720 } });
  try {
    const director = await api(clock);
    await page.goto(clock.base + '/display');
    await until(() => page.evaluate(() => PCSound.settings() !== null), 'the page\'s sound settings');
    await page.mouse.click(640, 360);
    await until(() => page.evaluate(() => PCSound.decoded().includes('level')), 'the level sound decoded');
    await director.command({ type: 'start' });
    await director.command({ type: 'next_level' });
    await until(() => page.evaluate(() => PCSound.spoken.length >= 2), 'the level said twice', 15000);
    assert.deepEqual(await page.evaluate(() => PCSound.played), ['level'], 'the level sound first');
    const said = await page.evaluate(() => PCSound.spoken);
    assert.deepEqual(said.map((w) => `${w.event} ${w.lang}`), ['level no', 'level en']);
    for (const w of said) assert.ok(w.seconds > 1 && w.seconds < 8, `${w.lang}: ${w.seconds} s of words`);
    // Spoken for level changes only: the bubble plays its sound, says nothing.
    await director.command({ type: 'register', count: 10 });
    await director.command({ type: 'bust', count: 6 });
    await director.command({ type: 'bubble_start' });
    await until(() => page.evaluate(() => PCSound.played.includes('bubble')), 'the bubble sound');
    await director.command({ type: 'say', text: 'Siste runde i baren' });
    await until(() => page.evaluate(() => PCSound.spoken.length === 3), 'the typed text said', 15000);
    assert.deepEqual(await page.evaluate(() => PCSound.spoken[2].event + ' ' + PCSound.spoken[2].lang), 'say no');
  } finally {
    await page.close();
    await done();
  }
});

test('without sound.pages the pages ask for no tap and play nothing', async () => {
  const { clock, done } = await clockWith('language = "en";');
  const page = await browser.newPage({ viewport: { width: 1280, height: 720 } });
  try {
    const director = await api(clock);
    await page.goto(clock.base + '/display');
    await until(() => page.evaluate(() => !!PC.current()), 'the state');
    await director.command({ type: 'start' });
    await director.command({ type: 'next_level' });
    await until(() => page.evaluate(() => PC.current().level.index === 1), 'the next level');
    await page.waitForTimeout(300);
    assert.equal(await page.locator('#tap-sound').count(), 0);
    assert.deepEqual(await page.evaluate(() => PCSound.played), []);
  } finally {
    await page.close();
    await done();
  }
});

test('the panel sets the wall\'s volume, an event\'s sound and its voice; kept through a restart', async () => {
  const { clock, cfg, done } = await clockWith('language = "en";\nsound = { volume = 70; moves = "none"; };');
  let c = clock;
  const page = await browser.newPage({ viewport: { width: 390, height: 844 }, deviceScaleFactor: 2 });
  try {
    await logIn(page, c);
    await openCard(page, '#wall-sounds');
    const moves = page.locator('#snd-events select[data-event="moves"]');
    await until(async () => (await moves.inputValue()) === 'none', 'the configured silence for table moves');
    assert.equal(await page.inputValue('#snd-volume'), '70');
    assert.equal(await page.isChecked('#snd-events input[data-event="bubble"]'), false, 'speech off by default');
    assert.equal(await page.locator('#snd-events input[data-event="minute"]').count(), 0, 'no words for the last minute');

    await page.locator('#snd-volume').fill('40');
    await until(async () => (await getJson(c, '/api/settings')).sound.volume === 40, 'the volume at 40');
    await moves.selectOption('chime');
    await until(async () => (await getJson(c, '/api/settings')).sound.sounds.moves === 'chime', 'table moves chime');
    await page.check('#snd-events input[data-event="bubble"]');
    await until(async () => (await getJson(c, '/api/settings')).sound.speak.bubble === true, 'the bubble spoken');
    await until(async () => /Undo: wall sound settings/.test(await page.textContent('body')), 'the undo button names it');
    await until(() => page.isChecked('#snd-events input[data-event="bubble"]'), 'the box stays ticked');
    await page.screenshot({ path: join(OUT, 'panel-wall-sounds.png'), fullPage: true });

    // Journaled: a restart keeps them; "as configured" gives the configuration's back.
    const dir = c.stateDir;
    await c.stop();
    c = await startClock({ stateDir: dir, args: ['--config', cfg] });
    const s = (await getJson(c, '/api/settings')).sound;
    assert.equal(s.volume, 40);
    assert.equal(s.sounds.moves, 'chime');
    assert.equal(s.speak.bubble, true);
    await page.goto(c.base + '/'); // still logged in: the session outlives a restart
    await openCard(page, '#wall-sounds');
    await until(async () => (await moves.inputValue()) === 'chime', 'the panel shows chime after the restart');
    assert.equal(await page.isChecked('#snd-events input[data-event="bubble"]'), true, 'and the bubble spoken');
    assert.equal(await page.inputValue('#snd-volume'), '40');
    await moves.selectOption('');
    await until(async () => (await getJson(c, '/api/settings')).sound.sounds.moves === null, 'back to the configured silence');
  } finally {
    await page.close();
    await c.stop();
    await done();
  }
});

test('/display takes a new sound and volume set on the panel without a reload', async () => {
  const { clock, done } = await clockWith('language = "en";\nsound = { pages = true; };');
  const page = await browser.newPage({ viewport: { width: 1280, height: 720 } });
  try {
    const director = await api(clock);
    await page.goto(clock.base + '/display');
    await until(() => page.evaluate(() => PCSound.settings() !== null), 'the page\'s sound settings');
    await page.mouse.click(640, 360);
    await until(() => page.evaluate(() => PCSound.decoded().includes('level')), 'the level sound decoded');
    const key = await page.evaluate(() => PC.current().sound_key);
    await director.command({ type: 'sound_settings', volume: 30, sounds: { level: 'chime' } });
    await until(async () => (await page.evaluate(() => PC.current().sound_key)) !== key, 'the state says the settings changed', 5000);
    await until(() => page.evaluate(() => PCSound.settings().sounds.level === 'chime' && PCSound.settings().volume === 30),
      'the new sound and volume on the page', 5000);
    await until(() => page.evaluate(() => PCSound.decoded().includes('chime')), 'the new sound decoded');
    await director.command({ type: 'start' });
    await director.command({ type: 'next_level' });
    await until(() => page.evaluate(() => PCSound.played.includes('chime')), 'the chime played for the level');
  } finally {
    await page.close();
    await done();
  }
});

test('/display plays the table-moves sound when players are moved, as the wall does', async () => {
  const tmp = mkdtempSync(join(tmpdir(), 'pokerclock-pages-'));
  const cfg = join(tmp, 'seated.cfg');
  writeFileSync(cfg, readFileSync('assets/structures/seated.cfg', 'utf8').replace('language = "en";', 'language = "en";\nsound = { pages = true; };'));
  const clock = await startClock({ args: ['--config', cfg] });
  const page = await browser.newPage({ viewport: { width: 1280, height: 720 } });
  try {
    const director = await api(clock);
    await director.command({ type: 'register', names: ['Anna Berg', 'Bo Ek', 'Cy Dahl', 'Dan Falk', 'Eva Lund', 'Fay Moe'] });
    await page.goto(clock.base + '/display');
    // The tap once the page asks for it ("Tap for sound" shows with its settings).
    await until(() => page.evaluate(() => PCSound.settings() !== null), 'the page\'s sound settings');
    await page.mouse.click(640, 360);
    await until(() => page.evaluate(() => PCSound.decoded().includes('moves')), 'the moves sound decoded');
    await page.waitForTimeout(400);
    assert.equal(await page.evaluate(() => PCSound.played.includes('moves')), false, 'nothing moved yet');
    const roster = await getJson(clock, '/api/players');
    const breaking = roster.tables.filter((t) => t.open && t.players > 0).sort((a, b) => a.break_order - b.break_order)[0];
    await director.command({ type: 'break_table', table: breaking.number });
    await until(() => page.evaluate(() => PCSound.played.filter((n) => n === 'moves').length === 1), 'the moves sound, once');
    await director.command({ type: 'undo' });
    await until(() => page.evaluate(() => PC.current().moves_total === 0), 'the moves undone');
    await page.waitForTimeout(400);
    assert.equal(await page.evaluate(() => PCSound.played.filter((n) => n === 'moves').length), 1, 'an undo plays nothing');
  } finally {
    await page.close();
    await clock.stop();
    clock.cleanup();
    rmSync(tmp, { recursive: true, force: true });
  }
});
