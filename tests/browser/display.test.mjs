// The wall in a browser (/display) and the kiosk (/kiosk) in a real
// Chromium: every state and banner the director can put on the wall, the
// language and colours of the configuration, and the kiosk pages.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { startClock, launch, api, getJson, until, sleep, OUT, PIN } from './harness.mjs';

let clock, browser, director, d;
const errors = [];
const state = () => getJson(clock, '/api/state');
const text = (sel) => d.textContent(sel);

before(async () => {
  clock = await startClock();
  director = await api(clock);
  await director.command({ type: 'register', count: 42 });
  await director.command({ type: 'start' });
  await director.command({ type: 'bust', count: 5 });
  browser = await launch();
  const ctx = await browser.newContext({ viewport: { width: 1280, height: 720 } });
  d = await ctx.newPage();
  d.on('pageerror', (e) => errors.push(e.message));
  d.on('response', (r) => { if (r.status() === 404) errors.push('404: ' + r.url()); });
  await d.goto(clock.base + '/display');
  await d.waitForFunction(() => !document.body.classList.contains('loading'));
});
after(async () => {
  await browser?.close().catch(() => {});
  await clock?.stop();
  clock?.cleanup();
});

test('the display shows the level, players, prize pool and payouts, and counts down by itself', async () => {
  const s = await state();
  assert.equal(await text('#blinds'), `${s.level.small_blind} / ${s.level.big_blind}`);
  assert.match(await text('#players'), /^37\s*\/\s*42$/);
  assert.equal(await text('#pool'), '€' + s.prize_pool.toLocaleString('en'));
  const items = await d.$$eval('#payouts li', (l) => l.map((x) => x.textContent));
  assert.equal(items.length, Math.min(5, s.payouts.length));
  assert.equal(items[0], '1st€' + s.payouts[0].toLocaleString('en'));
  assert.equal(await text('#paid'), s.payouts.length + ' places paid');
  const a = await text('#clock');
  await until(async () => (await text('#clock')) !== a, 'the countdown to move by itself');
  // Counted on the page, it agrees with the clock's own figure.
  const secs = (x) => x.split(':').reduce((m, n) => m * 60 + Number(n), 0);
  const shown = secs(await text('#clock'));
  const real = Math.ceil((await state()).remaining_ms / 1000);
  assert.ok(Math.abs(shown - real) <= 1, `page ${shown} s, clock ${real} s`);
  await d.screenshot({ path: OUT + '/display-running-1280x720.png' });
});

test('the panel on a phone shows the same level, clock and players as the display', async () => {
  const pctx = await browser.newContext({ viewport: { width: 390, height: 844 }, hasTouch: true });
  try {
    const p = await pctx.newPage();
    p.on('pageerror', (e) => errors.push('panel: ' + e.message));
    await p.goto(clock.base + '/');
    await p.fill('#pin', PIN);
    await p.click('#login-btn');
    await p.waitForSelector('#controls', { state: 'visible' });
    assert.equal(await p.textContent('#st-blinds'), await text('#blinds'));
    assert.match(await p.textContent('#st-meta'), /^37 of 42 players/);
    // Both count down from the same state: at most a second apart.
    const secs = (x) => x.split(':').reduce((a, b) => a * 60 + Number(b), 0);
    const [a, b] = [await p.textContent('#st-clock'), await text('#clock')];
    assert.ok(Math.abs(secs(a) - secs(b)) <= 1, `${a} vs ${b}`);
    await p.$eval('#sec-players', (dd) => { dd.open = true; });
    await until(() => p.$eval('#preview', (i) => i.complete && i.naturalWidth === 640), 'the wall preview');
    await p.screenshot({ path: OUT + '/panel-phone-390x844.png' });
  } finally {
    await pctx.close();
  }
});

