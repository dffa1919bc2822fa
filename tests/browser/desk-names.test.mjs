// Returning players at the registration desk on a phone (390x844): the
// first letters of a name offer the players of earlier tournaments (the
// archive), accents and case aside, on any word of the name; a tap takes
// the name as the archive writes it, and it is registered so.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { join, resolve } from 'node:path';
import { startClock, launch, api, getJson, until, openCard, OUT, logIn } from './harness.mjs';

let clock, browser, page;
const errors = [];

before(async () => {
  clock = await startClock({ args: ['--config', resolve('tests/api/fixtures/league.cfg')] });
  // Last week's tournament, put aside.
  const d = await api(clock);
  await d.command({ type: 'register', names: ['Åse Lie', 'Tor Åsen', 'Bo Ek', 'Siri Dahl'] });
  await d.command({ type: 'start' });
  for (const p of [4, 3, 2]) await d.command({ type: 'bust', player: p });
  await d.command({ type: 'new_tournament', confirm: true });
  browser = await launch();
  const ctx = await browser.newContext({ viewport: { width: 390, height: 844 }, deviceScaleFactor: 2, hasTouch: true });
  page = await ctx.newPage();
  page.on('pageerror', (e) => errors.push(e.message));
  await logIn(page, clock);
  await openCard(page, '#seat-names');
});
after(async () => {
  await browser?.close().catch(() => {});
  await clock?.stop();
  clock?.cleanup();
});

test('"as" offers Åse Lie and Tor Åsen; a tap takes "Åse Lie" and registers her so', async () => {
  await page.click('#seat-names');
  await page.keyboard.type('as');
  const offer = page.locator('#seat-offer button');
  await until(async () => (await offer.allTextContents()).join('|') === 'Åse Lie|Tor Åsen', 'the two names offered');
  await page.screenshot({ path: join(OUT, 'desk-names.png') });
  await page.tap('#seat-offer button:has-text("Åse Lie")');
  assert.equal(await page.inputValue('#seat-names'), 'Åse Lie');
  assert.ok(await page.isHidden('#seat-offer'), 'the offer goes once a name is taken');
  await page.click('#seat-register');
  await until(async () => (await getJson(clock, '/api/players')).players.some((p) => p.name === 'Åse Lie'), 'Åse Lie registered');
  await until(async () => (await page.inputValue('#seat-names')) === '', 'the name sent leaves the box');
  // A second name on the next line: only its own letters count.
  await page.click('#seat-names');
  await page.keyboard.type('Kari Nes\nsi');
  await until(async () => (await offer.allTextContents()).join('|') === 'Siri Dahl', 'Siri offered for "si"');
  await page.tap('#seat-offer button');
  assert.equal(await page.inputValue('#seat-names'), 'Kari Nes\nSiri Dahl');
  assert.deepEqual(errors, []);
});
