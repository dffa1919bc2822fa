// The venue's slides in a real Chromium: /display shows them beside the
// clock before the start and on a break (while a level runs only where the
// house wants a band of slides), and the kiosk shows them between its pages
// or alone (?slides=only).
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, writeFileSync, rmSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { tmpdir } from 'node:os';
import { startClock, launch, until, openCard, OUT, PIN } from './harness.mjs';
import { makePng } from '../api/png.mjs';

let clock, browser, cookie;
const errors = [];

async function post(path, body, type) {
  const r = await fetch(clock.base + path, {
    method: 'POST', headers: { 'Content-Type': type, Cookie: cookie }, body,
  });
  if (!r.ok) throw new Error(`${path}: ${r.status} ${await r.text()}`);
  return r.json();
}

async function page(path, viewport = { width: 1280, height: 720 }) {
  const ctx = await browser.newContext({ viewport });
  const p = await ctx.newPage();
  p.on('pageerror', (e) => errors.push(e.message));
  p.on('response', (r) => { if (r.status() >= 400) errors.push(r.status() + ': ' + r.url()); });
  await p.goto(clock.base + path);
  return p;
}

// The picture in the box has loaded, at the size the clock kept.
const pictureShown = (p, sel) => p.$eval(sel, (img) => img.complete && img.naturalWidth).catch(() => 0);

before(async () => {
  clock = await startClock();
  const r = await fetch(clock.base + '/api/login', {
    method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ pin: PIN }),
  });
  cookie = r.headers.get('set-cookie').split(';')[0];
  // A sponsor's card: gold band on top, a green field.
  const png = makePng(800, 450, { pixel: (x, y) => (y < 90 ? [242, 183, 5] : [46, 139, 87]) });
  await post('/api/slides?seconds=4', png, 'image/png');
  await post('/api/slides', JSON.stringify({ title: 'Dinner at the break', lines: ['Burgers at the bar'], seconds: 4 }),
    'application/json');
  browser = await launch();
});
after(async () => {
  await browser?.close().catch(() => {});
  await clock?.stop();
  clock?.cleanup();
});

test('/display shows the slides beside the clock before the start, not while a level runs', async () => {
  const d = await page('/display');
  try {
    await until(() => d.evaluate(() => document.body.classList.contains('slide')), 'a slide on /display');
    // Both take their turn: the picture, then the text.
    await until(() => pictureShown(d, '#slide img'), 'the picture', 10000);
    assert.ok(await d.isVisible('#clock'), 'the clock stays');
    assert.ok(!(await d.isVisible('#left')), 'the side columns make room');
    await d.screenshot({ path: OUT + '/slides-display-picture-1280x720.png' });
    await until(async () => (await d.textContent('#slide')).includes('Dinner at the break'), 'the text slide', 10000);
    await d.screenshot({ path: OUT + '/slides-display-text-1280x720.png' });

    await fetch(clock.base + '/api/command', {
      method: 'POST', headers: { 'Content-Type': 'application/json', Cookie: cookie }, body: '{"type": "start"}',
    });
    await until(() => d.evaluate(() => !document.body.classList.contains('slide')), 'no slide while the level runs');
    assert.ok(await d.isVisible('#left'));
  } finally {
    await d.context().close();
  }
});

test('the kiosk shows the slides alone under its clock strip with ?slides=only', async () => {
  const k = await page('/kiosk?slides=only', { width: 720, height: 1280 });
  try {
    await until(() => k.evaluate(() => document.querySelector('#p-slide').classList.contains('on')), 'the slide page');
    assert.ok(await k.isVisible('#k-clock'), 'the clock strip stays on top');
    await until(() => pictureShown(k, '#k-slide img'), 'the picture on the kiosk', 10000);
    const box = await k.$eval('#k-slide img', (img) => img.getBoundingClientRect().width);
    assert.ok(box > 600, `the picture fills the width (${box} px)`);
    await k.screenshot({ path: OUT + '/slides-kiosk-720x1280.png' });
    await until(async () => (await k.textContent('#k-slide')).includes('Burgers at the bar'), 'the text slide next', 10000);
    assert.deepEqual(errors, []);
  } finally {
    await k.context().close();
  }
});