test('paused: the PAUSED band and the paused colour; running again: gone', async () => {
  await director.command({ type: 'pause' });
  await d.waitForSelector('#paused-band', { state: 'visible' });
  assert.equal(await text('#paused-band'), 'PAUSED');
  const c = await d.$eval('#lvl', (e) => getComputedStyle(e).color);
  assert.equal(c, 'rgb(215, 38, 61)'); // the theme's paused colour, #d7263d
  await d.screenshot({ path: OUT + '/display-paused-1280x720.png' });
  // Paused, the page shows exactly the clock's time, rounded up as the wall
  // does: 0:00 only when the time is really over.
  const left = (await state()).remaining_ms;
  await director.command({ type: 'set_remaining', ms: 90001 });
  assert.equal((await state()).remaining_ms, 90001);
  await until(async () => /^1:3/.test(await text('#clock')), 'the new time');
  assert.equal(await text('#clock'), '1:31');
  await director.command({ type: 'set_remaining', ms: 1 });
  await until(async () => /^0:0/.test(await text('#clock')), 'the last second');
  assert.equal(await text('#clock'), '0:01');
  await director.command({ type: 'set_remaining', ms: left });
  await director.command({ type: 'resume' });
  await d.waitForSelector('#paused-band', { state: 'hidden' });
});

test('the last minute: LAST MINUTE at the top and the clock in the warning colour', async () => {
  await director.command({ type: 'set_remaining', ms: 45000 });
  await until(async () => (await text('#break-pill')) === 'LAST MINUTE', 'the last-minute word');
  assert.equal(await d.$eval('#clock', (e) => getComputedStyle(e).color), 'rgb(255, 140, 0)'); // #ff8c00
  assert.match(await text('#clock'), /^0:4\d$/);
  await director.command({ type: 'set_remaining', ms: 1200000 });
  await d.waitForSelector('#break-pill', { state: 'hidden' });
});

test('a clock call: the table and seat, and the seconds counting down', async () => {
  await director.command({ type: 'clock_call', table: 4, seat: 7 });
  await d.waitForSelector('#takeover.clock_call', { state: 'visible' });
  assert.match(await text('#takeover'), /Clock on table 4, seat 7/);
  const n1 = Number(await text('#takeover .big'));
  assert.ok(n1 <= 60, `${n1} seconds`);
  await until(async () => Number(await text('#takeover .big')) < n1, `the seconds to count down from ${n1}`);
  await d.screenshot({ path: OUT + '/display-clock-call-1280x720.png' });
  await director.command({ type: 'clock_call_cancel' });
  await d.waitForSelector('#takeover', { state: 'hidden' });
});

test('hand-for-hand: the hand, the tables still playing, then DEAL', async () => {
  await director.command({ type: 'hand_for_hand_start', tables: 3 });
  await d.waitForSelector('#takeover.hand_for_hand', { state: 'visible' });
  assert.match(await text('#takeover'), /HAND FOR HAND\s*Hand 1/);
  await director.command({ type: 'table_done', table: 1 });
  await director.command({ type: 'table_waiting', table: 3 });
  await until(async () => (await d.$$eval('#takeover .tiles span', (l) => l.map((x) => x.textContent + ':' + x.className))).join(',') === '1:done,2:playing,3:waiting', 'table 1 done, 2 playing, 3 waiting');
  assert.match(await text('#takeover'), /all-in, waiting/);
  await d.screenshot({ path: OUT + '/display-hfh-1280x720.png' });
  await director.command({ type: 'table_done', table: 2 });
  await director.command({ type: 'table_done', table: 3 });
  await until(async () => (await text('#takeover')).includes('DEAL'), 'DEAL');
  await director.command({ type: 'hand_for_hand_stop' });
  await d.waitForSelector('#takeover', { state: 'hidden' });
  await d.waitForSelector('#clock', { state: 'visible' });
});

