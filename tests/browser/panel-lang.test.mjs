// The director's panel in the director's language: every word of the page
// and its scripts in the catalogs (and nothing there that the panel does
// not use), a Norwegian phone's panel in Norwegian with Norwegian numbers,
// and a language chosen in the bar kept on the phone, apart from the wall's.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { startClock, launch, api, until, PIN, OUT } from './harness.mjs';
import { pageWords, scriptWords, panelEntries } from './panel-words.mjs';

const LANGS = ['en', 'nb', 'de', 'nl', 'da'];
let clock, browser;
const catalog = (l) => new Map(panelEntries(`po/${l}.po`).map((e) => [e.id, e.str]));

before(async () => {
  clock = await startClock();
  browser = await launch();
  const boss = await api(clock);
  await boss.command({ type: 'register', count: 42 });
});
after(async () => {
  await browser?.close().catch(() => {});
  await clock?.stop();
  clock?.cleanup();
});

async function phone(locale) {
  const ctx = await browser.newContext({ viewport: { width: 390, height: 844 }, locale, hasTouch: true });
  const page = await ctx.newPage();
  const errors = [];
  page.on('pageerror', (e) => errors.push(e.message));
  await page.goto(clock.base + '/');
  await page.waitForSelector('#login', { state: 'visible' });
  return { ctx, page, errors };
}
async function login(page) {
  await page.fill('#pin', PIN);
  await page.click('#login-btn');
  await page.waitForSelector('#controls', { state: 'visible' });
}
// The texts a director sees: every visible text node, spaces made one.
const visibleTexts = (page) => page.evaluate(() => {
  const out = [];
  const walk = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  for (let n = walk.nextNode(); n; n = walk.nextNode()) {
    const t = n.nodeValue.replace(/\s+/g, ' ').trim();
    if (t && n.parentElement.checkVisibility() && !n.parentElement.closest('script, style, select')) out.push(t);
  }
  return out;
});

test('every word of the panel is in the catalogs, each language has them all, and none is unused', async () => {
  const { ctx, page } = await phone('en-GB');
  try {
    const found = [...(await pageWords(page)), ...scriptWords()];
    assert.deepEqual(found.filter((w) => w.error).map((w) => w.error), [], 'each tp() takes one literal');
    const words = new Set(found.map((w) => (typeof w === 'string' ? w : w.text)));
    assert.ok(words.size > 300, `the panel's words were found (${words.size})`);
    const en = catalog('en');
    assert.deepEqual([...words].filter((w) => !en.has(w)), [], 'words of the panel missing from po/en.po (node tests/browser/panel-words.mjs adds them)');
    assert.deepEqual([...en.keys()].filter((w) => !words.has(w)), [], 'po/en.po has panel entries nothing uses');
    for (const l of LANGS.slice(1)) {
      const c = catalog(l);
      assert.deepEqual([...c.keys()], [...en.keys()], `po/${l}.po has the panel's entries in English's order`);
      const count = (s) => (s.match(/%s/g) || []).length;
      const wrong = [...c].filter(([id, str]) => !str || count(id) !== count(str)).map(([id]) => id);
      assert.deepEqual(wrong, [], `po/${l}.po: untranslated, or other %s than the English`);
    }
  } finally {
    await ctx.close();
  }
});

test('a Norwegian phone gets the panel in Norwegian, with numbers written the Norwegian way', async () => {
  const nb = catalog('nb');
  const { ctx, page, errors } = await phone('nb-NO');
  try {
    assert.equal(await page.getAttribute('html', 'lang'), 'nb');
    assert.equal(await page.textContent('#login-btn'), nb.get('Log in'));
    assert.equal(await page.getAttribute('#preview', 'alt'), nb.get('The wall display as players see it'));
    assert.equal(await page.$eval('#panel-lang', (s) => s.value), 'nb');
    await login(page);
    await page.$$eval('details', (ds) => ds.forEach((d) => { d.open = true; d.hidden = false; }));
    await until(async () => (await page.textContent('#register')) === nb.get('Register +%s').replace('%s', '1'), 'the register button in Norwegian');
    // No English left where Norwegian says otherwise (and the same word
    // is not Norwegian for something else: "Pause" is a break).
    const norwegian = new Set(nb.values());
    const english = new Set([...nb].filter(([id, str]) => id !== str && !norwegian.has(id) && /\p{L}{3}/u.test(id)).map(([id]) => id));
    const left = (await visibleTexts(page)).filter((t) => english.has(t));
    assert.deepEqual(left, [], 'English on the Norwegian panel');
    // 42 entries of 50 EUR: a prize pool of 2 100 € in Norwegian, as the wall writes it.
    await until(async () => /2\s100\s€/.test(await page.textContent('#pl-figures')), 'the prize pool in Norwegian');
    await page.screenshot({ path: OUT + '/panel-nb-390x844.png', fullPage: false });
    assert.deepEqual(errors, []);
  } finally {
    await ctx.close();
  }
});

