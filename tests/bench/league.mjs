// The league at scale, over loopback: 40 tournaments of 60 players (drawn
// from 150 names, so that they come back) put aside through the API, then
// the desk's names (the index built once, then asked as a director types),
// a season over all 40 as JSON and CSV, and a season saved (its board for
// the wall made again). Prints figures only; no pass/fail.
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { startClock, login, command, postJson } from '../api/clock.mjs';

const TOURNAMENTS = 40, FIELD = 60, POOL = 150;
const cfgDir = mkdtempSync(join(tmpdir(), 'pokerclock-bench-'));
const cfg = join(cfgDir, 'league.cfg');
writeFileSync(cfg, readFileSync(resolve('tests/api/fixtures/league.cfg'), 'utf8')
  .replace(/^tables = .*$/m, 'tables = { count = 8; seats = 9; };'));

const ms = (t0) => Number(process.hrtime.bigint() - t0) / 1e6;
const median = (a) => [...a].sort((x, y) => x - y)[Math.floor(a.length / 2)];
const fmt = (x) => x.toFixed(1);
const FIRST = ['Åse', 'Bjørn', 'Cato', 'Dina', 'Eli', 'Finn', 'Gro', 'Hans', 'Ida', 'Jon'];
const LAST = ['Lie', 'Ødegård', 'Berg', 'Holm', 'Nes', 'Ask', 'Dahl', 'Ek', 'Moe', 'Ruud', 'Vik', 'Aas', 'Lund', 'Sand', 'Strand'];
const names = Array.from({ length: POOL }, (_, i) => `${FIRST[i % 10]} ${LAST[Math.floor(i / 10)]}`);

const clock = await startClock({ args: ['--config', cfg] });
try {
  const cookie = await login(clock);
  const put = [];
  for (let t = 0; t < TOURNAMENTS; t++) {
    const field = Array.from({ length: FIELD }, (_, i) => names[(t * 37 + i * 7) % POOL]);
    const r = await command(clock, cookie, { type: 'register', names: [...new Set(field)] });
    if (r.status !== 200) throw new Error(JSON.stringify(r.body));
    const n = r.body.players.length;
    await command(clock, cookie, { type: 'start' });
    for (let p = n; p > 1; p--) await command(clock, cookie, { type: 'bust', player: p });
    const t0 = process.hrtime.bigint();
    await command(clock, cookie, { type: 'new_tournament', confirm: true });
    put.push(ms(t0));
  }
  const ask = async (prefix) => {
    const t0 = process.hrtime.bigint();
    const r = await fetch(`${clock.base}/api/names?prefix=${encodeURIComponent(prefix)}`, { headers: { Cookie: cookie } });
    await r.json();
    return ms(t0);
  };
  const first = await ask('as');
  const typed = [];
  for (let i = 0; i < 50; i++) typed.push(await ask(['a', 'as', 'be', 'ø', 'li', 'hol'][i % 6]));
  const t1 = process.hrtime.bigint();
  const saved = await postJson(clock, '/api/league', { type: 'season_save', season: { name: 'All', best: 10, min: 5 }, current: true }, { cookie });
  const save = ms(t1);
  if (saved.status !== 200) throw new Error(JSON.stringify(saved.body));
  const table = [], csv = [];
  let bytes = 0, rows = 0, csvBytes = 0;
  for (let i = 0; i < 10; i++) {
    let t0 = process.hrtime.bigint();
    const j = await (await fetch(`${clock.base}/api/league/standings`)).text();
    table.push(ms(t0));
    bytes = j.length;
    rows = JSON.parse(j).rows.length;
    t0 = process.hrtime.bigint();
    csvBytes = (await (await fetch(`${clock.base}/api/league.csv`)).arrayBuffer()).byteLength;
    csv.push(ms(t0));
  }
  console.log(`${TOURNAMENTS} tournaments of ${FIELD} put aside: new_tournament ${fmt(median(put))} ms (median, the board made again included), max ${fmt(Math.max(...put))} ms`);
  console.log(`GET /api/names: first ${fmt(first)} ms (the index built from ${TOURNAMENTS} sheets), then ${fmt(median(typed))} ms (median of 50, max ${fmt(Math.max(...typed))})`);
  console.log(`season saved (file written, board made): ${fmt(save)} ms`);
  console.log(`GET /api/league/standings: ${rows} players, ${(bytes / 1024).toFixed(0)} KB in ${fmt(median(table))} ms (median of 10); CSV ${(csvBytes / 1024).toFixed(0)} KB in ${fmt(median(csv))} ms`);
} finally {
  await clock.stop();
  clock.cleanup();
}
