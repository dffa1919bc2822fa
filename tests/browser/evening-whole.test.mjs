// A whole evening run from a phone (390x844) through the panel only, as a
// new director would: 40 entries with one tap, the clock started, rebuys
// and add-ons as counts, players busted in groups and one by one down to
// the winner, one bust taken back on the way, the bubble offered at six
// left. At the end the result sheet has every place, the prizes add up to
// the pool, and the panel says it is over.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { startClock, launch, getJson, until, OUT, logIn, openCard } from './harness.mjs';

const CFG = `
tournament = {
  name = "Thursday Rebuy";
  currency = "EUR";
  buy_in = 20;
  starting_stack = 10000;
  late_registration = { until_level = 2; };
  rebuy = { price = 20; chips = 10000; until_level = 2; };
  addon = { price = 10; chips = 15000; after_level = 2; };
  levels = (
    { small_blind = 50; big_blind = 100; minutes = 20; },
    { small_blind = 100; big_blind = 200; minutes = 20; },
    { break = true; minutes = 10; },
    { small_blind = 150; big_blind = 300; minutes = 20; },
    { small_blind = 200; big_blind = 400; minutes = 20; }
  );
  payouts = ( { min_entries = 2; places = [ 100 ]; },
              { min_entries = 10; places = [ 50, 30, 20 ]; },
              { min_entries = 30; places = [ 40, 25, 15, 12, 8 ]; } );
};
`;

let clock, browser, page;
const errors = [];
const state = () => getJson(clock, '/api/state');

before(async () => {
  const cfg = join(OUT, 'evening-whole.cfg');
  writeFileSync(cfg, CFG);
  clock = await startClock({ args: ['--config', cfg] });
  browser = await launch();
  const ctx = await browser.newContext({ viewport: { width: 390, height: 844 }, deviceScaleFactor: 1, hasTouch: true });
  page = await ctx.newPage();
  page.on('pageerror', (e) => errors.push(e.message));
  await logIn(page, clock);
});
after(async () => {
  await browser?.close().catch(() => {});
  await clock?.stop();
  clock?.cleanup();
});

async function idle() {
  await page.waitForFunction(() => !document.body.classList.contains('busy'));
}
// Taps a button; says yes when the panel asks, and returns what it asked.
async function tap(sel) {
  await idle();
  if (sel !== '#undo') await openCard(page, sel);
  await page.click(sel);
  const asked = await Promise.race([
    page.waitForSelector('#confirm[open]', { timeout: 1500 }).then(() => true),
    page.waitForFunction(() => document.body.classList.contains('busy'), null, { timeout: 1500 })
      .then(() => false).catch(() => false),
  ]).catch(() => false);
  let q = '';
  if (asked) {
    q = (await page.textContent('#confirm-text')) + ' ' + (await page.textContent('#confirm-warn'));
    await page.click('#confirm-yes');
    await page.waitForSelector('#confirm', { state: 'hidden' });
  }
  await idle();
  return q;
}
async function count(sel, n) { await openCard(page, sel); await page.fill(sel, String(n)); }

test('40 entries, rebuys and add-ons, busted to a winner, with every place and prize', async () => {
  await count('#pl-count', 40);
  assert.match(await tap('#register'), /Register 40 players\?/);
  await until(async () => (await state()).players.entries === 40, '40 entries');

  await tap('#go');
  await until(async () => (await state()).running, 'the clock running');

  await count('#pl-count', 7);
  await tap('#rebuy');
  await until(async () => (await state()).players.rebuys === 7, '7 rebuys');

  // Ten players out in level 1: one tap for all of them.
  await count('#bust-count', 10);
  assert.match(await tap('#bust-btn'), /Bust 10 players \(places 31–40\)\?/);
  await until(async () => (await state()).players.remaining === 30, '30 left');

  // To the break after level 2: the add-on opens.
  await tap('#next-level');
  await tap('#next-level');
  await until(async () => (await state()).periods.addon_open, 'the add-on open at the break');
  await count('#pl-count', 30);
  await tap('#addon');
  await until(async () => (await state()).players.addons === 30, '30 add-ons');
  await tap('#next-level');
  await until(async () => /The add-on was at the break after level 2\./.test(await page.textContent('#pl-closed')),
    'the add-on said to be past');

  const pool = (await state()).prize_pool;
  assert.equal(pool, 40 * 20 + 7 * 20 + 30 * 10, 'the pool: entries, rebuys and add-ons');

  // Busts in groups, one taken back on the way.
  await count('#bust-count', 20);
  await tap('#bust-btn');
  await until(async () => (await state()).players.remaining === 10, '10 left');
  await tap('#bust-btn');
  await until(async () => (await state()).players.remaining === 9, '9 left');
  const undoAsked = await tap('#undo');
  assert.match(undoAsked, /bust/i, 'undo names the bust: ' + undoAsked);
  await until(async () => (await state()).players.remaining === 10, 'the bust taken back');
  while ((await state()).players.remaining > 1) {
    const left = (await state()).players.remaining;
    if (left === 6) {
      // Six left, five paid: the panel offers the bubble by itself.
      await until(async () => page.$eval('#bubble-offer', (e) => !e.hidden), 'the bubble offered');
      assert.match(await page.textContent('#bubble-offer'), /6 players left and 5 places paid/);
      assert.match(await page.textContent('#st-tags'), /On the bubble/);
    } else {
      await until(async () => page.$eval('#bubble-offer', (e) => e.hidden), left + ' left: no bubble offered');
    }
    await tap('#bust-btn');
    await until(async () => (await state()).players.remaining === left - 1, (left - 1) + ' left');
  }

  const st = await until(async () => { const s = await state(); return s.over && s; }, 'the tournament over');
  assert.equal(st.players.remaining, 1);
  await page.screenshot({ path: join(OUT, 'evening-whole-panel.png') });

  const r = await getJson(clock, '/api/results');
  // Run by counts, without names: still a row for every place, the winner first.
  const places = r.rows.map((x) => x.place);
  assert.deepEqual(places, Array.from({ length: 40 }, (_, i) => i + 1), 'places 1 to 40, each once');
  const paid = r.rows.filter((x) => x.prize > 0).sort((a, b) => a.place - b.place);
  assert.deepEqual(paid.map((x) => x.place), [1, 2, 3, 4, 5]);
  assert.equal(paid.reduce((a, x) => a + x.prize, 0), pool, 'the prizes add up to the pool');
  // Each share rounded down to the euro; what rounding leaves goes to first.
  const want = [40, 25, 15, 12, 8].map((pc) => Math.floor(pool * pc / 100));
  want[0] += pool - want.reduce((a, x) => a + x, 0);
  assert.deepEqual(paid.map((x) => x.prize), want);

  // The panel says it is over, and what is left to tap is off, saying why.
  await until(async () => /OVER/.test(await page.textContent('#st-paused')), 'the panel saying it is over');
  assert.equal(await page.isDisabled('#bust-btn'), true, 'no bust after the winner');
  assert.equal(await page.isDisabled('#register'), true);
  assert.match(await page.textContent('#pl-closed'), /The tournament is over\./);
  assert.match(await page.textContent('#results'), /Place 1: €497/);
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.screenshot({ path: join(OUT, 'evening-whole-over.png') });
});

test('no page errors all evening', () => {
  assert.deepEqual(errors, []);
});