test('a language chosen in the bar is kept on the phone, and leaves the wall\'s language alone', async () => {
  const de = catalog('de');
  const { ctx, page, errors } = await phone('en-US');
  try {
    assert.equal(await page.textContent('#login-btn'), 'Log in');
    await Promise.all([page.waitForEvent('load'), page.selectOption('#panel-lang', 'de')]);
    await page.waitForSelector('#login', { state: 'visible' });
    assert.equal(await page.textContent('#login-btn'), de.get('Log in'));
    await page.reload();
    await page.waitForSelector('#login', { state: 'visible' });
    assert.equal(await page.textContent('#login-btn'), de.get('Log in'), 'still German after a reload');
    await login(page);
    assert.equal((await (await fetch(clock.base + '/api/settings')).json()).language, 'en', 'the wall still speaks English');
    assert.deepEqual(errors, []);
  } finally {
    await ctx.close();
  }
});

test('the last actions and the undo button, written by the clock in English, read in Norwegian', async () => {
  const boss = await api(clock);
  const { ctx, page, errors } = await phone('nb-NO');
  const said = [];
  try {
    await login(page);
    const commands = [
      { type: 'register', names: ['Kari Nordmann', 'Ola Hansen'] }, { type: 'start' }, { type: 'pause' },
      { type: 'resume' }, { type: 'adjust', delta_ms: 60000 }, { type: 'set_remaining', ms: 400000 },
      { type: 'next_level' }, { type: 'prev_level' }, { type: 'goto_level', index: 2 },
      { type: 'announce', text: 'Dinner is served' }, { type: 'announce_clear' }, { type: 'register', count: 1 },
      { type: 'register', count: 3 }, { type: 'unregister', count: 1 }, { type: 'bust', count: 1 },
      { type: 'bust', count: 2 }, { type: 'hand_for_hand_start', tables: 3 }, { type: 'table_done', table: 1 },
      { type: 'hand_for_hand_stop' }, { type: 'bubble_start' }, { type: 'bubble_stop' },
      { type: 'clock_call', table: 4, seat: 7 }, { type: 'clock_call_cancel' },
      { type: 'penalty', table: 3, seat: 5, minutes: 10 }, { type: 'penalty_clear', table: 3, seat: 5 },
      { type: 'day_end_draw' }, { type: 'day_end_clear' }, { type: 'sound', quiet: true }, { type: 'sound', quiet: false },
    ];
    for (const c of commands) {
      try { await boss.command(c); } catch { continue; } // refused by the rules here: nothing new
      const english = (await (await fetch(clock.base + '/api/state')).json()).last_actions[0];
      await until(() => page.evaluate((e) => PC.current()?.last_actions?.[0] === e, english), `the page to have ${c.type}`);
      const shown = await page.textContent('#history li:first-child');
      said.push(`${english} => ${shown === english ? 'ENGLISH' : shown}`);
    }
    assert.deepEqual(said.filter((l) => l.endsWith('=> ENGLISH')), [], 'actions left in English');
    assert.ok(said.length >= 20, `most commands were taken (${said.length})`);
    const undo = await page.textContent('#undo');
    assert.ok(undo.startsWith('↶ Angre: '), undo);
    assert.ok(!/sound|lyd on|off/.test(undo), undo);
    await page.screenshot({ path: OUT + '/panel-nb-history-390x844.png' });
    assert.deepEqual(errors, []);
  } finally {
    console.log(said.join('\n'));
    await ctx.close();
  }
});
