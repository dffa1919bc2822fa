/* The wall display in a browser: the same information, states and words as
 * the SDL wall, counted down locally from the event stream. Click: fullscreen. */
'use strict';

(() => {
  const { $, el, setText, fmtTime, fmtChips, fmtNum, blinds } = PC;
  const t = I18N.t;
  const t2 = I18N.t2;
  let structure = null;
  let prevItm = null;
  let itmUntil = 0;
  /* The winner's name, from the roster, asked for only while the winner is
   * shown and again only when the roster changes. */
  let winnerOf = null;
  let winnerName = '';
  /* The recent moves (GET /api/moves), asked for when the state's
   * moves_total changes; ago_ms counts on from when they came. */
  let movesOf = null;
  let moves = { list: [], strip_ms: 0, at: 0 };
  const NEW_LEVEL_MS = 20000;  /* the new-level banner, from the start of a level */
  const ROTATE_MS = 8000;      /* strips take turns in the footer, as on the wall */

  const money = PC.fmtMoney;
  function levelName(l) {
    if (!l) return '';
    return l.kind === 'break' ? t('break') : t('level') + ' ' + l.number;
  }
  function anteText(l) {
    if (!l || l.kind === 'break' || !l.ante) return '';
    return (l.big_blind_ante ? t('bb_ante') : t('ante')) + ' ' + fmtChips(l.ante);
  }
  function chipInfo(value) {
    const c = structure && (structure.chips || []).find((x) => x.value === value);
    return c || { value, colour: '', rgb: '#888888' };
  }
  function chipSpan(value) {
    return el('span', { class: 'chip', style: 'background:' + chipInfo(value).rgb });
  }
  /* Replaces a box's children only when their text changed: nothing flickers. */
  function put(box, kids, extraKey) {
    // An element whose look is more than its text and class says so in data-k.
    const key = (extraKey || '') + kids.map((k) => (k.className || '') + (k.dataset?.k || '') + k.textContent).join('|');
    if (box.dataset.k === key) return;
    box.dataset.k = key;
    box.replaceChildren(...kids);
  }

  function labels() {
    setText($('#players-label'), t2('players'));
    setText($('#avg-label'), t2('average'));
    setText($('#chips-label'), t2('chips_in_play'));
    setText($('#pool-label'), t2('prize_pool'));
    setText($('#next-label'), t2('next_level'));
    setText($('#break-label'), t2('next_break'));
    setText($('#payouts-label'), t2('payouts'));
    setText($('#paused-band'), t2('paused'));
  }

  /* Hand-for-hand and the end-of-day draw stop the level clock: the wall
   * says so with their own screens, not with PAUSED. */
  function procedureStops(s) {
    return !!s.hand_for_hand || (s.day_end && s.day_end.drawn != null);
  }
  async function loadWinner(version) {
    if (winnerOf === version) return;
    winnerOf = version;
    try {
      const r = await fetch('/api/players', { cache: 'no-store' });
      if (!r.ok) { winnerOf = null; return; }
      const w = ((await r.json()).players || []).find((x) => x.place === 1 && x.name);
      if (winnerOf === version) winnerName = w ? w.name : '';
    } catch (e) { winnerOf = null; /* offline: asked again with the next state */ }
    tick();
  }

  async function loadMoves(total) {
    if (movesOf === total) return;
    movesOf = total;
    try {
      const r = await fetch('/api/moves', { cache: 'no-store' });
      if (!r.ok) { movesOf = null; return; }
      const j = await r.json();
      if (movesOf === total) moves = { list: j.moves || [], strip_ms: j.strip_ms || 0, at: performance.now() };
    } catch (e) { movesOf = null; /* offline: asked again with the next state */ }
    tick();
  }

  /* Each move of the last strip_ms, a strip of its own, as on the wall. */
  function moveStrips() {
    const since = performance.now() - moves.at;
    return moves.list.filter((m) => m.ago_ms + since < moves.strip_ms).map((m) => {
      const to = t('table_seat', m.to_table, m.to_seat);
      const from = m.from_table != null ? t('table_seat', m.from_table, m.from_seat) + ' → ' : '→ ';
      const why = m.why === 'break' && m.from_table != null ? t('move_break', m.from_table)
        : t2(m.why === 'final' ? 'move_final' : 'move_balance');
      return banner('move', (m.name || t('player_n', m.player)) + ': ' + from + to, why);
    });
  }

  /* The parts that change only with a new state. */
  function render(s) {
    document.body.classList.remove('loading');
    const l = s.level;
    const isBreak = l.kind === 'break';
    if (prevItm === false && s.in_the_money) itmUntil = performance.now() + 60000;
    prevItm = !!s.in_the_money;

    const stops = procedureStops(s);
    /* Over (the clock's word: one player left, place 1 recorded): nothing
     * waits to resume, so no PAUSED either. */
    const ended = s.over === true;
    if (ended) loadWinner(s.roster_version);
    if (s.moves_total !== undefined) loadMoves(s.moves_total);
    else { winnerOf = null; winnerName = ''; } /* undone: the next winner may be another */
    const paused = s.started && !s.running && !stops && !ended;
    document.body.classList.toggle('break', isBreak);
    document.body.classList.toggle('paused', paused);
    document.body.classList.toggle('stopped', s.started && !s.running && stops);
    document.body.classList.toggle('overtime', !!s.overtime);
    $('#paused-band').hidden = !paused;
    if ($('#name').textContent !== (s.name || '')) { setText($('#name'), s.name || ''); PC.fitText($('#name')); }
    setText($('#top-level'), isBreak ? '' : levelName(l) + ' · ' + blinds(l));

    setText($('#lvl'), !s.started ? t('not_started') : s.overtime ? t('overtime')
      : levelName(l) + (l.day_end ? ' · ' + t('last_level_today') : ''));
    /* On a break the middle says what comes after it. */
    const n = s.next_level;
    setText($('#blinds'), isBreak ? (n ? blinds(n) : '') : blinds(l));
    setText($('#ante'), isBreak ? (n ? t('then') + ': ' + levelName(n) + (anteText(n) ? ' · ' + anteText(n) : '') : '') : anteText(l));
    $('#blinds').classList.toggle('then', isBreak);

    const next = $('#next');
    next.classList.toggle('break', !!n && n.kind === 'break');
    setText(next, !n ? '–' : n.kind === 'break' ? t('break') : blinds(n));
    setText($('#next-sub'), !n ? '' : n.kind === 'break' ? Math.round(n.minutes) + ' ' + t('min') : anteText(n));

    const p = s.players || {};
    setText($('#players'), (p.remaining ?? 0) + ' / ' + (p.entries ?? 0));
    setText($('#avg'), p.entries ? fmtNum(p.average_stack) : '–');
    /* On a break, in the big blinds of the level after it, as on the wall. */
    const bbLevel = isBreak ? n : l;
    setText($('#avg-bb'), p.entries && bbLevel ? PC.fmtBB(p.average_stack, bbLevel.big_blind) : '');
    setText($('#chips'), fmtChips(p.chips_in_play));
    setText($('#pool'), money(s.prize_pool, s.currency));
    const pay = s.payouts || [];
    put($('#payouts'), pay.slice(0, 5).map((v, i) => el('li', {}, el('span', { text: I18N.ordinal(i + 1) }), el('b', { text: money(v, s.currency) }))));
    setText($('#paid'), pay.length ? t('itm_line', pay.length) : '');

    const per = s.periods || {};
    const items = [];
    if (per.late_reg_open && per.late_reg_until_level) items.push(t('late_reg_until', per.late_reg_until_level));
    if (per.rebuys_open && per.rebuy_until_level) items.push(t('rebuys_until', per.rebuy_until_level));
    if (per.addon_open) items.push(t('addon_now'));
    else if (per.addon_after_level && (isBreak ? l.number < per.addon_after_level : l.number <= per.addon_after_level))
      items.push(t('addon_after', per.addon_after_level));
    /* Registration and rebuys mean nothing once there is a winner. */
    setText($('#periods'), ended ? '' : items.join('   ·   '));
    tick();
  }

  /* The parts that count: a few times a second, all derived from the last
   * state and the time since it arrived. */
  function tick() {
    const s = PC.current();
    if (!s) return;
    const c = PC.clock();
    const l = s.level;
    const last = s.running && !s.overtime && l.kind !== 'break' && c.remaining <= 60000;
    document.body.classList.toggle('last', last);
    /* The state in a word at the top right, as on the wall. */
    const pill = $('#break-pill');
    const word = l.kind === 'break' ? t2('break') : s.overtime ? t2('overtime') : last ? t2('last_minute') : '';
    pill.hidden = !word;
    setText(pill, word.toUpperCase());
    pill.classList.toggle('warn', l.kind !== 'break');
    const clockText = s.overtime ? '+' + fmtTime(c.overtime, false) : fmtTime(c.remaining);
    setText($('#clock'), clockText);
    $('#clock').classList.toggle('long', clockText.length > 5);
    setText($('#top-clock'), clockText);
    const frac = l.duration_ms > 0 ? Math.min(1, c.elapsed / l.duration_ms) : 0;
    $('#bar-fill').style.transform = 'scaleX(' + (s.overtime ? 1 : frac).toFixed(4) + ')';
    const tb = $('#tobreak');
    setText(tb, c.toBreak != null ? fmtTime(c.toBreak) : t('no_more_breaks'));
    tb.classList.toggle('words', c.toBreak == null);
    const take = takeover(s, c);
    document.body.classList.toggle('takeover', take);
    /* The venue's slides on a break and before the start, as on the wall;
     * where the house wants them, also while a level runs, on a wide screen. */
    const band = !!(structure && structure.house && structure.house.slides_while_running) && innerWidth > innerHeight;
    PCSlides.show($('#slide'), (l.kind === 'break' || !s.started || band) && !take && s.over !== true);
    document.body.classList.toggle('band', band && l.kind !== 'break' && s.started);
    $('#top-right').classList.toggle('show', take);
    /* The level line or a state word beside the name leaves it less room:
     * fitted again rather than cut. */
    const name = $('#name');
    if (name.scrollWidth > name.clientWidth + 1) PC.fitText(name);
    banners(s);
    penalties(s);
  }

  function banner(cls, text, sub, extra) {
    return el('div', { class: 'banner ' + cls }, text, sub ? el('small', { text: sub }) : null, extra || null);
  }

  function banners(s) {
    const out = [];
    const p = s.players || {};
    if (s.recovered_after_power_loss) out.push(banner('notice', t2('recovered'), t('recovered_line')));
    if (s.storage_error) out.push(banner('notice', t('storage_error'), s.storage_error));
    /* A follower says discreetly when its master has gone quiet. */
    if (s.follows && s.notice) out.push(banner('strip', s.notice));
    /* The first 20 s of a level, as on the wall: derived, so a reload or a
     * second screen shows the same. */
    const l = s.level;
    if (s.running && !s.overtime && l.kind !== 'break' && PC.clock().elapsed < NEW_LEVEL_MS)
      out.push(banner('newlevel', levelName(l) + ': ' + t('blinds') + ' ' + blinds(l),
        (anteText(l) ? anteText(l) + ' — ' : '') + t('from_next_hand')));
    if (s.bubble) out.push(banner('bubble', t2('bubble'), t('bubble_line', p.remaining, p.paid_places)));
    if (performance.now() < itmUntil) out.push(banner('itm', t2('itm'), t('itm_line', p.paid_places)));
    const cu = s.color_up;
    if (cu && cu.next && !cu.now) {
      if (s.next_break && cu.next.at_level === s.next_break.index)
        out.push(banner('colorup', el('span', {}, chipSpan(cu.next.value), t('color_up_next_break', fmtChips(cu.next.value)))));
      else if (cu.next.at_level === s.level.index && s.level.kind !== 'break')
        out.push(banner('colorup', el('span', {}, chipSpan(cu.next.value), t('color_up_end_of_level', fmtChips(cu.next.value)))));
    }
    /* A timed announcement or penalty ends on the wall when its time is up,
     * whether or not a new state has come since. */
    const a = s.announcement;
    if (a && (a.remaining_ms == null || PC.wallMs(a.remaining_ms) > 0)) out.push(banner('announce', a.text));
    out.push(...moveStrips());
    /* Several strips take turns, one at a time, with dots saying how many:
     * stacked, they would cover the blinds. */
    if (out.length > 1)
      out.forEach((b, j) => b.append(el('span', { class: 'turns' }, ...out.map((x, q) => el('i', { class: q === j ? 'on' : '' })))));
    put($('#banners'), out, structure ? 's' : '');
    const shown = [...$('#banners').children];
    const turn = Math.floor(Date.now() / ROTATE_MS) % Math.max(1, shown.length);
    shown.forEach((b, j) => { b.hidden = j !== turn; });
  }

  /* A procedure takes the middle of the wall, the most urgent first: the
   * winner, a clock call, the end of the day, hand-for-hand, a color-up going on.
   * Returns whether one does. */
  function takeover(s, c) {
    const box = $('#takeover');
    let cls = '', kids = null;
    const cc = s.clock_call;
    const d = s.day_end || {};
    const h = s.hand_for_hand;
    const cu = s.color_up && s.color_up.now;
    const ft = s.final_table;
    if (s.over === true) {
      const first = s.results.find((r) => r.place_best === 1);
      cls = 'winner';
      kids = [el('div', { class: 'title', text: winnerName ? t('winner') + ': ' + winnerName : t2('winner') })];
      if (first.prize_each > 0) kids.push(el('div', { class: 'prize', text: money(first.prize_each, s.currency) }));
    } else if (cc) {
      const left = PC.wallMs(cc.remaining_ms);
      const counting = left <= cc.countdown_ms;
      const total = Math.max(cc.remaining_ms, 1);
      cls = 'call' + (counting ? ' counting' : '');
      kids = [el('h2', { text: t('clock_on', cc.table, cc.seat) }),
        el('div', { class: 'big', text: left > 0 ? String(Math.ceil(left / 1000)) : t('time_up') }),
        el('div', { class: 'bar' }, el('div', { class: 'fill', style: 'transform:scaleX(' + (left / total).toFixed(3) + ')' }))];
    } else if (d.drawn != null) {
      cls = 'dayend';
      if (d.over) kids = [el('div', { class: 'mid', text: t('day_over') }), el('div', { class: 'sub', text: t('bag_tag') })];
      else {
        const n = d.hands_left ?? d.drawn;
        kids = [el('div', { class: 'card', text: String(d.drawn) }),
          el('div', { class: 'mid', text: n === 1 ? t('last_hand') : t('hands_left', n) })];
      }
    } else if (ft && PC.wallMs(ft.remaining_ms) > 0) {
      /* The final table redrawn: each seat, the card dealt for the button,
       * the player; the button's seat marked. */
      cls = 'final';
      const dealt = ft.seats.some((x) => x.card);
      kids = [el('h2', { text: t2('final_table') }),
        el('ol', { class: 'seats' }, ...ft.seats.map((x) => el('li', { class: x.seat === ft.button ? 'button' : '' },
          el('span', { class: 'no', text: String(x.seat) }),
          x.card ? el('span', { class: 'fcard' + (/[♥♦]/.test(x.card) ? ' red' : ''), text: x.card }) : null,
          el('span', { class: 'who', text: x.player ? (x.name || t('player_n', x.player)) : '' }))))];
      if (ft.button) kids.push(el('div', { class: 'sub', text: t(dealt ? 'button_high_card' : 'button_seat', ft.button) }));
    } else if (h) {
      const done = new Set(h.done || []), waiting = new Set(h.waiting || []);
      let all = [...done, ...waiting, ...(h.playing || [])].sort((a, b) => a - b);
      // Tiles shrink to fit a big field (about 1,000 u² for the grid); too
      // small to read, the tables done drop out, as on the SDL wall.
      const side = (n) => n <= 10 ? 9.5 : Math.min(6, Math.sqrt(1000 / n));
      if (side(all.length) < 3) all = all.filter((n) => !done.has(n));
      const tile = side(all.length), font = all.length <= 10 ? 5 : tile * 3.2 / 6;
      cls = 'hfh' + (h.all_done ? ' deal' : '');
      kids = [el('h2', { text: t2('hfh') }), el('div', { class: 'mid', text: t('hand_n', h.hand) })];
      if (h.all_done) kids.push(el('div', { class: 'big', text: t('deal') }));
      else {
        kids.push(el('div', { class: 'sub', text: t2('still_playing') }),
          el('div', { class: 'tiles', style: `--tile:${tile.toFixed(2)};--font:${font.toFixed(2)}`,
            'data-k': [...done, 'w', ...waiting].join() }, ...all.map((n) =>
            el('span', { class: done.has(n) ? 'done' : waiting.has(n) ? 'waiting' : 'playing', text: String(n) }))));
        if (waiting.size) kids.push(el('div', { class: 'legend' }, el('i'), t('all_in_waiting')));
      }
      kids.push(el('div', { class: 'devices', text: t('phones') }));
    } else if (cu) {
      cls = 'colorup';
      const n = s.next_level;
      const into = cu.into ? [el('span', { class: 'arrow', text: '→' }), el('span', { class: 'bigchip', style: 'background:' + chipInfo(cu.into).rgb, text: fmtChips(cu.into) })] : [];
      kids = [
        el('div', { class: 'side' }, el('h2', { text: t2('color_up') }),
          el('div', { class: 'mid', text: levelName(s.level) }),
          el('div', { class: 'big', text: fmtTime(c.remaining) }),
          n ? el('div', { class: 'sub', text: t('then') + ': ' + levelName(n) + ' · ' + blinds(n) }) : null),
        el('div', { class: 'side' },
          el('div', {}, el('span', { class: 'bigchip', style: 'background:' + chipInfo(cu.value).rgb, text: fmtChips(cu.value) }), ...into),
          el('div', { class: 'mid', style: 'font-size:calc(var(--u)*2.6);margin:calc(var(--u)*1) 0', text: t('color_up_remove', fmtChips(cu.value)) + (cu.colour ? ' (' + cu.colour + ')' : '') }),
          el('div', { class: 'race' }, el('b', { text: t2('race') }), t('race_1'), el('br'), t('race_2'), el('br'), t('race_3'), el('br'), t('race_4')))];
    }
    box.hidden = !kids;
    if (!kids) return false;
    box.className = cls;
    put(box, kids, cls + (structure ? 's' : ''));
    return true;
  }

  function penalties(s) {
    const items = (s.penalties || []).filter((x) => x.rounds || PC.wallMs(x.remaining_ms) > 0).map((x) => t('table_seat', x.table, x.seat) + ': ' +
      (x.rounds ? (x.rounds === 1 ? t('round') : t('rounds', x.rounds)) : fmtTime(PC.wallMs(x.remaining_ms))));
    put($('#penalties'), items.map((x) => el('li', { text: x })));
  }

  async function loadSettings() {
    const st = await PC.settings();
    I18N.use(st.language || 'en', st.language2);
    PC.applyTheme(st.theme);
    labels();
    const s = PC.current();
    if (s) render(s);
  }
  async function loadStructure() {
    try {
      const r = await fetch('/api/structure', { cache: 'no-store' });
      if (r.ok) structure = await r.json();
    } catch (e) { /* offline */ }
  }

  document.body.addEventListener('click', () => {
    if (document.fullscreenElement) document.exitFullscreen().catch(() => {});
    else document.documentElement.requestFullscreen().catch(() => {});
  });
  PC.onOnline((on) => {
    $('#offline').hidden = on;
    if (on) { loadSettings(); loadStructure(); }
  });
  PC.onState(render);
  /* The wall's language changed on the panel: the page follows it. */
  let lang = null;
  PC.onState((s) => {
    const now = s.language + '/' + s.language2;
    if (lang !== null && now !== lang) loadSettings();
    lang = now;
  });
  addEventListener('resize', () => PC.fitText($('#name')));
  /* Measured again once the wall's font has come: it is narrower than the
   * stand-in the name was first measured in. */
  document.fonts.addEventListener('loadingdone', () => PC.fitText($('#name')));
  labels();
  setInterval(tick, 200);
  PCSlides.start();
  PC.start();
})();
