// A new tournament over real HTTP: the finished one put aside in the state
// directory (journal and result sheet), the configured one started fresh,
// refused by mistake, never half done by a full disk or a kill -9.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync, openSync, writeSync, closeSync, ftruncateSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { startClock, getJson, login, command, postJson, freshStateDir, sleep, raw } from './clock.mjs';

const SEATED = resolve('assets/structures/seated.cfg');
const NAMES = ['Anna Berg', 'Bo Ek', 'Cy Dahl', 'Dan Falk', 'Eva Gran'];

// The body as sent, a CSV's byte-order mark kept (Response.text() drops it).
async function text(clock, path) {
  const r = await fetch(clock.base + path);
  assert.equal(r.status, 200);
  return Buffer.from(await r.arrayBuffer()).toString('utf8');
}

// A tournament under way: five named players, the clock started, one out.
async function underWay(clock, cookie) {
  const r = await command(clock, cookie, { type: 'register', names: NAMES });
  assert.equal(r.status, 200, JSON.stringify(r.body));
  assert.equal((await command(clock, cookie, { type: 'start' })).status, 200);
  assert.equal((await command(clock, cookie, { type: 'bust', player: 2 })).status, 200);
}

function archived(dir) {
  const root = join(dir, 'archive');
  return existsSync(root) ? readdirSync(root).sort() : [];
}

test('new_tournament: refused by mistake, then the finished one is put aside and the configured one starts', async () => {
  let clock = await startClock({ args: ['--config', SEATED] });
  const dir = clock.stateDir;
  try {
    // Without a session nothing happens; a wrong PIN gives none.
    const anon = await command(clock, '', { type: 'new_tournament', confirm: true });
    assert.equal(anon.status, 401);
    const wrong = await postJson(clock, '/api/login', { pin: '0000' });
    assert.equal(wrong.status, 401);
    const cookie = await login(clock);
    await underWay(clock, cookie);
    const before = (await getJson(clock, '/api/state')).body;
    assert.equal(before.players.remaining, 4);

    // A tap by mistake: refused, naming the tournament and the players left.
    const tap = await command(clock, cookie, { type: 'new_tournament' });
    assert.equal(tap.status, 409);
    assert.match(tap.body.error, /"Friday Freezeout" is still running with 4 players left/);
    const no = await command(clock, cookie, { type: 'new_tournament', confirm: false });
    assert.equal(no.status, 409);
    for (const bad of [{ confirm: 'yes' }, { confirm: 1 }, { confirm: true, names: ['x'] }]) {
      const r = await command(clock, cookie, { type: 'new_tournament', ...bad });
      assert.equal(r.status, 400, JSON.stringify(bad));
    }
    const same = (await getJson(clock, '/api/state')).body;
    assert.equal(same.players.entries, 5);
    assert.equal(same.roster_version, before.roster_version);
    assert.deepEqual(archived(dir), []);

    // The sheet as the director would have downloaded it at the end.
    const sheet = (await getJson(clock, '/api/results')).body;
    const csv = await text(clock, '/api/results.csv');
    assert.ok(sheet.rows.some((r) => r.name === 'Bo Ek' && r.place === 5), JSON.stringify(sheet.rows));

    const r = await command(clock, cookie, { type: 'new_tournament', confirm: true });
    assert.equal(r.status, 200, JSON.stringify(r.body));
    assert.match(r.body.archived, /^archive\/\d{8}T\d{6}Z-Friday-Freezeout$/);
    const after = r.body.state;
    assert.equal(after.name, 'Friday Freezeout');
    assert.equal(after.players.entries, 0);
    assert.equal(after.started, false);
    assert.equal(after.running, false);
    assert.ok(after.seq > before.seq, 'every screen sees a new state');
    assert.ok(after.roster_version > before.roster_version, 'and fetches the roster again');
    const roster = (await getJson(clock, '/api/players')).body;
    assert.equal(roster.players.length, 0);
    assert.equal(roster.version, after.roster_version);
    assert.equal(roster.tables.length, 6, 'the configured tables');

    // Put aside whole: its journal, and the sheet the director saw.
    const folder = join(dir, r.body.archived);
    assert.deepEqual(readdirSync(folder).sort(), ['journal', 'results.csv', 'results.json']);
    const kept = JSON.parse(readFileSync(join(folder, 'results.json'), 'utf8'));
    assert.deepEqual(kept.rows, sheet.rows);
    assert.equal(kept.name, 'Friday Freezeout');
    assert.equal(readFileSync(join(folder, 'results.csv'), 'utf8'), csv);
    assert.ok(readFileSync(join(folder, 'journal')).includes('Eva Gran'));
    assert.ok(!readFileSync(join(dir, 'journal')).includes('Eva Gran'), 'the new journal holds none of it');
    const list = (await getJson(clock, '/api/archive')).body.tournaments;
    assert.equal(list.length, 1);
    assert.equal(list[0].name, 'Friday Freezeout');
    assert.equal(`archive/${list[0].dir}`, r.body.archived);
    assert.match(list[0].when, /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ$/);
    // The sheet stays readable over HTTP, as it was; nothing else in the folder is.
    assert.equal(await text(clock, `/api/archive/${list[0].dir}/results.csv`), csv);
    assert.deepEqual(JSON.parse(await text(clock, `/api/archive/${list[0].dir}/results.json`)).rows, sheet.rows);
    for (const bad of [`${list[0].dir}/journal`, `../${list[0].dir}/results.csv`, `${list[0].dir}/../../pin`,
      `%2e%2e/${list[0].dir}/results.csv`, `.new-x/results.csv`, `${list[0].dir}`, `nothing/results.csv`]) {
      // As sent, not as a browser would tidy the path first.
      const r2 = await raw(clock, { path: `/api/archive/${bad}` });
      assert.equal(r2.status, 404, bad);
    }

    // The new tournament runs like any other, and a restart brings it back.
    const one = await command(clock, cookie, { type: 'register', name: 'Fay Holm' });
    assert.equal(one.status, 200);
    assert.equal(one.body.players[0].id, 1);
    const last = (await getJson(clock, '/api/state')).body;
    await clock.kill();
    clock = await startClock({ stateDir: dir, args: ['--config', SEATED] });
    const back = (await getJson(clock, '/api/state')).body;
    assert.equal(back.players.entries, 1);
    assert.ok(back.seq > last.seq, 'seq still grows');
    assert.equal(back.roster_version, last.roster_version);
    const names = (await getJson(clock, '/api/players')).body.players.map((p) => p.name);
    assert.deepEqual(names, ['Fay Holm']);
    assert.equal((await getJson(clock, '/api/archive')).body.tournaments.length, 1);
  } finally {
    await clock.stop();
    clock.cleanup();
  }
});

