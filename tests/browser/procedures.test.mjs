// The tournament procedures as a director runs them: taps on the panel on a
// phone (390x844), then what /api/state says, what the browser display
// (/display) shows and, for the bubble, what the wall picture shows. On
// two-day.cfg (40-minute levels, a level that ends the day, ten entries pay
// three places). Screenshots of each step go to tests/out/.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { startClock, launch, api, getJson, until, sleep, OUT, logIn, openCard } from './harness.mjs';

let clock, browser, director, page, d;
const errors = [];
const state = () => getJson(clock, '/api/state');
const shown = (sel) => d.textContent(sel);

before(async () => {
  clock = await startClock({ args: ['--config', resolve('assets/structures/two-day.cfg')] });
  director = await api(clock);
  await director.command({ type: 'register', count: 10 });
  await director.command({ type: 'start' });
  await director.command({ type: 'bust', count: 6 });
  browser = await launch();
  const pctx = await browser.newContext({ viewport: { width: 390, height: 844 }, deviceScaleFactor: 1, hasTouch: true });
  page = await pctx.newPage();
  page.on('pageerror', (e) => errors.push('panel: ' + e.message));
  const dctx = await browser.newContext({ viewport: { width: 1280, height: 720 } });
  d = await dctx.newPage();
  d.on('pageerror', (e) => errors.push('display: ' + e.message));
  for (const p of [page, d]) p.on('response', (r) => { if (r.status() === 404) errors.push('404: ' + r.url()); });
  await d.goto(clock.base + '/display');
  await d.waitForFunction(() => !document.body.classList.contains('loading'));
  await logIn(page, clock);
});
after(async () => {
  await browser?.close().catch(() => {});
  await clock?.stop();
  clock?.cleanup();
});

// One section open at a time, scrolled into view, as on a phone.
async function openOnly(id) {
  await page.$$eval('#controls details.card', (ds, keep) => ds.forEach((x) => { x.open = '#' + x.id === keep; }), id);
  await openCard(page, id);
  await page.$eval(id, (x) => x.scrollIntoView({ block: 'start' }));
}
async function confirmDialog() {
  await page.waitForSelector('#confirm[open]');
  return { warn: (await page.textContent('#confirm-warn')).trim(), yes: (await page.textContent('#confirm-yes')).trim() };
}
// The panel section and the display as they are now.
async function shots(name, section) {
  // The buttons back on after a tap, and the next frame on both pages.
  await page.waitForFunction(() => !document.body.classList.contains('busy'));
  await sleep(300);
  await page.locator(section).screenshot({ path: `${OUT}/proc-panel-${name}-390.png` });
  await d.screenshot({ path: `${OUT}/proc-display-${name}-1280x720.png` });
}
const wall = async () => Buffer.from(await (await fetch(clock.base + '/api/screen.png?w=640&h=360')).arrayBuffer());

test('the bubble: one tap puts THE BUBBLE on the wall picture and the display', async () => {
  // Paused, the wall stands still: any change in its picture is the bubble.
  await director.command({ type: 'pause' });
  await openOnly('#sec-hfh');
  await sleep(400);
  const [a, b] = [await wall(), await wall()];
  assert.ok(a.equals(b), 'a paused wall draws the same picture twice');
  await page.tap('#bubble-on');
  await until(async () => (await state()).bubble === true, 'the bubble in the state');
  const s = await state();
  assert.equal(s.players.remaining, 4);
  assert.equal(s.players.paid_places, 3);
  await until(async () => /THE BUBBLE\s*4 players left, 3 paid/.test(await shown('#banners')), 'THE BUBBLE on the display');
  const c = await wall();
  assert.ok(!c.equals(a), 'the wall picture changed with the bubble');
  writeFileSync(`${OUT}/proc-wall-bubble-640x360.png`, c);
  await until(async () => (await page.textContent('#bubble-on')) === 'Bubble is on', 'the button saying so');
  assert.match(await page.textContent('#st-tags'), /Bubble/);
  await shots('bubble', '#sec-hfh');
  await director.command({ type: 'resume' });
});

