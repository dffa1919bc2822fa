// The languages of /display and /kiosk: the catalogs complete and accepted
// by gettext's own checker, every key the code uses present, numbers and
// money written from the same vectors as the wall's test, and the German
// kiosk and display as a German venue would see them in Chromium.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import vm from 'node:vm';
import { startClock, launch, api, until, OUT } from './harness.mjs';

const BUILD = process.env.BUILD || 'build';
const LANGS = ['en', 'nb', 'de', 'nl', 'da'];
const po = (l) => `po/${l}.po`;
const gettext = (cmd, ...args) => execFileSync(cmd, args, { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });

// The catalog's keys (msgctxt), read from the English .po.
function keys(file) {
  return [...readFileSync(file, 'utf8').matchAll(/^msgctxt "([^"]+)"$/gm)].map((m) => m[1]);
}

// The generated i18n.js, run as a page would run it.
function i18n() {
  const ctx = { console };
  vm.createContext(ctx);
  vm.runInContext(readFileSync(join(BUILD, 'web/i18n.js'), 'utf8') + '\nthis.I18N = I18N;', ctx);
  return ctx.I18N;
}

test('every catalog passes msgfmt --check, with nothing untranslated or fuzzy', () => {
  for (const l of LANGS) {
    gettext('msgfmt', '--check', '-o', '/dev/null', po(l));
    const untranslated = gettext('msgattrib', '--untranslated', '--no-wrap', po(l));
    assert.equal(untranslated.match(/^msgctxt .*/gm), null, `${po(l)} untranslated:\n${untranslated}`);
    const fuzzy = gettext('msgattrib', '--only-fuzzy', '--no-wrap', po(l));
    assert.equal(fuzzy.match(/^msgctxt .*/gm), null, `${po(l)} fuzzy:\n${fuzzy}`);
    // Every English message is in this catalog (gettext's own comparison).
    gettext('msgcmp', po(l), po('en'));
    assert.deepEqual(keys(po(l)), keys(po('en')), `${po(l)} has the keys of po/en.po in its order`);
  }
});

