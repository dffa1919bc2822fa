// Seat slips on a receipt printer, against the real clock: the printer is
// a plain file or a FIFO in a temp folder, the bytes read back as text
// (escpos.mjs) and checked against the roster: the tournament, the name,
// the table and seat, a cut after each slip; a move, a re-entry and "print
// again" each print one. A FIFO nobody reads holds up no registration,
// and a missing printer is said in the state.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { createReadStream, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { startClock, getJson, postJson, login, command, sleep } from './clock.mjs';
import { decode } from './escpos.mjs';

const SEATED = readFileSync(resolve('assets/structures/seated.cfg'), 'utf8');

// A folder with the configuration: seated.cfg with the printer lines.
function setUp(printerLines) {
  const dir = mkdtempSync(join(tmpdir(), 'pokerclock-slips-'));
  const cfg = join(dir, 'clock.cfg');
  writeFileSync(cfg, `${SEATED}\n${printerLines(dir)}\n`);
  return { dir, cfg };
}

// Waits until test() holds for what was printed to file (or throws).
async function printed(file, test, what) {
  const deadline = Date.now() + 10000;
  for (;;) {
    const got = decode(readFileSync(file));
    if (test(got.slips)) return got;
    if (Date.now() > deadline) throw new Error(`${what}: printed ${JSON.stringify(got.slips.map((s) => s.lines))}`);
    await sleep(50);
  }
}

async function stateUntil(clock, test, what) {
  const deadline = Date.now() + 10000;
  for (;;) {
    const st = (await getJson(clock, '/api/state')).body;
    if (test(st)) return st;
    if (Date.now() > deadline) throw new Error(`${what}: printer is ${JSON.stringify(st.printer)}`);
    await sleep(50);
  }
}

const player = async (clock, id) => (await getJson(clock, '/api/players')).body.players.find((p) => p.id === id);

// The slip of p: the tournament, his name, his table and seat large.
function assertSlip(slip, p, extra = []) {
  assert.ok(slip.commands.includes('\x1bt\x13'), 'code page PC858 selected');
  const text = slip.lines.filter((l) => l !== '');
  assert.deepEqual(text, ['Friday Freezeout', p.name, ...extra, `Table ${p.table}`, `Seat ${p.seat}`]);
  assert.deepEqual(slip.big, [`Table ${p.table}`, `Seat ${p.seat}`], 'table and seat double size');
}

test('a slip for each registration, a move, a re-entry and print again: name, table, seat, a cut', async () => {
  const { dir, cfg } = setUp((d) => `printer = "${join(d, 'lp0')}";\npaper_width = 58;`);
  const lp = join(dir, 'lp0');
  writeFileSync(lp, '');
  const clock = await startClock({ args: ['--config', cfg] });
  try {
    const cookie = await login(clock);
    const names = ['Åse Ødegård', 'Jürgen Müller', 'Zoë Ærø-Løvås', 'René Él'];
    const reg = await command(clock, cookie, { type: 'register', names });
    assert.equal(reg.status, 200, JSON.stringify(reg.body));
    let got = await printed(lp, (s) => s.length >= 4, 'four slips');
    assert.equal(got.slips.length, 4);
    assert.deepEqual(got.rest.lines, [], 'nothing after the last cut');
    const roster = (await getJson(clock, '/api/players')).body.players;
    for (const [i, name] of names.entries()) {
      const p = roster.find((x) => x.name === name);
      assertSlip(got.slips[i], p);
    }
    const st = await stateUntil(clock, (s) => s.printer === 'ready', 'ready');
    assert.equal(st.printer, 'ready');

    // A move: the new seat, and where he sat.
    const anna = roster.find((x) => x.name === 'Åse Ødegård');
    const to = anna.table === 2 ? 3 : 2;
    const taken = new Set(roster.filter((x) => x.table === to).map((x) => x.seat));
    const seat = [1, 2, 3, 4, 5, 6, 7, 8, 9].find((s) => !taken.has(s));
    const mv = await command(clock, cookie, { type: 'move', player: anna.id, table: to, seat });
    assert.equal(mv.status, 200, JSON.stringify(mv.body));
    got = await printed(lp, (s) => s.length >= 5, 'the move');
    assertSlip(got.slips[4], await player(clock, anna.id), [`Moved from table ${anna.table}, seat ${anna.seat}`]);

    // Out, and back in: the re-entry's seat.
    const jurgen = roster.find((x) => x.name === 'Jürgen Müller');
    assert.equal((await command(clock, cookie, { type: 'bust', player: jurgen.id })).status, 200);
    const back = await command(clock, cookie, { type: 'reenter', player: jurgen.id });
    assert.equal(back.status, 200, JSON.stringify(back.body));
    got = await printed(lp, (s) => s.length >= 6, 'the re-entry');
    assertSlip(got.slips[5], await player(clock, jurgen.id), ['Re-entry']);

    // Print again, from the panel: the director's only.
    const zoe = roster.find((x) => x.name === 'Zoë Ærø-Løvås');
    assert.equal((await postJson(clock, '/api/slip', { player: zoe.id })).status, 401);
    const again = await postJson(clock, '/api/slip', { player: zoe.id }, { cookie });
    assert.equal(again.status, 202, JSON.stringify(again.body));
    got = await printed(lp, (s) => s.length >= 7, 'print again');
    assertSlip(got.slips[6], await player(clock, zoe.id));
    const none = await postJson(clock, '/api/slip', { player: 99 }, { cookie });
    assert.equal(none.status, 409);
    assert.equal(none.body.code, 'player_unknown');
    await sleep(300);
    assert.equal(decode(readFileSync(lp)).slips.length, 7, 'a bust prints nothing');
  } finally {
    await clock.stop();
    clock.cleanup();
    rmSync(dir, { recursive: true, force: true });
  }
});