test('the panel adds a phone photo and a text slide, and reorders, switches off, times and deletes them', async () => {
  const p = await page('/', { width: 390, height: 844 });
  const list = async () => (await (await fetch(clock.base + '/api/slides')).json()).slides;
  try {
    await p.fill('#pin', PIN);
    await p.click('#login-btn');
    await p.waitForSelector('#controls', { state: 'visible' });
    await openCard(p, '#sec-slides');
    await until(async () => (await p.$$('#sl-list .sl-row')).length === 2, 'the two slides already there');
    const before = (await list()).length;
    // A camera picture, as the phone's file picker hands it over.
    await p.setInputFiles('#sl-file', new URL('../api/fixtures/slide-photo.jpg', import.meta.url).pathname);
    await until(async () => (await p.textContent('#sec-slides .msg')).includes('Picture added (800 x 400)'), 'the upload');
    await until(async () => (await p.$$('#sl-list .sl-row')).length === before + 1, 'a row for it');
    await until(() => pictureShown(p, '#sl-list .sl-row:last-child img'), 'its thumbnail');
    await p.fill('#sl-title', 'Next Friday: Bounty');
    await p.fill('#sl-lines', 'Doors 18:00\nBuy-in €40');
    await p.click('#sl-add-text');
    await until(async () => (await list()).length === before + 2, 'the text slide');
    const added = (await list()).at(-1);
    assert.deepEqual([added.title, added.lines], ['Next Friday: Bounty', ['Doors 18:00', 'Buy-in €40']]);
    await p.screenshot({ path: OUT + '/slides-panel-390x844.png', fullPage: true });

    // Up once: it goes before the photo.
    const row = `#sl-list .sl-row[data-id="${added.id}"]`;
    await p.click(`${row} button[aria-label=Earlier]`);
    await until(async () => (await list()).at(-2).id === added.id, 'moved up');
    await p.click(`${row} input[type=checkbox]`);
    await until(async () => (await list()).find((s) => s.id === added.id).enabled === false, 'switched off');
    await p.fill(`${row} input[aria-label=Until]`, '2030-01-02T03:04');
    await until(async () => (await list()).find((s) => s.id === added.id).until === '2030-01-02T03:04', 'a window');
    // Delete takes two taps.
    await p.click(`${row} button.danger`);
    assert.equal((await list()).length, before + 2, 'one tap deletes nothing');
    await p.click(`${row} button.danger`);
    await until(async () => (await list()).length === before + 1, 'deleted');
    assert.deepEqual(errors, []);
  } finally {
    await p.context().close();
  }
});

test('a new slide reaches the pages at once through the state\'s slides_version, not the 30 s poll', async () => {
  const d = await page('/display');
  let fetches = 0;
  d.on('request', (r) => { if (new URL(r.url()).pathname === '/api/slides') fetches++; });
  try {
    await until(() => d.evaluate(() => PCSlides.live().length > 0), 'the list on /display');
    const v0 = (await (await fetch(clock.base + '/api/state')).json()).slides_version;
    const before = fetches;
    // A state change that is not the slides: nothing fetched.
    await fetch(clock.base + '/api/command', {
      method: 'POST', headers: { 'Content-Type': 'application/json', Cookie: cookie }, body: '{"type": "pause"}',
    });
    await until(() => d.evaluate(() => document.body.classList.contains('paused')), 'the pause on /display');
    assert.equal(fetches, before, 'fetched the slides without a change of theirs');
    await post('/api/slides', JSON.stringify({ title: 'Late registration closes at 21:00', lines: [] }), 'application/json');
    const v1 = (await (await fetch(clock.base + '/api/state')).json()).slides_version;
    assert.ok(v1 > v0, `slides_version ${v0} -> ${v1}`);
    await until(() => d.evaluate(() => PCSlides.live().some((s) => s.title === 'Late registration closes at 21:00')),
      'the new slide in the page\'s list', 5000);
    assert.equal(fetches, before + 1);
  } finally {
    await d.context().close();
  }
});

test('with slides_while_running the slide stays beside the running clock on /display, and not in portrait', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'pokerclock-band-'));
  const cfg = join(dir, 'band.cfg');
  writeFileSync(cfg, readFileSync(resolve('assets/structures/default.cfg'), 'utf8')
    .replace('house = {', 'house = {\n    slides_while_running = true;'));
  const band = await startClock({ args: ['--config', cfg] });
  const login = await fetch(band.base + '/api/login', {
    method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ pin: PIN }),
  });
  const c = login.headers.get('set-cookie').split(';')[0];
  const send = (path, body, type) => fetch(band.base + path, { method: 'POST', headers: { 'Content-Type': type, Cookie: c }, body });
  await send('/api/slides', JSON.stringify({ title: 'Sponsor of the night', lines: ['Nordic Cards'] }), 'application/json');
  await send('/api/command', '{"type": "start"}', 'application/json');
  const ctx = await browser.newContext({ viewport: { width: 1280, height: 720 } });
  const d = await ctx.newPage();
  try {
    await d.goto(band.base + '/display');
    await until(async () => !(await d.evaluate(() => document.body.classList.contains('paused'))) &&
      (await d.evaluate(() => document.body.classList.contains('slide'))), 'the slide beside the running clock');
    assert.ok((await d.textContent('#slide')).includes('Sponsor of the night'));
    assert.ok(await d.isVisible('#clock'), 'the clock stays');
    await d.screenshot({ path: OUT + '/slides-display-band-1280x720.png' });
    await d.setViewportSize({ width: 720, height: 1280 });
    await until(() => d.evaluate(() => !document.body.classList.contains('slide')), 'no band in portrait');
  } finally {
    await ctx.close();
    await band.stop();
    band.cleanup();
    rmSync(dir, { recursive: true, force: true });
  }
});
