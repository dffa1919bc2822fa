/* The printable result sheet: /api/results as one A4 page, fetched again when the tournament changes. */
(() => {
  'use strict';
  const { $, el, setText, fmtMoney } = PC;
  let seen = null; /* what the sheet was drawn for: the roster version and the places given */
  const FORMULAS = { fixed: 'fixed list per place', linear: 'linear (entrants − place + 1)', sqrt: 'square root: √(n·b²/e) / (place + 1)' };

  const place = (r) => (r.place_worst !== r.place ? `${r.place}–${r.place_worst}` : String(r.place));
  const count = (v) => (v == null ? '' : String(v));

  function render(s) {
    const money = (v) => fmtMoney(v, s.currency);
    document.title = `Results – ${s.name}`;
    setText($('#r-name'), s.name);
    setText($('#r-facts'), `${s.entries} entries · prize pool ${money(s.prize_pool)} · printed ${new Date().toLocaleString()}`);
    const deal = $('#r-deal');
    deal.hidden = !s.deal;
    if (s.deal) setText(deal, `Deal among the last ${s.deal.players} players${s.deal.play_for ? `, ${money(s.deal.play_for)} played for` : ''}: prizes marked “deal” are the amounts agreed.`);
    const points = !!s.points_formula;
    document.body.classList.toggle('no-points', !points);
    const b = s.bounty; /* the bounties won, beside the prizes */
    document.body.classList.toggle('no-bounty', !b);
    $('#r-rows').replaceChildren(...s.rows.map((r) => el('tr', { class: r.deal ? 'deal' : '' },
      el('td', { class: 'num', text: place(r) }),
      el('td', { class: 'name', text: r.name || `Place ${place(r)}` }),
      el('td', { class: 'num', text: count(r.entries) }),
      el('td', { class: 'num', text: count(r.rebuys) }),
      el('td', { class: 'num', text: count(r.addons) }),
      el('td', { class: 'num' }, r.deal ? el('span', { class: 'tag', text: 'deal' }) : null, r.prize ? money(r.prize) : '–'),
      el('td', { class: 'num bty', text: r.bounties ? money(r.bounties) : '' }),
      el('td', { class: 'num pts', text: r.points == null ? '' : r.points.toFixed(2) }))));
    setText($('#r-total'), money(s.total_prizes));
    setText($('#r-bounties'), b ? money(b.won) : '');
    $('#r-empty').hidden = s.rows.length > 0;
    const notes = [];
    if (points) notes.push(`Points: ${FORMULAS[s.points_formula] || s.points_formula}.`);
    if (s.total_prizes !== s.prize_pool && s.over && !(b && b.dealt)) notes.push(`The prizes add up to ${money(s.total_prizes)}, the pool is ${money(s.prize_pool)}.`);
    if (b) notes.push(`Bounties (${b.kind}, ${money(b.amount)} a head): ${money(b.paid_in)} paid in, ${money(b.won)} won`
      + (b.dealt ? `, ${money(b.dealt)} dealt in with the prizes` : '') + (b.on_heads ? `, ${money(b.on_heads)} still on heads` : '')
      + (b.unclaimed ? `, ${money(b.unclaimed)} not claimed (no eliminator recorded)` : '') + '.');
    setText($('#r-note'), notes.join(' '));
  }

  async function load() {
    try {
      const r = await fetch('/api/results', { cache: 'no-store' });
      if (r.ok) render(await r.json());
    } catch (e) { /* offline: the next state change tries again */ }
  }

  $('#r-print').addEventListener('click', () => print());
  PC.onState((s) => {
    const key = `${s.roster_version}/${s.players.busted}/${s.over}/${s.deal ? s.deal.players : 0}`;
    if (key !== seen) { seen = key; load(); }
  });
  load();
  PC.start();
})();
