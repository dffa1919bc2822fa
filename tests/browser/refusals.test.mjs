// A refusal on a German phone (390x844): the clock answers with the code of
// the rule that refused the command and its values, and the panel says the
// German sentence of that code (po/de.po, msgctxt "refusal.CODE") beside the
// button, its numbers in place, with the German advice and the button that
// acts on the values (register the first 2).
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { join, resolve } from 'node:path';
import { startClock, launch, api, until, openCard, OUT, logIn } from './harness.mjs';
import { readPo } from './panel-words.mjs';

// One table of 4 seats, a dealer at seat 4: 3 seats.
const CFG = resolve('tests/api/fixtures/three-seats.cfg');

let clock, browser, page;
const errors = [];
const de = readPo('po/de.po');
const refusalDe = (code) => de.find((e) => e.ctxt === `refusal.${code}`).str;
const panelDe = (id) => de.find((e) => e.ctxt === 'panel.ui' && e.id === id).str;
const capital = (t) => t.charAt(0).toUpperCase() + t.slice(1);

before(async () => {
  clock = await startClock({ args: ['--config', CFG] });
  await (await api(clock)).command({ type: 'register', names: ['Anna Berg'] });
  browser = await launch();
  const ctx = await browser.newContext({ viewport: { width: 390, height: 844 }, locale: 'de-DE', deviceScaleFactor: 1, hasTouch: true });
  page = await ctx.newPage();
  page.on('pageerror', (e) => errors.push(e.message));
  await logIn(page, clock);
});
after(async () => {
  await browser?.close().catch(() => {});
  await clock?.stop();
  clock?.cleanup();
});

test('three names for two seats: the German sentence of seats_short beside the button, with what to do', async () => {
  assert.equal(await page.evaluate(() => PANEL_LANG.lang()), 'de');
  await openCard(page, '#seat-names');
  await page.fill('#seat-names', 'Bo Ek\nCy Dahl\nDan Falk');
  const answer = page.waitForResponse((r) => r.url().endsWith('/api/command'));
  await page.click('#seat-register');
  const r = await answer;
  assert.equal(r.status(), 409);
  assert.deepEqual(await r.json(), { ok: false, error: '2 seats are free for 3 players', code: 'seats_short', free: 2, players: 3 });
  const msg = page.locator('#sec-desk > .msg');
  const want = capital(refusalDe('seats_short').replace('{free}', '2').replace('{players}', '3'));
  assert.equal(want, '2 freie Plätze für 3 Spieler');
  await until(async () => (await msg.textContent()).includes(want), 'the German refusal');
  const said = await msg.textContent();
  assert.ok(!said.includes('seats are free'), `no English left: ${said}`);
  assert.ok(said.includes(panelDe('Open or add a table (Tables page, "Tables"), or free a blocked seat. When the room is full, the names wait in the box: register them as seats free up.')), said);
  // The button reads the free seats from the answer's values, not its words.
  const first = panelDe('Register the first %s').replace('%s', '2');
  assert.ok(await page.isVisible(`#sec-desk > .msg button:text-is("${first}")`), `the button "${first}"`);
  await page.screenshot({ path: join(OUT, 'refusal-de-390x844.png') });
  await page.click(`#sec-desk > .msg button:text-is("${first}")`);
  await until(async () => (await page.inputValue('#seat-names')) === 'Dan Falk', 'the third name waits in the box');
});

test('a refusal without values: the German sentence of level_first under the button', async () => {
  await page.click('#tabs [data-page="clock"]').catch(() => {});
  await page.click('#prev-level');
  await page.click('#confirm-yes');
  const box = await page.evaluateHandle(() => msgFor(document.querySelector('#prev-level')));
  await until(async () => (await box.evaluate((b) => b.textContent)) !== '', 'the refusal shown');
  assert.equal(await box.evaluate((b) => b.textContent), capital(refusalDe('level_first')));
  assert.deepEqual(errors, []);
});
