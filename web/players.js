/* The panel's players and seats: the registration desk (names typed or
 * pasted, each seat read out big), a player found by a few letters and what
 * can be done for him (bust, rebuy, add-on, re-entry, a name corrected, a
 * registration taken back), players out in the same hand, the table map
 * (button marks, tables opened, closed and added, seats blocked), and what
 * the floor should do next. */
(() => {
  'use strict';
  const { $, el, setText } = PC;
  let version = null;     /* the roster_version last fetched */
  let roster = null;      /* GET /api/players */
  let loads = 0;          /* rosters loaded by this page */
  let fetching = false, again = false;
  let tapMode = 'player'; /* what a tap on a seat does: player, button, hand, tables */
  let chosen = null;      /* the player shown in the box: {id, where: 'find' or 'map', table: the one his box is under} */
  let renaming = false;   /* the box shows the name being corrected */
  let knockout = null;    /* with bounties, the box asks who knocked the player out: {id, by: [ids], query} */
  let hand = [];          /* mode hand: [{id, chips}] out in the same hand */
  let deskWaits = false;  /* a table is being added for names waiting at the desk */
  const rosterListeners = [];
  const HINTS = {
    player: tp('Tap a player: bust, rebuy, add-on, name.'),
    button: tp('Tap the seat of the button for the next hand to be dealt (again: off). Balancing names the player to move from it, so mark it just before a move: it moves on by itself only in hand-for-hand.'),
    hand: tp('Tap the players out in the same hand, give their chips at its start.'),
    tables: tp('Tap a free seat to block it (a blocked one to free it); close, open or add a table.'),
  };
  /* A button mark this old (or of unknown age) is asked about before a move. */
  const MARK_OLD_MS = 2 * 60000;
  const MARKS_KEY = 'pokerclock.panel.marks';
  let marks = null;       /* {version, tables: {number: {seat, at}}}: when this phone saw each mark made */

  /* Commands go through the panel's one sender (busy state, double-tap
   * guard, the answer next to the button). */
  const send = (cmd, btn, opts) => PCPanel.command(cmd, btn, opts);
  const state = () => PC.current() || {};
  const money = (v) => PC.fmtMoney(v, state().currency);

  async function load() {
    if (fetching) { again = true; return; }
    fetching = true;
    try {
      const r = await fetch('/api/players', { cache: 'no-store' });
      if (r.ok) {
        roster = await r.json();
        trackMarks(roster, loads++ > 0);
        for (const fn of rosterListeners) try { fn(roster); } catch (e) { console.error(e); }
      }
    } catch (e) { /* offline: the next state change tries again */ }
    fetching = false;
    if (again) { again = false; return load(); }
    render();
  }

  /* Players unregistered stay in the roster (numbers never change) but are
   * nowhere on the panel. */
  const here = (p) => p.status !== 'removed';
  const byId = (id) => roster && roster.players.find((p) => p.id === id);
  const seatText = (p) => (p.table == null ? tp('waiting for a seat') : tp('Table %s, Seat %s', p.table, p.seat));
  const whereText = (p) => (p.status === 'out' ? tp('out, place %s', p.place) : seatText(p));

  /* Builds a box again only when what it shows changed: a name being
   * typed in it, or a choice made, stays. */
  function keyed(node, key, build) {
    if (node.dataset.k === key) return;
    node.dataset.k = key;
    build();
  }

  /* ---- read-outs: next to the button that asked, the last one only ---- */

  const readout = $('#seat-readout');
  /* Before a command: the last read-out goes (it was another player's),
   * and the box moves to where this command's answer will be. */
  function readoutAt(btn) {
    const was = btn.getBoundingClientRect().top;
    const msg = PCPanel.msgFor(btn);
    showDrawn([]);
    setText($('#seat-result'), '');
    if (msg) msg.before(readout);
    /* A long read-out gone from above (the final table's seats): the
     * button stays where the thumb is. */
    const moved = btn.getBoundingClientRect().top - was;
    if (btn.isConnected && moved) window.scrollBy(0, moved);
  }
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
    renderNext(); /* the proposal's box stays while its seats are read out */
    if (players.length) PCPanel.ensureVisible(readout);
  }
  function showResult(text) {
    setText($('#seat-result'), text);
    PCPanel.ensureVisible(readout);
  }

  /* The place, or the range of places shared (3–4), and the prize. */
  const placeText = (x) => {
    const place = x.place + (x.place_worst ? '–' + x.place_worst : '');
    return x.prize ? tp('%s: place %s (%s)', x.label, place, money(x.prize)) : tp('%s: place %s', x.label, place);
  };

  /* ---- the registration desk ---- */

  const typed = () => $('#seat-names').value.split('\n').map((n) => n.trim()).filter((n) => n);
  function deskLabel() {
    const n = typed().length;
    setText($('#seat-register'), n > 1 ? tp('Register and seat %s', n) : tp('Register and seat'));
  }
  /* The names sent leave the box, each once; what was typed meanwhile
   * (the answer can take a second on the venue's Wi-Fi) stays. */
  function takeOut(sent) {
    const box = $('#seat-names');
    const lines = box.value.split('\n');
    for (const n of sent) {
      const i = lines.findIndex((l) => l.trim() === n);
      if (i >= 0) lines.splice(i, 1);
    }
    const rest = lines.filter((l, i) => l.trim() || i === lines.length - 1).join('\n');
    const v = rest.trim() ? rest : '';
    if (box.value !== v) box.value = v;
    deskLabel();
  }

  /* A refusal for want of seats: what to do, one tap each. A seat blocked
   * at an open table (a dealer's, one kept for later) is freed with a tap,
   * and the names wait in the box to be registered again. */
  function noSeats(answer, msg, names) {
    const room = { seats_short: answer.free, seat_free_one: 1, seats_none_free: 0, no_free_seat_open: 0 }[answer.code];
    if (room === undefined) return;
    const blocked = (roster ? roster.tables : []).filter((t) => t.open)
      .flatMap((t) => t.blocked.map((seat) => ({ table: t.number, seat }))).slice(0, 3);
    msg.append(el('div', { class: 'acts' },
      room > 0 ? el('button', { type: 'button', class: 'primary', text: room === 1 ? tp('Register only %s', names[0]) : tp('Register the first %s', room),
        onclick: () => registerNames(names.slice(0, room)) }) : null,
      ...blocked.map((b) => el('button', { type: 'button', text: tp('Free table %s, seat %s', b.table, b.seat),
        onclick: (ev) => send({ type: 'table', table: b.table, seat: b.seat, blocked: false }, ev.currentTarget) })),
      el('button', { type: 'button', text: tp('Add a table'),
        onclick: () => { setMode('tables'); deskWaits = true; PCPanel.reveal($('#seat-add')); $('#seat-add-seats').focus(); } })));
  }

  async function registerNames(names) {
    if (PCPanel.busy()) return;
    readoutAt($('#seat-register'));
    const body = await send({ type: 'register', names }, $('#seat-register'),
      { refused: (answer, msg) => noSeats(answer, msg, names) });
    if (body && body.players) {
      takeOut(names);
      showDrawn(body.players);
    }
  }

  async function register(ev) {
    ev.preventDefault();
    const btn = $('#seat-register');
    if (PCPanel.busy()) return;
    const names = typed();
    if (names.length) return registerNames(names);
    /* An empty box: never a player without a name unless the director says so. */
    const next = roster ? roster.players.length + 1 : null;
    readoutAt(btn);
    const body = await PCPanel.confirmed(btn, { type: 'register' },
      next ? tp('No name in the box: register one player without a name, as "Player %s"?', next) : tp('No name in the box: register one player without a name?'),
      tp('To register a player by name, type the name first.'), tp('Register without a name'));
    if (body && body.players) showDrawn(body.players);
  }

  /* ---- a player: found, or tapped on the map ---- */

  function choose(p, where) {
    /* On the map the box stays under the player's table, also once he is out. */
    chosen = p ? { id: p.id, where, table: p.table } : null;
    renaming = false;
    const box = $('#seat-player');
    PCPanel.showMsg(box.querySelector(':scope > .msg'), '');
    if (box.contains(readout)) { showDrawn([]); setText($('#seat-result'), ''); }
    render();
    if (chosen) PCPanel.ensureVisible(box);
  }

  /* A bust; with bounties the box first asks who knocked him out. */
  async function bust(p, btn) {
    if (state().bounty && !(knockout && knockout.id === p.id)) {
      knockout = { id: p.id, by: [], query: '' };
      render();
      return;
    }
    const by = knockout ? knockout.by : [];
    const cmd = by.length ? { type: 'bust', player: p.id, by } : { type: 'bust', player: p.id };
    const who = by.map((id) => byId(id).label).join(' & ');
    readoutAt(btn);
    const body = await PCPanel.confirmed(btn, cmd, by.length
      ? tp('%s is out (%s), knocked out by %s?', p.label, seatText(p), who)
      : tp('%s is out (%s)?', p.label, seatText(p)), '', tp('Bust'));
    if (body) knockout = null;
    if (body && body.players) showResult(body.players.map(placeText).join(' · '));
  }

  /* Who knocked the player out: the players at his table first, anyone
   * still in by a few letters of the name; two or more share a split pot;
   * or nobody recorded. */
  function buildKnockout(body, p, head) {
    const ko = knockout;
    const pick = (q) => el('button', {
      type: 'button', class: 'who', text: q.label, 'aria-pressed': String(ko.by.includes(q.id)),
      onclick: () => { ko.by = ko.by.includes(q.id) ? ko.by.filter((x) => x !== q.id) : [...ko.by, q.id]; render(); },
    });
    const inPlay = roster.players.filter((q) => q.id !== p.id && (q.status === 'seated' || q.status === 'waiting'));
    const mates = inPlay.filter((q) => p.table != null && q.table === p.table);
    const found = el('div', { class: 'acts ko-found' });
    const showFound = () => {
      const f = PC.fold(ko.query.trim());
      found.replaceChildren(...(f ? inPlay.filter((q) => !mates.includes(q) && !ko.by.includes(q.id) && PC.fold(q.label).includes(f)).slice(0, 6).map(pick) : []));
    };
    const find = el('input', { type: 'search', value: ko.query, placeholder: tp('Find a player by name'), 'aria-label': tp('Find a player by name'), autocomplete: 'off' });
    find.addEventListener('input', () => { ko.query = find.value; showFound(); });
    showFound();
    const picked = ko.by.filter((id) => !mates.some((q) => q.id === id)).map((id) => byId(id)).filter(Boolean);
    const go = el('button', { class: 'danger', text: tp('Bust'), disabled: ko.by.length === 0, onclick: (e) => bust(p, e.currentTarget) });
    const nobody = el('button', { text: tp('Nobody / not recorded'), onclick: (e) => { ko.by = []; bust(p, e.currentTarget); } });
    const cancel = el('button', { type: 'button', text: tp('Cancel'), onclick: () => { knockout = null; render(); } });
    body.replaceChildren(head, el('p', { class: 'ko-ask', text: tp('Who knocked %s out?', p.label) }),
      el('div', { class: 'acts ko-mates' }, ...mates.map(pick), ...picked.map(pick)), find, found,
      el('p', { class: 'hint', text: tp('Two or more: a split pot, the bounty shared.') }),
      el('div', { class: 'acts' }, go, nobody, cancel));
  }

  /* A player who is out comes back: a new entry, a seat drawn and read out. */
  async function reenter(p, btn) {
    readoutAt(btn);
    const body = await PCPanel.confirmed(btn, { type: 'reenter', player: p.id },
      tp('%s re-enters (entry %s)?', p.label, p.entries + 1), tp('A new entry: the seat is drawn now.'), tp('Re-enter'),
      { refused: (answer, msg) => noSeats(answer, msg, []) });
    if (body && body.players) showDrawn(body.players);
  }

  /* A registration made by mistake taken back: his seat is free, his entry
   * (and its rebuys and add-ons) out of the prize pool again. */
  async function remove(p, btn) {
    const where = p.table != null ? tp('Table %s, seat %s is free again', p.table, p.seat) : tp('The player leaves the waiting list');
    const body = await PCPanel.confirmed(btn, { type: 'unregister', player: p.id },
      tp('Remove %s, registered by mistake?', p.label),
      tp('%s, and the entry goes back out of the prize pool with its rebuys and add-ons; the payouts shrink with it. A player who played and lost is busted instead.', where),
      tp('Remove'));
    if (body) PCPanel.showMsg($('#seat-player > .msg'), tp('%s is removed: the seat is free and the entry given back.', p.label), true);
  }

  async function rename(p, input, btn) {
    const name = input.value.trim();
    const msg = $('#seat-player > .msg');
    if (!name) { PCPanel.showMsg(msg, tp('Type the name.')); input.focus(); return; }
    if (name === p.name) { renaming = false; render(); return; }
    const body = await send({ type: 'rename', player: p.id, name }, btn);
    if (body) {
      renaming = false;
      PCPanel.showMsg(msg, tp('%s is now %s.', p.label, name), true);
    }
  }

  /* "1 entry, 2 rebuys, 1 add-on": rebuys and add-ons where the tournament has them. */
  function countsText(p) {
    const per = state().periods || {};
    const parts = [p.entries === 1 ? tp('1 entry') : tp('%s entries', p.entries)];
    if (per.rebuy_until_level || p.rebuys) parts.push(p.rebuys === 1 ? tp('1 rebuy') : tp('%s rebuys', p.rebuys));
    if (per.addon_after_level || p.addons) parts.push(p.addons === 1 ? tp('1 add-on') : tp('%s add-ons', p.addons));
    return parts.join(', ');
  }

  /* The chosen player and what can be done for him now; what cannot says why. */
  function renderPlayer() {
    const box = $('#seat-player');
    const p = chosen && (tapMode === 'player' || chosen.where === 'find') ? byId(chosen.id) : null;
    box.hidden = !p;
    const body = box.querySelector('.body');
    if (!p) { body.replaceChildren(); body.dataset.k = ''; return; }
    const s = state();
    const why = PCPanel.closedReasons(s);
    if (knockout && knockout.id !== p.id) knockout = null;
    const ko = knockout && [knockout.by, roster.version];
    keyed(body, JSON.stringify([p, renaming, why, !!s.over, !!s.deal, s.periods, s.printer != null, ko]), () => buildPlayer(body, p, s, why));
  }
  function buildPlayer(body, p, s, why) {
    const close = el('button', { type: 'button', class: 'small', 'aria-label': tp('Close'), text: '✕', onclick: () => choose(null) });
    const head = el('div', {}, el('b', { text: p.label }),
      el('span', { text: p.status === 'removed' ? ` — ${tp('removed')}` : ` — ${whereText(p)} · ${countsText(p)}` }));
    if (renaming) {
      const input = el('input', { type: 'text', value: p.name || '', maxlength: 39, 'aria-label': tp('Name of %s', p.label), autocomplete: 'off' });
      const save = el('button', { type: 'submit', class: 'primary', text: tp('Save the name') });
      const form = el('form', { class: 'acts' }, input, save,
        el('button', { type: 'button', text: tp('Cancel'), onclick: () => { renaming = false; render(); } }));
      form.addEventListener('submit', (e) => { e.preventDefault(); rename(p, input, save); });
      body.replaceChildren(head, form);
      input.focus();
      input.select();
      return;
    }
    if (knockout && (p.status === 'seated' || p.status === 'waiting')) return buildKnockout(body, p, head);
    const acts = el('div', { class: 'acts' });
    const notes = [];
    if (p.status === 'out') {
      if (!why.register) acts.append(el('button', { class: 'primary', text: tp('Re-enter'), onclick: (e) => reenter(p, e.currentTarget) }));
      else notes.push(why.register);
    } else if (p.status !== 'removed' && !s.over) {
      acts.append(el('button', { class: 'danger', text: tp('Bust'), onclick: (e) => bust(p, e.currentTarget) }));
      /* Rebuys and the add-on only while open; closed, the reason instead. */
      if (!why.rebuy) acts.append(el('button', { text: tp('Rebuy'), onclick: (e) => send({ type: 'rebuy', player: p.id }, e.currentTarget) }));
      else if (s.periods && s.periods.rebuy_until_level) notes.push(why.rebuy);
      if (!why.addon) acts.append(el('button', { text: tp('Add-on'), onclick: (e) => send({ type: 'addon', player: p.id }, e.currentTarget) }));
    }
    if (p.status !== 'removed') {
      acts.append(el('button', { text: tp('Rename'), onclick: () => { renaming = true; render(); } }));
      if ((p.status === 'seated' || p.status === 'waiting') && PCPanel.hasPrinter())
        acts.append(el('button', { text: tp('Print slip'), onclick: (e) => PCPanel.printSlip(p, e.currentTarget, $('#seat-player > .msg')) }));
      /* Only a registration nothing was played on can be taken back. */
      if ((p.status === 'seated' || p.status === 'waiting') && p.entries === 1 && !s.over && !s.deal)
        acts.append(el('button', { class: 'danger', text: tp('Remove'), onclick: (e) => remove(p, e.currentTarget) }));
    }
    acts.append(close);
    body.replaceChildren(head, acts, ...notes.map((t) => el('p', { class: 'hint why', text: t })));
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
    box.querySelector('.body').replaceChildren(...(rows.length ? rows : [el('p', { class: 'hint', text: tp('Nobody picked yet.') })]), el('div', { class: 'row' }, go));
  }

  async function bustHand(ev) {
    const btn = ev.currentTarget;
    const msg = $('#seat-hand > .msg');
    if (hand.length === 0) { PCPanel.showMsg(msg, tp('Tap the players who went out first.')); return; }
    const players = [];
    for (const h of hand) {
      const c = Math.floor(Number(h.chips));
      if (hand.length > 1 && !(c >= 1)) { PCPanel.showMsg(msg, tp('Give %s\'s chips at the start of the hand.', byId(h.id).label)); return; }
      players.push({ player: h.id, chips: c });
    }
    const names = hand.map((h) => byId(h.id).label).join(', ');
    const cmd = players.length === 1 ? { type: 'bust', player: players[0].player } : { type: 'bust', players };
    readoutAt(btn);
    const body = await PCPanel.confirmed(btn, cmd, tp('Out in the same hand: %s?', names), '', tp('Bust'));
    if (body && body.players) {
      hand = [];
      render();
      showResult(body.players.map(placeText).join(' · '));
    }
  }

  /* The seat finder: a few letters of the name (any case, accents aside),
   * or the number; with nothing typed, the last players registered (a
   * name typed wrong is corrected from there). */
  function renderFound() {
    const list = $('#seat-found');
    const q = PC.fold($('#seat-find').value.trim());
    const open = chosen && chosen.where === 'find';
    list.hidden = open;
    $('#seat-found-title').hidden = open;
    if (!roster || open) { list.replaceChildren(); return; }
    const players = roster.players.filter(here);
    const found = q ? players.filter((p) => PC.fold(p.label).includes(q) || String(p.id) === q).slice(0, 12)
      : players.slice(-5).reverse();
    setText($('#seat-found-title'), q ? (found.length ? '' : tp('Nobody found.')) : found.length ? tp('Last registered') : '');
    /* A bust or a re-entry from the list: the player's box takes the
     * list's place, right under the search, and says how it went. */
    const inBox = (p, act) => { choose(p, 'find'); act(p, $('#seat-player .body')); };
    list.replaceChildren(...found.map((p) => el('li', {},
      el('button', { type: 'button', class: 'who', text: `${p.label} — ${whereText(p)}`, onclick: () => choose(p, 'find') }),
      !q ? null : p.status === 'out' ? el('button', { class: 'primary', text: tp('Re-enter'), onclick: () => inBox(p, reenter) })
        : el('button', { class: 'danger', text: tp('Bust'), onclick: () => inBox(p, bust) }))));
  }

  /* ---- the button marks ---- */

  /* When this phone saw each table's button marked (the clock keeps no
   * time for it): a mark made while the panel was open is dated; one found
   * already there is of unknown age. Kept on the phone through a reload. */
  function trackMarks(r, watching) {
    let old = marks;
    if (!old) try { old = JSON.parse(localStorage.getItem(MARKS_KEY)); } catch (e) { /* none */ }
    const known = old && old.version <= r.version ? old.tables || {} : {};
    const tables = {};
    for (const t of r.tables) if (t.button) {
      const k = known[t.number];
      tables[t.number] = k && k.seat === t.button ? k : { seat: t.button, at: watching ? Date.now() : null };
    }
    marks = { version: r.version, tables };
    try { localStorage.setItem(MARKS_KEY, JSON.stringify(marks)); } catch (e) { /* private mode */ }
  }
  const markOf = (t) => (t && t.button && marks && marks.tables[t.number]) || null;
  const markOld = (t) => { const m = markOf(t); return !!m && (m.at == null || Date.now() - m.at > MARK_OLD_MS); };
  function markAge(t) {
    const m = markOf(t);
    if (!m) return '';
    if (m.at == null) return tp('marked before this phone saw it');
    const min = Math.floor((Date.now() - m.at) / 60000);
    return min < 1 ? tp('marked just now') : tp('marked %s min ago', min);
  }
  const tableOf = (n) => roster && roster.tables.find((t) => t.number === n);

  /* ---- what the floor should do now, confirmed with one tap ---- */

  function renderNext() {
    const box = $('#seat-next'), body = box.querySelector('.body');
    const s = state();
    let n = roster && roster.next;
    /* Breaking tables and the final table's redraw wait for the start (the
     * room is still filling); the redraw, for the first player out. */
    if (n && n.action === 'break' && !s.started) n = null;
    if (n && n.action === 'final' && !(s.started && s.players && s.players.busted > 0)) n = null;
    const on = !!n && n.action !== 'none';
    /* Done (the table broken, the final table drawn): the seats drawn stay
     * on the screen to be read out. */
    box.hidden = !on && !(box.contains(readout) && !$('#seat-drawn').hidden);
    PCPanel.dot('tables', on || !!s.hand_for_hand);
    const ages = on && n.moves ? n.moves.map((m) => markAge(tableOf(m.from_table))) : [];
    keyed(body, on ? JSON.stringify([roster.version, n, ages]) : '', () => buildNext(body, on && n));
  }
  function buildNext(body, n) {
    if (!n) { body.replaceChildren(); return; }
    if (n.action === 'break') {
      const t = tableOf(n.table);
      body.replaceChildren(el('span', { text: tp('Break table %s: its players are drawn to new seats.', n.table) }),
        el('button', { class: 'primary', text: tp('Break table %s', n.table),
          onclick: async (e) => {
            readoutAt(e.currentTarget);
            const b = await PCPanel.confirmed(e.currentTarget, { type: 'break_table', table: n.table }, tp('Break table %s?', n.table),
              t && t.players === 1 ? tp('Its player is drawn to a new seat at another table; the table closes.')
                : tp('Its %s players are drawn to new seats at the other tables; the table closes.', t ? t.players : '?'),
              tp('Break table %s', n.table));
            if (b && b.players) showDrawn(b.players);
          } }));
    } else if (n.action === 'final') {
      /* The button by high card (the clock deals a card to each seat), or
       * where the director puts it. */
      const pick = el('select', { id: 'final-button', 'aria-label': tp('The button') },
        el('option', { value: '', text: tp('Button: high card, dealt by the clock') }),
        ...Array.from({ length: n.final_size }, (_, i) => el('option', { value: String(i + 1), text: tp('Button at seat %s', i + 1) })));
      body.replaceChildren(el('span', { text: tp('Final table: %s seats are drawn again.', n.final_size) }), pick,
        el('button', { class: 'primary', text: tp('Draw the final table'),
          onclick: async (e) => {
            const cmd = pick.value ? { type: 'final_table', button: Number(pick.value) } : { type: 'final_table' };
            readoutAt(e.currentTarget);
            const b = await PCPanel.confirmed(e.currentTarget, cmd, tp('Draw the final table now?'),
              tp('Every player left gets a new seat at the final table; the other tables close. Read the seats out from the list that follows.'),
              tp('Draw the final table'));
            if (b && b.players) showDrawn(b.players, b.state && b.state.final_table);
          } }));
    } else {
      body.replaceChildren(el('b', { text: n.moves.length === 1 ? tp('Move to make') : tp('Moves to make (%s)', n.moves.length) }));
      for (const m of n.moves) {
        const p = m.player && byId(m.player);
        const who = m.player ? tp('%s (table %s, seat %s)', p ? p.label : tp('Player %s', m.player), m.from_table, m.from_seat)
          : tp('The player who is big blind next at table %s', m.from_table);
        const row = el('div', { class: 'row' }, el('span', { text: m.waits
          ? tp('%s → table %s, seat %s (dealt in after the button passes)', who, m.to_table, m.to_seat)
          : tp('%s → table %s, seat %s', who, m.to_table, m.to_seat) }));
        if (m.player) row.append(el('button', { class: 'primary', text: tp('Move'), onclick: (e) => move(m, p, e.currentTarget) }));
        else row.append(el('button', { text: tp('Mark the button'), onclick: () => { setMode('button'); PCPanel.reveal($('#seat-map')); } }));
        body.append(row);
        /* Where the player to move comes from: the button mark, and how old it is. */
        const from = tableOf(m.from_table);
        if (markOf(from)) body.append(el('p', { class: 'hint' + (markOld(from) ? ' mark-old' : ''),
          text: tp('Button at table %s: seat %s, %s.', from.number, from.button, markAge(from)) }));
      }
    }
  }

  /* A balancing move, asked first; a button mark old enough that hands were
   * dealt since is named, for the player who is big blind now may be
   * another. */
  function move(m, p, btn) {
    const old = [tableOf(m.from_table), tableOf(m.to_table)].filter(markOld);
    const warn = old.map((t) => tp('The button at table %s was %s: the next hand\'s button may have moved since.', t.number, markAge(t)));
    if (old.length) warn.push(tp('Mark it again (Button) before moving, or move anyway.'));
    return PCPanel.confirmed(btn, { type: 'move', player: m.player, table: m.to_table, seat: m.to_seat },
      tp('Move %s from table %s, seat %s to table %s, seat %s?', p ? p.label : tp('Player %s', m.player), m.from_table, m.from_seat, m.to_table, m.to_seat),
      warn.join(' '), old.length ? tp('Move anyway') : tp('Move'));
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

  /* ---- the table map ---- */

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
    const picked = tapMode === 'hand' ? hand.some((h) => h.id === p.id) : !!chosen && chosen.id === p.id;
    return el('button', { class: 'seat taken' + cls + (picked ? ' picked' : ''), title: p.label, 'aria-label': label, text,
      'aria-pressed': String(picked), onclick: () => tapPlayer(p) });
  }

  function tapPlayer(p) {
    if (tapMode === 'hand') {
      if (hand.some((h) => h.id === p.id)) hand = hand.filter((h) => h.id !== p.id);
      else if (hand.length < 16) hand.push({ id: p.id, chips: '' });
      render();
    } else choose(chosen && chosen.id === p.id ? null : p, 'map');
  }

  /* Every table and its seats (closed tables only in tables mode); the
   * player tapped has his box right under his table. */
  function renderMap() {
    const map = $('#seat-map');
    $('#seat-add').hidden = tapMode !== 'tables' || !roster || roster.tables.length === 0;
    const box = $('#seat-player');
    if (!roster || roster.tables.length === 0) { map.replaceChildren(); map.dataset.k = ''; return; }
    const at = new Map(roster.players.filter((p) => p.table != null).map((p) => [`${p.table}/${p.seat}`, p]));
    const shown = roster.tables.filter((t) => t.open || tapMode === 'tables');
    const p = chosen && chosen.where === 'map' && byId(chosen.id);
    const under = p && (shown.find((t) => t.number === chosen.table) || shown[shown.length - 1]);
    /* Drawn again only when what it shows changed: a roster fetched again
     * the same would swallow a tap made as the seats are replaced. */
    const key = JSON.stringify([tapMode, shown, [...at].map(([k, x]) => [k, x.id, x.label]), under && under.number,
      hand.map((h) => h.id), chosen && chosen.id, tapMode === 'button' ? shown.map(markAge) : 0]);
    if (map.dataset.k === key && (!under || box.parentElement === map)) return;
    map.dataset.k = key;
    const kids = [];
    for (const t of shown) {
      const seats = [];
      for (let s = 1; s <= t.seats; s++) seats.push(seatEl(t, s, at.get(`${t.number}/${s}`)));
      const name = t.name ? tp('Table %s %s', t.number, t.name) : tp('Table %s', t.number);
      const head = el('b', { text: `${name} · ${t.open ? t.players : tp('closed')}` });
      const mark = tapMode === 'button' && t.button
        ? el('small', { class: 'mark' + (markOld(t) ? ' mark-old' : ''), text: tp('Button: seat %s, %s', t.button, markAge(t)) }) : null;
      /* Each table has its answers under it (a seat that cannot be
       * blocked, a table that cannot close). */
      kids.push(el('div', { class: 'table answers' + (t.open ? '' : ' closed'), 'data-table': t.number }, head, mark,
        ...(tapMode === 'tables' ? [tableButton(t)] : []), ...seats, el('p', { class: 'msg', role: 'alert' })));
      if (t === under) kids.push(box);
    }
    /* Not on the map: the box goes back to the finder. */
    if (!kids.includes(box) && box.parentElement === map) $('#seat-found').after(box);
    map.replaceChildren(...kids);
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
    if (!r) return;
    $('#seat-add-number').value = '';
    /* Added for the names waiting at the desk: back to them. */
    if (deskWaits) { deskWaits = false; setMode('player'); PCPanel.reveal($('#seat-register')); }
  }

  function render() {
    const has = roster && roster.tables.length > 0;
    /* Hand-for-hand and the end-of-day draw start with these tables. */
    PCPanel.tablesInPlay = has ? roster.tables.filter((t) => t.open && t.players > 0).map((t) => t.number) : [];
    const open = has ? roster.tables.filter((t) => t.open).length : 0;
    setText($('#seat-figures'), !roster ? '' : [tp('%s in', roster.left),
      roster.entries === 1 ? tp('1 entry') : tp('%s entries', roster.entries),
      ...(has ? [open === 1 ? tp('1 table open') : tp('%s tables open', open)] : [])].join(', '));
    /* Busts, rebuys, add-ons and unregistrations by count take only players
     * without a record: when every player left has one, the Players card
     * sends the director to the player instead of offering what the clock
     * would refuse. */
    const s = state();
    const byRecord = !!roster && roster.left > 0 && !!s.players && roster.left >= s.players.remaining;
    $('#bust-form').hidden = byRecord;
    $('#same-hand').hidden = byRecord;
    $('#pl-by-seat').hidden = !byRecord;
    $('#rebuy').parentElement.hidden = byRecord;
    $('#unregister').hidden = byRecord;
    /* A chosen player the map no longer shows (another mode) stays only in the finder. */
    if (chosen && chosen.where === 'map' && tapMode !== 'player') chosen = null;
    renderNext();
    renderMoves();
    renderFound();
    renderPlayer();
    renderHand();
    renderMap();
    if (chosen && chosen.where === 'find' && $('#seat-player').parentElement !== $('#sec-find')) $('#seat-found').after($('#seat-player'));
  }

  function setMode(mode) {
    tapMode = mode;
    setText($('#seat-mode-hint'), HINTS[tapMode]);
    document.querySelectorAll('[data-seat-mode]').forEach((x) => {
      x.classList.toggle('on', x.dataset.seatMode === mode);
      x.setAttribute('aria-pressed', x.dataset.seatMode === mode);
    });
    render();
  }

  $('#seat-form').addEventListener('submit', register);
  $('#seat-names').addEventListener('input', deskLabel);
  $('#seat-add').addEventListener('submit', addTable);
  setText($('#seat-mode-hint'), HINTS[tapMode]);
  document.querySelectorAll('[data-seat-mode]').forEach((b) => b.addEventListener('click', () => setMode(b.dataset.seatMode)));
  $('#seat-find').addEventListener('input', () => { if (chosen && chosen.where === 'find') chosen = null; render(); });
  /* The marks' ages, and what depends on them, as minutes pass. */
  setInterval(() => { if (roster && roster.tables.some((t) => t.button)) { renderNext(); if (tapMode === 'button') renderMap(); } }, 30000);
  /* A new roster is fetched; otherwise only what the state decides (a
   * rebuy closed, the clock started) is looked at again. */
  PC.onState((s) => {
    if (s.roster_version !== version) { version = s.roster_version; load(); } else { renderNext(); renderPlayer(); }
  });
  /* For the Deal and the payouts cards: the roster, as it changes. */
  PCPanel.onRoster = (fn) => { rosterListeners.push(fn); if (roster) fn(roster); };
})();
