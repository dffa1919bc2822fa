/* The panel's players and seats: register names with the seat read out big, find a player, a tapped seat's player (bust, rebuy, add-on, re-entry), players out in the same hand, tables opened, closed and added and seats blocked on the table map, and what the floor should do next. */
(() => {
  'use strict';
  const { $, el, setText } = PC;
  let version = null;     /* the roster_version last fetched */
  let roster = null;      /* GET /api/players */
  let fetching = false, again = false;
  let tapMode = 'player'; /* what a tap on a seat does: player, button, hand, tables */
  let chosen = null;      /* the id of the player tapped (mode player) */
  let hand = [];          /* mode hand: [{id, chips}] out in the same hand */
  const HINTS = {
    player: 'Tap a player: bust, rebuy, add-on.',
    button: 'Tap a seat to mark the button there (again: off).',
    hand: 'Tap the players out in the same hand, give their chips at its start.',
    tables: 'Tap a free seat to block it (a blocked one to free it); close, open or add a table.',
  };

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
  /* The seats just drawn, to read out; after the final table's redraw,
   * each seat's card and where the button went. */
  function showDrawn(players, final) {
    const box = $('#seat-drawn');
    const card = (p) => final && (final.seats.find((x) => x.player === p.id) || {}).card;
    box.replaceChildren(...players.map((p) =>
      el('div', { class: 'drawn' }, el('span', { text: p.label + (card(p) ? ' (' + card(p) + ')' : '') }), el('b', { text: seatText(p) }))));
    if (final && final.button) {
      const high = final.seats.find((x) => x.seat === final.button);
      box.append(el('div', { class: 'drawn', id: 'final-button-drawn' }, el('b', {
        text: `Button: seat ${final.button}` + (high && high.card ? `, ${high.label} with the high card ${high.card}` : '') })));
    }
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

  const placeText = (x) => `${x.label}: place ${x.place}${x.place_worst ? '–' + x.place_worst : ''}${x.prize ? ' (' + PC.fmtMoney(x.prize) + ')' : ''}`;

  async function bust(p, btn) {
    const body = await PCPanel.confirmed(btn, { type: 'bust', player: p.id },
      `${p.label} is out (${seatText(p)})?`, '', 'Bust');
    if (body && body.players) {
      showDrawn([]);
      setText($('#seat-result'), body.players.map(placeText).join(' · '));
    }
  }

  /* A player who is out comes back: a new entry, a seat drawn and read out. */
  async function reenter(p, btn) {
    const body = await PCPanel.confirmed(btn, { type: 'reenter', player: p.id },
      `${p.label} re-enters (entry ${p.entries + 1})?`, 'A new entry: the seat is drawn now.', 'Re-enter');
    if (body && body.players) showDrawn(body.players);
  }

  const byId = (id) => roster && roster.players.find((p) => p.id === id);

  /* The player tapped on the map: what can be done for him. */
  function renderPlayer() {
    const box = $('#seat-player');
    const p = tapMode === 'player' && chosen != null ? byId(chosen) : null;
    box.hidden = !p;
    if (!p) { box.replaceChildren(); return; }
    const counts = `${p.entries} ${p.entries === 1 ? 'entry' : 'entries'}, ${p.rebuys} rebuys, ${p.addons} add-ons`;
    const row = el('div', { class: 'row' });
    if (p.status === 'out') row.append(el('button', { class: 'primary', text: 'Re-enter', onclick: (e) => reenter(p, e.currentTarget) }));
    else row.append(
      el('button', { class: 'danger', text: 'Bust', onclick: (e) => bust(p, e.currentTarget) }),
      el('button', { text: 'Rebuy', onclick: (e) => send({ type: 'rebuy', player: p.id }, e.currentTarget) }),
      el('button', { text: 'Add-on', onclick: (e) => send({ type: 'addon', player: p.id }, e.currentTarget) }));
    row.append(el('button', { class: 'small', 'aria-label': 'Close', text: '✕', onclick: () => { chosen = null; render(); } }));
    box.replaceChildren(el('b', { text: p.label }),
      el('span', { text: ` — ${p.status === 'out' ? 'out, place ' + p.place : seatText(p)} · ${counts}` }), row);
  }

  /* Players out in the same hand: tapped on the map, each with his chips
   * at the start of the hand (more chips places higher; equal: a tie). */
  function renderHand() {
    const box = $('#seat-hand');
    hand = hand.filter((h) => { const p = byId(h.id); return p && p.status === 'seated'; });
    box.hidden = tapMode !== 'hand';
    if (box.hidden) return;
    const rows = hand.map((h) => {
      const p = byId(h.id);
      const chips = el('input', { type: 'number', min: 1, inputmode: 'numeric', 'aria-label': `Chips of ${p.label}`, value: h.chips || '' });
      chips.addEventListener('input', () => { h.chips = chips.value; });
      return el('div', { class: 'row same' }, el('span', { class: 'who', text: `${p.label} (${p.table}/${p.seat})` }),
        el('label', { class: 'inline' }, 'Chips ', chips),
        el('button', { type: 'button', class: 'small', 'aria-label': `Remove ${p.label}`, text: '✕', onclick: () => { hand = hand.filter((x) => x !== h); render(); } }));
    });
    const go = el('button', { class: 'danger', text: hand.length ? `Bust these ${hand.length}` : 'Bust these', onclick: bustHand });
    box.replaceChildren(...(rows.length ? rows : [el('p', { class: 'hint', text: 'Nobody picked yet.' })]), el('div', { class: 'row' }, go));
  }

  async function bustHand(ev) {
    const btn = ev.currentTarget;
    if (hand.length === 0) { setText($('#seat-result'), 'Tap the players who went out first.'); return; }
    const players = [];
    for (const h of hand) {
      const c = Math.floor(Number(h.chips));
      if (hand.length > 1 && !(c >= 1)) { setText($('#seat-result'), `Give ${byId(h.id).label}'s chips at the start of the hand.`); return; }
      players.push({ player: h.id, chips: c });
    }
    const names = hand.map((h) => byId(h.id).label).join(', ');
    const cmd = players.length === 1 ? { type: 'bust', player: players[0].player } : { type: 'bust', players };
    const body = await PCPanel.confirmed(btn, cmd, `Out in the same hand: ${names}?`, '', 'Bust');
    if (body && body.players) {
      hand = [];
      setText($('#seat-result'), body.players.map(placeText).join(' · '));
      render();
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
      p.status === 'out' ? el('button', { class: 'primary', text: 'Re-enter', onclick: (e) => reenter(p, e.currentTarget) })
        : el('button', { class: 'danger', text: 'Bust', onclick: (e) => bust(p, e.currentTarget) }))));
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
      /* The button by high card (the clock deals a card to each seat), or
       * where the director puts it. */
      const pick = el('select', { id: 'final-button', 'aria-label': 'The button' },
        el('option', { value: '', text: 'Button: high card, dealt by the clock' }),
        ...Array.from({ length: n.final_size }, (_, i) => el('option', { value: String(i + 1), text: `Button at seat ${i + 1}` })));
      box.append(el('span', { text: `Final table: ${n.final_size} seats are drawn again.` }), pick,
        el('button', { class: 'primary', text: 'Draw the final table',
          onclick: async (e) => {
            const cmd = pick.value ? { type: 'final_table', button: Number(pick.value) } : { type: 'final_table' };
            const b = await send(cmd, e.currentTarget);
            if (b && b.players) showDrawn(b.players, b.state && b.state.final_table);
          } }));
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

  /* Tables mode: a free seat blocked, a blocked one freed (no question:
   * both are undone with one tap, and a player's seat is refused). */
  const blockSeat = (t, s, blocked, btn) => send({ type: 'table', table: t.number, seat: s, blocked }, btn);

  function tableButton(t) {
    if (t.open) return el('button', { class: 'small danger', text: 'Close', 'aria-label': `Close table ${t.number}`,
      onclick: (e) => PCPanel.confirmed(e.currentTarget, { type: 'table', table: t.number, open: false },
        `Close table ${t.number}?`, t.players ? `${t.players} players sit there: move them or break the table first.` : 'No new player is seated there.', 'Close') });
    return el('button', { class: 'small', text: 'Open', 'aria-label': `Open table ${t.number}`,
      onclick: (e) => send({ type: 'table', table: t.number, open: true }, e.currentTarget) });
  }

  /* One seat of the map, as the mode wants it. */
  function seatEl(t, s, p) {
    const cls = (t.button === s ? ' button' : '');
    const blocked = t.blocked.includes(s);
    const label = `Table ${t.number} seat ${s}${p ? ' ' + p.label : ''}${blocked ? ', blocked' : ''}${t.button === s ? ', button' : ''}`;
    const text = p ? `${s} ${p.label}` : blocked ? `${s} ✕` : `${s}`;
    if (tapMode === 'tables' && !p)
      return el('button', { class: 'seat' + (blocked ? ' blocked' : '') + cls, 'aria-label': label, text,
        onclick: (e) => blockSeat(t, s, !blocked, e.currentTarget) });
    if (blocked) return el('span', { class: 'seat blocked', 'aria-label': label, text });
    if (tapMode === 'button') return el('button', { class: 'seat' + (p ? ' taken' : '') + cls, 'aria-label': label,
      text, onclick: (e) => markButton(t, s, e.currentTarget) });
    if (!p || tapMode === 'tables') return el('span', { class: 'seat' + (p ? ' taken' : '') + cls, 'aria-label': label, text });
    const picked = tapMode === 'hand' ? hand.some((h) => h.id === p.id) : chosen === p.id;
    return el('button', { class: 'seat taken' + cls + (picked ? ' picked' : ''), title: p.label, 'aria-label': label, text,
      'aria-pressed': String(picked), onclick: () => tapPlayer(p) });
  }

  function tapPlayer(p) {
    if (tapMode === 'hand') {
      if (hand.some((h) => h.id === p.id)) hand = hand.filter((h) => h.id !== p.id);
      else if (hand.length < 16) hand.push({ id: p.id, chips: '' });
    } else chosen = chosen === p.id ? null : p.id;
    render();
  }

  /* Every table and its seats; closed tables only in tables mode. */
  function renderMap() {
    const map = $('#seat-map');
    $('#seat-add').hidden = tapMode !== 'tables' || !roster || roster.tables.length === 0;
    if (!roster || roster.tables.length === 0) { map.replaceChildren(); return; }
    const at = new Map(roster.players.filter((p) => p.table != null).map((p) => [`${p.table}/${p.seat}`, p]));
    const shown = roster.tables.filter((t) => t.open || tapMode === 'tables');
    map.replaceChildren(...shown.map((t) => {
      const seats = [];
      for (let s = 1; s <= t.seats; s++) seats.push(seatEl(t, s, at.get(`${t.number}/${s}`)));
      const head = el('b', { text: `Table ${t.number}${t.name ? ' ' + t.name : ''} · ${t.open ? t.players : 'closed'}` });
      return el('div', { class: 'table' + (t.open ? '' : ' closed') }, head, ...(tapMode === 'tables' ? [tableButton(t)] : []), ...seats);
    }));
    if (tapMode === 'tables' && !$('#seat-add-number').value) {
      $('#seat-add-number').value = Math.max(...roster.tables.map((t) => t.number)) + 1;
      $('#seat-add-seats').value = roster.tables[roster.tables.length - 1].seats;
    }
  }

  /* A table the configuration lacks (the venue opens one more). */
  async function addTable(ev) {
    ev.preventDefault();
    const table = Math.floor(Number($('#seat-add-number').value)), seats = Math.floor(Number($('#seat-add-seats').value));
    const r = await PCPanel.confirmed($('#seat-add-btn'), { type: 'table', table, open: true, seats },
      `Add table ${table} with ${seats} seats?`, 'It breaks first; new players are drawn to it.', 'Add');
    if (r) $('#seat-add-number').value = '';
  }

  function render() {
    const has = roster && roster.tables.length > 0;
    /* Hand-for-hand and the end-of-day draw start with these tables. */
    PCPanel.tablesInPlay = has ? roster.tables.filter((t) => t.open && t.players > 0).map((t) => t.number) : [];
    setText($('#seat-figures'), roster ? `${roster.left} in, ${roster.entries} entries${has ? ', ' + roster.tables.filter((t) => t.open).length + ' tables open' : ''}` : '');
    /* Busts by count and by table take only players without a record: when
     * every player left has one, the Players card sends the director here. */
    const s = PC.current();
    const byRecord = !!roster && roster.left > 0 && s && roster.left >= s.players.remaining;
    $('#bust-form').hidden = byRecord;
    $('#same-hand').hidden = byRecord;
    $('#pl-by-seat').hidden = !byRecord;
    renderNext();
    renderMoves();
    renderFound();
    renderPlayer();
    renderHand();
    renderMap();
  }

  $('#seat-form').addEventListener('submit', register);
  $('#seat-add').addEventListener('submit', addTable);
  setText($('#seat-mode-hint'), HINTS[tapMode]);
  document.querySelectorAll('[data-seat-mode]').forEach((b) => b.addEventListener('click', () => {
    tapMode = b.dataset.seatMode;
    setText($('#seat-mode-hint'), HINTS[tapMode]);
    document.querySelectorAll('[data-seat-mode]').forEach((x) => {
      x.classList.toggle('on', x === b);
      x.setAttribute('aria-pressed', x === b);
    });
    render();
  }));
  $('#seat-find').addEventListener('input', renderFound);
  PC.onState((s) => {
    if (s.roster_version !== version) { version = s.roster_version; load(); }
  });
})();