test('a FIFO nobody reads holds up no registration; its slips come out once it is read', async () => {
  const { dir, cfg } = setUp((d) => `printer = "${join(d, 'fifo')}";`);
  const fifo = join(dir, 'fifo');
  execFileSync('mkfifo', [fifo]);
  const clock = await startClock({ args: ['--config', cfg] });
  try {
    const cookie = await login(clock);
    for (const name of ['Anna Berg', 'Bo Ek', 'Cy Dahl']) {
      const t0 = Date.now();
      const r = await fetch(`${clock.base}/api/command`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', Cookie: cookie },
        body: JSON.stringify({ type: 'register', names: [name] }),
        signal: AbortSignal.timeout(3000),
      });
      assert.equal(r.status, 200);
      assert.ok(Date.now() - t0 < 1000, `registered in ${Date.now() - t0} ms`);
    }
    await stateUntil(clock, (s) => s.printer === 'missing', 'nobody reads the FIFO');
    // Someone reads it now: the three slips waited in the queue.
    const chunks = [];
    const reader = createReadStream(fifo);
    reader.on('data', (c) => chunks.push(c));
    const deadline = Date.now() + 10000;
    while (decode(Buffer.concat(chunks)).slips.length < 3 && Date.now() < deadline) await sleep(50);
    const { slips } = decode(Buffer.concat(chunks));
    assert.deepEqual(slips.map((s) => s.lines[0] === 'Friday Freezeout' && s.lines[1]), ['Anna Berg', 'Bo Ek', 'Cy Dahl']);
    await stateUntil(clock, (s) => s.printer === 'ready', 'read at last');
    reader.destroy();
  } finally {
    // A clock stuck on the FIFO would not stop on TERM.
    await Promise.race([clock.stop(), sleep(5000).then(() => clock.kill())]);
    clock.cleanup();
    rmSync(dir, { recursive: true, force: true });
  }
});

test('a printer that is not there: "missing" in the state; none configured: null', async () => {
  const { dir, cfg } = setUp((d) => `printer = "${join(d, 'no', 'lp0')}";`);
  const clock = await startClock({ args: ['--config', cfg] });
  try {
    const st = await stateUntil(clock, (s) => s.printer === 'missing', 'missing');
    assert.equal(st.printer, 'missing');
  } finally {
    await clock.stop();
    clock.cleanup();
    rmSync(dir, { recursive: true, force: true });
  }
  const plain = await startClock({ args: ['--config', resolve('assets/structures/seated.cfg')] });
  try {
    const cookie = await login(plain);
    assert.equal((await getJson(plain, '/api/state')).body.printer, null);
    const r = await postJson(plain, '/api/slip', { player: 1 }, { cookie });
    assert.equal(r.status, 409);
    assert.equal(r.body.code, 'printer_none');
  } finally {
    await plain.stop();
    plain.cleanup();
  }
});

test('the page of slips: printed through N is the director\'s, kept across a restart, taken down by an undo and a new tournament', async () => {
  let clock = await startClock({ args: ['--config', resolve('assets/structures/seated.cfg')] });
  const dir = clock.stateDir;
  const printed = async () => (await getJson(clock, '/api/slips')).body.printed;
  try {
    let cookie = await login(clock);
    assert.equal(await printed(), 0);
    for (const name of ['Anna Berg', 'Bo Ek', 'Cy Dahl'])
      assert.equal((await command(clock, cookie, { type: 'register', names: [name] })).status, 200);
    assert.equal((await postJson(clock, '/api/slips/printed', { through: 3 })).status, 401);
    const tooFar = await postJson(clock, '/api/slips/printed', { through: 4 }, { cookie });
    assert.equal(tooFar.status, 400);
    assert.equal(tooFar.body.code, 'slips_through');
    assert.equal(tooFar.body.players, 3);
    assert.equal((await postJson(clock, '/api/slips/printed', { through: 3 }, { cookie })).status, 200);
    assert.equal(await printed(), 3);

    await clock.stop();
    clock = await startClock({ stateDir: dir, args: ['--config', resolve('assets/structures/seated.cfg')] });
    cookie = await login(clock);
    assert.equal(await printed(), 3, 'kept across a restart');

    // The registration undone: its slip was never handed out.
    assert.equal((await command(clock, cookie, { type: 'register', names: ['Dan Falk'] })).status, 200);
    assert.equal((await command(clock, cookie, { type: 'undo' })).status, 200);
    assert.equal((await command(clock, cookie, { type: 'undo' })).status, 200);
    assert.equal(await printed(), 2, 'Cy Dahl\'s registration undone');
    assert.equal((await command(clock, cookie, { type: 'new_tournament', confirm: true })).status, 200);
    assert.equal(await printed(), 0, 'a new tournament: none printed');
  } finally {
    await clock.stop();
    clock.cleanup();
  }
});
