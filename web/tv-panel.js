/* The panel's TV card: the TV's power as the clock last heard it over
 * HDMI-CEC, and three buttons: show the clock (on, and on our input), TV on,
 * TV off. GET /api/tv, POST /api/tv/action. */
(() => {
  'use strict';
  const { $, setText } = PC;
  const sec = $('#sec-tv');
  const msg = sec.querySelector('.msg');
  const buttons = ['#tv-show', '#tv-on', '#tv-off'].map((s) => $(s));
  const POWER = {
    on: () => tp('The TV is on.'),
    standby: () => tp('The TV is in standby.'),
    'turning on': () => tp('The TV is switching on.'),
    'turning off': () => tp('The TV is switching off.'),
  };

  async function load() {
    try {
      const j = await (await fetch('/api/tv', { cache: 'no-store' })).json();
      buttons.forEach((b) => (b.disabled = !j.cec));
      if (!j.cec) {
        setText($('#tv-state'), tp('This clock does not switch the TV: HDMI-CEC is off (CEC=yes in pokerclock.txt turns it on).'));
        return;
      }
      const said = (POWER[j.power] || (() => tp('The TV does not say whether it is on.')))();
      setText($('#tv-state'), j.problem ? `${said} ${j.problem}` : said);
    } catch (e) { /* offline: the next look */ }
  }

  async function act(action) {
    setText(msg, '');
    try {
      const r = await fetch('/api/tv/action', {
        method: 'POST', headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ action }), credentials: 'same-origin', cache: 'no-store',
      });
      const j = await r.json().catch(() => ({}));
      if (!r.ok) setText(msg, refusal(j) || tp('the clock answered %s', r.status));
    } catch (e) {
      setText(msg, tp('No connection to the clock: nothing was changed.'));
    }
    /* The TV says its new power a few seconds later. */
    setTimeout(load, 4000);
  }

  $('#tv-show').addEventListener('click', () => act('show'));
  $('#tv-on').addEventListener('click', () => act('on'));
  $('#tv-off').addEventListener('click', () => act('standby'));
  sec.addEventListener('toggle', () => sec.open && load());
  load();
  setInterval(() => sec.open && !document.hidden && load(), 15000);
})();
