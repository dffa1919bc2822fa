// The director's panel in the director's language: every word of the page
// and its scripts in the catalogs (and nothing there that the panel does
// not use), a Norwegian phone's panel in Norwegian with Norwegian numbers,
// and a language chosen in the bar kept on the phone, apart from the wall's.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import vm from 'node:vm';
import { startClock, launch, api, until, PIN, OUT } from './harness.mjs';
import { pageWords, scriptWords, panelEntries, readPo } from './panel-words.mjs';

const LANGS = ['en', 'nb', 'de', 'nl', 'da'];
let clock, browser;
const catalog = (l) => new Map(panelEntries(`po/${l}.po`).map((e) => [e.id, e.str]));
// The refusals' sentences of a language, by code.
const refusalWords = (l) => new Map(readPo(`po/${l}.po`).filter((e) => e.ctxt.startsWith('refusal.'))
  .map((e) => [e.ctxt.slice('refusal.'.length), e.str || e.id]));

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
    // Why the wall is silent, as the clock says it (a clock with no screen here).
    await until(async () => (await page.textContent('#wall-sound')) ===
      nb.get('No sound on the wall: %s.').replace('%s', refusalWords('nb').get('sound_no_screen')), 'why there is no sound, in Norwegian');
    // The sound menus name the sounds in Norwegian.
    const tick = page.locator('#snd-events select[data-event="clock_call_second"]');
    await until(async () => (await tick.count()) === 1, 'the sound menus');
    assert.equal(await tick.evaluate((s) => s.selectedOptions[0].textContent), nb.get('Tick'));
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

test('the last actions and the undo button, said from their codes, read in Norwegian', async () => {
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
    // A level of four-digit blinds: the clock writes 1,500/3,000, the
    // Norwegian panel the chips the Norwegian way (1 500/3 000).
    const st = await (await fetch(clock.base + '/api/structure')).json();
    const big = st.levels.findIndex((l) => l.kind !== 'break' && l.small_blind >= 1000 && l.small_blind < 10000);
    await boss.command({ type: 'goto_level', index: big });
    const line = (await (await fetch(clock.base + '/api/state')).json()).last_actions[0];
    assert.match(line, /\(\d,\d{3}\/\d,\d{3}\)$/, 'the clock writes the blinds the English way');
    await until(() => page.evaluate((e) => PC.current()?.last_actions?.[0] === e, line), 'the page to have the level');
    const chips = await page.evaluate((l) => [I18N.num(l.small_blind), I18N.num(l.big_blind)], st.levels[big]);
    assert.ok(/^\d\s\d{3}$/.test(chips[0]), chips[0]);
    const shown = await page.textContent('#history li:first-child');
    const goto = readPo('po/nb.po').find((e) => e.ctxt === 'action.level_goto').str;
    assert.equal(shown, goto.replace('{level}', String(st.levels.slice(0, big + 1).filter((l) => l.kind !== 'break').length))
      .replace('{small}', chips[0]).replace('{big}', chips[1]), line);
    said.push(`${line} => ${shown}`);
    await page.screenshot({ path: OUT + '/panel-nb-history-390x844.png' });
    assert.deepEqual(errors, []);
  } finally {
    console.log(said.join('\n'));
    await ctx.close();
  }
});

// web/panel-errors.js as the page runs it, here in English.
function panelErrors() {
  const fill = (t, ...a) => { let i = 0; return t.replace(/%([s%])/g, (m, c) => (c === '%' ? '%' : String(a[i++]))); };
  const catalog = { en: Object.fromEntries(readPo('po/en.po').filter((e) => e.ctxt.startsWith('refusal.')).map((e) => [e.ctxt, e.str])) };
  const ctx = vm.createContext({ tpN: (t) => t, tp: fill, REFUSAL_CATALOG: catalog, PANEL_LANG: { lang: () => 'en', tp: fill, fromEnglish: (t) => t } });
  return { src: readFileSync('web/panel-errors.js', 'utf8'), ...vm.runInContext(readFileSync('web/panel-errors.js', 'utf8') + '\n;({ refusal })', ctx) };
}

