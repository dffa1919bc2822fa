/* The panel's payouts: the prize pool as lines to check against the cash box, and the payouts edited while running (shares, rounding unit, remainder). */
(() => {
  'use strict';
  const { $, el, setText, fmtMoney } = PC;
  let state = null;
  let editing = false; /* the form keeps what the director types until saved */
  let shown = null;    /* the entries and seq the shares were fetched for */
  let edits = 0;       /* changes typed into the form */

  const money = (v) => fmtMoney(v, state && state.currency);
  /* Taken out of the pool (the fee, rake): a minus before the amount. */
  const signed = (v) => (v < 0 ? '−' + money(-v) : money(v));

  function render(s) {
    state = s;
    const lines = s.prize_pool_lines || [];
    $('#po-lines').replaceChildren(...lines.map((l) => el('li', {},
      el('span', { text: l.count ? `${l.label}: ${l.count} × ${money(Math.abs(l.each))}` : l.label }),
      el('b', { text: signed(l.amount) }))),
    el('li', { class: 'total' }, el('span', { text: 'Prize pool' }), el('b', { text: money(s.prize_pool) })));
    $('#po-now').replaceChildren(...(s.payouts || []).map((v, i) => el('li', {},
      el('span', { text: `${i + 1}.` }), el('b', { text: money(v) }))));
    const p = s.payout_rule || {};
    if (!editing) {
      $('#po-unit').value = String(p.unit || 1);
      $('#po-remainder').value = p.remainder || 'first';
      $('#po-kind').value = p.amounts ? 'amounts' : 'percent';
      kindShown();
      const key = `${s.players.entries}/${s.seq}`;
      if (key !== shown) {
        shown = key;
        if (p.amounts) $('#po-places').value = p.amounts.join(', ');
        else loadPlaces();
      }
    }
  }

  /* Fixed amounts are typed as the prizes themselves, adding up to the pool. */
  const fixed = () => $('#po-kind').value === 'amounts';
  function kindShown() {
    setText($('#po-places-label'), fixed() ? `Amount per place (adding up to ${money(state ? state.prize_pool : 0)})` : 'Percent per place');
    $('#po-places').placeholder = fixed() ? '500, 300, 200' : '50, 30, 20';
    $('#po-places').inputMode = fixed() ? 'numeric' : 'decimal';
  }
  $('#po-kind').addEventListener('change', () => {
    editing = true;
    edits++;
    kindShown();
    /* Start from what is paid now, in the kind chosen. */
    if (fixed()) $('#po-places').value = (state.payouts || []).join(', ');
    else { shown = null; editing = false; render(state); editing = true; }
  });

  /* The shares of the payout table in force, from the structure. */
  async function loadPlaces() {
    try {
      const st = await (await fetch('/api/structure', { cache: 'no-store' })).json();
      const entries = state.players.entries;
      const table = (st.payouts || []).filter((t) => t.min_entries <= entries)
        .sort((a, b) => b.min_entries - a.min_entries)[0];
      if (!editing) $('#po-places').value = table ? table.places.join(', ') : '';
    } catch (e) { /* offline: the next change tries again */ }
  }

  function parsePlaces(text) {
    const parts = text.split(/[\s,;]+/).filter((x) => x);
    return parts.map(Number);
  }

  async function save(ev) {
    ev.preventDefault();
    const places = parsePlaces($('#po-places').value);
    const msg = $('#sec-payouts .msg');
    const unit = Number($('#po-unit').value), remainder = $('#po-remainder').value;
    let cmd, question;
    if (fixed()) {
      if (!places.length || places.some((x) => !Number.isInteger(x) || x < 0)) { msg.textContent = 'Write the amounts like 500, 300, 200.'; return; }
      const sum = places.reduce((a, b) => a + b, 0);
      if (sum !== state.prize_pool) { msg.textContent = `The amounts add up to ${money(sum)}, but the prize pool is ${money(state.prize_pool)}.`; return; }
      cmd = { type: 'set_payouts', amounts: places, unit, remainder };
      question = `Pay ${places.length} place${places.length === 1 ? '' : 's'}: ${places.map(money).join(' / ')}?`;
    } else {
      if (!places.length || places.some((x) => !(x >= 0))) { msg.textContent = 'Write the percentages like 50, 30, 20.'; return; }
      const sum = places.reduce((a, b) => a + b, 0);
      if (Math.abs(sum - 100) > 1e-9) { msg.textContent = `The places add up to ${Math.round(sum * 100) / 100} %, not 100 %.`; return; }
      cmd = { type: 'set_payouts', places, unit, remainder };
      question = `Pay ${places.length} place${places.length === 1 ? '' : 's'}: ${places.join(' / ')} %, rounded to ${cmd.unit}, the rest to ${cmd.remainder === 'first' ? 'first place' : 'the places rounded down most'}?`;
    }
    msg.textContent = '';
    const at = edits;
    const body = await PCPanel.confirmed($('#po-save'), cmd, question,
      (state && state.payouts && state.payouts.length !== places.length) ? `Places paid: ${state.payouts.length} now, ${places.length} after.` : '', 'Save');
    /* Saved: the form shows what is in force, unless typed in meanwhile. */
    if (body && edits === at) { editing = false; render(body.state); }
  }

  $('#po-form').addEventListener('submit', save);
  $('#po-form').addEventListener('input', () => { editing = true; edits++; });
  PC.onState(render);
})();
