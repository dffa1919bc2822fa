// A director's evening on a phone (390x844), against the real pokerclock:
// the things a first real tournament ran into, each as the director sees it.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { startClock, launch, api, getJson, until, OUT, logIn, openCard } from './harness.mjs';

let clock, browser, ctx, page, director;
const errors = [];
const state = () => getJson(clock, '/api/state');

before(async () => {
  clock = await startClock();
  director = await api(clock);
  browser = await launch();
  ctx = await browser.newContext({ viewport: { width: 390, height: 844 }, deviceScaleFactor: 1, hasTouch: true });
  page = await ctx.newPage();
  page.on('pageerror', (e) => errors.push(e.message));
  await logIn(page, clock);
});
after(async () => {
  await browser?.close().catch(() => {});
  await clock?.stop();
  clock?.cleanup();
});

async function confirmText() {
  await page.waitForSelector('#confirm[open]');
  return (await page.textContent('#confirm-text')) + ' ' + (await page.textContent('#confirm-warn'));
}
async function answer(yes) {
  await page.click(yes ? '#confirm-yes' : '#confirm-no');
  await page.waitForSelector('#confirm', { state: 'hidden' });
}
async function seq() { return (await state()).seq; }
// Waits until no command is in flight (the panel takes one at a time).
async function idle() {
  await page.waitForFunction(() => !document.body.classList.contains('busy'));
}
// Waits until the page has rendered the state at least as new as now.
async function synced() {
  const n = await seq();
  await until(async () => page.evaluate((k) => PC.current() && PC.current().seq >= k, n), 'the page at seq ' + n);
  await page.waitForTimeout(400); // the structure is fetched 250 ms after a change
}

test('the header counts play levels, not breaks: "Level 1 of 19" for 19 levels and 3 breaks', async () => {
  await director.command({ type: 'start' });
  await synced();
  const st = await state();
  const s = await getJson(clock, '/api/structure');
  const play = s.levels.filter((l) => l.kind !== 'break').length;
  assert.ok(play < s.levels.length, 'the built-in structure has breaks');
  assert.equal(st.play_levels_count, play);
  assert.equal((await page.textContent('#st-level')).trim(), 'Level 1 of ' + play);
});

test('going back a level returns to the time it had when it was left, and the question names it', async () => {
  await director.command({ type: 'pause' });
  await director.command({ type: 'set_remaining', ms: 400000 }); // 6:40 left in level 1
  await page.click('#next-level');
  assert.match(await confirmText(), /Level 2: 50 \/ 100/);
  await answer(true);
  await until(async () => (await state()).level.index === 1, 'level 2');
  await synced();
  await page.click('#prev-level');
  const q = await confirmText();
  assert.match(q, /Go back to Level 1: 25 \/ 50, 6:40 left\?/, q);
  await page.screenshot({ path: OUT + '/evening-prev-level.png' });
  await answer(true);
  const st = await until(async () => { const x = await state(); return x.level.index === 0 && x; }, 'level 1 again');
  assert.equal(st.remaining_ms, 400000, 'paused: exactly the 6:40 it was left with');
  await synced();
  assert.equal((await page.textContent('#st-clock')).trim(), '6:40');
  // Forward again: level 2 had run for no time, so it is whole.
  await page.click('#next-level');
  assert.match(await confirmText(), /Level 2: 50 \/ 100\?/);
  await answer(false);
});

test('register, rebuy and add-on take a count: 40 players in one go, asked first', async () => {
  await openCard(page, '#sec-players');
  await page.fill('#pl-count', '40');
  assert.equal((await page.textContent('#register')).trim(), 'Register +40');
  await page.click('#register');
  const q = await confirmText();
  assert.match(q, /Register 40 players\?/);
  // 40 entries reach the payout table for 30 and more: 7 places paid.
  assert.match(q, /Paid places change from 0 to 7/);
  await answer(true);
  await until(async () => (await state()).players.entries === 40, '40 entries');
  await idle();
  assert.equal(await page.inputValue('#pl-count'), '1', 'the count goes back to 1');
  assert.equal((await page.textContent('#register')).trim(), 'Register +1');
});

test('an unregister that changes the places paid asks first and says what changes', async () => {
  // 40 entries: the table for 30 pays 7; down to 29 the table for 20 pays 5.
  await page.fill('#pl-count', '11');
  await page.click('#unregister');
  const q = await confirmText();
  assert.match(q, /Unregister 11 players\?/);
  assert.match(q, /Paid places change from 7 to 5: 2 places fewer paid\./);
  await answer(false);
  assert.equal((await state()).players.entries, 40, 'cancelled: nothing changed');
  // One unregister that changes nothing is not asked.
  await page.fill('#pl-count', '1');
  await page.click('#unregister');
  await until(async () => (await state()).players.entries === 39, '39 entries');
  assert.equal(await page.isVisible('#confirm[open]'), false);
  await idle();
});

