/* The panel's deal calculator: stacks of the players left, the amounts by
 * ICM or chips through POST /api/chop (in the payouts' rounding unit) as the
 * director types, and the deal accepted as one command. Shown once the clock
 * runs and the players left fit one table. */
(() => {
  'use strict';
  const { $, el, setText, fmtMoney } = PC;
  let state = null;       /* the last state */
  let roster = null;      /* the roster, as players.js fetched it */
  let players = [];       /* those left: {id, label, where} (id null without records) */
  let amounts = null;     /* the last answer of /api/chop, in the order of players */
  let asked = 0;          /* the number of the last /api/chop sent; older answers are dropped */
  let timer = null;

  const METHODS = [['icm', 'ICM'], ['chip', tp('Chip chop')], ['chip_min', tp('Chips + minimum')]];
  const money = (v) => fmtMoney(v, state && state.currency);
  const method = () => (($('#deal-method input:checked') || {}).value || 'icm');
  /* Money is kept in whole units and chips are whole: "12.50" is not
   * rounded to 12 behind the director's back, it is asked again. An empty
   * play-for is none. */
  const whole = (text) => /^\s*\d+\s*$/.test(text);
  const playForText = () => $('#deal-playfor').value;
  const playFor = () => (whole(playForText()) ? Number(playForText()) : 0);
  const left = () => (state ? state.players.remaining : 0);
  /* A deal is made at a table: at most ten players (ROSTER_MAX_SEATS). */
  const DEAL_MAX = 10;
  const dealNow = (s) => !!s && s.started && !s.deal && s.players.remaining >= 2 && s.players.remaining <= DEAL_MAX &&
    (s.payouts || []).length > 0;
  /* What the players left share: the prizes of places 1 .. players left. */
  const prizes = () => (state ? (state.payouts || []).slice(0, left()) : []);

  /* The players left by name (a tournament run by counts: numbered). */
  function loadPlayers() {
    /* A roster older than the state (it comes a moment later) would number
     * players who have names: wait for it. */
    if (roster && state && roster.version !== state.roster_version) return;
    const list = roster ? roster.players.filter((p) => p.status === 'seated' || p.status === 'waiting') : [];
    const now = !dealNow(state) ? [] : list.length === left()
      ? list.map((p) => ({ id: p.id, label: p.label, where: p.table == null ? '' : tp('T%s S%s', p.table, p.seat) }))
      : Array.from({ length: left() }, (_, i) => ({ id: null, label: tp('Player %s', i + 1), where: '' }));
    /* The same players: the stacks being typed stay as they are. */
    if (JSON.stringify(now) === JSON.stringify(players)) return;
    players = now;
    renderRows();
  }

  function renderRows() {
    const box = $('#deal-rows');
    const old = new Map([...box.querySelectorAll('input')].map((i) => [i.dataset.key, i.value]));
    box.replaceChildren(...players.map((p, i) => {
      const key = p.id == null ? `n${i}` : `p${p.id}`;
      const input = el('input', { type: 'number', min: '1', inputmode: 'numeric', 'aria-label': tp('Chips of %s', p.label), placeholder: tp('chips') });
      input.dataset.key = key;
      input.value = old.get(key) || '';
      input.addEventListener('input', later);
      return el('div', { class: 'deal-row' },
        el('span', { class: 'deal-who' }, el('b', { text: p.label }), el('small', { text: p.where })),
        input, el('output', { class: 'deal-amount', text: '' }));
    }));
    amounts = null;
    later();
  }

  const stackTexts = () => [...$('#deal-rows').querySelectorAll('input')].map((i) => i.value);
  const stacks = () => stackTexts().map(Number);

  function later() {
    clearTimeout(timer);
    timer = setTimeout(compute, 120);
  }

  function show(text, ok) {
    const m = $('#sec-deal .msg');
    m.textContent = text || '';
    m.classList.toggle('ok', !!ok);
  }

  async function compute() {
    const s = stacks(), p = prizes();
    amounts = null;
    const outs = [...$('#deal-rows').querySelectorAll('output')];
    outs.forEach((o) => (o.textContent = ''));
    $('#deal-accept').disabled = true;
    const total = p.reduce((a, b) => a + b, 0);
    setText($('#deal-sum'), players.length >= 2 ? tp('%s players left share %s (places 1 to %s).', players.length, money(total), players.length) : '');
    if (players.length < 2 || s.some((x) => !(x > 0))) { show(players.length >= 2 ? tp('Enter every stack.') : ''); return; }
    if (!stackTexts().every(whole)) { show(tp('Stacks are whole chips: enter them without decimals.')); return; }
    if (playForText().trim() !== '' && !whole(playForText())) {
      show(tp('Play for a whole amount: %s is not one.', playForText().trim()));
      return;
    }
    const n = ++asked;
    try {
      const r = await fetch('/api/chop', {
        method: 'POST', headers: { 'Content-Type': 'application/json' }, credentials: 'same-origin', cache: 'no-store',
        body: JSON.stringify({ method: method(), stacks: s, prizes: p, play_for: playFor(),
          unit: (state.payout_rule && state.payout_rule.unit) || 1 }),
      });
      const body = await r.json().catch(() => ({}));
      if (n !== asked) return;
      if (!r.ok) { show(refusal(body) || tp('The calculator refused (HTTP %s).', r.status)); return; }
      amounts = body.amounts;
      outs.forEach((o, i) => (o.textContent = money(amounts[i])));
      const dealt = money(body.total), pf = body.play_for && money(body.play_for);
      show(body.approximate
        ? (pf ? tp('%s dealt, %s played for (approximation, within %s).', dealt, pf, body.error) : tp('%s dealt (approximation, within %s).', dealt, body.error))
        : (pf ? tp('%s dealt, %s played for.', dealt, pf) : tp('%s dealt.', dealt)), true);
      $('#deal-accept').disabled = false;
    } catch (e) {
      if (n === asked) show(tp('Cannot reach the clock (Wi-Fi?).'));
    }
  }

  /* The deal, places by chips: the biggest stack first. */
  async function accept(ev) {
    if (!amounts) return;
    const s = stacks();
    const order = players.map((_, i) => i).sort((a, b) => s[b] - s[a] || a - b);
    const cmd = { type: 'deal', amounts: order.map((i) => amounts[i]), play_for: playFor() };
    if (players.every((p) => p.id != null)) cmd.players = order.map((i) => players[i].id);
    const lines = order.map((i, k) => `${cmd.play_for ? '' : k + 1 + '. '}${players[i].label}: ${money(amounts[i])}`).join(' · ');
    const text = tp('Accept the deal? %s', lines);
    let warn = cmd.play_for ? tp('Play goes on for %s to the winner.', money(cmd.play_for)) : tp('The tournament ends with these places (by chips).');
    /* The deal is of the prize pool: it says so where there are bounties. */
    if (state && state.bounty) warn += ' ' + tp('The bounties on the heads left are not in the deal: each player keeps his own.');
    const body = await PCPanel.confirmed(ev.currentTarget, cmd, text, warn, tp('Accept deal'));
    if (body) show(tp('Deal accepted.'), true);
  }

  $('#deal-method').replaceChildren(...METHODS.map(([v, t], i) =>
    el('label', {}, el('input', { type: 'radio', name: 'deal-method', value: v, ...(i === 0 ? { checked: '' } : {}) }), t)));
  $('#deal-method').addEventListener('change', later);
  $('#deal-playfor').addEventListener('input', later);
  $('#deal-accept').addEventListener('click', accept);
  PC.onState((s) => {
    const before = state;
    state = s;
    const shown = dealNow(s);
    $('#sec-deal').hidden = !shown;
    $('#deal-later').hidden = shown || !!s.deal || s.over || (s.payouts || []).length === 0;
    if (!before || dealNow(before) !== shown || before.players.remaining !== s.players.remaining) loadPlayers();
    else if (JSON.stringify(before.payouts) !== JSON.stringify(s.payouts) ||
      JSON.stringify(before.payout_rule) !== JSON.stringify(s.payout_rule)) later();
  });
  PCPanel.onRoster((r) => { roster = r; if (state) loadPlayers(); });
})();
