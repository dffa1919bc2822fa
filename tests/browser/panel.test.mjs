// The director's panel in a real Chromium on a phone-sized screen, against
// the real pokerclock: login, the clock, the structure, announcements,
// procedures, a reload, a server restart under the page, and the layout.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { startClock, launch, api, getJson, until, sleep, decodePng, countColour, openCard, PIN, OUT } from './harness.mjs';

let clock, browser, ctx, page;
const errors = [];
const state = () => getJson(clock, '/api/state');

before(async () => {
  clock = await startClock();
  browser = await launch();
  ctx = await browser.newContext({ viewport: { width: 390, height: 844 }, deviceScaleFactor: 1, hasTouch: true });
  page = await ctx.newPage();
  page.on('pageerror', (e) => errors.push(e.message));
  page.on('response', (r) => { if (r.status() === 404) errors.push('404: ' + r.url()); });
});
after(async () => {
  await browser?.close().catch(() => {});
  await clock?.stop();
  clock?.cleanup();
});

async function login() {
  await page.fill('#pin', PIN);
  await page.click('#login-btn');
  await page.waitForSelector('#controls', { state: 'visible' });
}
const openSection = (id) => openCard(page, id);
async function confirmYes() {
  await page.waitForSelector('#confirm[open]');
  await page.click('#confirm-yes');
}

test('a wrong PIN is refused with the clock\'s reason; the right PIN opens the panel', async () => {
  await page.goto(clock.base + '/');
  await page.waitForSelector('#login', { state: 'visible' });
  assert.equal(await page.isVisible('#controls'), false, 'no controls before login');
  await page.fill('#pin', '0000');
  await page.click('#login-btn');
  const msg = await until(async () => (await page.textContent('#login-msg')).trim(), 'the wrong-PIN message');
  assert.match(msg, /PIN/i);
  assert.equal(await page.isVisible('#controls'), false);
  await login();
  assert.equal(await page.isVisible('#login'), false);
  assert.equal(await page.textContent('#go'), 'Start');
});

test('a PIN typed while the page still asks whether it is logged in (slow Wi-Fi) is kept', async () => {
  const c = await browser.newContext({ viewport: { width: 390, height: 844 } });
  try {
    const p = await c.newPage();
    /* The session's answer comes a second late, after the state. */
    await p.route('**/api/session', async (route) => { await sleep(1000); await route.continue(); });
    await p.goto(clock.base + '/');
    await p.waitForSelector('#login', { state: 'visible' });
    await p.fill('#pin', PIN);
    await p.waitForResponse('**/api/session');
    await sleep(200);
    assert.equal(await p.inputValue('#pin'), PIN, 'the PIN typed is still there');
    await p.click('#login-btn');
    await p.waitForSelector('#controls', { state: 'visible' });
  } finally {
    await c.close();
  }
});

test('start and pause from the panel: /api/state says paused, the panel shows PAUSED', async () => {
  await page.click('#go');
  await until(async () => (await state()).running, 'the clock running');
  await until(async () => (await page.textContent('#go')) === 'Pause', 'the button to say Pause');
  // The countdown counts on the page between events.
  const a = await page.textContent('#st-clock');
  await until(async () => (await page.textContent('#st-clock')) !== a, 'the countdown to move by itself');

  await page.click('#go');
  await until(async () => (await state()).running === false, 'the clock paused');
  await page.waitForSelector('#st-paused', { state: 'visible' });
  assert.equal(await page.textContent('#go'), 'Resume');
  const c = await page.textContent('#st-clock');
  // Counting, the page would show another second within any second.
  await sleep(1000);
  assert.equal(await page.textContent('#st-clock'), c, 'a paused clock stands still');
});

test('paused, the wall picture shows the red of PAUSED; running, it does not', async () => {
  const shot = await fetch(clock.base + '/api/screen.png?w=640&h=360');
  assert.equal(shot.status, 200, await shot.clone().text());
  const paused = decodePng(Buffer.from(await shot.arrayBuffer()));
  const settings = await getJson(clock, '/api/settings');
  const red = settings.theme.paused;
  await page.click('#go'); // resume
  await until(async () => (await state()).running, 'the clock running again');
  const running = decodePng(Buffer.from(await (await fetch(clock.base + '/api/screen.png?w=640&h=360')).arrayBuffer()));
  const pr = countColour(paused, red), rr = countColour(running, red);
  assert.ok(pr > 200 && pr > rr * 3, `paused red pixels ${pr}, running ${rr}`);
  // The preview on the panel follows.
  await until(async () => page.$eval('#preview', (i) => i.complete && i.naturalWidth === 640), 'the preview image');
});

test('resume from the panel', async () => {
  if (!(await state()).running) await page.click('#go');
  await until(async () => (await state()).running, 'the clock running');
  await page.waitForSelector('#st-paused', { state: 'hidden' });
});

