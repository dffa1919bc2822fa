// What the journal costs at 50, 500 and 2,000 players, over HTTP on a real
// headless clock: the bytes a command adds (its record, and the snapshots and
// compaction spread over the commands), the journal's largest size, and a
// restart after kill -9 with the journal as the evening left it: the time
// until /healthz answers and the peak memory (VmHWM) against the running
// clock's memory before the kill (the state's own size) and against a clock
// started on an empty state directory (the floor). The alternative measured
// in the same run: a snapshot of the whole tournament after every command,
// as the journal was written before (the command's record plus the last
// snapshot's size). Prints figures only; no pass/fail.
import { mkdtempSync, readFileSync, statSync, writeFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startClock, login, command, freshStateDir } from '../api/clock.mjs';

const SIZES = (process.env.BENCH_JOURNAL_PLAYERS || '50,500,2000').split(',').map(Number);
const ROUNDS = Number(process.env.BENCH_JOURNAL_ROUNDS || 60); // of 5 commands each
const cfgDir = mkdtempSync(join(tmpdir(), 'pokerclock-bench-journal-'));

const median = (a) => [...a].sort((x, y) => x - y)[Math.floor(a.length / 2)] ?? 0;
const kb = (n) => `${(n / 1024).toFixed(1)} KiB`;
const size = (dir) => { try { return statSync(join(dir, 'journal')).size; } catch { return 0; } };

