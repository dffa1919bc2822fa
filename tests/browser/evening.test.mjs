// A director's evening on a phone (390x844), against the real pokerclock:
// the things a first real tournament ran into, each as the director sees it.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { startClock, launch, api, getJson, until, PIN, OUT } from './harness.mjs';

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
  await page.goto(clock.base + '/');
  await page.fill('#pin', PIN);
  await page.click('#login-btn');
  await page.waitForSelector('#controls', { state: 'visible' });
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