test('hand-for-hand on a big field: 80 tables fit the wall; at 250 the tables done drop out', async () => {
  // Every tile inside the takeover's box, none on another.
  const fits = () => d.evaluate(() => {
    const box = document.querySelector('#takeover').getBoundingClientRect();
    const tiles = [...document.querySelectorAll('#takeover .tiles span')].map((x) => x.getBoundingClientRect());
    return tiles.every((r) => r.top >= box.top && r.bottom <= box.bottom && r.left >= box.left &&
      r.right <= box.right) && tiles.every((r, i) => i === 0 || r.left >= tiles[i - 1].right || r.top >= tiles[i - 1].bottom);
  });
  await director.command({ type: 'hand_for_hand_start', tables: 80 });
  for (let t = 1; t <= 80; t += 3) await director.command({ type: 'table_done', table: t });
  await until(async () => (await d.$$('#takeover .tiles span.done')).length === 27, '27 tables done');
  assert.equal((await d.$$('#takeover .tiles span')).length, 80);
  assert.ok(await fits(), '80 tiles inside the wall');
  await d.screenshot({ path: OUT + '/display-hfh-80-tables-1280x720.png' });
  await director.command({ type: 'hand_for_hand_tables', tables: 250 });
  await until(async () => (await d.$$('#takeover .tiles span')).length === 250 - 27, 'the 223 tables not done');
  assert.equal((await d.$$('#takeover .tiles span.done')).length, 0);
  assert.ok(await fits(), '223 tiles inside the wall');
  await d.screenshot({ path: OUT + '/display-hfh-250-tables-1280x720.png' });
  await director.command({ type: 'hand_for_hand_stop' });
  await d.waitForSelector('#takeover', { state: 'hidden' });
});

test('the bubble, and a penalty timer', async () => {
  await director.command({ type: 'bubble_start' });
  const paid = (await state()).players.paid_places;
  await until(async () => new RegExp(`BUBBLE.*37 players left, ${paid} paid`).test(await text('#banners')), 'the bubble banner');
  await director.command({ type: 'bubble_stop' });
  await director.command({ type: 'penalty', table: 3, seat: 5, minutes: 10 });
  await until(async () => /Penalties\s*Table 3, seat 5: (10:00|9:5\d)/.test(await text('#banners')), 'the penalty');
  await director.command({ type: 'penalty_clear', table: 3, seat: 5 });
  await until(async () => !(await text('#banners')).includes('Table 3'), 'the penalty gone');
});

test('an announcement for 10 seconds leaves the wall by itself after 10 seconds', async () => {
  await director.command({ type: 'announce', text: 'Seat open at table 3', seconds: 10 });
  const at = Date.now();
  /* It takes its turn with the other strips (8 s each), as on the wall. */
  await until(async () => (await text('#banners')).includes('Seat open at table 3'), 'the announcement', 9000);
  await until(async () => !(await getJson(clock, '/api/view')).view.strips.some((x) => x.kind === 'announcement'), 'the announcement over', 12000);
  assert.ok(Date.now() - at >= 9500, 'not before its 10 s');
  await until(async () => !(await text('#banners')).includes('Seat open'), 'the announcement gone from the page', 1000);
});

test('a new level is announced on the wall, applying from the next hand', async () => {
  await director.command({ type: 'next_level' });
  const s = await state();
  await d.waitForSelector('.banner.new_level', { state: 'visible' });
  const o = await text('.banner.new_level');
  assert.ok(o.includes(`Level 2: Blinds ${s.level.small_blind} / ${s.level.big_blind}`), o);
  assert.match(o, /from the next hand/);
});

test('the end-of-day draw: the card, the hands remaining, then play is over', async () => {
  const r = await director.command({ type: 'day_end_draw' });
  const n = r.state.day_end.drawn;
  assert.ok(n >= 3 && n <= 7);
  /* The card drawn first (4 s), then the hands it leaves. */
  await d.waitForSelector('#takeover.day_end_card', { state: 'visible' });
  assert.match(await text('#takeover'), /Drawing the hands for today/);
  await d.waitForSelector('#takeover.day_end_hands', { state: 'visible', timeout: 8000 });
  assert.equal(await text('#takeover .card'), String(n));
  assert.match(await text('#takeover'), new RegExp(n + ' HANDS REMAINING TODAY'));
  await d.screenshot({ path: OUT + '/display-day-end-1280x720.png' });
  for (let i = 0; i < n; i++) await director.command({ type: 'day_end_hand_done' });
  await until(async () => (await text('#takeover')).includes('PLAY IS OVER FOR TODAY'), 'play over');
  await director.command({ type: 'day_end_clear' });
  await d.waitForSelector('#takeover', { state: 'hidden' });
});

