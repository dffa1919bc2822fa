// A house that shows first names only (house.short_names): everything the
// public reads says "Anna B.", the director's session reads the full names;
// and the venue's house rules from the configuration, for the kiosk.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, writeFileSync, rmSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { tmpdir } from 'node:os';
import { spawnSync } from 'node:child_process';
import { startClock, getJson, login, command, BIN } from './clock.mjs';

const SEATED = readFileSync(resolve('assets/structures/seated.cfg'), 'utf8');

function config(text) {
  const dir = mkdtempSync(join(tmpdir(), 'pokerclock-names-'));
  const file = join(dir, 'venue.cfg');
  writeFileSync(file, text);
  return { file, dir };
}

const shortNames = (text) => text.replace('house = {', 'house = {\n    short_names = true;');

test('short names: the public sees "Anna B.", the director the full name, in players, moves, results and the final table', async () => {
  const cfg = config(shortNames(SEATED));
  const clock = await startClock({ args: ['--config', cfg.file] });
  try {
    const cookie = await login(clock);
    const names = ['Anna Maria Berg', 'Bjørn Ødegård', 'Cher', 'Dag Ek'];
    const r = await command(clock, cookie, { type: 'register', names });
    assert.equal(r.status, 200, JSON.stringify(r.body));
    // The director's answer: full names.
    assert.deepEqual(r.body.players.map((p) => p.name), names);

    const pub = (await getJson(clock, '/api/players')).body;
    assert.deepEqual(pub.players.map((p) => p.name), ['Anna B.', 'Bjørn Ø.', 'Cher', 'Dag E.']);
    assert.deepEqual(pub.players.map((p) => p.label), ['Anna B.', 'Bjørn Ø.', 'Cher', 'Dag E.']);
    assert.ok(!JSON.stringify(pub).includes('Berg'), 'no surname anywhere in the public roster');
    const dir = (await getJson(clock, '/api/players', { headers: { Cookie: cookie } })).body;
    assert.deepEqual(dir.players.map((p) => p.name), names);

    // A bust: the public result sheet has the short name, the director's the full one.
    const anna = dir.players[0];
    const b = await command(clock, cookie, { type: 'bust', player: anna.id });
    assert.equal(b.status, 200, JSON.stringify(b.body));
    const res = (await getJson(clock, '/api/results')).body;
    assert.equal(res.rows.find((x) => x.player === anna.id).name, 'Anna B.');
    const csv = await (await fetch(clock.base + '/api/results.csv')).text();
    assert.match(csv, /,Anna B\.,/);
    assert.doesNotMatch(csv, /Berg/);
    const full = (await getJson(clock, '/api/results', { headers: { Cookie: cookie } })).body;
    assert.equal(full.rows.find((x) => x.player === anna.id).name, 'Anna Maria Berg');

    // The final table's seat list in the state (public): short names.
    const f = await command(clock, cookie, { type: 'final_table' });
    assert.equal(f.status, 200, JSON.stringify(f.body));
    const st = (await getJson(clock, '/api/state')).body;
    const seated = st.final_table.seats.filter((s) => s.player !== null).map((s) => s.name).sort();
    assert.deepEqual(seated, ['Bjørn Ø.', 'Cher', 'Dag E.']);
    // ... and the moves of the redraw.
    const moves = (await getJson(clock, '/api/moves')).body.moves;
    assert.ok(moves.length >= 1);
    for (const m of moves) assert.match(m.name, /^(Bjørn Ø\.|Cher|Dag E\.)$/);
    // The director reads the same moves with the full names (the redraw is
    // random: who moved differs from run to run).
    const dirMoves = (await getJson(clock, '/api/moves', { headers: { Cookie: cookie } })).body.moves;
    const short = { 'Bjørn Ødegård': 'Bjørn Ø.', Cher: 'Cher', 'Dag Ek': 'Dag E.' };
    assert.deepEqual(dirMoves.map((m) => short[m.name]), moves.map((m) => m.name));
  } finally {
    await clock.stop();
    clock.cleanup();
    rmSync(cfg.dir, { recursive: true, force: true });
  }
});

test('without the house option everyone reads the full names', async () => {
  const clock = await startClock({ args: ['--config', resolve('assets/structures/seated.cfg')] });
  try {
    const cookie = await login(clock);
    await command(clock, cookie, { type: 'register', names: ['Anna Maria Berg'] });
    const pub = (await getJson(clock, '/api/players')).body;
    assert.equal(pub.players[0].name, 'Anna Maria Berg');
  } finally {
    await clock.stop();
    clock.cleanup();
  }
});

test('house rules: served to the kiosk in order; a broken list is refused with its line', async () => {
  const rules = ['One player to a hand.', 'English only at the table — also «Norsk».', 'Cards speak.'];
  const cfg = config(`house_rules = [ ${rules.map((r) => JSON.stringify(r)).join(', ')} ];\n` + SEATED);
  const clock = await startClock({ args: ['--config', cfg.file] });
  try {
    const st = (await getJson(clock, '/api/settings')).body;
    assert.deepEqual(st.house_rules, rules);
  } finally {
    await clock.stop();
    clock.cleanup();
  }
  const check = (text) => {
    const bad = config(text);
    try {
      return spawnSync(BIN, ['--check', bad.file], { encoding: 'utf8' });
    } finally {
      rmSync(bad.dir, { recursive: true, force: true });
    }
  };
  let r = check('house_rules = "Cards speak.";\n' + SEATED);
  assert.notEqual(r.status, 0);
  assert.match(r.stdout + r.stderr, /:1: house_rules must be a list of texts/);
  r = check('house_rules = ( "ok",\n  42 );\n' + SEATED);
  assert.notEqual(r.status, 0);
  assert.match(r.stdout + r.stderr, /:2: house_rules\[1\] must be text in quotes/);
  r = check(`house_rules = [ ${Array.from({ length: 31 }, () => '"x"').join(', ')} ];\n` + SEATED);
  assert.notEqual(r.status, 0);
  assert.match(r.stdout + r.stderr, /at most 30/);
});
