// Seat slips in the panel, in Chromium against the real pokerclock: the
// printer said missing under the registration desk until it is there, and
// a player's slip printed again from his card (the printer a plain file,
// read back as text).
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, rmSync, writeFileSync, existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { startClock, launch, until, logIn, openCard } from './harness.mjs';
import { decode } from '../api/escpos.mjs';

let clock, browser, page, dir, lp;

before(async () => {
  dir = mkdtempSync(join(tmpdir(), 'pokerclock-slips-web-'));
  lp = join(dir, 'lp0');
  const cfg = join(dir, 'clock.cfg');
  writeFileSync(cfg, `${readFileSync(resolve('assets/structures/seated.cfg'), 'utf8')}\nprinter = "${lp}";\n`);
  clock = await startClock({ args: ['--config', cfg] });
  browser = await launch();
  page = await browser.newPage({ viewport: { width: 400, height: 1400 } });
  await logIn(page, clock);
});

after(async () => {
  await browser?.close();
  await clock?.stop();
  clock?.cleanup();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

const slips = () => (existsSync(lp) ? decode(readFileSync(lp)).slips : []);

test('the desk says the printer is missing until it is there; Print slip prints his slip again', async () => {
  await openCard(page, '#seat-names');
  await until(async () => /printer is missing/.test(await page.textContent('#seat-printer')), 'the printer said missing');
  assert.ok(await page.isVisible('#seat-printer'));
  writeFileSync(lp, '');
  await until(async () => (await page.textContent('#seat-printer')) === '', 'the printer there', 10000);

  await page.fill('#seat-names', 'Åse Ødegård');
  await page.click('#seat-register');
  await until(async () => /Åse Ødegård/.test(await page.textContent('#seat-drawn')), 'her seat read out');
  await until(() => slips().length === 1, 'her slip');

  await page.fill('#seat-find', 'odegard');
  await page.click('#seat-found li button, #seat-found li');
  await until(async () => /Åse Ødegård — Table/.test(await page.textContent('#seat-player')), 'her card');
  await page.click('#seat-player button:has-text("Print slip")');
  await until(async () => /The slip of Åse Ødegård is printing/.test(await page.textContent('#seat-player > .msg')), 'the answer');
  const s = await until(() => slips().length === 2 && slips(), 'the slip printed again');
  assert.deepEqual(s[1].lines.filter((l) => l), s[0].lines.filter((l) => l), 'the same slip again');
  assert.ok(s[1].lines.includes('Åse Ødegård'));
});
