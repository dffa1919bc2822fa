// The last actions on a Norwegian phone: the clock sends each with its
// code and values, and the panel says it from the catalogs (msgctxt
// "action.CODE"), the list and the undo button alike; a line an older
// clock kept in words alone is shown as it was written.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { cpSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { startClock, launch, api, until, PIN, OUT } from './harness.mjs';
import { readPo, panelEntries } from './panel-words.mjs';

const FRIDAY = resolve('tests/api/fixtures/friday.cfg');
// A code's words in Norwegian with its values in place.
const nbAction = new Map(readPo('po/nb.po').filter((e) => e.ctxt.startsWith('action.'))
  .map((e) => [e.ctxt.slice('action.'.length), e.str]));
const say = (code, values) => nbAction.get(code).replace(/\{(\w+)\}/g, (m, k) => String(values[k]));
const nbUndo = new Map(panelEntries('po/nb.po').map((e) => [e.id, e.str])).get('↶ Undo: %s');

let browser;
before(async () => { browser = await launch(); });
after(async () => { await browser?.close().catch(() => {}); });

async function norwegianPanel(clock) {
  const ctx = await browser.newContext({ viewport: { width: 390, height: 844 }, locale: 'nb-NO', hasTouch: true });
  const page = await ctx.newPage();
  const errors = [];
  page.on('pageerror', (e) => errors.push(e.message));
  await page.goto(clock.base + '/');
  await page.fill('#pin', PIN);
  await page.click('#login-btn');
  await page.waitForSelector('#controls', { state: 'visible' });
  return { ctx, page, errors };
}

const shown = (page) => page.evaluate(() => [...document.querySelectorAll('#history li')].map((li) => li.textContent));

test('a bust of two and a move read in Norwegian, in the list and on the undo button', async () => {
  const clock = await startClock({ args: ['--config', FRIDAY] });
  const { ctx, page, errors } = await norwegianPanel(clock);
  try {
    const boss = await api(clock);
    const { players } = await boss.command({ type: 'register', names: ['Kari Nordmann', 'Ola Hansen', 'Anna Berg', 'Bo Ek'] });
    await boss.command({ type: 'start' });
    await boss.command({ type: 'bust', players: [{ player: players[0].id, chips: 3000 }, { player: players[1].id, chips: 1200 }] });
    const taken = new Set(players.map((p) => `${p.table}/${p.seat}`));
    let seat = 1;
    while (taken.has(`2/${seat}`)) seat++;
    const { state } = await boss.command({ type: 'move', player: players[2].id, table: 2, seat });
    // English API users still read English.
    assert.equal(state.last_actions[0], `move of Anna Berg to table 2, seat ${seat}`);
    const move = say('move_of', { name: 'Anna Berg', table: 2, seat });
    const bust = say('bust_of_two', { name: 'Kari Nordmann', name2: 'Ola Hansen', first: 3, last: 4 });
    assert.equal(move, `flytting av Anna Berg til bord 2, sete ${seat}`);
    await until(async () => (await shown(page))[0] === move, `the move in Norwegian (${(await shown(page))[0]})`);
    assert.deepEqual((await shown(page)).slice(0, 2), [move, bust]);
    assert.equal(await page.textContent('#undo'), nbUndo.replace('%s', move));
    await page.screenshot({ path: OUT + '/panel-nb-last-actions-390x844.png' });
    // Undone, the button names the bust.
    await boss.command({ type: 'undo' });
    await until(async () => (await page.textContent('#undo')) === nbUndo.replace('%s', bust), 'the undo button to name the bust');
    assert.deepEqual(errors, []);
  } finally {
    await ctx.close();
    await clock.stop();
    clock.cleanup();
  }
});

test('an older clock\'s lines, kept in words alone, are shown as they were written', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'pokerclock-web-'));
  for (const f of ['journal', 'journal-end']) cpSync(resolve('tests/api/fixtures/old-journal', f), join(dir, f));
  const clock = await startClock({ stateDir: dir, args: ['--config', FRIDAY] });
  const { ctx, page, errors } = await norwegianPanel(clock);
  try {
    await until(async () => (await shown(page)).length === 5, 'the five old lines');
    assert.deepEqual(await shown(page), ['on to level 2 (200/400)', 'move of Anna Berg to table 2, seat 2',
      'bust of Kari Nordmann and Ola Hansen, places 5\u20136', 'start of the clock', 'registration of 6 players']);
    assert.equal(await page.textContent('#undo'), nbUndo.replace('%s', 'on to level 2 (200/400)'));
    // A new one above them is said in Norwegian.
    await (await api(clock)).command({ type: 'pause' });
    await until(async () => (await shown(page))[0] === say('pause', {}), 'the pause in Norwegian');
    assert.equal((await shown(page))[1], 'on to level 2 (200/400)');
    assert.deepEqual(errors, []);
  } finally {
    await ctx.close();
    await clock.stop();
    clock.cleanup();
  }
});