test('a tap that is repeated while the command is on its way is not sent twice', async () => {
  await openSection('#sec-players');
  const before = (await state()).players.entries;
  await page.dblclick('#register');
  await sleep(800);
  assert.equal((await state()).players.entries, before + 1);
  await until(async () => (await page.textContent('#pl-figures')).includes(String(before + 1)), 'the entries on the panel');
});

test('a level added on the panel is in /api/structure and in the list; a bad one is explained', async () => {
  await openSection('#sec-structure');
  const n = (await getJson(clock, '/api/structure')).levels.length;
  await page.click('#levels li[data-index="0"] [data-act="row"]');
  await page.click('#levels li[data-index="0"] [data-act="add"]');
  const form = '#levels li[data-index="0"] .level-form';
  await page.fill(form + ' [name=small_blind]', '30');
  await page.fill(form + ' [name=big_blind]', '20');
  await page.fill(form + ' [name=minutes]', '15');
  await page.click(form + ' [data-act=save]');
  const why = await until(async () => (await page.textContent(form + ' .msg')).trim(), 'the refusal');
  assert.match(why, /big.blind/i);
  assert.equal((await getJson(clock, '/api/structure')).levels.length, n, 'nothing added');

  await page.fill(form + ' [name=big_blind]', '60');
  await page.click(form + ' [data-act=save]');
  const s = await until(async () => {
    const st = await getJson(clock, '/api/structure');
    return st.levels.length === n + 1 && st;
  }, 'the new level');
  assert.equal(s.levels[1].small_blind, 30);
  assert.equal(s.levels[1].big_blind, 60);
  assert.equal(s.levels[1].duration_ms, 15 * 60000);
  await until(async () => /30 \/ 60/.test(await page.textContent('#levels li[data-index="1"]')), 'the level in the list');
});

test('an announcement made on the panel appears on /display', async () => {
  const dctx = await browser.newContext({ viewport: { width: 1280, height: 720 } });
  try {
    const d = await dctx.newPage();
    d.on('pageerror', (e) => errors.push('display: ' + e.message));
    await d.goto(clock.base + '/display');
    await d.waitForSelector('#clock');
    await openSection('#sec-announce');
    await page.fill('#ann-text', 'Dinner at the break');
    await page.selectOption('#ann-secs', '0');
    await page.click('#ann-btn');
    await until(async () => (await state()).announcement?.text === 'Dinner at the break', 'the announcement in the state');
    await until(async () => (await d.textContent('#banners')).includes('Dinner at the break'), 'the announcement on the display');
    await d.screenshot({ path: OUT + '/display-1280x720.png' });
    await page.click('#ann-clear');
    await until(async () => !(await d.textContent('#banners')).includes('Dinner'), 'the announcement gone from the display');
  } finally {
    await dctx.close();
  }
});

test('hand-for-hand from the panel: start with tables, mark a table done and one all-in waiting', async () => {
  await openSection('#sec-hfh');
  await page.fill('#hfh-tables', '3');
  await page.click('#hfh-start');
  const h = await until(async () => (await state()).hand_for_hand, 'hand-for-hand on');
  assert.equal(h.tables, 3);
  assert.equal(h.hand, 1);
  await page.click('#hfh-grid button[data-table="2"]');
  await until(async () => (await state()).hand_for_hand.done.includes(2), 'table 2 done');
  await page.click('[data-mark="waiting"]');
  await page.click('#hfh-grid button[data-table="3"]');
  const h2 = await until(async () => { const x = (await state()).hand_for_hand; return x.waiting.includes(3) && x; }, 'table 3 waiting');
  assert.deepEqual(h2.playing, [1]);
  await until(async () => (await page.textContent('#hfh-grid button[data-table="2"]')).includes('done'), 'table 2 shown done');
  await page.click('[data-mark="done"]');
  await page.screenshot({ path: OUT + '/panel-hfh-390x844.png' });
  await page.click('#hfh-stop');
  await confirmYes();
  await until(async () => (await state()).hand_for_hand === null, 'hand-for-hand off');
});

test('the end-of-day draw outside its window warns before anything happens', async () => {
  await openSection('#sec-dayend');
  await page.click('#de-draw');
  await page.waitForSelector('#confirm[open]');
  assert.match(await page.textContent('#confirm-warn'), /15 to 5 minutes before the end of the day/);
  await page.click('#confirm-no');
  await sleep(300);
  assert.equal((await state()).day_end.drawn, null, 'nothing drawn when cancelled');
});

test('a reload keeps the session', async () => {
  await page.reload();
  await page.waitForSelector('#controls', { state: 'visible' });
  assert.equal(await page.isVisible('#login'), false);
});

