// Seat slips in the panel, in Chromium against the real pokerclock: the
// printer said missing under the registration desk until it is there, and
// a player's slip printed again from his card (the printer a plain file,
// read back as text).
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, mkdirSync, readFileSync, rmSync, writeFileSync, existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { startClock, launch, until, logIn, openCard, OUT } from './harness.mjs';
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

// The pages a PDF has: its page objects (Chromium writes one per page).
const pdfPages = (buf) => (buf.toString('latin1').match(/\/Type\s*\/Page\b(?!s)/g) || []).length;

test('without a printer: /slips prints 9 players on 2 A4 pages; marked printed, only the next ones', async () => {
  const plain = await startClock({ args: ['--config', resolve('assets/structures/seated.cfg')] });
  try {
    const director = await browser.newPage();
    await logIn(director, plain);
    // The desk's link, as the director finds it.
    await openCard(director, '#seat-slips');
    assert.equal(await director.getAttribute('#seat-slips', 'href'), '/slips');
    const names = ['Åse Ødegård', 'Bo Ek', 'Cy Dahl', 'Dan Falk', 'Eva Gran', 'Finn Hald', 'Gro Ilse', 'Hans Jæger', 'Ida Kühn'];
    await director.fill('#seat-names', names.join('\n'));
    await director.click('#seat-register');
    await until(async () => /Ida Kühn/.test(await director.textContent('#seat-drawn')), 'nine seats read out');

    await director.goto(plain.base + '/slips');
    await director.waitForSelector('body[data-slips="9"]');
    const roster = await (await fetch(plain.base + '/api/players')).json();
    const texts = await director.$$eval('.slip', (xs) => xs.map((x) => x.innerText.replace(/\s+/g, ' ').trim()));
    for (const p of roster.players) assert.ok(texts.includes(`Friday Freezeout ${p.name} Table ${p.table} Seat ${p.seat}`), texts.join('\n'));
    const pdf = await director.pdf({ format: 'A4' });
    mkdirSync(OUT, { recursive: true });
    writeFileSync(join(OUT, 'slips.pdf'), pdf);
    assert.equal(pdfPages(pdf), 2, 'eight to a page');

    // Marked printed: the next page has none, then the one registered after.
    await director.click('#s-mark');
    await director.waitForSelector('body[data-slips="0"]');
    assert.equal((await (await fetch(plain.base + '/api/slips')).json()).printed, 9);
    await director.goto(plain.base + '/');
    await openCard(director, '#seat-names');
    await director.fill('#seat-names', 'Jon Lund');
    await director.click('#seat-register');
    await until(async () => /Jon Lund/.test(await director.textContent('#seat-drawn')), 'his seat read out');
    await director.goto(plain.base + '/slips');
    await director.waitForSelector('body[data-slips="1"]');
    assert.match(await director.textContent('.slip'), /Jon Lund/);
    assert.equal(pdfPages(await director.pdf({ format: 'A4' })), 1);
    await director.goto(plain.base + '/slips?all');
    await director.waitForSelector('body[data-slips="10"]');
    assert.equal(pdfPages(await director.pdf({ format: 'A4' })), 2);
    await director.close();

    // Only the director marks them: anyone else is asked to log in.
    const guest = await browser.newPage();
    await guest.goto(plain.base + '/slips');
    await guest.waitForSelector('body[data-slips="1"]');
    await guest.click('#s-mark');
    await until(async () => /Log in on the panel first/.test(await guest.textContent('#s-said')), 'refused');
    assert.equal((await (await fetch(plain.base + '/api/slips')).json()).printed, 9);
    await guest.close();
  } finally {
    await plain.stop();
    plain.cleanup();
  }
});
