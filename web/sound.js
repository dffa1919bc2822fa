/* /display and /kiosk play the wall's sounds and say its words when the
 * venue allows it (sound.pages in the configuration): browsers let a page
 * play only after a tap, so until then a small "Tap for sound" asks for
 * one. The words are the clock's own (GET /api/speech), in the wall's
 * language and then in its second one. */
'use strict';

const PCSound = (() => {
  let settings = null;     /* /api/settings' sound: pages, volume, sounds */
  let audio = null;        /* the AudioContext, made on the first tap */
  const buffers = {};      /* name: decoded sound, fetched once */
  let seen = null;         /* what the last look saw */
  const played = [];       /* the names played, the latest last */
  const spoken = [];       /* the words said: {event, lang, seconds}, the latest last */

  function hint(show) {
    let h = document.getElementById('tap-sound');
    if (show && !h) {
      h = document.createElement('div');
      h.id = 'tap-sound';
      h.textContent = I18N.t('tap_for_sound');
      h.style.cssText = 'position:fixed;left:1vw;bottom:1vw;padding:.4em .8em;border-radius:1em;' +
        'background:rgba(0,0,0,.6);color:#fff;font:16px Roboto,sans-serif;z-index:99;pointer-events:none';
      document.body.appendChild(h);
    }
    if (h) h.hidden = !show;
  }

  async function load(name) {
    if (!name || buffers[name] || !audio) return;
    buffers[name] = 'loading';
    try {
      const r = await fetch('/sounds/' + name + '.wav');
      buffers[name] = await audio.decodeAudioData(await r.arrayBuffer());
    } catch (e) { delete buffers[name]; }
  }

  /* Sounds and words one after another, as on the wall, at the volume. */
  let freeAt = 0;
  function queue(b) {
    const src = audio.createBufferSource();
    const gain = audio.createGain();
    gain.gain.value = settings.volume / 100;
    src.buffer = b;
    src.connect(gain).connect(audio.destination);
    const at = Math.max(audio.currentTime, freeAt);
    src.start(at);
    freeAt = at + b.duration;
  }
  function play(event) {
    const name = settings && settings.sounds[event];
    const s = PC.current();
    if (!name || !s || s.quiet) return;
    played.push(name);
    const b = buffers[name];
    if (audio && b && b !== 'loading') queue(b);
  }

  /* What the wall says for an event, in its languages, after the sounds
   * and one after another; fetched when it is said (the words are the
   * state's now: "Level 7. Blinds 400, 800."). */
  let saying = Promise.resolve();
  function say(event, s) {
    if (!audio || s.quiet || (event !== 'say' && !(settings.speak && settings.speak[event]))) return;
    const langs = event === 'say' || !s.language2 ? [s.language] : [s.language, s.language2];
    const words = langs.map((lang) => fetch(`/api/speech?event=${event}&lang=${encodeURIComponent(lang)}`)
      .then((r) => (r.ok ? r.arrayBuffer() : null))
      .then((b) => (b ? audio.decodeAudioData(b) : null))
      .catch(() => null));
    saying = saying.then(async () => {
      for (let i = 0; i < langs.length; i++) {
        const b = await words[i];
        if (!b) continue;
        queue(b);
        spoken.push({ event, lang: langs[i], seconds: b.duration });
      }
    });
  }

  function unlock() {
    if (audio || !settings || !settings.pages) return;
    const Ctx = window.AudioContext || window.webkitAudioContext;
    if (!Ctx) return;
    audio = new Ctx();
    audio.resume().catch(() => {});
    for (const n of Object.values(settings.sounds)) load(n);
    hint(false);
  }

  /* The same events as the wall's (clock/model/voice.c), from the state
   * and the local countdown. */
  function look() {
    const s = PC.current();
    if (!s || !settings || !settings.pages) return;
    /* In the page's language, once it knows it. */
    const h = document.getElementById('tap-sound');
    if (h && !h.hidden) h.textContent = I18N.t('tap_for_sound');
    const c = PC.clock();
    const call = s.clock_call;
    const now = {
      level: s.level.index, kind: s.level.kind, running: s.running,
      remaining: c ? c.remaining : 0,
      second: call && call.counting && !call.expired ? Math.ceil(PC.wallMs(call.remaining_ms) / 1000) : 0,
      expired: !!(call && call.expired),
      bubble: !!s.bubble, money: !!s.in_the_money,
      day: !!(s.day_end && (s.day_end.drawn || s.day_end.over)), over: !!(s.day_end && s.day_end.over),
      moves: s.moves_total || 0,
      colorUp: s.color_up_at || 0, hfh: !!s.hand_for_hand, said: s.said ? s.said.at : 0,
    };
    const was = seen;
    seen = now;
    if (!was) return;
    const heard = [];
    if (now.level !== was.level && now.running)
      heard.push(now.kind === 'break' ? 'break' : was.kind === 'break' ? 'break_over' : 'level');
    else if (now.level === was.level && now.running && now.kind !== 'break' && !s.overtime &&
             was.remaining > 60000 && now.remaining <= 60000 && now.remaining > 0)
      heard.push('minute');
    if (now.second && now.second !== was.second) heard.push('clock_call_second');
    if (now.expired && !was.expired) heard.push('clock_call_time');
    if (now.colorUp && now.colorUp !== was.colorUp) heard.push('color_up');
    if (now.hfh && !was.hfh) heard.push('hand_for_hand');
    if (now.bubble && !was.bubble) heard.push('bubble');
    if (now.money && !was.money) heard.push('money');
    if ((now.day && !was.day) || (now.over && !was.over)) heard.push('day_end');
    /* An undo takes said.at back: only a newer text is said. */
    if (now.said > was.said) heard.push('say');
    /* New moves (a table broken, a player moved); an undo takes some back. */
    if (now.moves > was.moves) heard.push('moves');
    for (const e of heard) if (e !== 'say') play(e);
    for (const e of heard) say(e, s);
  }

  /* The sound settings changed on the panel (the state's sound_key): the
   * page takes the new volume and sounds without a reload. */
  let key = null;
  async function reload(s) {
    if (s.sound_key === undefined || s.sound_key === key) return;
    const first = key === null;
    key = s.sound_key;
    if (first) return;
    const st = await PC.settings();
    if (!st.sound) return;
    settings = st.sound;
    if (audio) for (const n of Object.values(settings.sounds)) load(n);
  }

  async function start() {
    const st = await PC.settings();
    settings = st.sound || null;
    if (!settings || !settings.pages) return;
    hint(true);
    document.addEventListener('pointerdown', unlock, { once: false });
    document.addEventListener('keydown', unlock, { once: false });
    PC.onState(look);
    PC.onState(reload);
    setInterval(look, 200);
  }
  start();

  /* For the browser tests: what was played and said, and which sounds the browser
   * has decoded. */
  const decoded = () => Object.keys(buffers).filter((k) => buffers[k] && buffers[k] !== 'loading');
  return { played, spoken, decoded, settings: () => settings };
})();