test('on the bubble, two players out in one hand at two tables: a shared place, then IN THE MONEY', async () => {
  await openOnly('#sec-players');
  await page.$eval('#same-hand', (x) => { x.open = true; });
  const rows = page.locator('#same-rows .same');
  await rows.nth(0).locator('[name=table]').fill('1');
  await rows.nth(0).locator('[name=chips]').fill('3000');
  await rows.nth(1).locator('[name=table]').fill('2');
  await rows.nth(1).locator('[name=chips]').fill('9000');
  await page.tap('#same-bust');
  const dlg = await confirmDialog();
  assert.equal(dlg.yes, 'Bust');
  assert.match(await page.textContent('#confirm-text'), /places 3–4/);
  await page.tap('#confirm-yes');
  const s = await until(async () => { const x = await state(); return x.in_the_money && x; }, 'in the money');
  assert.equal(s.bubble, false);
  assert.equal(s.players.remaining, 2);
  const tie = s.results.slice(-2);
  assert.deepEqual(tie.map((r) => [r.place_best, r.place_worst, r.prize_each]), [[3, 4, s.payouts[2] / 2], [3, 4, s.payouts[2] / 2]]);
  /* The money reached takes the middle of the wall for 30 s, as on the wall. */
  await until(async () => /IN THE MONEY/.test(await shown('#takeover')), 'IN THE MONEY on the display');
  assert.doesNotMatch(await shown('#banners'), /THE BUBBLE/);
  await until(async () => /Places 3–4 \(tie\), table \d: €[\d,]+ each/.test(await page.textContent('#results')), 'the tie in the results');
  await shots('in-the-money', '#sec-players');
  // With an announcement too, the strips take turns as on the wall: one at a
  // time, with a dot for each, and the blinds stay in sight.
  await director.command({ type: 'announce', text: 'Seat open at table 3', seconds: 0 });
  await until(async () => (await shown('#banners')).includes('Seat open at table 3'), 'the announcement');
  const strips = await d.$$eval('#banners .banner', (bs) => bs.map((b) => ({ shown: !b.hidden && b.offsetHeight > 0, dots: b.querySelectorAll('.turns i').length })));
  const turns = (await getJson(clock, '/api/view')).view.strips.length;
  assert.ok(turns >= 2, `${turns} strips`);
  assert.deepEqual(strips, [{ shown: true, dots: turns }], 'one strip at a time, a dot for each');
  const [blindsBottom, footTop] = await d.evaluate(() => [document.querySelector('#blinds').getBoundingClientRect().bottom, document.querySelector('#foot').getBoundingClientRect().top]);
  assert.ok(blindsBottom <= footTop, `the blinds end at ${blindsBottom}, the strips begin at ${footTop}`);
  await director.command({ type: 'announce_clear' });
});

test('a clock call on table 4, seat 7: the shot clock on the display, 50 + 10 s in a 40-minute level', async () => {
  await openOnly('#sec-call');
  await page.fill('#call-table', '4');
  await page.fill('#call-seat', '7');
  await page.tap('#call-btn');
  const cc = await until(async () => (await state()).clock_call, 'the call in the state');
  assert.deepEqual([cc.table, cc.seat, cc.countdown_ms], [4, 7, 10000]);
  assert.ok(cc.remaining_ms > 55000 && cc.remaining_ms <= 60000, `remaining ${cc.remaining_ms}`);
  await d.waitForSelector('#takeover.clock_call', { state: 'visible' });
  assert.match(await shown('#takeover h2'), /Clock on table 4, seat 7/);
  const n = Number(await shown('#takeover .big'));
  assert.ok(n > 50 && n <= 60, `the display counts ${n}`);
  await until(async () => /Clock on table 4, seat 7: 0:5\d|1:00/.test(await page.textContent('#call-now')), 'the call on the panel');
  await shots('clock-call', '#sec-call');
  // A second call while one runs: the clock's reason, under the form.
  await page.fill('#call-table', '2');
  await page.fill('#call-seat', '1');
  await page.tap('#call-btn');
  await until(async () => /already called on table 4, seat 7/.test(await page.textContent('#sec-call .msg')), 'the refusal on the panel');
  assert.equal((await state()).clock_call.table, 4);
  await page.tap('#call-cancel');
  await until(async () => (await state()).clock_call === null, 'the call cancelled');
  await d.waitForSelector('#takeover', { state: 'hidden' });
});

test('color-up of the 100 chips: the display shows 100 into 500 and the chip race; done takes the chip away', async () => {
  await openOnly('#sec-colorup');
  await page.selectOption('#cu-chip', '100');
  await page.tap('#cu-btn');
  const cu = await until(async () => (await state()).color_up.now, 'the color-up in the state');
  assert.deepEqual(cu, { value: 100, colour: 'black', into: 500 });
  await d.waitForSelector('#takeover.color_up', { state: 'visible' });
  const t = await shown('#takeover');
  assert.match(t, /5 ×100→500/);
  assert.match(t, /CHIP RACE/i);
  assert.match(await page.textContent('#cu-state'), /Now: 100 \(black\) into 500/);
  await shots('color-up', '#sec-colorup');
  await page.tap('#cu-done');
  await until(async () => !(await state()).color_up.chips_in_use.includes(100), 'the 100 chips gone');
  await d.waitForSelector('#takeover', { state: 'hidden' });
  await until(async () => !(await page.$$eval('#cu-chip option', (o) => o.map((x) => x.value))).includes('100'), 'no 100 to choose any more');
});

