// The wall's voice: a level change heard in the wall's language and then
// in the second one, a text typed on the panel said, and without espeak-ng
// the tones alone, said on the panel. SDL's disk audio driver writes what a
// sound card would play to a file; the test finds espeak-ng's own rendering
// of the expected words in it.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync, writeFileSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import http from 'node:http';
import { startClock, getJson, login, command, sleep } from './clock.mjs';

function wavSamples(file) {
  const b = readFileSync(file);
  for (let at = 12; at < b.length;) {
    const id = b.toString('latin1', at, at + 4), size = b.readUInt32LE(at + 4);
    if (id === 'data') return new Int16Array(b.buffer.slice(b.byteOffset + at + 8, b.byteOffset + at + 8 + size));
    at += 8 + size;
  }
  throw new Error(`${file}: no data`);
}

// What espeak-ng says for text in voice, as the clock plays it at volume %.
function spoken(tmp, voice, text, volume) {
  const f = join(tmp, `${voice}.wav`);
  execFileSync('espeak-ng', ['-v', voice, '-w', f, '--stdin'], { input: text + '\n' });
  return wavSamples(f).map((x) => Math.trunc((x * volume) / 100));
}

// Where a piece from the middle of want (0.2 s of it) starts in heard, or -1.
function find(heard, want) {
  const at = Math.floor(want.length / 2), n = 4410;
  const piece = want.subarray(at, at + n);
  outer: for (let i = 0; i + n <= heard.length; i++) {
    for (let k = 0; k < n; k++) if (heard[i + k] !== piece[k]) continue outer;
    return i - at;
  }
  return -1;
}

function rawSamples(file) {
  if (!existsSync(file)) return new Int16Array(0);
  const b = readFileSync(file);
  return new Int16Array(b.buffer.slice(b.byteOffset, b.byteOffset + (b.length & ~1)));
}

async function wall(tmp, cfgText, env = {}) {
  const cfg = join(tmp, 'voice.cfg');
  writeFileSync(cfg, readFileSync('assets/structures/default.cfg', 'utf8').replace('language = "en";', cfgText));
  const out = join(tmp, 'heard.raw');
  const clock = await startClock({
    args: ['--config', cfg], headless: false,
    env: { SDL_AUDIODRIVER: 'disk', SDL_DISKAUDIOFILE: out, TMPDIR: tmp, ...env },
  });
  for (let i = 0; i < 200 && !(await getJson(clock, '/api/state')).body.sound; i++) await sleep(25);
  return { clock, out };
}

async function until(fn, ms) {
  const end = Date.now() + ms;
  for (;;) {
    const v = fn();
    if (v || Date.now() > end) return v;
    await sleep(100);
  }
}

test('a new level is said in Norwegian, then in English, after its sound', async () => {
  const tmp = mkdtempSync(join(tmpdir(), 'pokerclock-voice-'));
  const { clock, out } = await wall(tmp, 'language = "no";\nlanguage2 = "en";\nsound = { speak_level = true; };');
  try {
    const cookie = await login(clock);
    assert.deepEqual((await getJson(clock, '/api/state')).body.sound,
      { device: true, why: null, why_refusal: null, speech: true, speech_why: null, speech_why_refusal: null });
    await command(clock, cookie, { type: 'start' });
    assert.equal((await command(clock, cookie, { type: 'next_level' })).status, 200);
    const nb = spoken(tmp, 'nb', 'Nivå 2. Blinds 50, 100.', 80);
    const en = spoken(tmp, 'en', 'Level 2. Blinds 50, 100.', 80);
    let at;
    await until(() => {
      const heard = rawSamples(out);
      at = [find(heard, nb), find(heard, en)];
      return at[0] >= 0 && at[1] >= 0;
    }, 20000);
    assert.ok(at[0] >= 0, 'the Norwegian words were played');
    assert.ok(at[1] >= 0, 'the English words were played');
    assert.ok(at[1] >= at[0] + nb.length, 'English after Norwegian, not over it');
    // The level's sound came first.
    const heard = rawSamples(out);
    const first = heard.findIndex((x) => Math.abs(x) > 100);
    assert.ok(first >= 0 && first < at[0], `sound at ${first}, words at ${at[0]}`);
  } finally {
    await clock.stop();
    clock.cleanup();
    rmSync(tmp, { recursive: true, force: true });
  }
});

