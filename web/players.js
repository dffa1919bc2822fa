/* The panel's players and seats: register names with the seat read out big, find a player, bust by seat on the table map, and confirm what the floor should do next. */
(() => {
  'use strict';
  const { $, el, setText } = PC;
  let version = null;     /* the roster_version last fetched */
  let roster = null;      /* GET /api/players */
  let fetching = false, again = false;
  let tapMode = 'bust';   /* what a tap on a seat does: bust, or mark the button */

  /* Commands go through the panel's one sender (busy state, double-tap
   * guard, errors shown under the button). */
  const send = (cmd, btn) => PCPanel.command(cmd, btn);

  async function load() {
    if (fetching) { again = true; return; }
    fetching = true;
    try {
      const r = await fetch('/api/players', { cache: 'no-store' });
      if (r.ok) roster = await r.json();
    } catch (e) { /* offline: the next state change tries again */ }
    fetching = false;
    if (again) { again = false; return load(); }
    render();
  }

  const seatText = (p) => (p.table == null ? 'waiting for a seat' : `Table ${p.table}, Seat ${p.seat}`);

  /* The seats just drawn, big, to read out to the players. */
  function showDrawn(players) {
    const box = $('#seat-drawn');
    box.replaceChildren(...players.map((p) =>
      el('div', { class: 'drawn' }, el('span', { text: p.label }), el('b', { text: seatText(p) }))));
    box.hidden = players.length === 0;
  }

  async function register(ev) {
    ev.preventDefault();
    const names = $('#seat-names').value.split('\n').map((n) => n.trim()).filter((n) => n);
    const btn = $('#seat-register');
    const body = await send(names.length ? { type: 'register', names } : { type: 'register' }, btn);
    if (body && body.players) {
      $('#seat-names').value = '';
      showDrawn(body.players);
    }
  }

  async function bust(p, btn) {
    const body = await PCPanel.confirmed(btn, { type: 'bust', player: p.id },
      `${p.label} is out (${seatText(p)})?`, '', 'Bust');
    if (body && body.players) {
      showDrawn([]);
      const out = body.players.map((x) => `${x.label}: place ${x.place}${x.prize ? ' (' + PC.fmtMoney(x.prize) + ')' : ''}`);
      setText($('#seat-result'), out.join(' · '));
    }
  }

  /* The seat finder: a few letters of the name, or the number. */
  function renderFound() {
    const list = $('#seat-found');
    const q = $('#seat-find').value.trim().toLowerCase();
    if (!roster || !q) { list.replaceChildren(); return; }
    const found = roster.players.filter((p) => p.label.toLowerCase().includes(q) || String(p.id) === q).slice(0, 12);
    list.replaceChildren(...found.map((p) => el('li', {},
      el('span', { text: `${p.label} — ${p.status === 'out' ? 'out, place ' + p.place : seatText(p)}` }),
      p.status === 'out' ? null : el('button', { class: 'danger', text: 'Bust', onclick: (e) => bust(p, e.currentTarget) }))));
  }

  /* What the floor should do now, with one tap to confirm. */
  function renderNext() {
    const box = $('#seat-next');
    const n = roster && roster.next;
    box.replaceChildren();
    if (!n || n.action === 'none') { box.hidden = true; return; }
    box.hidden = false;
    if (n.action === 'break') {
      box.append(el('span', { text: `Break table ${n.table}: its players are drawn to new seats.` }),
        el('button', { class: 'primary', text: `Break table ${n.table}`,
          onclick: async (e) => { const b = await send({ type: 'break_table', table: n.table }, e.currentTarget); if (b && b.players) showDrawn(b.players); } }));
    } else if (n.action === 'final') {
      box.append(el('span', { text: `Final table: ${n.final_size} seats are drawn again.` }),
        el('button', { class: 'primary', text: 'Draw the final table',
          onclick: async (e) => { const b = await send({ type: 'final_table' }, e.currentTarget); if (b && b.players) showDrawn(b.players); } }));
    } else {
      box.append(el('b', { text: n.moves.length === 1 ? 'Move to make' : `Moves to make (${n.moves.length})` }));
      for (const m of n.moves) {
        const p = m.player && roster.players.find((x) => x.id === m.player);
        const who = m.player ? `${p ? p.label : 'Player ' + m.player} (table ${m.from_table}, seat ${m.from_seat})`
          : `The player who is big blind next at table ${m.from_table}`;
        const row = el('div', { class: 'row' }, el('span', { text: `${who} → table ${m.to_table}, seat ${m.to_seat}${m.waits ? ' (dealt in after the button passes)' : ''}` }));
        if (m.player) row.append(el('button', { class: 'primary', text: 'Move',
          onclick: (e) => send({ type: 'move', player: m.player, table: m.to_table, seat: m.to_seat }, e.currentTarget) }));
        box.append(row);
      }
    }
  }

  /* The moves made, the newest first, with names: the floor checks that
   * each player went where the clock says (the undo button takes back the
   * last one). */
  function renderMoves() {
    const moves = (roster && roster.moves) || [];
    $('#seat-moves-box').hidden = moves.length === 0;
    setText($('#seat-moves-title'), `Recent moves (${moves.length})`);
    const why = { balance: 'balancing', break: 'table break', final: 'final table' };
    $('#seat-moves').replaceChildren(...moves.slice(0, 20).map((m) => el('li', { text:
      `${m.label}: ${m.from_table != null ? `table ${m.from_table}, seat ${m.from_seat} ` : ''}→ table ${m.to_table}, seat ${m.to_seat}` +
      ` (${why[m.why] || m.why}, ${Math.floor(m.ago_ms / 60000)} min ago)` })));
  }

  /* The button on a seat (any seat: a dead button may sit at an empty
   * one); a tap on the seat that has it takes it off. */
  const markButton = (t, s, btn) => send({ type: 'button', table: t.number, seat: t.button === s ? 0 : s }, btn);

  /* Every table and its seats: tap a player to bust him, or a seat to mark
   * the button (then hand-for-hand moves it on as the table reports). */
  function renderMap() {
    const map = $('#seat-map');
    if (!roster || roster.tables.length === 0) { map.replaceChildren(); return; }
    const at = new Map(roster.players.filter((p) => p.table != null).map((p) => [`${p.table}/${p.seat}`, p]));
    map.replaceChildren(...roster.tables.filter((t) => t.open).map((t) => {
      const seats = [];
      for (let s = 1; s <= t.seats; s++) {
        const p = at.get(`${t.number}/${s}`);
        const cls = (t.button === s ? ' button' : '');
        const label = `Table ${t.number} seat ${s}${p ? ' ' + p.label : ''}${t.button === s ? ', button' : ''}`;
        if (t.blocked.includes(s)) seats.push(el('span', { class: 'seat blocked', text: `${s} ✕` }));
        else if (tapMode === 'button') seats.push(el('button', { class: 'seat' + (p ? ' taken' : '') + cls, 'aria-label': label,
          text: p ? `${s} ${p.label}` : `${s}`, onclick: (e) => markButton(t, s, e.currentTarget) }));
        else if (!p) seats.push(el('span', { class: 'seat' + cls, 'aria-label': label, text: `${s}` }));
        else seats.push(el('button', { class: 'seat taken' + cls, title: p.label, 'aria-label': label, text: `${s} ${p.label}`,
          onclick: (e) => bust(p, e.currentTarget) }));
      }
      return el('div', { class: 'table' }, el('b', { text: `Table ${t.number}${t.name ? ' ' + t.name : ''} · ${t.players}` }), ...seats);
    }));
  }

  function render() {
    const has = roster && roster.tables.length > 0;
    /* Hand-for-hand and the end-of-day draw start with these tables. */
    PCPanel.tablesInPlay = has ? roster.tables.filter((t) => t.open && t.players > 0).map((t) => t.number) : [];
    setText($('#seat-figures'), roster ? `${roster.left} in, ${roster.entries} entries${has ? ', ' + roster.tables.filter((t) => t.open).length + ' tables open' : ''}` : '');
    renderNext();
    renderMoves();
    renderFound();
    renderMap();
  }

  $('#seat-form').addEventListener('submit', register);
  document.querySelectorAll('[data-seat-mode]').forEach((b) => b.addEventListener('click', () => {
    tapMode = b.dataset.seatMode;
    document.querySelectorAll('[data-seat-mode]').forEach((x) => {
      x.classList.toggle('on', x === b);
      x.setAttribute('aria-pressed', x === b);
    });
    renderMap();
  }));
  $('#seat-find').addEventListener('input', renderFound);
  PC.onState((s) => {
    if (s.roster_version !== version) { version = s.roster_version; load(); }
  });
})();
