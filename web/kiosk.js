/* The kiosk: the structure sheet, the payouts and the tournament info in
 * turn (docs/rules.md §1: what the venue must post), with a compact clock on top;
 * when players are registered by name, a seat finder, the seats in
 * alphabetical order, the order the tables break in and the results. */
'use strict';

(() => {
  const { $, $$, el, setText, fmtTime, fmtChips, fmtNum, fmtMoney, blinds } = PC;
  const t = I18N.t;
  const PAGE_MS = 15000;
  let structure = null;
  let page = 0;
  let structureSeq = -1;

  function chipSpan(value) {
    const c = structure && (structure.chips || []).find((x) => x.value === value);
    return el('span', { class: 'chip', style: 'background:' + (c ? c.rgb : '#888') });
  }

  /* Fits n rows into the page: one or two columns, then the largest font
   * size at which nothing spills over (measured, so any language fits). */
  function fit(box, rows, maxFs) {
    const portrait = innerHeight > innerWidth;
    const cols = portrait || rows <= 12 ? 1 : 2;
    box.style.setProperty('--cols', cols);
    let fs = maxFs;
    for (let i = 0; i < 40 && fs > 8; i++) {
      box.style.setProperty('--fs', fs + 'px');
      if (box.scrollHeight <= box.clientHeight + 1 && box.scrollWidth <= box.clientWidth + 1) break;
      fs *= 0.93;
    }
  }

  function renderSheet() {
    if (!structure) return;
    const s = PC.current();
    const cur = s ? s.level.index : -1;
    const next = s && s.color_up && s.color_up.next;
    const now = s && s.color_up && s.color_up.now;
    const rows = [el('div', { class: 'r head' }, el('span', { text: '#' }), el('span', { text: t('blinds') }),
      el('span', { text: t('ante') }), el('span', { text: t('min') }))];
    /* The chips colored up at a level: the clock says so in colored_up
     * (named in the configuration or derived from the chip set). */
    const upAt = (l, i) => {
      if (Array.isArray(l.colored_up)) return l.colored_up;
      const v = l.color_up || (next && next.at_level === i ? next.value : 0) || (now && i === cur ? now.value : 0);
      return v ? [v] : [];
    };
    const upText = (vals) => el('span', {}, ...vals.map((v) => el('span', {}, chipSpan(v), fmtChips(v) + ' '))
      , t('color_up_lower'));
    structure.levels.forEach((l, i) => {
      const cls = 'r' + (i === cur ? ' cur' : i < cur ? ' past' : '');
      const ups = upAt(l, i);
      if (l.kind === 'break') {
        rows.push(el('div', { class: cls + ' brk' }, el('span', { text: '' }),
          el('span', {}, t('break'), ups.length ? el('span', {}, ' · ', upText(ups)) : null),
          el('span', { text: String(Math.round(l.minutes)) })));
      } else {
        rows.push(el('div', { class: cls }, el('span', { text: String(l.number) }),
          el('span', { text: blinds(l) + (l.day_end ? ' · ' + t('day_end') : '') }),
          el('span', { text: l.ante ? fmtChips(l.ante) + (l.big_blind_ante ? ' BB' : '') : '' }),
          el('span', { text: String(Math.round(l.minutes)) })));
        /* A color-up at the end of a play level (no break after it). */
        if (ups.length) rows.push(el('div', { class: 'r brk' }, el('span', { text: '' }), upText(ups), el('span', { text: '' })));
      }
    });
    const box = $('#sheet');
    box.replaceChildren(...rows);
    fit(box, rows.length, innerHeight / 22);
  }

  function renderPayouts(s) {
    const p = s.players || {};
    $('#pay-figures').replaceChildren(
      el('div', {}, el('b', { text: fmtNum(p.entries) }), el('span', { text: t('entries') })),
      el('div', {}, el('b', { text: fmtMoney(s.prize_pool, s.currency) }), el('span', { text: t('prize_pool') })),
      el('div', {}, el('b', { text: fmtNum(p.paid_places) }), el('span', { text: t('places_paid') })),
      el('div', {}, el('b', { text: fmtNum(p.remaining) }), el('span', { text: t('players_left') })));
    /* After a deal, the clock's lines (what the deal shared, what is still
     * played for) stand for the places it covers: none of them is listed
     * with the nothing it has left to win. The places below follow. */
    const pay = s.payouts || [];
    const from = s.deal ? s.deal.players : 0;
    const dealt = ((s.view && s.view.payouts) || []).filter((r) => r.deal || r.play_for)
      .map((r) => [r.deal ? t('pay_deal', r.deal) : t('pay_play_for'), r.amount]);
    const rows = [...dealt, ...pay.slice(from).map((v, i) => [t('place') + ' ' + (from + i + 1), v])];
    const list = $('#pay-list');
    /* With bounties, as on the wall: the bounty per head, or the biggest heads. */
    const b = s.view && s.view.bounty;
    const say = (parts) => (parts || []).map((x) => (typeof x === 'string' ? x : x.w ? t(x.w, ...(x.a || [])) : '')).join('');
    const bounty = !b ? [] : [el('li', { class: 'bounty' }, el('span', { text: say(b.title) }), b.amount ? fmtMoney(b.amount, s.currency) : ''),
      ...(b.heads || []).map((h) => el('li', { class: 'bounty' }, el('span', { text: say(h.who) }), fmtMoney(h.amount, s.currency)))];
    list.replaceChildren(...rows.map(([what, v]) => el('li', {}, el('span', { text: what }), fmtMoney(v, s.currency))), ...bounty);
    fit(list, rows.length + bounty.length, innerHeight / 16);
  }

  function renderInfo(s) {
    if (!structure) return;
    const st = structure;
    const cur = s.currency || st.currency || '';
    const per = s.periods || {};
    const rows = [];
    const add = (k, v, note) => rows.push(el('dt', { text: k }), el('dd', {}, v, note ? el('small', { text: ' ' + note }) : null));
    add(t('buy_in'), fmtMoney(st.buy_in + (st.fee || 0), cur), st.fee ? '(' + fmtNum(st.buy_in) + ' + ' + fmtNum(st.fee) + ' ' + t('fee') + ')' : '');
    add(t('starting_stack'), fmtNum(st.starting_stack) + ' ' + t('chips'));
    if (st.guarantee) add(t('guarantee'), fmtMoney(st.guarantee, cur));
    const lr = st.late_registration && st.late_registration.until_level;
    add(t('late_reg'), lr ? t('until_level', lr) : t('none'), lr ? '(' + (per.late_reg_open ? t('open') : t('closed')) + ')' : '');
    const rb = st.rebuy || {};
    add(t('rebuy'), rb.until_level ? fmtMoney(rb.price, cur) + ' → ' + fmtNum(rb.chips) + ' ' + t('chips') + ', ' + t('until_level', rb.until_level) : t('none'),
      rb.until_level ? '(' + (per.rebuys_open ? t('open') : t('closed')) + ')' : '');
    const ad = st.addon || {};
    add(t('addon'), ad.after_level ? fmtMoney(ad.price, cur) + ' → ' + fmtNum(ad.chips) + ' ' + t('chips') + ', ' + t('after_level', ad.after_level) : t('none'),
      ad.after_level ? '(' + (per.addon_open ? t('open') : t('closed')) + ')' : '');
    const first = st.levels.find((l) => l.kind !== 'break');
    if (first) add(t('first_level'), blinds(first) + ', ' + Math.round(first.minutes) + ' ' + t('min'));
    const p = s.players || {};
    add(t('entries'), fmtNum(p.entries), (p.rebuys ? p.rebuys + ' ' + t('rebuys') : '') + (p.addons ? ' ' + p.addons + ' ' + t('addons') : ''));
    add(t('chips_in_play'), fmtNum(p.chips_in_play));
    $('#info').replaceChildren(...rows);
  }

  /* The seat finder: players type a few letters of their name and read
   * their table and seat. The roster is fetched again only when the state's
   * roster_version changes; the box shows only when players have names. */
  let roster = null, rosterVersion = null, fetching = false, again = false, idle = 0, rosterAt = 0;
  const FIND_IDLE_MS = 60000;
  const fold = PC.fold;

  async function loadRoster() {
    if (fetching) { again = true; return; }
    fetching = true;
    try {
      const r = await fetch('/api/players', { cache: 'no-store' });
      if (r.ok) { roster = await r.json(); rosterAt = Date.now(); }
    } catch (e) { rosterVersion = null; /* offline: tried again with the next state */ }
    fetching = false;
    if (again) { again = false; return loadRoster(); }
    renderFound();
    renderRosterPages();
  }

  /* The seats, alphabetically: as many pages of columns as the players
   * need at a size read from a few steps away, each shown in turn. */
  let seatChunk = 0, seatChunks = 1;
  /* ?page=N or ?page=seats shows one page and stops rotating (for a fixed screen). */
  const fixed = new URLSearchParams(location.search).get('page');
  const byName = (a, b) => fold(a.name).localeCompare(fold(b.name)) || a.id - b.id;
  function renderSeats() {
    const named = roster ? roster.players.filter((p) => p.name && p.status !== 'out') : [];
    $('#p-seats').hidden = named.length === 0;
    if (!named.length) return;
    const list = $('#seat-list');
    const item = (p) => el('li', {}, el('span', { class: 'who', text: p.name }),
      el('span', { class: 'where', text: p.table == null ? t('seat_waiting') : t('table_seat', p.table, p.seat) }));
    list.style.setProperty('--cols', innerHeight > innerWidth ? 1 : 2);
    list.replaceChildren(item(named.sort(byName)[0]));
    const row = list.firstChild.offsetHeight || 1;
    const per = Math.max(1, Math.floor(list.clientHeight / row) * (innerHeight > innerWidth ? 1 : 2));
    seatChunks = Math.ceil(named.length / per);
    if (seatChunk >= seatChunks) seatChunk = 0;
    list.replaceChildren(...named.slice(seatChunk * per, (seatChunk + 1) * per).map(item));
    setText($('#h-seats'), I18N.t2('seat_list') + (seatChunks > 1 ? ` (${seatChunk + 1}/${seatChunks})` : ''));
  }

  /* The tables still open, the next to break first (docs/rules.md §7: the break
   * order is posted); the last one, where the final table plays, last. */
  function renderTables() {
    const open = roster ? roster.tables.filter((x) => x.open && x.players > 0) : [];
    $('#p-tables').hidden = open.length < 2 || !roster.players.some((p) => p.name);
    open.sort((a, b) => a.break_order - b.break_order);
    $('#break-list').replaceChildren(...open.map((x) => el('li', {},
      el('span', { class: 'who', text: t('table_players', x.number, x.players) }), el('span', { class: 'where', text: x.name || '' }))));
  }

  /* The moves of the last half hour that still stand, the newest first: a
   * player back from a break reads where he sits now, and why. */
  const RECENT_MS = 30 * 60000;
  function renderMoves() {
    const since = Date.now() - rosterAt;
    const recent = roster ? (roster.moves || []).filter((m) => m.stands !== false && m.ago_ms + since < RECENT_MS) : [];
    $('#p-moves').hidden = recent.length === 0;
    const where = (m) => (m.from_table != null ? t('table_seat', m.from_table, m.from_seat) + ' → ' : '→ ') +
      t('table_seat', m.to_table, m.to_seat);
    $('#move-list').replaceChildren(...recent.slice(0, 30).map((m) => el('li', {},
      el('span', { class: 'who' }, m.name || t('player_n', m.player), el('span', { class: 'ago', text: t('minutes_ago', Math.floor((m.ago_ms + since) / 60000)) })),
      el('span', { class: 'where', text: where(m) }))));
    fit($('#move-list'), Math.min(recent.length, 30), innerHeight / 14);
  }

  /* Places so far, the best first: the ones a player looks for. */
  function renderResults() {
    const out = roster ? roster.players.filter((p) => p.place != null) : [];
    $('#p-results').hidden = out.length === 0 || !roster.players.some((p) => p.name);
    out.sort((a, b) => a.place - b.place);
    const s = PC.current();
    const list = $('#result-list');
    list.replaceChildren(...out.slice(0, 40).map((p) => el('li', {},
      el('span', { class: 'who', text: (p.place_worst ? p.place + '–' + p.place_worst : p.place) + '. ' + p.label }),
      el('span', { class: 'where', text: p.prize ? fmtMoney(p.prize, s && s.currency) : '' }))));
    fit(list, Math.min(out.length, 40), innerHeight / 20);
  }

  function renderRosterPages() {
    renderSeats();
    renderTables();
    renderMoves();
    renderResults();
    if (fixed) show(0);
    dots();
  }

  function renderFound() {
    const named = roster ? (roster.players || []).filter((p) => p.name) : [];
    const box = $('#finder');
    if (box.hidden !== (named.length === 0)) {
      box.hidden = !box.hidden;
      /* The pages got less room (or more): the sheet and the rules are fitted again. */
      const s = PC.current();
      if (s) render(s);
      renderRules();
    }
    const list = $('#found');
    const q = fold($('#find').value.trim());
    if (box.hidden || q.length < 2) { list.hidden = true; list.replaceChildren(); return; }
    const hits = named.filter((p) => fold(p.name).includes(q)).slice(0, 8);
    const where = (p) => p.status === 'out' ? t('seat_out', p.place)
      : p.table == null ? t('seat_waiting') : t('table_seat', p.table, p.seat);
    list.replaceChildren(...(hits.length ? hits.map((p) => el('li', { class: p.status === 'out' ? 'out' : '' },
      el('span', { class: 'who', text: p.name }), el('span', { class: 'where', text: where(p) })))
      : [el('li', { class: 'none', text: '–' })]));
    list.hidden = false;
  }

  function onRoster(s) {
    if (s.roster_version !== undefined && s.roster_version !== rosterVersion) { rosterVersion = s.roster_version; loadRoster(); }
  }
  $('#find').addEventListener('input', () => { idle = Date.now(); renderFound(); });
  $('#finder').addEventListener('submit', (e) => { e.preventDefault(); $('#find').blur(); });
  /* The next player finds an empty box. */
  setInterval(() => {
    if ($('#find').value && Date.now() - idle > FIND_IDLE_MS) { $('#find').value = ''; renderFound(); }
  }, 5000);

  function render(s) {
    document.body.classList.remove('loading');
    /* PAUSED as the wall says it (not for hand-for-hand, the end of the
     * day's draw, a winner: the clock decides, the state's view). */
    document.body.classList.toggle('paused', !!(s.view && s.view.paused));
    document.body.classList.toggle('break', s.level.kind === 'break');
    setText($('#k-name'), s.name || '');
    PC.fitText($('#k-name'));
    setText($('#k-level'), s.level.kind === 'break' ? t('break') : t('level') + ' ' + s.level.number + ': ' + blinds(s.level) +
      (s.level.ante ? ' (' + fmtChips(s.level.ante) + ')' : ''));
    setText($('#k-players'), t('players') + ' ' + (s.players.remaining ?? '') + '/' + (s.players.entries ?? ''));
    renderPayouts(s);
    renderInfo(s);
    renderSheet();
    if (s.seq !== structureSeq) { structureSeq = s.seq; loadStructure(); }
    onRoster(s);
    tick();
  }

  function tick() {
    const s = PC.current();
    if (!s) return;
    const c = PC.clock();
    setText($('#k-clock'), s.overtime ? '+' + fmtTime(c.overtime, false) : (s.view && s.view.paused ? t('paused') + ' ' : '') + fmtTime(c.remaining));
  }

  /* The kiosk's own pages in turn, a page without content (no names: no
   * seats) left out; the venue's slides show between them (#p-slide). */
  const shown = () => $$('.page:not(#p-slide)').filter((p) => !p.hidden);
  function dots() {
    const pages = shown();
    if ($$('#dots span').length !== pages.length) $('#dots').replaceChildren(...pages.map(() => el('span')));
    $$('#dots span').forEach((d, i) => d.classList.toggle('on', i === page));
  }
  function show(n) {
    const pages = shown();
    page = (n + pages.length) % pages.length;
    /* ?page= (a number among all pages, or a name: seats, tables, results)
     * holds one page for a fixed screen, once it has something to show. */
    const held = fixed && (isNaN(Number(fixed)) ? document.getElementById('p-' + fixed) : $$('.page')[Number(fixed)]);
    if (held && pages.includes(held)) page = pages.indexOf(held);
    $$('.page').forEach((p) => p.classList.toggle('on', p === pages[page]));
    dots();
  }
  /* The next page of seats while there are more; else after each page a
   * slide of the venue's, when one is live, for its seconds; ?slides=only:
   * the slides alone under the clock (a sponsor's screen), the pages only
   * while there is none. */
  const slidesOnly = new URLSearchParams(location.search).get('slides') === 'only';
  let slideNext = true;
  function turn() {
    const onSlide = $('#p-slide').classList.contains('on');
    if (!onSlide && shown()[page] === $('#p-seats') && seatChunk + 1 < seatChunks) {
      seatChunk++;
      renderSeats();
      setTimeout(turn, PAGE_MS);
      return;
    }
    const ms = slideNext ? PCSlides.next($('#k-slide')) : 0;
    slideNext = slidesOnly || !slideNext || !ms;
    if (ms) {
      $$('.page').forEach((p) => p.classList.remove('on'));
      $('#p-slide').classList.add('on');
    } else {
      seatChunk = 0;
      show(page + 1);
      if (shown()[page] === $('#p-seats')) renderSeats();
    }
    setTimeout(turn, ms || PAGE_MS);
  }

  async function loadStructure() {
    try {
      const r = await fetch('/api/structure', { cache: 'no-store' });
      if (!r.ok) return;
      structure = await r.json();
      const s = PC.current();
      renderSheet();
      if (s) renderInfo(s);
    } catch (e) { /* offline */ }
  }
  /* The venue's house rules (house_rules in the configuration): a page of
   * their own, one numbered paragraph each, in two columns when many. */
  let rules = [];
  function renderRules() {
    const list = $('#rule-list');
    list.replaceChildren(...rules.map((r) => el('li', { text: r })));
    $('#p-rules').hidden = rules.length === 0;
    if (rules.length) fit(list, rules.length * 2, innerHeight / 18);
    dots();
  }
  /* The current league season's table: a page of its own, titled with the
   * season's name, its ranked players from the top. */
  function renderLeague(board) {
    const rows = board ? board.rows.slice(0, 40) : [];
    $('#p-league').hidden = rows.length === 0;
    setText($('#h-league'), board ? board.season : '');
    const list = $('#league-list');
    list.replaceChildren(...rows.map((x) => el('li', {},
      el('span', { class: 'who', text: x.rank + '. ' + x.name }), el('span', { class: 'where', text: PCLeague.points(x.points) }))));
    if (rows.length) fit(list, rows.length, innerHeight / 20);
    if (fixed) show(0);
    dots();
  }
  PCLeague.onBoard(renderLeague);

  async function loadSettings() {
    const st = await PC.settings();
    I18N.use(st.language || 'en', st.language2);
    PC.applyTheme(st.theme);
    setText($('#h-structure'), I18N.t2('structure'));
    setText($('#h-payouts'), I18N.t2('payouts'));
    setText($('#h-info'), I18N.t2('tournament_info'));
    setText($('#h-tables'), I18N.t2('break_order'));
    setText($('#h-results'), I18N.t2('results'));
    setText($('#h-moves'), I18N.t2('recent_moves'));
    setText($('#h-rules'), I18N.t2('house_rules'));
    rules = Array.isArray(st.house_rules) ? st.house_rules.map(String) : [];
    renderRules();
    renderRosterPages();
    $('#find').placeholder = I18N.t2('find_seat');
    renderFound();
    const s = PC.current();
    if (s) render(s);
  }

  show(0);
  if (!fixed) PCSlides.start().then(() => (slidesOnly ? turn() : setTimeout(turn, PAGE_MS)));
  PC.onOnline((on) => {
    $('#offline').hidden = on;
    if (on) { loadSettings(); loadStructure(); PCLeague.load(); }
  });
  PC.onState(render);
  /* The wall's language changed on the panel: the page follows it. */
  let lang = null;
  PC.onState((s) => {
    const now = s.language + '/' + s.language2;
    if (lang !== null && now !== lang) loadSettings();
    lang = now;
  });
  addEventListener('resize', () => { const s = PC.current(); if (s) render(s); renderRosterPages(); renderRules(); });
  /* The sheet and the name are measured again in the wall's font once it came. */
  document.fonts.addEventListener('loadingdone', () => { const s = PC.current(); if (s) render(s); renderRules(); });
  setInterval(tick, 250);
  /* The minutes since each move count on, and the page goes when the last is old. */
  setInterval(() => { renderMoves(); dots(); }, 30000);
  PC.start();
})();