test('a tournament that is over, or where nothing happened, needs no confirmation', async () => {
  const clock = await startClock({ args: ['--config', SEATED] });
  try {
    const cookie = await login(clock);
    const idle = await command(clock, cookie, { type: 'new_tournament' });
    assert.equal(idle.status, 200, JSON.stringify(idle.body));
    assert.equal(idle.body.archived, null, 'nothing was ever saved: nothing to keep');
    await command(clock, cookie, { type: 'register', names: ['Winner', 'Runner-up'] });
    await command(clock, cookie, { type: 'start' });
    const b = await command(clock, cookie, { type: 'bust', player: 2 });
    assert.equal(b.status, 200);
    assert.equal((await getJson(clock, '/api/state')).body.over, true);
    const r = await command(clock, cookie, { type: 'new_tournament' });
    assert.equal(r.status, 200, JSON.stringify(r.body));
    const kept = JSON.parse(readFileSync(join(clock.stateDir, r.body.archived, 'results.json'), 'utf8'));
    assert.deepEqual(kept.rows.map((x) => [x.place, x.name]), [[1, 'Winner'], [2, 'Runner-up']]);
    assert.equal(kept.over, true);
  } finally {
    await clock.stop();
    clock.cleanup();
  }
});

test('a follower refuses it: the master keeps the tournament', async () => {
  const master = await startClock({ args: ['--config', SEATED] });
  const follower = await startClock({ args: ['--follow', master.base] });
  try {
    const cookie = await login(follower);
    const r = await command(follower, cookie, { type: 'new_tournament', confirm: true });
    assert.equal(r.status, 409);
    assert.match(r.body.error, /follows/);
  } finally {
    await follower.stop();
    await master.stop();
    follower.cleanup();
    master.cleanup();
  }
});