// The journal's records: [kind, type, bytes].
function records(dir) {
  const b = readFileSync(join(dir, 'journal'));
  const out = [];
  for (let p = 0; p + 9 <= b.length;) {
    const len = b.readUInt32LE(p + 1);
    const text = b.subarray(p + 9, p + 9 + len).toString();
    const kind = /^\{"k":"([a-z]+)"/.exec(text)?.[1];
    const type = /"cmd":\{"type":"([a-z_]+)"/.exec(text)?.[1];
    out.push([kind, type, len + 9]);
    p += 9 + len;
  }
  return out;
}

function status(pid, key) {
  const m = new RegExp(`^${key}:\\s+(\\d+) kB`, 'm').exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
  return m ? Number(m[1]) * 1024 : 0;
}

async function timedStart(opts) {
  const t0 = process.hrtime.bigint();
  const clock = await startClock(opts);
  return { clock, ms: Number(process.hrtime.bigint() - t0) / 1e6 };
}

function config(players) {
  const tables = Math.ceil(players / 8) + 2;
  const file = join(cfgDir, `t${players}.cfg`);
  writeFileSync(file, `tables = { count = ${tables}; seats = 9; };\n` +
    'tournament = { name = "Journal bench"; buy_in = 100; starting_stack = 10000;\n' +
    '  late_registration = { until_level = 2; };\n' +
    '  levels = ( { small_blind = 25; big_blind = 50; minutes = 600; },\n' +
    '             { small_blind = 50; big_blind = 100; minutes = 20; } );\n' +
    '  payouts = ( { min_entries = 3; places = [ 50, 30, 20 ]; } ); };\n');
  return file;
}

const rows = [];
// The floor: a clock on an empty state directory, the median of 3 starts.
let floor;
{
  const starts = [];
  for (let i = 0; i < 3; i++) {
    const { clock, ms } = await timedStart({});
    starts.push({ ms, hwm: status(clock.proc.pid, 'VmHWM') });
    await clock.stop();
    clock.cleanup();
  }
  floor = { ms: median(starts.map((s) => s.ms)), hwm: median(starts.map((s) => s.hwm)) };
}
for (const players of SIZES) {
  const cfg = config(players);
  const clock = await startClock({ args: ['--config', cfg] });
  const dir = clock.stateDir;
  let back;
  try {
    const cookie = await login(clock);
    for (let k = 0; k < players; k += 100) {
      const names = Array.from({ length: Math.min(100, players - k) }, (_, i) => `Player Name ${k + i + 1}`);
      const r = await command(clock, cookie, { type: 'register', names });
      if (r.status !== 200) throw new Error(JSON.stringify(r.body));
    }
    await command(clock, cookie, { type: 'start' });
    // The commands of an evening, in turn; the journal's size after each.
    // Compaction says what it kept and dropped on standard error: appended =
    // growth + dropped; written = appended + what compaction copied.
    const compactions = () => [...clock.stderr.matchAll(/journal compacted: (\d+) bytes kept, (\d+) dropped/g)]
      .reduce((a, m) => ({ kept: a.kept + Number(m[1]), dropped: a.dropped + Number(m[2]), n: a.n + 1 }),
        { kept: 0, dropped: 0, n: 0 });
    const start = size(dir), c0 = compactions();
    let largest = start, commands = 0, refused = 0;
    const after = () => { largest = Math.max(largest, size(dir)); };
    let bust = players;
    for (let i = 0; i < ROUNDS; i++) {
      for (const c of [{ type: 'pause' }, { type: 'resume' }, { type: 'bust', player: bust-- },
        { type: 'register', name: `Late ${i}` }, { type: 'adjust', delta_ms: 1000 }]) {
        const r = await command(clock, cookie, c);
        if (r.status === 200) commands++; else refused++;
        after();
      }
    }
    const c1 = compactions();
    const appended = size(dir) - start + (c1.dropped - c0.dropped);
    const written = appended + (c1.kept - c0.kept), compacted = c1.n - c0.n;
    const recs = records(dir);
    const byType = {};
    for (const [kind, type, bytes] of recs)
      if (kind === 'cmd') (byType[type] ||= []).push(bytes);
    const snaps = recs.filter(([k]) => k === 'snap').map(([, , b]) => b);
    const snap = snaps.at(-1) || 0;
    const cmdBytes = median(Object.values(byType).flat());
    const rss = status(clock.proc.pid, 'VmRSS');
    await clock.kill();
    const r = await timedStart({ stateDir: dir, args: ['--config', cfg] });
    back = r.clock;
    rows.push({ players, commands, refused, byType, cmdBytes, appended, written, compacted, largest,
      end: size(dir), snap, rss, restart: r.ms, hwm: status(back.proc.pid, 'VmHWM') });
  } finally {
    await (back || clock).stop();
    (back || clock).cleanup();
  }
}

console.log(`floor: a clock on an empty state directory starts in (median of 3) ${floor.ms.toFixed(0)} ms, VmHWM ${kb(floor.hwm)}`);
for (const r of rows) {
  const types = Object.entries(r.byType).map(([t, b]) => `${t} ${median(b)}`).join(', ');
  const old = r.cmdBytes + r.snap;
  console.log(`${r.players} players, ${r.commands} commands (${r.refused} refused):`);
  console.log(`  a command's record: median ${r.cmdBytes} bytes (${types})`);
  console.log(`  appended per command, snapshots included: ${(r.appended / r.commands).toFixed(0)} bytes; written per command with ${r.compacted} compactions' copies: ${(r.written / r.commands).toFixed(0)} bytes`);
  console.log(`  a snapshot after every command (the journal before): ${old} bytes a command, ${(old / (r.appended / r.commands)).toFixed(1)}x this`);
  console.log(`  journal: largest ${kb(r.largest)}, at the end ${kb(r.end)}, the last snapshot ${kb(r.snap)}`);
  console.log(`  restart after kill -9 to /healthz: ${r.restart.toFixed(0)} ms (${(r.restart / floor.ms).toFixed(2)}x the floor); VmHWM ${kb(r.hwm)}, ${(r.hwm / r.rss).toFixed(2)}x the running clock's RSS (${kb(r.rss)}), ${(r.hwm / floor.hwm).toFixed(2)}x the floor`);
}
rmSync(cfgDir, { recursive: true, force: true });
