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

  $('#say-form').addEventListener('submit', (ev) => {
    ev.preventDefault();
    const text = $('#say-text').value.trim();
    const btn = $('#say-btn');
    if (!text) { setText($('#sec-wall .msg'), 'Write what to say first.'); return; }
    send({ type: 'say', text }, btn).then((r) => { if (r) $('#say-text').value = ''; });
  });

  PC.onState((s) => {
    /* Not while the director is choosing. */
    if (document.activeElement !== $('#wall-lang')) $('#wall-lang').value = code(s.language) || 'en';
    if (document.activeElement !== $('#wall-lang2')) $('#wall-lang2').value = code(s.language2);
    setText($('#wall-quiet'), s.quiet ? 'Sound on' : 'Quiet');
    const snd = s.sound || {};  /* null until the wall has opened its device */
    const said = [];
    if (s.quiet) said.push('The wall is quiet: no sounds, no voice.');
    if (snd.device === false) said.push('No sound on the wall: ' + (snd.why || 'no sound device') + '.');
    else if (snd.speech === false) said.push('The wall plays its sounds but cannot speak: ' + (snd.speech_why || 'no espeak-ng') + '.');
    setText($('#wall-sound'), said.join(' '));
  });
})();