test('"say" says the typed text once, and nothing is said for events left off', async () => {
  const tmp = mkdtempSync(join(tmpdir(), 'pokerclock-voice-'));
  const { clock, out } = await wall(tmp, 'language = "de";');
  try {
    const cookie = await login(clock);
    const r = await command(clock, cookie, { type: 'say', text: 'Letzte Runde an der Bar' });
    assert.equal(r.status, 200, JSON.stringify(r.body));
    assert.equal(r.body.state.said.text, 'Letzte Runde an der Bar');
    const want = spoken(tmp, 'de', 'Letzte Runde an der Bar', 80);
    const at = await until(() => { const i = find(rawSamples(out), want); return i >= 0 ? i : null; }, 20000);
    assert.ok(at !== null, 'the typed text was said');
    for (const bad of [{ text: '' }, { text: '   ' }, { text: 'a\nb' }, { text: 'x'.repeat(300) }, {}])
      assert.equal((await command(clock, cookie, { type: 'say', ...bad })).status, 400, JSON.stringify(bad));
  } finally {
    await clock.stop();
    clock.cleanup();
    rmSync(tmp, { recursive: true, force: true });
  }
});

test('without espeak-ng the panel is told and the sounds go on', async () => {
  const tmp = mkdtempSync(join(tmpdir(), 'pokerclock-voice-'));
  const { clock, out } = await wall(tmp, 'language = "en";\nsound = { speak_level = true; };',
    { POKERCLOCK_ESPEAK: '/nonexistent/espeak-ng' });
  try {
    const s = (await getJson(clock, '/api/state')).body;
    assert.equal(s.sound.device, true);
    assert.equal(s.sound.speech, false);
    assert.match(s.sound.speech_why, /espeak-ng/);
    assert.equal(s.sound.speech_why_refusal.code, 'voice_no_espeak');
    assert.match(clock.stderr, /no espeak-ng.*does not speak/);
    const cookie = await login(clock);
    await command(clock, cookie, { type: 'start' });
    await command(clock, cookie, { type: 'next_level' });
    const level = wavSamples('assets/sounds/level.wav').map((x) => Math.trunc((x * 80) / 100));
    const at = await until(() => { const i = find(rawSamples(out), level); return i >= 0 ? i : null; }, 5000);
    assert.ok(at !== null, 'the level sound was played');
  } finally {
    await clock.stop();
    clock.cleanup();
    rmSync(tmp, { recursive: true, force: true });
  }
});

// The pages' words (GET /api/speech): the wall's own for the state now,
// in its languages, as espeak-ng says them; refused, with a reason, for
// anything else.
async function getWav(clock, query) {
  const r = await fetch(`${clock.base}/api/speech?${query}`);
  const b = Buffer.from(await r.arrayBuffer());
  return { status: r.status, type: r.headers.get('content-type'), b, error: r.ok ? null : JSON.parse(b).error };
}
function wavOf(buf) {
  const f = join(mkdtempSync(join(tmpdir(), 'pokerclock-wav-')), 'w.wav');
  writeFileSync(f, buf);
  try { return wavSamples(f); } finally { rmSync(f, { force: true }); }
}
const same = (a, b) => a.length === b.length && a.every((x, i) => x === b[i]);

