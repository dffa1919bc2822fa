// Players by name at scale, over loopback: 2,000 players registered in
// lists of 100 on 250 tables of 8 seats, busts by number, GET /api/players,
// the state's size, hand-for-hand on all 250 tables, and a restart that reads
// the journal back. Prints figures only; no pass/fail.
import { mkdtempSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { startClock, login, command, getJson } from '../api/clock.mjs';

const PLAYERS = 2000, BUSTS = 200;
const cfgDir = mkdtempSync(join(tmpdir(), 'pokerclock-bench-'));
const cfg = join(cfgDir, 'big.cfg');
writeFileSync(cfg, 'tables = { count = 250; seats = 8; };\n' +
  readFileSync(resolve('assets/structures/default.cfg'), 'utf8'));

const ms = (t0) => Number(process.hrtime.bigint() - t0) / 1e6;
const median = (a) => [...a].sort((x, y) => x - y)[Math.floor(a.length / 2)];
const fmt = (x) => x.toFixed(1);

let clock = await startClock({ args: ['--config', cfg] });
const dir = clock.stateDir;
try {
  const cookie = await login(clock);
  const state0 = JSON.stringify((await getJson(clock, '/api/state')).body).length;
  const reg = [];
  for (let k = 0; k < PLAYERS / 100; k++) {
    const names = Array.from({ length: 100 }, (_, i) => `Player Name ${k * 100 + i + 1}`);
    const t0 = process.hrtime.bigint();
    const r = await command(clock, cookie, { type: 'register', names });
    reg.push(ms(t0));
    if (r.status !== 200) throw new Error(JSON.stringify(r.body));
  }
  const one = [];
  const busts = [];
  for (let id = 1; id <= BUSTS; id++) {
    const t0 = process.hrtime.bigint();
    const r = await command(clock, cookie, { type: 'bust', player: id });
    busts.push(ms(t0));
    if (r.status !== 200) throw new Error(JSON.stringify(r.body));
  }
  for (let i = 0; i < 20; i++) {
    const t0 = process.hrtime.bigint();
    await command(clock, cookie, { type: 'register', name: `Late ${i}` });
    one.push(ms(t0));
  }
  const stateN = JSON.stringify((await getJson(clock, '/api/state')).body).length;
  const get = [];
  let size = 0;
  for (let i = 0; i < 20; i++) {
    const t0 = process.hrtime.bigint();
    const r = await fetch(clock.base + '/api/players');
    size = (await r.text()).length;
    get.push(ms(t0));
  }
  const journal = statSync(join(dir, 'journal')).size;
  console.log(`register a list of 100 names, seats drawn (journal fsync included): median ${fmt(median(reg))} ms, max ${fmt(Math.max(...reg))} ms`);
  console.log(`register one name at ${PLAYERS}+ players: median ${fmt(median(one))} ms`);
  console.log(`bust by player at ${PLAYERS} players: median ${fmt(median(busts))} ms, max ${fmt(Math.max(...busts))} ms`);
  console.log(`GET /api/state: ${state0} bytes with no player, ${stateN} bytes with ${PLAYERS + 20}`);
  console.log(`GET /api/players at ${PLAYERS + 20} players: ${size} bytes, median ${fmt(median(get))} ms`);
  console.log(`journal after ${PLAYERS / 100 + BUSTS + 20} commands: ${Math.round(journal / 1024)} KiB (a command's record holds what it changed; a snapshot with the roster now and then; compaction keeps the last two)`);
  // Hand-for-hand on every table in play (250: beyond the 64 a 64-bit set held).
  await command(clock, cookie, { type: 'start' });
  let h0 = process.hrtime.bigint();
  const hs = await command(clock, cookie, { type: 'hand_for_hand_start' });
  const hfhStart = ms(h0);
  if (hs.status !== 200) throw new Error(JSON.stringify(hs.body));
  const tables = hs.body.state.hand_for_hand.tables;
  const done = [];
  for (let t = 1; t <= tables; t++) {
    h0 = process.hrtime.bigint();
    const r = await command(clock, cookie, { type: 'table_done', table: t });
    done.push(ms(h0));
    if (r.status !== 200) throw new Error(JSON.stringify(r.body));
  }
  const stateH = JSON.stringify((await getJson(clock, '/api/state')).body).length;
  console.log(`hand-for-hand on the ${tables} tables in play: start ${fmt(hfhStart)} ms, table_done median ${fmt(median(done))} ms, max ${fmt(Math.max(...done))} ms; GET /api/state ${stateH} bytes with every table listed`);
  await clock.kill();
  const t0 = process.hrtime.bigint();
  clock = await startClock({ stateDir: dir, args: ['--config', cfg] });
  const back = await getJson(clock, '/api/players');
  console.log(`restart after kill -9 until /api/players answers: ${fmt(ms(t0))} ms (${back.body.players.length} players back)`);
} finally {
  await clock.stop();
  clock.cleanup();
}
