// /display and /kiosk play the wall's sounds once tapped, when the venue
// allows it (sound.pages): "Tap for sound" until then; nothing otherwise.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, writeFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startClock, launch, api, until } from './harness.mjs';

let browser;
before(async () => { browser = await launch(); });
after(async () => { await browser?.close(); });

async function clockWith(cfgText) {
  const tmp = mkdtempSync(join(tmpdir(), 'pokerclock-pages-'));
  const cfg = join(tmp, 'pages.cfg');
  writeFileSync(cfg, readFileSync('assets/structures/default.cfg', 'utf8').replace('language = "en";', cfgText));
  const clock = await startClock({ args: ['--config', cfg] });
  return { clock, done: async () => { await clock.stop(); clock.cleanup(); rmSync(tmp, { recursive: true, force: true }); } };
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
