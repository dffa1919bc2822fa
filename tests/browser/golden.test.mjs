// /display and /kiosk as players see them: golden images of their states in
// landscape and portrait, as the wall has (tests/golden/), plus the layout
// faults a person would notice (something cut at an edge, two things on top
// of each other, the tournament's name cut short).
//
// The real clock serves the pages and the state; the page's own clock is
// stopped (playwright's clock) and the times in the state are set to fixed
// values on their way to the page, so that the same state always makes the
// same picture. UPDATE_GOLDEN=1 rewrites the pictures after a deliberate
// change; a mismatch writes the new picture to tests/out/.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { startClock, launch, api, getJson, until, OUT } from './harness.mjs';
import { decodePng } from './harness.mjs';

const NAME = 'Thursday Rebuy Deepstack Championship';
const UPDATE = process.env.UPDATE_GOLDEN === '1';
const LAND = { width: 1280, height: 720 };
const PORT = { width: 720, height: 1280 };
const CARD = 3; /* the end-of-day card the pictures show */
let clock, browser, director, cfg;
const errors = [];

before(async () => {
  cfg = join(OUT, 'golden-tournament.cfg');
  writeFileSync(cfg, readFileSync('assets/structures/default.cfg', 'utf8')
    .replace('name = "Friday Freezeout";', `name = "${NAME}";`));
  clock = await startClock({ args: ['--config', cfg] });
  director = await api(clock);
  await director.command({ type: 'register', count: 40 });
  await director.command({ type: 'start' });
  await director.command({ type: 'bust', count: 3 });
  /* Past the new level's first 20 s: its strip is not on the wall. */
  await director.command({ type: 'set_remaining', ms: 754000 });
  browser = await launch();
});
after(async () => {
  await browser?.close().catch(() => {});
  await clock?.stop();
  clock?.cleanup();
});

// Every time in the state on a 1-minute grid, and the level's time left
// exactly `remaining` (the rest of the level, the break and the level to
// come follow from it): what the page shows no longer depends on how long
// the commands took. The clock's decision (view) likewise: its first strip
// up, its times on the grid, and no change coming (the page would ask the
// real clock for the next one).
function steady(s, remaining) {
  const v = s.view, lead = s.remaining_ms, turn = v.turn_ms;
  for (const p of [...v.periods, ...v.strips.flatMap((x) => [x.title, x.line])].flat()) {
    if (p && p.level_time != null) p.level_time = (s.overtime ? 0 : remaining) + Math.round((p.level_time - lead) / 60000) * 60000;
    if (p && p.time != null) p.time = Math.round(p.time / 60000) * 60000;
  }
  const walk = (o) => {
    if (!o || typeof o !== 'object') return;
    for (const k of Object.keys(o)) {
      if (typeof o[k] === 'number' && k.endsWith('_ms') && !/duration|countdown/.test(k))
        o[k] = Math.round(o[k] / 60000) * 60000;
      else walk(o[k]);
    }
  };
  const toBreak = s.to_break_ms == null ? null : s.to_break_ms - s.remaining_ms;
  walk(s);
  Object.assign(v, { turn: 0, turn_ms: turn, turn_in_ms: turn, changes_in_ms: null });
  /* The end-of-day card is drawn at random: always a 3 here, in the state
   * and in the clock's decision (the card and the hands it leaves). */
  if (s.day_end && s.day_end.drawn != null) {
    const played = s.day_end.drawn - (s.day_end.hands_left ?? s.day_end.drawn);
    s.day_end.hands_left = CARD - played;
    s.day_end.drawn = CARD;
    const tk = v.takeover;
    if (tk && tk.drawn != null) {
      tk.drawn = CARD;
      for (const p of tk.title || []) if (p && p.w === 'hands_left') p.a[0] = CARD - played;
    }
  }
  if (!s.overtime) {
    s.remaining_ms = remaining;
    s.elapsed_ms = s.level.duration_ms - remaining;
    if (toBreak != null) s.to_break_ms = remaining + Math.round(toBreak / 1000) * 1000;
  }
  return s;
}

