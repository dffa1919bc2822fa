/* The panel's receipt printer: how it is, as the state says (missing, out
 * of paper, off line, in error), under the registration desk; and a
 * player's slip printed again (POST /api/slip), for players.js's card. */
(() => {
  'use strict';
  const { $, setText } = PC;
  const SAID = {
    missing: () => tp('The printer is missing: plug it in and switch it on. The slips wait for it.'),
    paper_out: () => tp('The printer is out of paper. The slips wait for it.'),
    offline: () => tp('The printer is off line. The slips wait for it.'),
    error: () => tp('The printer reports an error (cover open, paper jammed?). The slips wait for it.'),
  };

  PC.onState((s) => {
    const said = SAID[s.printer];
    setText($('#seat-printer'), said ? said() : '');
  });

  /* Whether slips can be printed: a printer is configured. */
  PCPanel.hasPrinter = () => (PC.current() || {}).printer != null;

  /* The slip of p once more; the answer said in msg. */
  PCPanel.printSlip = async (p, btn, msg) => {
    btn.disabled = true;
    try {
      const r = await fetch('/api/slip', {
        method: 'POST', headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ player: p.id }), credentials: 'same-origin', cache: 'no-store',
      });
      const j = await r.json().catch(() => ({}));
      if (r.ok) PCPanel.showMsg(msg, tp('The slip of %s is printing.', p.label), true);
      else PCPanel.showMsg(msg, refusal(j) || tp('The clock refused this (HTTP %s).', r.status));
    } catch (e) {
      PCPanel.showMsg(msg, tp('No connection to the clock: nothing was changed.'));
    }
    btn.disabled = false;
  };
})();
