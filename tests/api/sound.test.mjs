// The wall's sounds: played on the sound device (SDL's disk driver writes
// what the card would hear to a file), at the configured volume, silent
// when the panel says quiet; said on the panel when there is no device.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync, readdirSync, statSync, writeFileSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startClock, getJson, login, command, sleep } from './clock.mjs';

const RATE = 22050;

// The samples of a 16-bit mono WAV (the data chunk).
function wavSamples(file) {
  const b = readFileSync(file);
  let at = 12;
  while (at < b.length) {
    const id = b.toString('latin1', at, at + 4), size = b.readUInt32LE(at + 4);
    if (id === 'data') return new Int16Array(b.buffer.slice(b.byteOffset + at + 8, b.byteOffset + at + 8 + size));
    at += 8 + size;
  }
  throw new Error(`${file}: no data`);
}

// The sounds in what the device played: runs of samples louder than the
// noise floor, apart by more than 50 ms of quiet.
function soundsIn(raw) {
  const s = new Int16Array(raw.buffer.slice(raw.byteOffset, raw.byteOffset + (raw.length & ~1)));
  const found = [];
  let start = -1, last = -1;
  for (let i = 0; i < s.length; i++) {
    if (Math.abs(s[i]) <= 100) continue;
    if (start >= 0 && i - last > RATE / 20) { found.push({ start, end: last, peak: 0 }); start = -1; }
    if (start < 0) start = i;
    last = i;
  }
  if (start >= 0) found.push({ start, end: last });
  // A sound still being written is not counted yet.
  if (found.length && s.length - found[found.length - 1].end < RATE / 5) found.pop();
  return found.map((f) => {
    let peak = 0;
    for (let i = f.start; i <= f.end; i++) peak = Math.max(peak, Math.abs(s[i]));
    return { seconds: (f.end - f.start) / RATE, peak };
  });
}

// The clock with a window (SDL's dummy video) and the disk audio driver.
async function wallWithSound(tmp, args = []) {
  const out = join(tmp, 'heard.raw');
  const clock = await startClock({
    args, headless: false,
    env: { SDL_AUDIODRIVER: 'disk', SDL_DISKAUDIOFILE: out},
  });
  // The wall opens its sound device once the panel answers already.
  for (let i = 0; i < 200 && !(await getJson(clock, '/api/state')).body.sound; i++) await sleep(25);
  return { clock, heard: () => (existsSync(out) ? soundsIn(readFileSync(out)) : []) };
}

async function until(what, fn, ms = 5000) {
  const end = Date.now() + ms;
  for (;;) {
    const v = fn();
    if (v || Date.now() > end) return v;
    await sleep(50);
  }
}

function peakOf(name) {
  return wavSamples(`assets/sounds/${name}.wav`).reduce((m, x) => Math.max(m, Math.abs(x)), 0);
}
function secondsOf(name) {
  return wavSamples(`assets/sounds/${name}.wav`).length / RATE;
}

test('a new level sounds on the device at the configured volume; quiet on the panel silences it', async () => {
  const tmp = mkdtempSync(join(tmpdir(), 'pokerclock-sound-'));
  const { clock, heard } = await wallWithSound(tmp);
  try {
    const cookie = await login(clock);
    assert.equal((await command(clock, cookie, { type: 'start' })).status, 200);
    assert.equal((await command(clock, cookie, { type: 'next_level' })).status, 200);
    const got = await until('the level sound', () => heard().length >= 1 && heard());
    assert.ok(got, 'a sound was played');
    assert.equal(got.length, 1, JSON.stringify(got));
    // The level sound, whole, at 80 % (the default volume).
    assert.ok(Math.abs(got[0].seconds - secondsOf('level')) < 0.02, JSON.stringify(got));
    assert.ok(Math.abs(got[0].peak - Math.round(peakOf('level') * 0.8)) <= 2, JSON.stringify(got));

    const q = await command(clock, cookie, { type: 'sound', quiet: true });
    assert.equal(q.status, 200);
    assert.equal(q.body.state.quiet, true);
    assert.equal((await command(clock, cookie, { type: 'sound', quiet: true })).status, 409);
    assert.equal((await command(clock, cookie, { type: 'next_level' })).status, 200);
    await sleep(800);
    assert.equal(heard().length, 1, 'quiet: nothing more was played');
  } finally {
    await clock.stop();
    clock.cleanup();
    rmSync(tmp, { recursive: true, force: true });
  }
});

test('the configuration chooses each sound and the volume', async () => {
  const tmp = mkdtempSync(join(tmpdir(), 'pokerclock-sound-'));
  const cfg = join(tmp, 'sound.cfg');
  writeFileSync(cfg, readFileSync('assets/structures/default.cfg', 'utf8').replace('language = "en";',
    'language = "en";\nsound = { volume = 50; level = "chime"; };'));
  const { clock, heard } = await wallWithSound(tmp, ['--config', cfg]);
  try {
    const cookie = await login(clock);
    assert.equal((await command(clock, cookie, { type: 'start' })).status, 200);
    assert.equal((await command(clock, cookie, { type: 'next_level' })).status, 200);
    const got = await until('the chime', () => heard().length >= 1 && heard());
    assert.ok(got, clock.stderr);
    assert.ok(Math.abs(got[0].seconds - secondsOf('chime')) < 0.02, JSON.stringify(got));
    assert.ok(Math.abs(got[0].peak - Math.round(peakOf('chime') * 0.5)) <= 2, JSON.stringify(got));
  } finally {
    await clock.stop();
    clock.cleanup();
    rmSync(tmp, { recursive: true, force: true });
  }
});

test('without a sound device the log says so once and the state tells the panel', async (t) => {
  const cards = existsSync('/dev/snd') && readdirSync('/dev/snd').some((f) => /^pcmC.*p$/.test(f));
  if (cards) return t.skip('this machine has a sound card');
  const clock = await startClock({ headless: false, env: { SDL_AUDIODRIVER: '' } });
  try {
    let s;
    for (let i = 0; i < 200 && !(s = (await getJson(clock, '/api/state')).body).sound; i++) await sleep(25);
    assert.equal(s.sound.device, false);
    assert.match(s.sound.why, /no sound card/);
    assert.equal(s.sound.why_refusal.code, 'sound_no_card');
    await sleep(200);
    assert.equal(clock.stderr.match(/no sound card/g)?.length, 1, clock.stderr);
  } finally {
    await clock.stop();
    clock.cleanup();
  }
});

test('the sound files are valid, short and not silent', () => {
  const files = readdirSync('assets/sounds').filter((f) => f.endsWith('.wav'));
  assert.ok(files.length >= 10, files.join());
  for (const f of files) {
    const path = join('assets/sounds', f);
    const info = execFileSync('soxi', [path], { encoding: 'utf8' });
    assert.match(info, /Channels\s+: 1/, f);
    assert.match(info, /Sample Rate\s+: 22050/, f);
    assert.match(info, /Precision\s+: 16-bit/, f);
    const seconds = Number(execFileSync('soxi', ['-D', path], { encoding: 'utf8' }));
    assert.ok(seconds > 0.05 && seconds < 2, `${f}: ${seconds} s`);
    assert.ok(statSync(path).size < 100 * 1024, `${f}: ${statSync(path).size} bytes`);
    const peak = wavSamples(path).reduce((m, x) => Math.max(m, Math.abs(x)), 0);
    assert.ok(peak > 32767 * 0.5, `${f}: peak ${peak}`);
  }
});