// A page at a size, fed the clock's current state with steady times.
async function open(path, viewport, remaining = 754000) {
  const ctx = await browser.newContext({ viewport });
  const page = await ctx.newPage();
  page.on('pageerror', (e) => errors.push(path + ': ' + e.message));
  /* The roster is asked for only when the page needs a name from it. */
  page.playersAsked = 0;
  page.on('request', (r) => { if (new URL(r.url()).pathname === '/api/players') page.playersAsked++; });
  await page.clock.install({ time: new Date('2026-11-19T20:00:00Z') });
  await page.clock.pauseAt(new Date('2026-11-19T20:01:00Z'));
  /* The state comes as from the event stream, which stays open. */
  await page.exposeFunction('steadyState', async () => JSON.stringify(steady(await getJson(clock, '/api/state'), remaining)));
  await page.addInitScript(() => {
    window.EventSource = class {
      constructor() {
        this.readyState = 1;
        this.kinds = {};
        window.steadyState().then((data) => {
          if (this.onopen) this.onopen();
          for (const fn of this.kinds.state || []) fn({ data });
        });
      }
      addEventListener(kind, fn) { (this.kinds[kind] ||= []).push(fn); }
      close() { this.readyState = 2; }
    };
    window.EventSource.CLOSED = 2;
  });
  await page.goto(clock.base + path);
  await page.waitForFunction(() => !document.body.classList.contains('loading'));
  await page.evaluate(() => document.fonts.ready);
  /* The settings (language, colours) and the structure arrive after the
   * first state; one step of the page's clock lets everything settle. */
  await page.waitForLoadState('networkidle');
  await page.evaluate(() => document.fonts.ready);
  await page.clock.runFor(400);
  return page;
}

function pixelsDiffering(a, b) {
  if (a.width !== b.width || a.height !== b.height) return a.width * a.height;
  let n = 0;
  for (let y = 0; y < a.height; y++)
    for (let x = 0; x < a.width; x++) {
      const p = a.px(x, y), q = b.px(x, y);
      if (Math.abs(p[0] - q[0]) + Math.abs(p[1] - q[1]) + Math.abs(p[2] - q[2]) > 48) n++;
    }
  return n;
}

// The picture against tests/golden/NAME.png. Chromium's anti-aliasing may
// differ in a few edge pixels between machines: up to 1 in 2,000 pixels may
// differ, which is less than one word moved.
async function golden(page, name) {
  const png = await page.screenshot();
  const path = `tests/golden/${name}.png`;
  if (UPDATE) { writeFileSync(path, png); return; }
  const got = decodePng(png);
  const diff = existsSync(path) ? pixelsDiffering(got, decodePng(readFileSync(path))) : -1;
  if (diff < 0 || diff > got.width * got.height / 2000) {
    writeFileSync(join(OUT, name + '.png'), png);
    assert.fail(diff < 0 ? `no golden image ${path} (UPDATE_GOLDEN=1 makes it); this render is in tests/out/${name}.png`
      : `${diff} pixels differ from ${path}; this render is in tests/out/${name}.png`);
  }
}

// Everything visible inside the window, and nothing cut at its own edge.
async function nothingCut(page) {
  const out = await page.evaluate(() => {
    const bad = [];
    const W = innerWidth, H = innerHeight;
    for (const e of document.querySelectorAll('body *')) {
      if (!e.getClientRects().length || getComputedStyle(e).visibility === 'hidden') continue;
      if (!e.textContent.trim() && !e.matches('.card, .bigchip, .chip, .tiles span')) continue;
      const r = e.getBoundingClientRect();
      if (r.width === 0 || r.height === 0) continue;
      const what = (e.id ? '#' + e.id : e.tagName.toLowerCase() + '.' + e.className) + ' "' + e.textContent.trim().slice(0, 30) + '"';
      if (r.left < -1 || r.top < -1 || r.right > W + 1 || r.bottom > H + 1) bad.push(what + ' outside the window');
      else if (e.scrollWidth > e.clientWidth + 1 && getComputedStyle(e).overflowX === 'hidden') bad.push(what + ' cut at its right');
    }
    /* What the middle shows never runs into the footer's strips. */
    const leaves = (sel) => [...document.querySelectorAll(sel.split(',').map((x) => x.trim() + ' *').join(','))].filter((e) => e.getClientRects().length &&
      !e.children.length && e.textContent.trim() && getComputedStyle(e).visibility !== 'hidden');
    for (const a of leaves('#main, #takeover')) {
      const r = a.getBoundingClientRect();
      for (const b of leaves('#foot')) {
        const q = b.getBoundingClientRect();
        if (r.left < q.right && q.left < r.right && r.top < q.bottom && q.top < r.bottom)
          bad.push(`"${a.textContent.trim().slice(0, 30)}" under "${b.textContent.trim().slice(0, 30)}"`);
      }
    }
    return bad;
  });
  assert.deepEqual(out, []);
}


