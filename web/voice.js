/* The panel's wall settings: the wall's language and the one beside it, the quiet switch, what the clock can play, and "say it". */
(() => {
  'use strict';
  const { $, setText } = PC;
  const send = (cmd, btn) => PCPanel.command(cmd, btn);
  /* The state writes Norwegian "no" or "nb"; the select has "no". */
  const code = (l) => (l === 'nb' ? 'no' : l || '');

  function setLanguage(ev) {
    const language = $('#wall-lang').value;
    const second = $('#wall-lang2').value;
    send({ type: 'set_language', language, language2: second && second !== language ? second : null },
      ev.currentTarget);
  }
  $('#wall-lang').addEventListener('change', setLanguage);
  $('#wall-lang2').addEventListener('change', setLanguage);

  $('#wall-quiet').addEventListener('click', (ev) => {
    const s = PC.current();
    if (s) send({ type: 'sound', quiet: !s.quiet }, ev.currentTarget);
  });

  /* Volume, each event's sound and its voice: what the wall does now
   * (/api/settings), changed one control at a time. */
  const EVENTS = [['level', tp('New level')], ['minute', tp('One minute left')], ['break', tp('Break')],
    ['break_over', tp('Break over')], ['clock_call_second', tp('Clock call: each second')],
    ['clock_call_time', tp('Clock call: time')], ['color_up', tp('Color-up')], ['hand_for_hand', tp('Hand-for-hand')],
    ['bubble', tp('Bubble')], ['money', tp('In the money')], ['day_end', tp('End of day')], ['moves', tp('Table moves')]];
  /* The sounds by what they were made for (assets/sounds/NAME.wav). */
  const SOUNDS = { none: tp('none'), tick: tp('Tick'), time: tp('Time!'), chime: tp('Chime') };
  for (const [e, label] of EVENTS) SOUNDS[e] = label;
  async function loadSounds() {
    const r = await fetch('/api/settings', { cache: 'no-store' }).catch(() => null);
    const snd = r && r.ok ? (await r.json()).sound : null;
    if (!snd) return;
    $('#snd-volume').value = snd.volume;
    setText($('#snd-volume-out'), snd.volume + ' %');
    const body = $('#snd-events tbody');
    body.replaceChildren(...EVENTS.map(([e, label]) => {
      const pick = PC.el('select', { 'aria-label': tp('%s: sound', label), 'data-event': e },
        ...['none', ...snd.choices].map((n) => PC.el('option', { value: n, text: SOUNDS[n] || n })),
        PC.el('option', { value: '', text: tp('as configured') }));
      pick.value = snd.sounds[e] || 'none';
      pick.addEventListener('change', () => change({ sounds: { [e]: pick.value || null } }, pick));
      const cell = PC.el('td');
      if (e in snd.speak) {
        const box = PC.el('input', { type: 'checkbox', 'aria-label': tp('%s: spoken', label), 'data-event': e });
        box.checked = snd.speak[e];
        box.addEventListener('change', () => change({ speak: { [e]: box.checked } }, box));
        cell.append(box);
      }
      return PC.el('tr', {}, PC.el('td', { text: label }), PC.el('td', {}, pick), cell);
    }));
  }
  /* One after another: a quick second change waits for the first. */
  let pending = Promise.resolve();
  function change(part, ctl) {
    pending = pending.then(() => send({ type: 'sound_settings', ...part }, ctl)).then(loadSounds);
    return pending;
  }
  $('#snd-volume').addEventListener('input', () => setText($('#snd-volume-out'), $('#snd-volume').value + ' %'));
  $('#snd-volume').addEventListener('change', (ev) => change({ volume: Number(ev.currentTarget.value) }, ev.currentTarget));
  $('#wall-sounds').addEventListener('toggle', () => { if ($('#wall-sounds').open) loadSounds(); });

  $('#say-form').addEventListener('submit', (ev) => {
    ev.preventDefault();
    const text = $('#say-text').value.trim();
    const btn = $('#say-btn');
    if (!text) { setText($('#sec-wall .msg'), tp('Write what to say first.')); return; }
    send({ type: 'say', text }, btn).then((r) => { if (r) $('#say-text').value = ''; });
  });

  /* Why the wall has no sound or voice: the clock's reason by its code
   * (clock/screen: sound.c, speech.c, screen.c), in the panel's language. */
  const why = (answer) => (answer ? refusalWords(answer) || answer.error : '');

  PC.onState((s) => {
    /* Not while the director is choosing. */
    if (document.activeElement !== $('#wall-lang')) $('#wall-lang').value = code(s.language) || 'en';
    if (document.activeElement !== $('#wall-lang2')) $('#wall-lang2').value = code(s.language2);
    setText($('#wall-quiet'), s.quiet ? tp('Sound on') : tp('Quiet'));
    const snd = s.sound || {};  /* null until the wall has opened its device */
    const said = [];
    if (s.quiet) said.push(tp('The wall is quiet: no sounds, no voice.'));
    if (snd.device === false) said.push(tp('No sound on the wall: %s.', why(snd.why_refusal) || tp('no sound device')));
    else if (snd.speech === false) said.push(tp('The wall plays its sounds but cannot speak: %s.', why(snd.speech_why_refusal) || tp('no espeak-ng')));
    setText($('#wall-sound'), said.join(' '));
  });
})();