test('closed buttons look off and say why', async () => {
  // The built-in tournament has late registration to level 6, no rebuys, no add-on.
  await synced();
  assert.equal(await page.isDisabled('#rebuy'), true);
  assert.equal(await page.isDisabled('#addon'), true);
  assert.equal(await page.isDisabled('#register'), false);
  const why = await page.textContent('#pl-closed');
  assert.match(why, /no rebuys/);
  assert.match(why, /no add-on/);
  await director.command({ type: 'goto_level', index: 8 }); // play level 7: registration closed
  await synced();
  assert.equal(await page.isDisabled('#register'), true);
  assert.match(await page.textContent('#pl-closed'), /Registration closed after level 6\./);
  await page.screenshot({ path: OUT + '/evening-players.png', fullPage: false });
  await director.command({ type: 'goto_level', index: 0 });
});

test('errors are in the director\'s words, next to what caused them', async () => {
  await openCard(page, '#sec-clock');
  await page.fill('#set-time', 'abc');
  await page.click('#set-btn');
  const m = await until(async () => (await page.textContent('#sec-clock > .msg')).trim(), 'the set-time message');
  assert.match(m, /minutes \(12\) or minutes:seconds \(12:30\)/);
  // A level whose big blind is not above its small blind.
  await openCard(page, '#sec-structure');
  await page.click('#levels > li:first-child [data-act=row]');
  await page.click('#levels > li:first-child [data-act=edit]');
  await page.fill('.level-form [name=big_blind]', '10');
  await page.click('.level-form [data-act=save]');
  const e = await until(async () => (await page.textContent('.level-form .msg')).trim(), 'the level form message');
  assert.equal(e, 'The big blind must be larger than the small blind');
  assert.doesNotMatch(e, /_/);
  await page.click('.level-form [data-act=cancel]');
});

test('a level added at the end proposes the next usual step', async () => {
  const s = await getJson(clock, '/api/structure');
  const at = s.levels.findIndex((l) => l.big_blind === 8000);
  await page.click(`#levels > li[data-index="${at}"] [data-act=row]`);
  await page.click(`#levels > li[data-index="${at}"] [data-act=add]`);
  assert.equal(await page.inputValue('.level-form [name=small_blind]'), '5000');
  assert.equal(await page.inputValue('.level-form [name=big_blind]'), '10000');
  assert.equal(await page.inputValue('.level-form [name=ante]'), '10000', 'a big-blind ante stays the big blind');
  await page.click('.level-form [data-act=cancel]');
  // The button at the end of the list adds after the last level.
  const last = s.levels[s.levels.length - 1];
  await page.click('#add-last');
  assert.equal(await page.inputValue('.level-form [name=small_blind]'), String(last.small_blind * 1.5));
  await page.fill('.level-form [name=minutes]', '20');
  await page.click('.level-form [data-act=save]');
  await until(async () => (await getJson(clock, '/api/structure')).levels.length === s.levels.length + 1, 'a level more');
  const added = (await getJson(clock, '/api/structure')).levels.at(-1);
  assert.equal(added.small_blind, 15000);
  assert.equal(added.big_blind, 30000);
});

test('hand-for-hand proposes the tables the players left fill', async () => {
  await openCard(page, '#sec-hfh');
  await synced();
  // 39 players at 9 a table: 5 tables.
  assert.equal(await page.inputValue('#hfh-tables'), '5');
  await director.command({ type: 'bust', count: 30 });
  await synced();
  assert.equal(await page.inputValue('#hfh-tables'), '1', '9 players left: one table');
});

test('undo says what it takes back, and the panel lists the last actions', async () => {
  await idle();
  const before = (await state()).players.remaining; // 9
  await openCard(page, '#bust-count');
  await page.fill('#bust-count', '3');
  await page.click('#bust-btn');
  await answer(true);
  await until(async () => (await state()).players.remaining === before - 3, '3 players out');
  await synced();
  const label = (await page.textContent('#undo')).trim();
  assert.equal(label, `↶ Undo: bust of 3 players, places ${before - 2}–${before}`);
  const items = await page.$$eval('#history li', (li) => li.map((x) => x.textContent));
  assert.equal(items[0], `bust of 3 players, places ${before - 2}–${before}`);
  assert.equal(items[1], 'bust of 30 players, places 10–39');
  await openCard(page, '#sec-history');
  await page.$eval('#sec-history', (d) => d.scrollIntoView());
  await page.screenshot({ path: OUT + '/evening-history.png' });
  await idle();
  await page.click('#undo');
  assert.match(await confirmText(), /^Undo: bust of 3 players, places 7–9\?/);
  await answer(true);
  await until(async () => (await state()).players.remaining === before, 'the bust undone');
  await synced();
  assert.equal((await page.textContent('#undo')).trim(), '↶ Undo: bust of 30 players, places 10–39');
});

test('no page errors', () => {
  assert.deepEqual(errors, []);
});