test('every refusal is said from its code: the panel matches no sentence of the clock', () => {
  const { src, refusal } = panelErrors();
  assert.doesNotMatch(src, /ERROR_FORMS/, 'no sentence forms left in web/panel-errors.js');
  // The codec's refusals too: a field name as a value, said in words.
  assert.equal(refusal({ error: 'big_blind must be a whole number', code: 'field_whole', field: 'big_blind' }),
    'The big blind must be a whole number');
  // An answer without a code is shown as the clock wrote it.
  assert.equal(refusal({ error: 'something a newer clock says' }), 'Something a newer clock says');
  const coded = readFileSync('po/en.po', 'utf8').match(/^msgctxt "refusal\./gm) || [];
  assert.ok(coded.length > 280, `the refusals are coded (${coded.length})`);
});

test('a command the clock refuses from a Norwegian panel is refused in Norwegian; in English as the clock wrote it', async () => {
  const boss = await api(clock);
  await boss.command({ type: 'goto_level', index: 0 }).catch(() => {}); // already there is fine
  const refusedPrev = async (locale) => {
    const { ctx, page, errors } = await phone(locale);
    try {
      await login(page);
      await page.click('#prev-level');
      await page.click('#confirm-yes');
      const box = await page.evaluateHandle(() => msgFor(document.querySelector('#prev-level')));
      await until(async () => (await box.evaluate((b) => b.textContent)) !== '', 'the refusal shown');
      const shown = await box.evaluate((b) => b.textContent);
      // The panel's words for the clock's other refusals, as the page says them.
      const more = await page.evaluate(() => [
        { error: 'too many wrong PINs: wait 12 seconds before trying again', code: 'pins_wait_seconds', seconds: 12 },
        { error: 'the places add up to 99.50%, not 100%: nothing changed', code: 'payout_shares_sum', percent: '99.50' },
        { error: 'the hands for today were already drawn: 4 (day_end_clear first)', code: 'day_end_drawn', hands: 4 },
        { error: 'count must be 1 to 10000', code: 'count_range' },
        'a refusal of no known form',
        { error: 'there is no slide 7', code: 'slide_none', slide: 7 },
        { error: 'unknown command type "seat"', code: 'command_type_named', type: 'seat' },
        { error: 'a code this panel does not know', code: 'from_a_newer_clock' },
      ].map(refusal));
      assert.deepEqual(errors, []);
      return { shown, more };
    } finally {
      await ctx.close();
    }
  };
  const capital = (t) => t.charAt(0).toUpperCase() + t.slice(1);
  const en = await refusedPrev('en-GB');
  assert.equal(en.shown, 'This is the first level');
  assert.deepEqual(en.more, ['Too many wrong PINs: wait 12 seconds before trying again',
    'The places add up to 99.50%, not 100%: nothing changed',
    'The hands for today were already drawn: 4 (day_end_clear first)',
    'Count must be 1 to 10000', 'A refusal of no known form', 'There is no slide 7', 'Unknown command type "seat"',
    'A code this panel does not know']);
  const no = await refusedPrev('nb-NO');
  // A refusal of the rules: the Norwegian of its code (msgctxt "refusal.level_first").
  const said = refusalWords('nb');
  assert.ok(said.get('level_first'), 'po/nb.po words level_first');
  assert.equal(no.shown, capital(said.get('level_first')));
  const named = (code, values) => capital(said.get(code).replace(/\{(\w+)\}/g, (m, k) => values[k]));
  assert.deepEqual(no.more.slice(0, 4), [
    named('pins_wait_seconds', { seconds: 12 }),
    named('payout_shares_sum', { percent: '99.50' }),
    named('day_end_drawn', { hands: 4 }),
    named('count_range', {}),
  ]);
  assert.equal(no.more[4], 'A refusal of no known form');
  // A slide's refusal (clock/store) and a command type the clock does not
  // know (clock/json), each by its code.
  assert.deepEqual(no.more.slice(5, 7), [named('slide_none', { slide: 7 }),
    named('command_type_named', { type: 'seat' })]);
  // A code newer than the panel: the clock's English sentence.
  assert.equal(no.more[7], 'A code this panel does not know');
});