test('an archive that cannot be written changes nothing', async () => {
  let clock = await startClock({ args: ['--config', SEATED] });
  const dir = clock.stateDir;
  try {
    const cookie = await login(clock);
    await underWay(clock, cookie);
    const before = (await getJson(clock, '/api/state')).body;
    // Where the archive folder goes there is a file: it cannot be made.
    writeFileSync(join(dir, 'archive'), 'in the way');
    const r = await command(clock, cookie, { type: 'new_tournament', confirm: true });
    assert.equal(r.status, 503);
    assert.match(r.body.error, /cannot put the tournament aside: .*nothing was changed/);
    const now = (await getJson(clock, '/api/state')).body;
    assert.equal(now.players.entries, 5);
    assert.equal(now.players.remaining, 4);
    assert.equal(now.roster_version, before.roster_version);
    // It goes on, and a restart finds it as it was.
    assert.equal((await command(clock, cookie, { type: 'bust', player: 3 })).status, 200);
    await clock.kill();
    clock = await startClock({ stateDir: dir, args: ['--config', SEATED] });
    assert.equal((await getJson(clock, '/api/state')).body.players.remaining, 3);
  } finally {
    await clock.stop();
    clock.cleanup();
  }
});

// A full disk half way through the archive (a small tmpfs, as root), then
// room again: nothing was changed, nothing is left behind, and it works.
const canMount = (() => {
  if (process.getuid?.() !== 0) return false;
  const m = mkdtempSync(join(tmpdir(), 'pokerclock-mnt-'));
  try {
    execFileSync('mount', ['-t', 'tmpfs', '-o', 'size=64k', 'tmpfs', m], { stdio: 'ignore' });
    execFileSync('umount', [m]);
    return true;
  } catch {
    return false;
  } finally {
    rmSync(m, { recursive: true, force: true });
  }
})();

test('a full disk changes nothing', { skip: !canMount && 'needs root to mount a small tmpfs' }, async () => {
  const mnt = mkdtempSync(join(tmpdir(), 'pokerclock-full-'));
  execFileSync('mount', ['-t', 'tmpfs', '-o', 'size=2m', 'tmpfs', mnt]);
  const dir = join(mnt, 'state');
  let clock;
  try {
    clock = await startClock({ stateDir: dir, args: ['--config', SEATED] });
    const cookie = await login(clock);
    await underWay(clock, cookie);
    const journal = statSync(join(dir, 'journal')).size;
    // Fill the disk, then leave less room than the journal's copy needs.
    const filler = join(mnt, 'filler');
    const fd = openSync(filler, 'w');
    const block = Buffer.alloc(4096, 1);
    let size = 0;
    try {
      for (;;) size += writeSync(fd, block);
    } catch { /* full */ }
    ftruncateSync(fd, Math.max(0, size - Math.floor(journal / 2 / 4096) * 4096));
    closeSync(fd);
    const r = await command(clock, cookie, { type: 'new_tournament', confirm: true });
    assert.equal(r.status, 503, JSON.stringify(r.body));
    assert.match(r.body.error, /nothing was changed/);
    assert.equal((await getJson(clock, '/api/state')).body.players.entries, 5);
    assert.deepEqual(archived(dir), [], 'no half-written folder left');
    rmSync(filler);
    const ok = await command(clock, cookie, { type: 'new_tournament', confirm: true });
    assert.equal(ok.status, 200, JSON.stringify(ok.body));
    assert.equal(archived(dir).length, 1);
  } finally {
    if (clock) await clock.stop();
    execFileSync('umount', [mnt]);
    rmSync(mnt, { recursive: true, force: true });
  }
});