test('every word the code asks for is in the catalogs', () => {
  const have = new Set(keys(po('en')));
  const missing = [];
  for (const f of ['web/display.js', 'web/kiosk.js', 'web/slips.js']) {
    const src = readFileSync(f, 'utf8');
    for (const m of src.matchAll(/\bt2?\('([^']+)'/g)) if (!have.has(m[1])) missing.push(`${f}: ${m[1]}`);
  }
  const idents = new Set([...have].map((k) => 'W_' + k.toUpperCase().replace(/[^A-Z0-9]/g, '_')));
  const cfiles = (d) => readdirSync(d, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? cfiles(join(d, e.name)) : /\.[ch]$/.test(e.name) ? [join(d, e.name)] : []);
  let used = 0;
  for (const f of [...cfiles('clock/screen'), ...cfiles('clock/print')]) {
    for (const m of readFileSync(f, 'utf8').matchAll(/\bW_[A-Z0-9_]+\b/g)) {
      if (m[0] === 'W__COUNT' || /^W_[A-Z]+_MS$/.test(m[0])) continue;
      used++;
      if (!idents.has(m[0])) missing.push(`${f}: ${m[0]}`);
    }
  }
  assert.ok(used > 50, `the wall's words were found (${used})`);
  assert.deepEqual(missing, []);
});

test('numbers, chips and money per language: the same vectors as the wall', () => {
  const I = i18n();
  const { vectors } = JSON.parse(readFileSync('tests/vectors/numbers.json', 'utf8'));
  const wrong = [];
  for (const v of vectors) {
    I.use(v.lang);
    const got = v.kind === 'number' ? I.num(v.value) : v.kind === 'chips' ? I.chips(v.value) : I.money(v.value, v.currency);
    if (got !== v.want) wrong.push(`${v.lang} ${v.kind} ${v.value} ${v.currency ?? ''}: ${JSON.stringify(got)} != ${JSON.stringify(v.want)}`);
  }
  assert.deepEqual(wrong, []);
  // "no" in a configuration is Norwegian Bokmål; two languages side by side.
  I.use('no', 'en');
  assert.equal(I.lang(), 'nb');
  assert.equal(I.t2('players'), 'Spillere / Players');
  assert.equal(I.t('clock_on', 4, 7), 'Klokke på bord 4, sete 7');
  I.use('xx');
  assert.equal(I.t('bubble_line', 19, 18), '19 players left, 18 paid');
});

let browser, clock;
const LONG = 'Thursday Rebuy Deepstack Championship, Main Event Day 1A';

before(async () => {
  const cfg = readFileSync('assets/structures/default.cfg', 'utf8')
    .replace(/^language = "en";/m, 'language = "de";')
    .replace(/name = "Friday Freezeout";/, `name = "${LONG}";`)
    .replace(/starting_stack = 20000;/, 'starting_stack = 20000; guarantee = 3000;');
  const dir = mkdtempSync(join(tmpdir(), 'pokerclock-de-'));
  const file = join(dir, 'de.cfg');
  writeFileSync(file, cfg);
  clock = await startClock({ stateDir: dir, args: ['--config', file] });
  browser = await launch();
  const boss = await api(clock);
  await boss.command({ type: 'register', count: 42 });
  await boss.command({ type: 'start' });
});

after(async () => {
  await browser?.close();
  if (clock) { await clock.stop(); clock.cleanup(); }
});

test('the German kiosk writes 3.000 € and 20.000 Chips, says Color-up, and shows the whole long name', async () => {
  const k = await (await browser.newContext({ viewport: { width: 1280, height: 720 } })).newPage();
  const errors = [];
  k.on('pageerror', (e) => errors.push(e.message));
  try {
    await k.goto(clock.base + '/kiosk?page=2');
    await until(async () => (await k.textContent('#info')).includes('Garantiert'), 'the German info page');
    const info = await k.textContent('#info');
    assert.match(info, /Garantiert3\.000 €/);
    assert.match(info, /Buy-in55 € \(50 \+ 5 Gebühr\)/);
    assert.match(info, /20\.000 Chips/);
    await k.goto(clock.base + '/kiosk?page=0');
    await until(async () => (await k.textContent('#sheet')).includes('Color-up'), 'the color-up on the sheet');
    await k.goto(clock.base + '/kiosk?page=1');
    await until(async () => (await k.textContent('#pay-figures')).includes('3.000 €'), 'the German prize pool');
    assert.equal(await k.textContent('#k-name'), LONG);
    assert.equal(await k.$eval('#k-name', (e) => e.scrollWidth <= e.clientWidth + 1 && e.scrollHeight <= e.clientHeight + 1), true, 'the name is not cut');
    await k.screenshot({ path: OUT + '/kiosk-de-payouts-1280x720.png' });
    assert.deepEqual(errors, []);
  } finally {
    await k.context().close();
  }
});

test('the German display: Limitstufe, 3.000 €, and the long name set smaller, not cut', async () => {
  for (const [w, h] of [[1920, 1080], [1280, 720]]) {
    const d = await (await browser.newContext({ viewport: { width: w, height: h } })).newPage();
    try {
      await d.goto(clock.base + '/display');
      await until(async () => (await d.textContent('#pool')) === '3.000 €', 'the German prize pool');
      assert.equal(await d.textContent('#lvl'), 'Limitstufe 1');
      assert.equal(await d.textContent('#name'), LONG);
      await d.screenshot({ path: `${OUT}/display-de-long-name-${w}x${h}.png` });
      const m = await d.$eval('#name', (e) => [e.scrollWidth, e.clientWidth, e.scrollHeight, e.clientHeight, e.parentNode.clientHeight]);
      assert.ok(m[0] <= m[1] + 1 && m[2] <= m[3] + 1 && m[2] <= m[4], `the name fits at ${w}x${h}: ${m}`);
    } finally {
      await d.context().close();
    }
  }
});
