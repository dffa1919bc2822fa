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
    player: tp('Tap a player: bust, rebuy, add-on.'),
    button: tp('Tap a seat to mark the button there (again: off).'),
    hand: tp('Tap the players out in the same hand, give their chips at its start.'),
    tables: tp('Tap a free seat to block it (a blocked one to free it); close, open or add a table.'),
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

  const seatText = (p) => (p.table == null ? tp('waiting for a seat') : tp('Table %s, Seat %s', p.table, p.seat));

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
        text: high && high.card ? tp('Button: seat %s, %s with the high card %s', final.button, high.label, high.card)
          : tp('Button: seat %s', final.button) })));
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

  /* The place, or the range of places shared (3–4). */
  const placeText = (x) => {
    const place = x.place + (x.place_worst ? '–' + x.place_worst : '');
    return x.prize ? tp('%s: place %s (%s)', x.label, place, PC.fmtMoney(x.prize)) : tp('%s: place %s', x.label, place);
  };

  async function bust(p, btn) {
    const body = await PCPanel.confirmed(btn, { type: 'bust', player: p.id },
      tp('%s is out (%s)?', p.label, seatText(p)), '', tp('Bust'));
    if (body && body.players) {
      showDrawn([]);
      setText($('#seat-result'), body.players.map(placeText).join(' · '));
    }
  }

  /* A player who is out comes back: a new entry, a seat drawn and read out. */
  async function reenter(p, btn) {
    const body = await PCPanel.confirmed(btn, { type: 'reenter', player: p.id },
      tp('%s re-enters (entry %s)?', p.label, p.entries + 1), tp('A new entry: the seat is drawn now.'), tp('Re-enter'));
    if (body && body.players) showDrawn(body.players);
  }

  const byId = (id) => roster && roster.players.find((p) => p.id === id);

  /* The player tapped on the map: what can be done for him. */
  function renderPlayer() {
    const box = $('#seat-player');
    const p = tapMode === 'player' && chosen != null ? byId(chosen) : null;
    box.hidden = !p;
    if (!p) { box.replaceChildren(); return; }
    const counts = p.entries === 1 ? tp('%s entry, %s rebuys, %s add-ons', p.entries, p.rebuys, p.addons)
      : tp('%s entries, %s rebuys, %s add-ons', p.entries, p.rebuys, p.addons);
    const row = el('div', { class: 'row' });
    if (p.status === 'out') row.append(el('button', { class: 'primary', text: tp('Re-enter'), onclick: (e) => reenter(p, e.currentTarget) }));
    else row.append(
      el('button', { class: 'danger', text: tp('Bust'), onclick: (e) => bust(p, e.currentTarget) }),
      el('button', { text: tp('Rebuy'), onclick: (e) => send({ type: 'rebuy', player: p.id }, e.currentTarget) }),
      el('button', { text: tp('Add-on'), onclick: (e) => send({ type: 'addon', player: p.id }, e.currentTarget) }));
    row.append(el('button', { class: 'small', 'aria-label': tp('Close'), text: '✕', onclick: () => { chosen = null; render(); } }));
    box.replaceChildren(el('b', { text: p.label }),
      el('span', { text: ` — ${p.status === 'out' ? tp('out, place %s', p.place) : seatText(p)} · ${counts}` }), row);
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
      const chips = el('input', { type: 'number', min: 1, inputmode: 'numeric', 'aria-label': tp('Chips of %s', p.label), value: h.chips || '' });
      chips.addEventListener('input', () => { h.chips = chips.value; });
      return el('div', { class: 'row same' }, el('span', { class: 'who', text: `${p.label} (${p.table}/${p.seat})` }),
        el('label', { class: 'inline' }, tp('Chips') + ' ', chips),
        el('button', { type: 'button', class: 'small', 'aria-label': tp('Remove %s', p.label), text: '✕', onclick: () => { hand = hand.filter((x) => x !== h); render(); } }));
    });
    const go = el('button', { class: 'danger', text: hand.length ? tp('Bust these %s', hand.length) : tp('Bust these'), onclick: bustHand });
    box.replaceChildren(...(rows.length ? rows : [el('p', { class: 'hint', text: tp('Nobody picked yet.') })]), el('div', { class: 'row' }, go));
  }

  async function bustHand(ev) {
    const btn = ev.currentTarget;
    if (hand.length === 0) { setText($('#seat-result'), tp('Tap the players who went out first.')); return; }
    const players = [];
    for (const h of hand) {
      const c = Math.floor(Number(h.chips));
      if (hand.length > 1 && !(c >= 1)) { setText($('#seat-result'), tp('Give %s\'s chips at the start of the hand.', byId(h.id).label)); return; }
      players.push({ player: h.id, chips: c });
    }
    const names = hand.map((h) => byId(h.id).label).join(', ');
    const cmd = players.length === 1 ? { type: 'bust', player: players[0].player } : { type: 'bust', players };
    const body = await PCPanel.confirmed(btn, cmd, tp('Out in the same hand: %s?', names), '', tp('Bust'));
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
      el('span', { text: `${p.label} — ${p.status === 'out' ? tp('out, place %s', p.place) : seatText(p)}` }),
      p.status === 'out' ? el('button', { class: 'primary', text: tp('Re-enter'), onclick: (e) => reenter(p, e.currentTarget) })
        : el('button', { class: 'danger', text: tp('Bust'), onclick: (e) => bust(p, e.currentTarget) }))));
  }

  /* What the floor should do now, with one tap to confirm. */
  function renderNext() {
    const box = $('#seat-next');
    const n = roster && roster.next;
    box.replaceChildren();
    if (!n || n.action === 'none') { box.hidden = true; return; }
    box.hidden = false;
    if (n.action === 'break') {
      box.append(el('span', { text: tp('Break table %s: its players are drawn to new seats.', n.table) }),
        el('button', { class: 'primary', text: tp('Break table %s', n.table),
          onclick: async (e) => { const b = await send({ type: 'break_table', table: n.table }, e.currentTarget); if (b && b.players) showDrawn(b.players); } }));
    } else if (n.action === 'final') {
      /* The button by high card (the clock deals a card to each seat), or
       * where the director puts it. */
      const pick = el('select', { id: 'final-button', 'aria-label': tp('The button') },
        el('option', { value: '', text: tp('Button: high card, dealt by the clock') }),
        ...Array.from({ length: n.final_size }, (_, i) => el('option', { value: String(i + 1), text: tp('Button at seat %s', i + 1) })));
      box.append(el('span', { text: tp('Final table: %s seats are drawn again.', n.final_size) }), pick,
        el('button', { class: 'primary', text: tp('Draw the final table'),
          onclick: async (e) => {
            const cmd = pick.value ? { type: 'final_table', button: Number(pick.value) } : { type: 'final_table' };
            const b = await send(cmd, e.currentTarget);
            if (b && b.players) showDrawn(b.players, b.state && b.state.final_table);
          } }));
    } else {
      box.append(el('b', { text: n.moves.length === 1 ? tp('Move to make') : tp('Moves to make (%s)', n.moves.length) }));
      for (const m of n.moves) {
        const p = m.player && roster.players.find((x) => x.id === m.player);
        const who = m.player ? tp('%s (table %s, seat %s)', p ? p.label : tp('Player %s', m.player), m.from_table, m.from_seat)
          : tp('The player who is big blind next at table %s', m.from_table);
        const row = el('div', { class: 'row' }, el('span', { text: m.waits
          ? tp('%s → table %s, seat %s (dealt in after the button passes)', who, m.to_table, m.to_seat)
          : tp('%s → table %s, seat %s', who, m.to_table, m.to_seat) }));
        if (m.player) row.append(el('button', { class: 'primary', text: tp('Move'),
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
    setText($('#seat-moves-title'), tp('Recent moves (%s)', moves.length));
    const why = { balance: tp('balancing'), break: tp('table break'), final: tp('final table') };
    $('#seat-moves').replaceChildren(...moves.slice(0, 20).map((m) => {
      const reason = why[m.why] || m.why, min = Math.floor(m.ago_ms / 60000);
      return el('li', { text: m.from_table != null
        ? tp('%s: table %s, seat %s → table %s, seat %s (%s, %s min ago)', m.label, m.from_table, m.from_seat, m.to_table, m.to_seat, reason, min)
        : tp('%s: → table %s, seat %s (%s, %s min ago)', m.label, m.to_table, m.to_seat, reason, min) });
    }));
  }

  /* The button on a seat (any seat: a dead button may sit at an empty
   * one); a tap on the seat that has it takes it off. */
  const markButton = (t, s, btn) => send({ type: 'button', table: t.number, seat: t.button === s ? 0 : s }, btn);

  /* Tables mode: a free seat blocked, a blocked one freed (no question:
   * both are undone with one tap, and a player's seat is refused). */
  const blockSeat = (t, s, blocked, btn) => send({ type: 'table', table: t.number, seat: s, blocked }, btn);

  function tableButton(t) {
    if (t.open) return el('button', { class: 'small danger', text: tp('Close'), 'aria-label': tp('Close table %s', t.number),
      onclick: (e) => PCPanel.confirmed(e.currentTarget, { type: 'table', table: t.number, open: false },
        tp('Close table %s?', t.number), t.players === 1 ? tp('1 player sits there: move them or break the table first.') : t.players ? tp('%s players sit there: move them or break the table first.', t.players) : tp('No new player is seated there.'), tp('Close')) });
    return el('button', { class: 'small', text: tp('Open'), 'aria-label': tp('Open table %s', t.number),
      onclick: (e) => send({ type: 'table', table: t.number, open: true }, e.currentTarget) });
  }

  /* One seat of the map, as the mode wants it. */
  function seatEl(t, s, p) {
    const cls = (t.button === s ? ' button' : '');
    const blocked = t.blocked.includes(s);
    /* Its name for a screen reader, then what is on it: blocked, button. */
    const label = [p ? tp('Table %s seat %s %s', t.number, s, p.label) : tp('Table %s seat %s', t.number, s),
      ...(blocked ? [tp('blocked')] : []), ...(t.button === s ? [tp('button')] : [])].join(', ');
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
      const name = t.name ? tp('Table %s %s', t.number, t.name) : tp('Table %s', t.number);
      const head = el('b', { text: `${name} · ${t.open ? t.players : tp('closed')}` });
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
      tp('Add table %s with %s seats?', table, seats), tp('It breaks first; new players are drawn to it.'), tp('Add'));
    if (r) $('#seat-add-number').value = '';
  }

  function render() {
    const has = roster && roster.tables.length > 0;
    /* Hand-for-hand and the end-of-day draw start with these tables. */
    PCPanel.tablesInPlay = has ? roster.tables.filter((t) => t.open && t.players > 0).map((t) => t.number) : [];
    setText($('#seat-figures'), !roster ? '' : has
      ? tp('%s in, %s entries, %s tables open', roster.left, roster.entries, roster.tables.filter((t) => t.open).length)
      : tp('%s in, %s entries', roster.left, roster.entries));
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