const SIZES = [[LAND, '1280x720'], [PORT, '720x1280']];
const TV = [{ width: 1920, height: 1080 }, '1920x1080'];

// The display at both sizes: nothing cut, then the golden picture.
async function displayShots(name, remaining, check, sizes = SIZES) {
  for (const [vp, tag] of sizes) {
    const p = await open('/display', vp, remaining);
    try {
      await nothingCut(p).catch(async (e) => {
        await p.screenshot({ path: join(OUT, `display-${name}-${tag}-fault.png`) });
        throw e;
      });
      if (check) await check(p, tag);
      /* The winner's name comes with the clock's decision: the roster is
       * never asked for. */
      assert.equal(p.playersAsked, 0, 'requests of /api/players');
      await golden(p, `display-${name}-${tag}`);
    } finally { await p.context().close(); }
  }
}
async function kioskShots(name) {
  for (const [vp, tag] of SIZES)
    for (const [n, page] of [[0, 'structure'], [1, 'payouts'], [2, 'info']]) {
      const p = await open('/kiosk?page=' + n, vp);
      try {
        await nothingCut(p);
        await golden(p, `kiosk-${name}${page}-${tag}`);
      } finally { await p.context().close(); }
    }
}

test('the pages draw in the wall\'s font, served by the clock', async () => {
  for (const path of ['/display', '/kiosk']) {
    const p = await open(path, LAND);
    try {
      const faces = await p.evaluate(() => [...document.fonts].filter((f) => f.status === 'loaded').map((f) => f.family + ' ' + f.weight));
      assert.deepEqual(faces.sort(), ['Wall Roboto 400', 'Wall Roboto 700 900'], path);
      assert.match(await p.$eval('body', (e) => getComputedStyle(e).fontFamily), /^"Wall Roboto"/);
    } finally { await p.context().close(); }
  }
});

test('running: the display and the kiosk\'s pages', async () => {
  await displayShots('running', 754000);
  await kioskShots('');
});

// Each language with English beside it, as a venue sets it on the panel:
// the display at 1280x720 and at a phone's 390x844, the kiosk's payouts.
test('running in Norwegian, German, Dutch and Danish with English beside it', async () => {
  try {
    for (const lang of ['no', 'de', 'nl', 'da']) {
      await director.command({ type: 'set_language', language: lang, language2: 'en' });
      await displayShots(`running-${lang}-en`, 754000, null, [[LAND, '1280x720'], [{ width: 390, height: 844 }, '390x844']]);
      const p = await open('/kiosk?page=1', LAND);
      try {
        await nothingCut(p);
        await golden(p, `kiosk-payouts-${lang}-en-1280x720`);
      } finally { await p.context().close(); }
    }
  } finally {
    await director.command({ type: 'set_language', language: 'en', language2: null });
  }
});

test('paused', async () => {
  await director.command({ type: 'pause' });
  try {
    await displayShots('paused', 754000);
  } finally { await director.command({ type: 'resume' }); }
});

test('a clock call', async () => {
  await director.command({ type: 'clock_call', table: 4, seat: 7 });
  try {
    await displayShots('clock-call', 754000);
  } finally { await director.command({ type: 'clock_call_cancel' }); }
});

test('hand-for-hand', async () => {
  await director.command({ type: 'hand_for_hand_start', tables: 3 });
  await director.command({ type: 'table_done', table: 1 });
  await director.command({ type: 'table_waiting', table: 3 });
  try {
    await displayShots('hand-for-hand', 754000);
  } finally { await director.command({ type: 'hand_for_hand_stop' }); }
});

// Strips taking turns (four of them here) beside the payouts, at the sizes
// of a TV: the dots in a column of their own, nothing over the payouts.
test('strips in turn beside the payouts', async () => {
  /* The level before the first break, with its color-up: a strip says so. */
  await director.command({ type: 'goto_level', index: 3 });
  await director.command({ type: 'set_remaining', ms: 754000 });
  await director.command({ type: 'announce', text: 'Dinner is served in the bar' });
  await director.command({ type: 'bubble_start' });
  await director.command({ type: 'penalty', table: 1, seat: 2, rounds: 2 });
  await director.command({ type: 'penalty', table: 3, seat: 5, minutes: 10 });
  try {
    const kinds = (await getJson(clock, '/api/view')).view.strips.map((x) => x.kind);
    assert.deepEqual(kinds, ['announcement', 'bubble', 'color_up_next', 'penalties']);
    await displayShots('strips', 754000, null, [TV, [LAND, '1280x720']]);
  } finally {
    await director.command({ type: 'announce_clear' });
    await director.command({ type: 'bubble_stop' });
    for (const [table, seat] of [[1, 2], [3, 5]]) await director.command({ type: 'penalty_clear', table, seat });
  }
});