test('penalties: two rounds and ten minutes on the display; clear from the list', async () => {
  await openOnly('#sec-penalty');
  await page.fill('#pen-table', '3');
  await page.fill('#pen-seat', '5');
  await page.fill('#pen-amount', '2');
  await page.selectOption('#pen-kind', 'rounds');
  await page.tap('#pen-btn');
  await until(async () => (await state()).penalties.some((p) => p.table === 3 && p.seat === 5 && p.rounds === 2), 'the rounds penalty');
  await page.fill('#pen-table', '6');
  await page.fill('#pen-seat', '1');
  await page.fill('#pen-amount', '10');
  await page.selectOption('#pen-kind', 'minutes');
  await page.tap('#pen-btn');
  // The choice reads in full beside the amount.
  const room = await page.$eval('#pen-kind', (x) => {
    const probe = document.createElement('span');
    probe.style.font = getComputedStyle(x).font;
    probe.textContent = 'minutes';
    document.body.append(probe);
    const need = probe.getBoundingClientRect().width + 20 + 24; // padding and the arrow
    probe.remove();
    return { need, has: x.getBoundingClientRect().width };
  });
  assert.ok(room.has >= room.need, `the minutes/rounds choice is ${room.has} px, "minutes" needs ${room.need}`);
  const p = await until(async () => (await state()).penalties.find((x) => x.table === 6), 'the minutes penalty');
  assert.ok(p.remaining_ms > 590000 && p.remaining_ms <= 600000);
  /* One strip for both, in its turn among the strips (8 s each). */
  await until(async () => /Penalties\s*Table 3, seat 5: 2 rounds\s*·\s*Table 6, seat 1: (10:00|9:5\d)/.test(await shown('#banners')), 'both on the display', 17000);
  await until(async () => /Table 6, seat 1: (10:00|9:5\d)/.test(await page.textContent('#pen-list')), 'both on the panel');
  await shots('penalties', '#sec-penalty');
  await page.tap('#pen-list button[data-table="3"][data-seat="5"]');
  await until(async () => (await state()).penalties.length === 1, 'one penalty cleared');
  await until(async () => /Penalties\s*Table 6, seat 1: /.test(await shown('#banners')), 'one left on the display', 17000);
  assert.doesNotMatch(await shown('#banners'), /Table 3/);
});

test('the end-of-day draw: a warning outside the window, none inside; the card, the hands, play over', async () => {
  const levels = (await getJson(clock, '/api/structure')).levels;
  const last = levels.findIndex((l) => l.day_end);
  await director.command({ type: 'goto_level', index: last });
  await openOnly('#sec-dayend');
  await until(async () => (await page.textContent('#de-state')) === 'This level ends the day.', 'the day\'s last level on the panel');
  await page.tap('#de-draw');
  let dlg = await confirmDialog();
  assert.match(dlg.warn, /15 to 5 minutes before the end/);
  assert.equal(dlg.yes, 'Draw anyway');
  await page.tap('#confirm-no');
  await sleep(300);
  assert.equal((await state()).day_end.drawn, null, 'cancelled: nothing drawn');

  // Ten minutes left, set from the panel: the window.
  await openOnly('#sec-clock');
  await page.fill('#set-time', '10:00');
  await page.tap('#set-btn');
  await until(async () => (await state()).day_end.window, 'the window');
  await openOnly('#sec-dayend');
  await until(async () => /Now is the time/.test(await page.textContent('#de-state')), 'the panel saying now');
  await page.tap('#de-draw');
  dlg = await confirmDialog();
  assert.equal(dlg.warn, '');
  assert.equal(dlg.yes, 'Draw');
  await page.tap('#confirm-yes');
  const de = await until(async () => { const x = (await state()).day_end; return x.drawn != null && x; }, 'the card drawn');
  const n = de.drawn;
  assert.ok(n >= 3 && n <= 7, `drawn ${n}`);
  assert.equal((await state()).running, false, 'the clock stops for the draw');
  /* The card being drawn (4 s), then the hands it leaves. */
  await d.waitForSelector('#takeover.day_end_hands', { state: 'visible', timeout: 8000 });
  assert.equal(await shown('#takeover .card'), String(n));
  assert.match(await shown('#takeover'), new RegExp(`${n} HANDS REMAINING TODAY`));
  await until(async () => (await page.textContent('#de-state')) === `Card drawn: ${n}. ${n} hands left.`, 'the card on the panel');
  await until(async () => /STOPPED: end of day/.test(await page.textContent('#st-paused')), 'the panel says why the clock stands');
  await shots('day-end-drawn', '#sec-dayend');

  for (let left = n - 1; left >= 0; left--) {
    await page.waitForFunction(() => !document.querySelector('#de-done').disabled);
    await page.tap('#de-done');
    await until(async () => (await state()).day_end.hands_left === left, `${left} hands left`);
  }
  assert.equal((await state()).day_end.over, true);
  await until(async () => /PLAY IS OVER FOR TODAY/.test(await shown('#takeover')), 'play over on the display');
  assert.match(await shown('#takeover'), /bag and tag/i);
  await until(async () => /Play is over for today/.test(await page.textContent('#de-state')), 'play over on the panel');
  assert.equal(await page.isVisible('#de-done'), false, 'no hand left to report');
  await shots('day-over', '#sec-dayend');
  await page.waitForFunction(() => !document.querySelector('#de-clear').disabled);
  await page.tap('#de-clear');
  await confirmDialog();
  await page.tap('#confirm-yes');
  await until(async () => (await state()).day_end.drawn === null, 'the draw cleared');
  await d.waitForSelector('#takeover', { state: 'hidden' });
});

test('no script errors and no missing files on the panel or the display', () => {
  assert.deepEqual(errors, []);
});
