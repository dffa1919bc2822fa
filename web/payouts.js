/* The panel's payouts: the prize pool as lines to check against the cash box, and the payouts edited while running (shares, rounding unit, remainder). */
(() => {
  'use strict';
  const { $, el, setText, fmtMoney } = PC;
  let state = null;
  let editing = false; /* the form keeps what the director types until saved */
  let shown = null;    /* the entries and seq the shares were fetched for */
  let edits = 0;       /* changes typed into the form */
  let roster = null;   /* for the names of a deal's places */

  const money = (v) => fmtMoney(v, state && state.currency);
  /* Taken out of the pool (the fee, rake): a minus before the amount. */
  const signed = (v) => (v < 0 ? '−' + money(-v) : money(v));

  /* The pool's lines by their codes (clock/model/payout.c); a line this
   * panel does not know by its English label. */
  const LINES = { buy_ins: tpN('Buy-ins'), fee: tpN('Fee'), rebuys: tpN('Rebuys'), addons: tpN('Add-ons'),
    rake: tpN('Rake'), added: tpN('Added'), guarantee: tpN('Guarantee') };
  const say = PANEL_LANG.tp; /* LINES' values are tpN() */
  const lineName = (l) => (LINES[l.kind] ? say(LINES[l.kind]) : l.label);

  function render(s) {
    state = s;
    const lines = s.prize_pool_lines || [];
    $('#po-lines').replaceChildren(...lines.map((l) => el('li', {},
      el('span', { text: l.count ? `${lineName(l)}: ${l.count} × ${money(Math.abs(l.each))}` : lineName(l) }),
      el('b', { text: signed(l.amount) }))),
    el('li', { class: 'total' }, el('span', { text: tp('Prize pool') }), el('b', { text: money(s.prize_pool) })));
    renderPaid(s);
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

  /* What each place pays; after a deal, per place who finished there and
   * what it pays (the state's deal.places), the places still played for
   * saying so. */
  function renderPaid(s) {
    const d = s.deal, places = d && d.places;
    const name = (id) => { const p = roster && roster.players.find((x) => x.id === id); return p ? p.label : tp('Player %s', id); };
    /* The deal: who took what (by name once the clock knows whose amount
     * is whose), and what is played for. */
    const amounts = !d ? '' : (d.who || []).every((w) => w) ? d.amounts.map((a, i) => `${name(d.who[i])} ${money(a)}`).join(' · ') : '';
    $('#po-deal').replaceChildren(...(!d ? [] : [
      d.play_for ? tp('Deal of %s players, playing on for %s to the winner.', d.players, money(d.play_for)) : tp('Deal of %s players.', d.players),
      amounts ? el('small', { text: amounts }) : '']));
    const paid = (s.payouts || []).map((v, i) => el('li', {}, el('span', { text: `${i + 1}.` }), el('b', { text: money(v) })));
    /* A deal's places, then the places given before it. */
    $('#po-now').replaceChildren(...(places
      ? [...places.map((x) => el('li', {}, el('span', { text: x.player != null ? `${x.place}. ${name(x.player)}` : `${x.place}. ${tp('still playing')}` }),
        el('b', { text: x.prize != null ? money(x.prize) : x.adds ? tp('own deal amount + %s', money(x.adds)) : tp('own deal amount') }))),
      ...paid.slice(places.length)]
      : paid));
  }

  /* Fixed amounts are typed as the prizes themselves, adding up to the pool. */
  const fixed = () => $('#po-kind').value === 'amounts';
  function kindShown() {
    setText($('#po-places-label'), fixed() ? tp('Amount per place (adding up to %s)', money(state ? state.prize_pool : 0)) : tp('Percent per place'));
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
      if (!places.length || places.some((x) => !Number.isInteger(x) || x < 0)) { msg.textContent = tp('Write the amounts like 500, 300, 200.'); return; }
      const sum = places.reduce((a, b) => a + b, 0);
      if (sum !== state.prize_pool) { msg.textContent = tp('The amounts add up to %s, but the prize pool is %s.', money(sum), money(state.prize_pool)); return; }
      cmd = { type: 'set_payouts', amounts: places, unit, remainder };
      const n = places.length, list = places.map(money).join(' / ');
      question = n === 1 ? tp('Pay %s place: %s?', n, list) : tp('Pay %s places: %s?', n, list);
    } else {
      if (!places.length || places.some((x) => !(x >= 0))) { msg.textContent = tp('Write the percentages like 50, 30, 20.'); return; }
      const sum = places.reduce((a, b) => a + b, 0);
      if (Math.abs(sum - 100) > 1e-9) { msg.textContent = tp('The places add up to %s %%, not 100 %%.', Math.round(sum * 100) / 100); return; }
      cmd = { type: 'set_payouts', places, unit, remainder };
      const n = places.length, list = places.join(' / ');
      if (cmd.remainder === 'first') question = n === 1
        ? tp('Pay %s place: %s %%, rounded to %s, the rest to first place?', n, list, cmd.unit)
        : tp('Pay %s places: %s %%, rounded to %s, the rest to first place?', n, list, cmd.unit);
      else question = n === 1
        ? tp('Pay %s place: %s %%, rounded to %s, the rest to the places rounded down most?', n, list, cmd.unit)
        : tp('Pay %s places: %s %%, rounded to %s, the rest to the places rounded down most?', n, list, cmd.unit);
    }
    msg.textContent = '';
    const at = edits;
    const body = await PCPanel.confirmed($('#po-save'), cmd, question,
      (state && state.payouts && state.payouts.length !== places.length) ? tp('Places paid: %s now, %s after.', state.payouts.length, places.length) : '', tp('Save'));
    /* Saved: the form shows what is in force, unless typed in meanwhile. */
    if (body && edits === at) { editing = false; render(body.state); }
  }

  $('#po-form').addEventListener('submit', save);
  $('#po-form').addEventListener('input', () => { editing = true; edits++; });
  PC.onState(render);
  PCPanel.onRoster((r) => { roster = r; if (state) renderPaid(state); });
})();