test('the end-of-day draw, at a level with a color-up at its end', async () => {
  const st = await getJson(clock, '/api/structure');
  /* The longest level line the built-in tournament has before a color-up. */
  await director.command({ type: 'goto_level', index: st.levels.findIndex((l) => l.big_blind === 3000) });
  if (!(await getJson(clock, '/api/state')).running) await director.command({ type: 'resume' });
  await director.command({ type: 'day_end_draw' });
  /* A failed picture leaves no end of the day over the next tests' breaks. */
  try {
    /* The card is drawn for 4 s; then the hands it leaves. */
    await until(async () => (await getJson(clock, '/api/view')).view.takeover.kind === 'day_end_hands', 'the hands left');
    await displayShots('day-end-draw', 754000, null, [...SIZES, [{ width: 390, height: 844 }, '390x844']]);
  } finally { await director.command({ type: 'day_end_clear' }); }
});

test('a break with a color-up, and the kiosk then', async () => {
  const st = await getJson(clock, '/api/structure');
  await director.command({ type: 'goto_level', index: st.levels.findIndex((l) => l.kind === 'break') });
  if (!(await getJson(clock, '/api/state')).running) await director.command({ type: 'resume' });
  await displayShots('break-color-up', 600000, null, [TV, ...SIZES]);
  await kioskShots('break-');
});

test('a break without a color-up, with penalties', async () => {
  const st = await getJson(clock, '/api/structure');
  const b = st.levels.findIndex((l, i) => l.kind === 'break' && i > st.levels.findIndex((x) => x.kind === 'break'));
  await director.command({ type: 'goto_level', index: b });
  if (!(await getJson(clock, '/api/state')).running) await director.command({ type: 'resume' });
  await director.command({ type: 'penalty', table: 3, seat: 5, minutes: 10 });
  await director.command({ type: 'penalty', table: 1, seat: 2, rounds: 2 });
  await director.command({ type: 'penalty', table: 2, seat: 9, minutes: 5 });
  await director.command({ type: 'penalty', table: 4, seat: 1, rounds: 1 });
  await director.command({ type: 'announce', text: 'Dinner is served in the bar' });
  await displayShots('break-penalties', 600000);
});

// Last: it ends the tournament. The winner takes the middle, first without
// a name (players registered by count), then by name; never PAUSED, though
// the clock stops.
test('the winner after the last bust, without and with a name', async () => {
  await director.command({ type: 'announce_clear' });
  for (const [table, seat] of [[3, 5], [1, 2], [2, 9], [4, 1]]) await director.command({ type: 'penalty_clear', table, seat });
  const st = await getJson(clock, '/api/structure');
  const level6 = st.levels.findIndex((l) => l.number === 6 && l.kind !== 'break');
  await director.command({ type: 'goto_level', index: level6 });
  const bustAllButOne = async () => {
    await director.command({ type: 'bust', count: (await getJson(clock, '/api/state')).players.remaining - 1 });
    assert.equal((await getJson(clock, '/api/state')).running, false);
  };
  const shows = (title) => async (p) => {
    assert.equal(await p.$eval('#paused-band', (e) => e.hidden), true, 'PAUSED shown');
    assert.equal(await p.$eval('#takeover .title', (e) => e.textContent), title);
  };
  await bustAllButOne();
  await displayShots('winner', 754000, shows('WINNER'));
  await director.command({ type: 'undo' });
  /* Registration is open at the first level. */
  await director.command({ type: 'goto_level', index: 0 });
  await director.command({ type: 'register', name: 'Kari Nordmann' });
  await director.command({ type: 'goto_level', index: level6 });
  await bustAllButOne();
  await displayShots('winner-named', 754000, shows('WINNER: Kari Nordmann'));
});

test('no script errors on the pages', () => {
  assert.deepEqual(errors, []);
});