test('a break: the break colours and the word Break', async () => {
  const st = await getJson(clock, '/api/structure');
  const b = st.levels.findIndex((l) => l.kind === 'break');
  await director.command({ type: 'goto_level', index: b });
  if (!(await state()).running) await director.command({ type: 'resume' });
  await d.waitForFunction(() => document.body.classList.contains('break'));
  assert.equal(await text('#lvl'), 'Break');
  const s = await state();
  assert.equal(await text('#blinds'), `${s.next_level.small_blind} / ${s.next_level.big_blind}`);
  assert.match(await text('#ante'), new RegExp(`^Then: Level ${s.next_level.number}`));
  await d.screenshot({ path: OUT + '/display-break-1280x720.png' });
});

test('the kiosk: the structure sheet, the payouts with amounts, the tournament info', async () => {
  const st = await getJson(clock, '/api/structure');
  const s = await state();
  const k = await (await browser.newContext({ viewport: { width: 1280, height: 720 } })).newPage();
  k.on('pageerror', (e) => errors.push('kiosk: ' + e.message));
  try {
    await k.goto(clock.base + '/kiosk?page=0');
    // A row for each level and break, one more for each color-up at the end
    // of a play level, and every color-up named.
    const rows = st.levels.length + 1 + st.levels.filter((l) => l.kind !== 'break' && l.colored_up.length).length;
    await k.waitForFunction((n) => document.querySelectorAll('#sheet .r').length === n, rows);
    const sheet = await k.textContent('#sheet');
    // Two chips at one break are one line: "100 500 color-up".
    for (const l of st.levels) for (const v of l.colored_up) assert.match(sheet, new RegExp(v.toLocaleString('en') + '( [\\d,]+)* color-up'), `color-up of ${v} in ${sheet}`);
    await sleep(300);
    await k.screenshot({ path: OUT + '/kiosk-structure-1280x720.png' });
    await k.goto(clock.base + '/kiosk?page=1');
    await k.waitForFunction((n) => document.querySelectorAll('#pay-list li').length === n, s.payouts.length);
    assert.ok((await k.textContent('#pay-list li')).includes('€' + s.payouts[0].toLocaleString('en')));
    assert.match(await k.textContent('#pay-figures'), /42/);
    await k.screenshot({ path: OUT + '/kiosk-payouts-1280x720.png' });
    await k.goto(clock.base + '/kiosk?page=2');
    await k.waitForFunction(() => document.querySelector('#info').textContent.includes('Buy-in'));
    assert.match(await k.textContent('#info'), /€55 \(50 \+ 5 fee\)/);
    assert.match(await k.textContent('#info'), /20,000 chips/);
    await k.screenshot({ path: OUT + '/kiosk-info-1280x720.png' });
    await k.setViewportSize({ width: 720, height: 1280 });
    await k.goto(clock.base + '/kiosk?page=0');
    await k.waitForFunction((n) => document.querySelectorAll('#sheet .r').length === n, rows);
    await sleep(300);
    const over = await k.$eval('#sheet', (e) => e.scrollHeight > e.clientHeight + 1 || e.scrollWidth > e.clientWidth + 1);
    assert.equal(over, false, 'the whole structure fits in portrait');
    await k.screenshot({ path: OUT + '/kiosk-structure-720x1280.png' });
    // Without ?page the pages turn by themselves.
    await k.goto(clock.base + '/kiosk');
    const first = await k.$eval('.page.on', (e) => e.id);
    await until(async () => (await k.$eval('.page.on', (e) => e.id)) !== first, 'the next page', 20000);
  } finally {
    await k.context().close();
  }
});

