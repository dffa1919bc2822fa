// The panel's "New tournament" in Chromium at phone size against the real
// pokerclock: the dialog names the tournament and the players left, Cancel
// changes nothing, OK puts it aside and starts the configured one.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { join, resolve } from 'node:path';
import { startClock, launch, until, getJson, api, OUT, logIn, openCard } from './harness.mjs';

let clock, browser, page;

before(async () => {
  clock = await startClock({ args: ['--config', resolve('assets/structures/seated.cfg')] });
  browser = await launch();
  page = await browser.newPage({ viewport: { width: 390, height: 844 }, deviceScaleFactor: 2 });
  await logIn(page, clock);
});

after(async () => {
  await browser?.close();
  await clock?.stop();
  clock?.cleanup();
});

test('New tournament asks first, naming the tournament and the players left', async () => {
  const director = await api(clock);
  await director.command({ type: 'register', names: ['Anna Berg', 'Bo Ek', 'Cy Dahl'] });
  await director.command({ type: 'start' });
  await director.command({ type: 'bust', player: 3 });
  await until(async () => (await page.textContent('#status')).includes('2'), 'the panel has the state');

  await openCard(page, '#sec-newtour');
  await page.click('#nt-btn');
  await page.waitForSelector('#confirm[open]');
  const asked = await page.textContent('#confirm');
  assert.match(asked, /Put "Friday Freezeout" aside and start a new tournament\?/);
  assert.match(asked, /still running with 2 players left/);
  // The whole dialog fits a phone's screen, buttons included.
  const yes = await page.locator('#confirm-yes').boundingBox();
  assert.ok(yes && yes.y + yes.height <= 844, `OK is on the screen: ${JSON.stringify(yes)}`);
  await page.screenshot({ path: join(OUT, 'panel-new-tournament.png') });

  // Cancel: nothing changed.
  await page.click('#confirm-no');
  await page.waitForSelector('#confirm:not([open])', { state: 'attached' });
  assert.equal((await getJson(clock, '/api/state')).players.entries, 3);

  // OK: the configured tournament, fresh; the last one listed as kept.
  await page.click('#nt-btn');
  await page.waitForSelector('#confirm[open]');
  await page.click('#confirm-yes');
  await until(async () => /A new tournament has started/.test(await page.textContent('#nt-done')), 'the answer');
  const s = await getJson(clock, '/api/state');
  assert.equal(s.players.entries, 0);
  assert.equal(s.started, false);
  const item = await until(async () => (await page.textContent('#nt-list')).trim(), 'the archive list');
  assert.match(item, /^Friday Freezeout · .* · CSV · JSON$/);
  // Its sheet opens from the panel, as it was.
  const href = await page.getAttribute('#nt-list a', 'href');
  const csv = await (await fetch(clock.base + href)).text();
  assert.match(csv, /^place,name,/);
  await page.screenshot({ path: join(OUT, 'panel-new-tournament-done.png') });
});
