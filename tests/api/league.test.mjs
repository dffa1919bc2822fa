// The league over real HTTP: five tournaments played through the API and
// put aside in the archive, a season over them, its table checked against
// a hand calculation (best 3 of 5, a minimum of 3, a tie broken, names
// matched with case and accents aside, a rename carried over), as JSON and
// as CSV; the seasons kept across a restart; refusals with their codes;
// the desk's names from the archive.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { startClock, getJson, login, command, postJson } from './clock.mjs';

const CONFIG = resolve('tests/api/fixtures/league.cfg'); // points 10, 7, 5, 3, 1

// One tournament: the players registered in this order, renames made
// ([number, new name]), then busted from the last place up (finish: the
// registered numbers, the winner first), then put aside.
async function play(clock, cookie, names, finish, renames = []) {
  const r = await command(clock, cookie, { type: 'register', names });
  assert.equal(r.status, 200, JSON.stringify(r.body));
  for (const [player, name] of renames)
    assert.equal((await command(clock, cookie, { type: 'rename', player, name })).status, 200);
  assert.equal((await command(clock, cookie, { type: 'start' })).status, 200);
  for (const player of finish.slice(1).reverse()) {
    const b = await command(clock, cookie, { type: 'bust', player });
    assert.equal(b.status, 200, JSON.stringify(b.body));
  }
  const n = await command(clock, cookie, { type: 'new_tournament', confirm: true });
  assert.equal(n.status, 200, JSON.stringify(n.body));
  return n.body.archived.replace(/^archive\//, '');
}

// The season's five tournaments, by place (points 10, 7, 5, 3, 1):
//   T1: Åse Lie, Bjørn Ødegård, Cato Berg, Dina Holm, Eli Nes
//   T2: BJØRN ØDEGÅRD, Cato Berg, ase lie, Finn Ask, Dina Holm
//   T3: Cato Berg, Åse Lie (registered "Åse Lee", renamed), Dina Holm, Bjorn Odegard, Eli Nes
//   T4: Dina Holm, Cato Berg, eli nes, ÅSE LIE, Finn Ask
//   T5: Bjørn Ødegård, Dina Holm, Eli Nes, Cato Berg (four players)
async function fiveTournaments(clock, cookie) {
  const dirs = [];
  dirs.push(await play(clock, cookie, ['Åse Lie', 'Bjørn Ødegård', 'Cato Berg', 'Dina Holm', 'Eli Nes'], [1, 2, 3, 4, 5]));
  dirs.push(await play(clock, cookie, ['ase lie', 'BJØRN ØDEGÅRD', 'Cato Berg', 'Dina Holm', 'Finn Ask'], [2, 3, 1, 5, 4]));
  dirs.push(await play(clock, cookie, ['Åse Lee', 'Bjorn Odegard', 'Cato Berg', 'Dina Holm', 'Eli Nes'], [3, 1, 4, 2, 5], [[1, 'Åse Lie']]));
  dirs.push(await play(clock, cookie, ['ÅSE LIE', 'Cato Berg', 'Dina Holm', 'eli nes', 'Finn Ask'], [3, 2, 4, 1, 5]));
  dirs.push(await play(clock, cookie, ['Bjørn Ødegård', 'Cato Berg', 'Dina Holm', 'Eli Nes'], [1, 3, 4, 2]));
  return dirs;
}

// The table by hand, best 3 of 5 counting, at least 3 played to be ranked:
//   Bjørn: 7, 10, 3, -, 10   best 3: 10+10+7 = 27, all 30, 2 wins
//   Cato:  5, 7, 10, 7, 3    best 3: 10+7+7  = 24, all 32, 1 win
//   Dina:  3, 1, 5, 10, 7    best 3: 10+7+5  = 22, all 26, 1 win, best 1st
//   Åse:   10, 5, 7, 3, -    best 3: 10+7+5  = 22, all 25, 1 win, best 1st
//          (Dina before Åse: equal points, wins and best finish; more points in all)
//   Eli:   1, -, 1, 5, 5     best 3: 5+5+1   = 11, all 12
//   Finn:  -, 3, -, 1, -     2 played: not ranked, listed last
const EXPECTED = [
  { rank: 1, name: 'Bjørn Ødegård', points: 27, all_points: 30, played: 4, wins: 2, best: 1 },
  { rank: 2, name: 'Cato Berg', points: 24, all_points: 32, played: 5, wins: 1, best: 1 },
  { rank: 3, name: 'Dina Holm', points: 22, all_points: 26, played: 5, wins: 1, best: 1 },
  { rank: 4, name: 'ÅSE LIE', points: 22, all_points: 25, played: 4, wins: 1, best: 1 },
  { rank: 5, name: 'Eli Nes', points: 11, all_points: 12, played: 4, wins: 0, best: 3 },
  { rank: null, name: 'Finn Ask', points: 4, all_points: 4, played: 2, wins: 0, best: 4 },
];

// Polls fn (every 200 ms, for at most 5 s) until it is true; its last answer.
async function until(fn) {
  for (const end = Date.now() + 5000; ; await new Promise((r) => setTimeout(r, 200)))
    if ((await fn()) || Date.now() > end) return fn();
}

const pick = (row) => Object.fromEntries(Object.keys(EXPECTED[0]).map((k) => [k, row[k]]));

async function csvText(clock, path) {
  const r = await fetch(clock.base + path);
  assert.equal(r.status, 200);
  assert.match(r.headers.get('content-type'), /^text\/csv/);
  return Buffer.from(await r.arrayBuffer()).toString('utf8');
}

test('a season of five archived tournaments: the table as calculated by hand, as JSON and CSV, kept across a restart', { timeout: 120000 }, async () => {
  let clock = await startClock({ args: ['--config', CONFIG] });
  const dir = clock.stateDir;
  try {
    const cookie = await login(clock);
    const dirs = await fiveTournaments(clock, cookie);
    assert.equal(new Set(dirs).size, 5);

    // Nobody logged in: refused, nothing kept.
    const season = { name: 'Autumn 2026', best: 3, min: 3 };
    const anon = await postJson(clock, '/api/league', { type: 'season_save', season, current: true });
    assert.equal(anon.status, 401);
    assert.equal(anon.body.code, 'login_first');
    assert.deepEqual((await getJson(clock, '/api/league')).body, { seasons: [], current: null });

    const saved = await postJson(clock, '/api/league', { type: 'season_save', season, current: true }, { cookie });
    assert.equal(saved.status, 200, JSON.stringify(saved.body));
    assert.equal(saved.body.current, 1);
    const table = (await getJson(clock, '/api/league/standings')).body;
    assert.deepEqual(table.tournaments.map((t) => t.dir), dirs);
    assert.deepEqual(table.rows.map(pick), EXPECTED);
    // Åse's third tournament counts under the name she was renamed to;
    // her fourth (3 points) is not among her best three.
    const ase = table.rows[3];
    assert.deepEqual(ase.results.map((r) => [r.tournament, r.place, r.points, r.counted]),
      [[0, 1, 10, true], [1, 3, 5, true], [2, 2, 7, true], [3, 4, 3, false]]);

    const csv = (await csvText(clock, '/api/league.csv')).replace(/^\uFEFF/, '').trim().split('\r\n');
    assert.match(csv[0], /^rank,name,points,played,counted,wins,best,all_points,\d{4}-\d\d-\d\d League Night,/);
    assert.equal(csv.length, 7);
    assert.equal(csv[1].split(',').slice(0, 8).join(','), '1,Bjørn Ødegård,27.00,4,3,2,1,30.00');
    assert.equal(csv[4], '4,ÅSE LIE,22.00,4,3,1,1,25.00,10.00,5.00,7.00,(3.00),');
    assert.equal(csv[6].split(',').slice(0, 4).join(','), ',Finn Ask,4.00,2');

    // A second season picks three of them and counts every result.
    const picked = await postJson(clock, '/api/league', {
      type: 'season_save', season: { name: 'Picked', tournaments: [dirs[0], dirs[2], dirs[4]] },
    }, { cookie });
    assert.equal(picked.status, 200, JSON.stringify(picked.body));
    const two = (await getJson(clock, '/api/league/standings?season=2')).body;
    // Bjørn 7+3+10 = 20, Cato 5+10+3 = 18, Åse 10+7 = 17, Dina 3+5+7 = 15, Eli 1+1+5 = 7
    assert.deepEqual(two.rows.map((r) => [r.name, r.points]),
      [['Bjørn Ødegård', 20], ['Cato Berg', 18], ['Åse Lie', 17], ['Dina Holm', 15], ['Eli Nes', 7]]);

    // Dates before any tournament: an empty table.
    await postJson(clock, '/api/league', { type: 'season_save', season: { name: 'Old', to: '2000-12-31' } }, { cookie });
    assert.deepEqual((await getJson(clock, '/api/league/standings?season=3')).body.rows, []);

    // The seasons outlive a restart: the same table after it.
    await clock.stop();
    clock = await startClock({ stateDir: dir, args: ['--config', CONFIG] });
    const list = (await getJson(clock, '/api/league')).body;
    assert.deepEqual(list.seasons.map((s) => s.name), ['Autumn 2026', 'Picked', 'Old']);
    assert.equal(list.current, 1);
    assert.deepEqual((await getJson(clock, '/api/league/standings?season=1')).body.rows.map(pick), EXPECTED);
    assert.ok(JSON.parse(readFileSync(join(dir, 'seasons.json'), 'utf8')).seasons.length === 3);
  } finally {
    await clock.stop();
    clock.cleanup();
  }
});

test('seasons refused with their codes change nothing; a broken file never stops the clock', async () => {
  let clock = await startClock({ args: ['--config', CONFIG] });
  const dir = clock.stateDir;
  try {
    const cookie = await login(clock);
    const bad = [
      [{ type: 'season_save', season: { name: '' } }, 400, 'season_name'],
      [{ type: 'season_save', season: { name: 'A\nB' } }, 400, 'season_name'],
      [{ type: 'season_save', season: { name: 'X', from: '2026-02-30' } }, 400, 'season_dates'],
      [{ type: 'season_save', season: { name: 'X', from: '2026-12-01', to: '2026-09-01' } }, 400, 'season_dates'],
      [{ type: 'season_save', season: { name: 'X', best: -1 } }, 400, 'field_range'],
      [{ type: 'season_save', season: { name: 'X', tournaments: ['20260101T000000Z-Nothing'] } }, 400, 'season_pick_unknown'],
      [{ type: 'season_save', season: { name: 'X', tournaments: ['../../etc'] } }, 400, 'season_pick_unknown'],
      [{ type: 'season_save', season: { name: 'X', colour: 'red' } }, 400, 'command_unread'],
      [{ type: 'season_save', season: { id: 7, name: 'X' } }, 404, 'season_none'],
      [{ type: 'season_delete', id: 3 }, 404, 'season_none'],
      [{ type: 'season_eat' }, 400, 'command_unread'],
    ];
    for (const [body, status, code] of bad) {
      const r = await postJson(clock, '/api/league', body, { cookie });
      assert.equal(r.status, status, JSON.stringify(body));
      assert.equal(r.body.code, code, JSON.stringify(r.body));
    }
    assert.deepEqual((await getJson(clock, '/api/league')).body.seasons, []);
    const none = await getJson(clock, '/api/league/standings');
    assert.equal(none.status, 404);
    assert.equal(none.body.code, 'season_none');

    // Saved, then deleted.
    assert.equal((await postJson(clock, '/api/league', { type: 'season_save', season: { name: 'Spring' } }, { cookie })).status, 200);
    assert.equal((await postJson(clock, '/api/league', { type: 'season_delete', id: 1 }, { cookie })).status, 200);
    assert.deepEqual((await getJson(clock, '/api/league')).body.seasons, []);

    // A file that does not read: set aside, the clock starts with none.
    await clock.stop();
    writeFileSync(join(dir, 'seasons.json'), '{"seasons": [ broken');
    clock = await startClock({ stateDir: dir, args: ['--config', CONFIG] });
    assert.deepEqual((await getJson(clock, '/api/league')).body.seasons, []);
    assert.equal(readFileSync(join(dir, 'seasons.json.bad'), 'utf8'), '{"seasons": [ broken');
  } finally {
    await clock.stop();
    clock.cleanup();
  }
});

test('the desk offers names from the archive: a prefix of any word, case and accents aside, to the director only', { timeout: 60000 }, async () => {
  const clock = await startClock({ args: ['--config', CONFIG] });
  try {
    const cookie = await login(clock);
    const names = async (prefix) => (await getJson(clock, `/api/names?prefix=${encodeURIComponent(prefix)}`, { headers: { Cookie: cookie } })).body.names;
    assert.deepEqual(await names('as'), []);
    await play(clock, cookie, ['åse lie', 'Tor Åsen', 'Bo Ek'], [1, 2, 3]);
    await play(clock, cookie, ['Åse Lie', 'Asbjørn Dahl', 'Cy Ro'], [2, 1, 3]);
    // Åse played twice (her newest spelling), Asbjørn and Tor once.
    assert.deepEqual(await names('as'), [
      { name: 'Åse Lie', tournaments: 2 }, { name: 'Asbjørn Dahl', tournaments: 1 }, { name: 'Tor Åsen', tournaments: 1 },
    ]);
    assert.deepEqual((await names('LI')).map((n) => n.name), ['Åse Lie']);
    assert.deepEqual((await names('åse l')).map((n) => n.name), ['Åse Lie']);
    assert.deepEqual(await names('se'), []);
    // Answered from an index, not from the sheets at each keystroke: a
    // sheet changed under it is not read again until a tournament is put
    // aside (the archive's folder changes).
    const sheet = join(clock.stateDir, 'archive', readdirSync(join(clock.stateDir, 'archive')).sort()[0], 'results.json');
    writeFileSync(sheet, readFileSync(sheet, 'utf8').replace('Tor Åsen', 'Tor Aasen'));
    assert.deepEqual((await names('tor')).map((n) => n.name), ['Tor Åsen']);
    await play(clock, cookie, ['Ola Dahl', 'Per Ek'], [1, 2]);
    assert.deepEqual((await names('tor')).map((n) => n.name), ['Tor Aasen']);
    assert.deepEqual((await names('ola')).map((n) => n.name), ['Ola Dahl']);
    const anon = await getJson(clock, '/api/names?prefix=as');
    assert.equal(anon.status, 401);
    assert.equal(anon.body.code, 'login_first');
  } finally {
    await clock.stop();
    clock.cleanup();
  }
});

test('the wall before the start shows the current season, and not once it is no longer current', { timeout: 60000 }, async () => {
  const clock = await startClock({ args: ['--config', CONFIG] });
  try {
    const cookie = await login(clock);
    await play(clock, cookie, ['Åse Lie', 'Bo Ek', 'Cy Ro'], [1, 2, 3]);
    const wall = async () => Buffer.from(await (await fetch(`${clock.base}/api/screen.png?w=1280&h=720`)).arrayBuffer());
    const before = await wall();
    const season = { name: 'Spring League', best: 0, min: 0 };
    assert.equal((await postJson(clock, '/api/league', { type: 'season_save', season, current: true }, { cookie })).status, 200);
    // A picture is drawn again once it is a second old: asked again, the new one.
    assert.ok(await until(async () => !(await wall()).equals(before)), 'the season beside the clock');
    assert.equal((await postJson(clock, '/api/league', { type: 'season_save', season: { id: 1, ...season }, current: false }, { cookie })).status, 200);
    assert.ok(await until(async () => (await wall()).equals(before)), 'no current season: the wall as it was');
  } finally {
    await clock.stop();
    clock.cleanup();
  }
});