test('the page reconnects by itself when the clock restarts under it, and shows live state', async () => {
  await until(async () => (await page.textContent('#conn')) === 'live', 'live');
  const { port, stateDir } = clock;
  await clock.stop();
  await page.waitForSelector('#offline', { state: 'visible', timeout: 15000 });
  assert.equal(await page.textContent('#conn'), 'offline');
  clock = await startClock({ port, stateDir });
  await until(async () => (await page.textContent('#conn')) === 'live', 'the page live again', 30000);
  await page.waitForSelector('#offline', { state: 'hidden' });
  // A change made elsewhere after the restart reaches the page.
  const director = await api(clock);
  const entries = (await state()).players.entries;
  await director.command({ type: 'register', count: 3 });
  await until(async () => (await page.textContent('#pl-figures')).includes(String(entries + 3)), 'the new entries on the page');
});

test('at 360 px: no horizontal scrolling, every button at least 44 px, on every page', async () => {
  await page.setViewportSize({ width: 360, height: 740 });
  await page.$$eval('details', (ds) => ds.forEach((d) => { d.open = true; }));
  // The row opens its actions; a redraw of the list on a busy machine may
  // close them again before the click: open until they stay.
  await openSection('#sec-structure');
  const row = '#levels li[data-index="0"] [data-act="row"]', edit = '#levels li[data-index="0"] [data-act="edit"]';
  await until(async () => {
    if (!(await page.isVisible(edit))) await page.click(row);
    return page.isVisible(edit);
  }, 'the first level\'s actions');
  await page.click(edit);
  await page.waitForSelector('.level-form');
  await sleep(300);
  for (const name of ['clock', 'players', 'tables', 'money', 'more']) {
    await page.click(`#tabs [data-page="${name}"]`);
    await sleep(200);
    const width = await page.evaluate(() => document.documentElement.scrollWidth);
    assert.ok(width <= 360, `${name}: the page is ${width} px wide`);
    const small = await page.$$eval('button, input, select, summary', (els) => els
      .filter((e) => e.offsetParent !== null && e.type !== 'checkbox' && e.type !== 'radio')
      .map((e) => { const r = e.getBoundingClientRect(); return { e: e.id || e.textContent.trim().slice(0, 20), w: r.width, h: r.height }; })
      .filter((r) => r.w < 44 || r.h < 44));
    assert.deepEqual(small, [], name);
  }
  await openSection('#sec-structure');
  await page.click('.level-form [data-act="cancel"]');
  await page.setViewportSize({ width: 390, height: 844 });
  await page.$$eval('details', (ds) => ds.forEach((d) => { d.open = false; }));
  await openSection('#sec-players');
  await page.evaluate(() => window.scrollTo(0, 0));
  await sleep(500);
  await page.screenshot({ path: OUT + '/panel-390x844.png' });
});

test('log out everywhere, asked first, ends this session and every other one', async () => {
  const other = await api(clock);
  await other.command({ type: 'adjust', delta_ms: 1000 });
  await openSection('#sec-logins');
  await page.click('#logout-all');
  await page.waitForSelector('#confirm[open]');
  assert.match(await page.textContent('#confirm-text'), /Log out every phone and browser logged in to this clock/);
  await page.click('#confirm-no');
  assert.equal(await page.isVisible('#controls'), true, 'Cancel changes nothing');
  await other.command({ type: 'adjust', delta_ms: 1000 });
  await page.click('#logout-all');
  await confirmYes();
  await page.waitForSelector('#login', { state: 'visible' });
  assert.equal((await page.textContent('#login-msg')).trim(), 'Logged out everywhere.');
  await assert.rejects(other.command({ type: 'adjust', delta_ms: 1000 }), /401/);
  assert.equal((await page.evaluate(() => fetch('/api/session').then((r) => r.json()))).logged_in, false);
  await login();
});

test('after repeated wrong PINs the login says how long to wait and holds the button that long', async () => {
  await openSection('#logout');
  await page.click('#logout');
  await page.waitForSelector('#login', { state: 'visible' });
  for (let i = 0; i < 3; i++) {
    await page.waitForFunction(() => !document.querySelector('#login-btn').disabled, null, { timeout: 10000 });
    await page.fill('#pin', '9999');
    await Promise.all([page.waitForResponse((r) => r.url().endsWith('/api/login')), page.click('#login-btn')]);
  }
  await page.waitForFunction(() => document.querySelector('#login-btn').disabled);
  assert.match(await page.textContent('#login-msg'), /wrong PIN: wait \d+ seconds?/i);
  assert.match(await page.textContent('#login-btn'), /Wait 0:0\d/);
  await page.waitForFunction(() => !document.querySelector('#login-btn').disabled, null, { timeout: 10000 });
  assert.equal(await page.textContent('#login-btn'), 'Log in');
});

test('no script errors and no missing files on the pages', () => {
  assert.deepEqual(errors, []);
});