test('the display speaks the configured languages in the configured colours', async () => {
  const cfg = readFileSync('assets/structures/default.cfg', 'utf8')
    .replace(/^language = "en";/m, 'language = "de";\nlanguage2 = "en";')
    .replace(/^port = 8080;/m, 'port = 8080;\ntheme = { paused = "#aa00ff"; };');
  const file = join(clock.stateDir, 'de.cfg');
  writeFileSync(file, cfg);
  const de = await startClock({ args: ['--config', file] });
  try {
    assert.equal((await getJson(de, '/api/settings')).language, 'de');
    const dd = await (await browser.newContext({ viewport: { width: 1280, height: 720 } })).newPage();
    const boss = await api(de);
    await boss.command({ type: 'start' });
    await boss.command({ type: 'pause' });
    await dd.goto(de.base + '/display');
    await dd.waitForSelector('#paused-band', { state: 'visible' });
    // German first, English beside it in the labels, as on the wall.
    await until(async () => (await dd.textContent('#paused-band')) === 'ANGEHALTEN / PAUSED', 'German and English');
    assert.equal(await dd.textContent('#players-label'), 'Spieler / Players');
    assert.equal(await dd.textContent('#lvl'), 'Limitstufe 1');
    assert.equal(await dd.$eval('#lvl', (e) => getComputedStyle(e).color), 'rgb(170, 0, 255)');
    await dd.context().close();
  } finally {
    await de.stop();
    de.cleanup();
  }
});

test('after a power cut the wall says so, paused, until the director resumes', async () => {
  const first = await startClock({ env: { POKERCLOCK_BOOT_ID: 'boot-one' } });
  let again;
  const pctx = await browser.newContext({ viewport: { width: 1280, height: 720 } });
  try {
    await (await api(first)).command({ type: 'start' });
    await first.stop('SIGKILL');
    again = await startClock({ port: first.port, stateDir: first.stateDir, env: { POKERCLOCK_BOOT_ID: 'boot-two' } });
    const p = await pctx.newPage();
    await p.goto(again.base + '/display');
    await p.waitForSelector('.banner.power_loss');
    assert.match(await p.textContent('.banner.power_loss'), /Recovered after power loss\s*Check the time, then resume/);
    assert.equal(await p.isVisible('#paused-band'), true);
    await (await api(again)).command({ type: 'resume' });
    await p.waitForSelector('.banner.power_loss', { state: 'detached' });
  } finally {
    await pctx.close();
    await again?.stop();
    first.cleanup();
  }
});

test('a follower screen shows the master\'s tournament, sends the director there, and says when the master is gone', async () => {
  const master = await startClock();
  let follower;
  const fctx = await browser.newContext({ viewport: { width: 1280, height: 720 } });
  try {
    follower = await startClock({ args: ['--follow', master.base], env: { POKERCLOCK_FOLLOW_TIMEOUT_MS: '2000', POKERCLOCK_SSE_HEARTBEAT_MS: '500' } });
    const fd = await fctx.newPage();
    fd.on('pageerror', (e) => errors.push('follower display: ' + e.message));
    await fd.goto(follower.base + '/display');
    await (await api(master)).command({ type: 'announce', text: 'Final table in the back room', seconds: 0 });
    await until(async () => (await fd.textContent('#banners')).includes('Final table in the back room'), 'the master\'s announcement on the follower');
    const fp = await fctx.newPage();
    await fp.goto(follower.base + '/');
    await fp.waitForSelector('#st-notes a');
    assert.equal(await fp.getAttribute('#st-notes a', 'href'), master.base + '/');
    assert.equal(await fp.isVisible('#login'), false, 'no login on a follower');
    await master.stop('SIGKILL');
    await until(async () => /Connection to the master lost/.test(await fd.textContent('#banners')), 'the lost-master notice', 10000);
  } finally {
    await fctx.close();
    await follower?.stop();
    follower?.cleanup();
    await master.stop();
    master.cleanup();
  }
});

test('no script errors and no missing files on the pages', () => {
  assert.deepEqual(errors, []);
});
