// kill -9 soak: the real pokerclock under command load over real HTTP, killed
// at random moments; after each restart every acknowledged command is there.
//   node tests/soak/soak.mjs [CYCLES]      (make soak CYCLES=N)
// Prints a summary of counts; exits 1 on the first lost or half-applied command.
import { startClock, getJson, login, command, freshStateDir, sleep } from '../api/clock.mjs';

const cycles = Number(process.argv[2] || process.env.CYCLES || 20);
const CLIENTS = 3;

const acked = { register: 0, add_level: 0, adjust: 0, announce: 0 };
const levels = new Set(); // big blinds of the acknowledged add_levels
let entries = 0, nLevels = 0, maxSeq = 0, refused = 0, failed = 0, inFlightLost = 0;
let nextBlind = 1;
let lastAnnouncement = '';
const restartMs = [];

function fail(msg) {
  console.error(`soak: FAILED: ${msg}`);
  failed++;
}

// One client: a random command after another until the clock goes away.
async function client(clock, cookie, state) {
  for (;;) {
    const kind = ['register', 'register', 'add_level', 'adjust', 'announce'][Math.floor(Math.random() * 5)];
    let cmd;
    let blind = 0;
    if (kind === 'register') cmd = { type: 'register' };
    else if (kind === 'adjust') cmd = { type: 'adjust', delta_ms: 1000 };
    else if (kind === 'announce') cmd = { type: 'announce', text: `soak ${Math.random()}`, seconds: 0 };
    else if (state.levels_count >= 120) continue;
    else {
      blind = 1000 * nextBlind++;
      cmd = { type: 'add_level', after: state.levels_count - 1, small_blind: blind / 2,
              big_blind: blind, ante: 0, minutes: 20 };
    }
    let r;
    state.inFlight++;
    try {
      r = await command(clock, cookie, cmd);
    } catch {
      return; // the clock was killed: this one may or may not be saved
    }
    state.inFlight--;
    if (r.status !== 200) {
      refused++;
      continue;
    }
    acked[kind]++;
    maxSeq = Math.max(maxSeq, r.body.seq);
    state.levels_count = r.body.state.levels_count;
    if (kind === 'register') entries++;
    if (kind === 'add_level') { nLevels++; levels.add(blind); }
    if (kind === 'announce') lastAnnouncement = cmd.text;
  }
}

async function check(clock, cycle, inFlight) {
  const s = (await getJson(clock, '/api/state')).body;
  const e = s.players.entries;
  if (e < entries || e > entries + inFlight)
    fail(`cycle ${cycle}: ${e} entries, ${entries} acknowledged, ${inFlight} in flight`);
  if (s.players.remaining !== e) fail(`cycle ${cycle}: ${s.players.remaining} remaining of ${e} entries`);
  if (s.seq <= maxSeq) fail(`cycle ${cycle}: seq ${s.seq} after ${maxSeq} was seen`);
  if (!s.running || s.recovered_after_power_loss) fail(`cycle ${cycle}: the clock stopped`);
  const st = (await getJson(clock, '/api/structure')).body;
  const have = new Set(st.levels.map((l) => l.big_blind));
  for (const b of levels) if (!have.has(b)) fail(`cycle ${cycle}: the acknowledged level ${b / 2}/${b} is lost`);
  if (lastAnnouncement && s.announcement !== lastAnnouncement && inFlight === 0)
    fail(`cycle ${cycle}: announcement "${s.announcement}", acknowledged "${lastAnnouncement}"`);
  inFlightLost += e - entries; // in flight at the kill and saved after all
  entries = e; // from now on, what the clock holds is what was acknowledged
  for (const l of st.levels) if (l.big_blind >= 1000 && l.big_blind % 1000 === 0) levels.add(l.big_blind);
  nLevels = st.levels.length;
  maxSeq = Math.max(maxSeq, s.seq);
  if (s.announcement) lastAnnouncement = s.announcement;
  return s;
}

const dir = freshStateDir();
let clock = await startClock({ stateDir: dir });
const t0 = Date.now();
try {
  let cookie = await login(clock);
  const r = await command(clock, cookie, { type: 'start' });
  if (r.status !== 200) throw new Error(`start: ${r.status}`);
  let levelsCount = r.body.state.levels_count;
  for (let cycle = 1; cycle <= cycles && !failed; cycle++) {
    const state = { levels_count: levelsCount, inFlight: 0 };
    const states = Array.from({ length: CLIENTS }, () => ({ ...state, inFlight: 0 }));
    const running = states.map((st) => client(clock, cookie, st));
    await sleep(100 + Math.random() * 900);
    await clock.kill();
    await Promise.all(running);
    const inFlight = states.reduce((n, st) => n + st.inFlight, 0);
    const r0 = Date.now();
    clock = await startClock({ stateDir: dir });
    restartMs.push(Date.now() - r0);
    const s = await check(clock, cycle, inFlight);
    levelsCount = s.levels_count;
    cookie = await login(clock);
  }
} finally {
  await clock.stop();
  if (!failed) clock.cleanup();
  else console.error(`soak: the state directory is kept: ${dir}`);
}
const total = Object.values(acked).reduce((a, b) => a + b, 0);
const sorted = restartMs.sort((a, b) => a - b);
console.log(`soak: ${restartMs.length} kill -9 cycles in ${((Date.now() - t0) / 1000).toFixed(1)} s, ` +
  `${total} commands acknowledged (${Object.entries(acked).map(([k, v]) => `${v} ${k}`).join(', ')}), ` +
  `${refused} refused, ${inFlightLost} in flight at a kill and kept, ${failed} lost or wrong; ` +
  `restart to answering: median ${sorted[Math.floor(sorted.length / 2)]} ms, max ${sorted[sorted.length - 1]} ms`);
process.exit(failed ? 1 : 0);