// kill -9 while the new tournament is being made, at moments spread over its
// time: the restart finds the old tournament whole or the new one, never a
// mix; an archive folder that is listed is complete.
test('kill -9 during new_tournament restarts into the old or the new tournament', { timeout: 120000 }, async () => {
  const seen = { old: 0, fresh: 0 };
  // How long one takes here, so that the kills fall before, during and after.
  let took;
  {
    const clock = await startClock({ args: ['--config', SEATED] });
    try {
      const cookie = await login(clock);
      await underWay(clock, cookie);
      const t0 = performance.now();
      assert.equal((await command(clock, cookie, { type: 'new_tournament', confirm: true })).status, 200);
      took = performance.now() - t0;
    } finally {
      await clock.stop();
      clock.cleanup();
    }
  }
  const ROUNDS = 12;
  for (let round = 0; round < ROUNDS; round++) {
    const dir = freshStateDir();
    let clock = await startClock({ stateDir: dir, args: ['--config', SEATED] });
    try {
      const cookie = await login(clock);
      await underWay(clock, cookie);
      const sent = command(clock, cookie, { type: 'new_tournament', confirm: true }).catch(() => null);
      await sleep((took * 1.5 * round) / (ROUNDS - 1));
      await clock.kill();
      await sent;
      clock = await startClock({ stateDir: dir, args: ['--config', SEATED] });
      const s = (await getJson(clock, '/api/state')).body;
      const players = (await getJson(clock, '/api/players')).body.players;
      if (s.players.entries === 0) {
        seen.fresh++;
        assert.equal(players.length, 0);
        assert.equal(s.started, false);
      } else {
        seen.old++;
        assert.equal(s.players.entries, 5);
        assert.equal(s.players.remaining, 4);
        assert.deepEqual(players.map((p) => p.name), NAMES);
      }
      const list = (await getJson(clock, '/api/archive')).body.tournaments;
      if (s.players.entries === 0) assert.equal(list.length, 1, 'the new one: the old one is kept');
      for (const a of list) {
        const kept = JSON.parse(readFileSync(join(dir, 'archive', a.dir, 'results.json'), 'utf8'));
        assert.ok(kept.rows.some((x) => x.name === 'Bo Ek'));
        assert.ok(existsSync(join(dir, 'archive', a.dir, 'journal')));
      }
      assert.deepEqual(archived(dir).filter((d) => d.startsWith('.')), [], 'half-written folders are cleared');
    } finally {
      await clock.stop();
      clock.cleanup();
    }
  }
  console.log(`# kill -9 during new_tournament (${took.toFixed(1)} ms each): ${seen.old} restarts found the old tournament, ${seen.fresh} the new`);
});

test('--new at start puts the saved tournament in the archive with its sheets, as the panel does', async () => {
  let clock = await startClock({ args: ['--config', SEATED] });
  const dir = clock.stateDir;
  try {
    const cookie = await login(clock);
    await underWay(clock, cookie);
    const csv = await text(clock, '/api/results.csv');
    const before = (await getJson(clock, '/api/state')).body;
    await clock.stop();
    clock = await startClock({ stateDir: dir, args: ['--config', SEATED, '--new'] });
    const after = (await getJson(clock, '/api/state')).body;
    assert.equal(after.players.entries, 0, 'the configured tournament, fresh');
    assert.equal(after.started, false);
    assert.ok(after.seq > before.seq && after.roster_version > before.roster_version,
      'screens that saw the old one fetch everything again');
    const list = (await getJson(clock, '/api/archive')).body.tournaments;
    assert.equal(list.length, 1);
    assert.equal(list[0].name, 'Friday Freezeout');
    assert.equal(await text(clock, `/api/archive/${list[0].dir}/results.csv`), csv);
    assert.ok(readFileSync(join(dir, 'archive', list[0].dir, 'journal')).includes('Eva Gran'));
    assert.match(clock.stderr, new RegExp(`kept in .*archive/${list[0].dir}`));
    assert.ok(!readdirSync(dir).some((f) => /^journal\./.test(f)), 'no loose journal.<time> beside it');
    // With nothing saved, --new just starts: nothing archived, nothing refused.
    await clock.stop();
    clock = await startClock({ stateDir: dir, args: ['--config', SEATED, '--new'] });
    assert.equal((await getJson(clock, '/api/archive')).body.tournaments.length, 1);

    // The appliance's way (a new tournament file on the boot partition): a
    // file new-tournament in the state directory does what --new does, once.
    await underWay(clock, await login(clock));
    await clock.stop();
    writeFileSync(join(dir, 'new-tournament'), '');
    clock = await startClock({ stateDir: dir, args: ['--config', SEATED] });
    assert.equal((await getJson(clock, '/api/state')).body.players.entries, 0);
    assert.equal((await getJson(clock, '/api/archive')).body.tournaments.length, 2);
    assert.ok(!existsSync(join(dir, 'new-tournament')), 'the file is gone: done once');
    await command(clock, await login(clock), { type: 'register', name: 'Fay Holm' });
    await clock.stop();
    clock = await startClock({ stateDir: dir, args: ['--config', SEATED] });
    assert.equal((await getJson(clock, '/api/state')).body.players.entries, 1, 'the next start resumes');
  } finally {
    await clock.stop();
    clock.cleanup();
  }
});