test('the pages get the wall\'s words for a new level in both languages, and nothing else', async () => {
  const tmp = mkdtempSync(join(tmpdir(), 'pokerclock-voice-'));
  const cfg = join(tmp, 'pages.cfg');
  writeFileSync(cfg, readFileSync('assets/structures/default.cfg', 'utf8').replace('language = "en";',
    'language = "no";\nlanguage2 = "en";\nsound = { pages = true; speak_level = true; };'));
  const clock = await startClock({ args: ['--config', cfg], env: { TMPDIR: tmp } });
  try {
    const cookie = await login(clock);
    await command(clock, cookie, { type: 'start' });
    await command(clock, cookie, { type: 'next_level' });
    for (const [lang, voice, text] of [['no', 'nb', 'Nivå 2. Blinds 50, 100.'], ['en', 'en', 'Level 2. Blinds 50, 100.']]) {
      const r = await getWav(clock, `event=level&lang=${lang}`);
      assert.equal(r.status, 200, r.error);
      assert.equal(r.type, 'audio/wav');
      assert.equal(r.b.toString('latin1', 0, 4), 'RIFF');
      assert.ok(same(wavOf(r.b), spoken(tmp, voice, text, 100)), `${lang}: "${text}" as espeak-ng says it`);
    }
    const refused = async (query, status, why) => {
      const r = await getWav(clock, query);
      assert.equal(r.status, status, `${query}: ${r.error}`);
      assert.match(r.error, why, query);
    };
    await refused('event=level&lang=de', 409, /wall's language/);
    await refused('event=level', 409, /wall's language/);
    await refused('event=bubble&lang=no', 409, /not spoken/);
    await refused('event=minute&lang=no', 404, /event must be one with words/);
    await refused('event=../../etc/passwd&lang=no', 404, /event must be/);
    await refused('event=say&lang=no', 409, /nothing to say/);
    // A typed text: said in the wall's language only.
    await command(clock, cookie, { type: 'say', text: 'Siste runde i baren' });
    const r = await getWav(clock, 'event=say&lang=no');
    assert.equal(r.status, 200, r.error);
    assert.ok(same(wavOf(r.b), spoken(tmp, 'nb', 'Siste runde i baren', 100)), 'the typed text');
    await refused('event=say&lang=en', 409, /wall's language/);
    await command(clock, cookie, { type: 'sound', quiet: true });
    await refused('event=level&lang=no', 409, /sound is off/);
  } finally {
    await clock.stop();
    clock.cleanup();
    rmSync(tmp, { recursive: true, force: true });
  }
});

test('the pages hear no words where the venue keeps them quiet, or without espeak-ng', async () => {
  const tmp = mkdtempSync(join(tmpdir(), 'pokerclock-voice-'));
  const cfg = join(tmp, 'pages.cfg');
  const with_ = (text) => readFileSync('assets/structures/default.cfg', 'utf8').replace('language = "en";', text);
  writeFileSync(cfg, with_('language = "en";\nsound = { speak_level = true; };'));
  let clock = await startClock({ args: ['--config', cfg], env: { TMPDIR: tmp } });
  try {
    const r = await getWav(clock, 'event=level&lang=en');
    assert.equal(r.status, 409);
    assert.match(r.error, /sound\.pages is off/);
  } finally {
    await clock.stop();
    clock.cleanup();
  }
  writeFileSync(cfg, with_('language = "en";\nsound = { pages = true; speak_level = true; };'));
  clock = await startClock({ args: ['--config', cfg], env: { TMPDIR: tmp, POKERCLOCK_ESPEAK: '/nonexistent/espeak-ng' } });
  try {
    const r = await getWav(clock, 'event=level&lang=en');
    assert.equal(r.status, 503);
    assert.match(r.error, /no espeak-ng/);
  } finally {
    await clock.stop();
    clock.cleanup();
    rmSync(tmp, { recursive: true, force: true });
  }
});

// Many pages ask for the wall's words at once, from many addresses, for
// several events and languages, while the director changes what the words
// are (each change new phrases for espeak-ng, here a slow one: half a
// second a phrase, as on a busy Pi). The panel and the state stay prompt:
// no page's waiting holds the clock's request threads. Every page gets a
// whole WAV or a refusal with its reason, never a cut file or a "busy",
// and the clock lives on (under SAN=1 and TSAN=1 without a report).
test('pages crowding for the words while they change never stall the panel', async (t) => {
  const tmp = mkdtempSync(join(tmpdir(), 'pokerclock-voice-'));
  const slow = join(tmp, 'espeak-ng');
  const real = execFileSync('sh', ['-c', 'command -v espeak-ng']).toString().trim();
  writeFileSync(slow, `#!/bin/sh\nsleep 0.5\nexec ${real} "$@"\n`, { mode: 0o755 });
  const cfg = join(tmp, 'crowd.cfg');
  writeFileSync(cfg, readFileSync('assets/structures/default.cfg', 'utf8').replace('language = "en";',
    'language = "en";\nlanguage2 = "de";\nsound = { pages = true; speak_level = true; speak_break = true; speak_break_over = true; };'));
  const clock = await startClock({ args: ['--config', cfg], env: { TMPDIR: tmp, POKERCLOCK_ESPEAK: slow } });
  const agent = new http.Agent({ keepAlive: false });
  const ask = (path, from) => new Promise((ok) => {
    const t0 = performance.now();
    const req = http.get({ host: '127.0.0.1', port: clock.port, path, localAddress: from, agent }, (res) => {
      const parts = [];
      res.on('data', (d) => parts.push(d));
      res.on('end', () => ok({ status: res.statusCode, b: Buffer.concat(parts), ms: performance.now() - t0 }));
    });
    req.on('error', (e) => ok({ status: 0, b: Buffer.from(e.message), ms: performance.now() - t0 }));
    req.setTimeout(30000, () => req.destroy());
  });
  const answers = {}, odd = [];
  let words = 0, on = true;
  const cmdMs = [], stateMs = [];
  try {
    const cookie = await login(clock);
    await command(clock, cookie, { type: 'start' });
    const events = ['level', 'break', 'break_over', 'say'];
    const langs = ['en', 'de', 'nl'];
    const pages = Array.from({ length: 32 }, async (_, i) => {
      const from = `127.0.${40 + (i >> 3)}.${(i & 7) + 1}`;
      for (let k = i; on; k++) {
        const r = await ask(`/api/speech?event=${events[k % events.length]}&lang=${langs[(k >> 2) % langs.length]}`, from);
        const why = r.status === 200 ? '' : (() => { try { return JSON.parse(r.b).error; } catch { return String(r.b).slice(0, 80); } })();
        answers[`${r.status} ${why}`] = (answers[`${r.status} ${why}`] || 0) + 1;
        if (r.status === 200) {
          words++;
          if (r.b.toString('latin1', 0, 4) !== 'RIFF' || r.b.readUInt32LE(4) !== r.b.length - 8) odd.push(`a cut WAV of ${r.b.length} bytes`);
        } else if (r.status !== 409) {
          odd.push(`${r.status}: ${why}`);
        }
      }
    });
    const timed = async (list, fn) => { const t0 = performance.now(); const r = await fn(); list.push(performance.now() - t0); return r; };
    const director = (async () => {
      for (let k = 0; on; k++) {
        const c = [{ type: 'next_level' }, { type: 'say', text: `Table ${k} is broken` },
          { type: 'set_language', language: k % 2 ? 'nl' : 'en', language2: 'de' }][k % 3];
        assert.equal((await timed(cmdMs, () => command(clock, cookie, c))).status, 200, JSON.stringify(c));
        await sleep(400);
      }
    })();
    const prober = (async () => {
      while (on) {
        assert.equal((await timed(stateMs, () => getJson(clock, '/api/state'))).status, 200);
        await sleep(100);
      }
    })();
    await sleep(8000);
    on = false;
    await Promise.all([...pages, director, prober]);
    const worst = (l) => Math.round(Math.max(...l));
    t.diagnostic(`state up to ${worst(stateMs)} ms, commands up to ${worst(cmdMs)} ms; answers ${JSON.stringify(answers)}`);
    assert.deepEqual(odd, [], JSON.stringify(answers));
    assert.ok(words > 0, JSON.stringify(answers));
    assert.ok(worst(stateMs) < 1000 && worst(cmdMs) < 1000,
      `the state took up to ${worst(stateMs)} ms, the director's commands up to ${worst(cmdMs)} ms ` +
      `while the pages waited for their words (${JSON.stringify(answers)})`);
    assert.equal((await getJson(clock, '/healthz')).status, 200);
  } finally {
    on = false;
    await clock.stop();
    clock.cleanup();
    rmSync(tmp, { recursive: true, force: true });
  }
});
