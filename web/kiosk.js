/* The kiosk: the structure sheet, the payouts and the tournament info in
 * turn (RULES 1: what the venue must post), with a compact clock on top. */
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
    const pay = s.payouts || [];
    const list = $('#pay-list');
    list.replaceChildren(...pay.map((v, i) => el('li', {}, el('span', { text: t('place') + ' ' + (i + 1) }), fmtMoney(v, s.currency))));
    fit(list, pay.length, innerHeight / 16);
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

  function render(s) {
    document.body.classList.remove('loading');
    document.body.classList.toggle('paused', s.started && !s.running);
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
    tick();
  }

  function tick() {
    const s = PC.current();
    if (!s) return;
    const c = PC.clock();
    setText($('#k-clock'), s.overtime ? '+' + fmtTime(c.overtime, false) : (s.started && !s.running ? t('paused') + ' ' : '') + fmtTime(c.remaining));
  }

  function show(n) {
    const pages = $$('.page');
    page = (n + pages.length) % pages.length;
    pages.forEach((p, i) => p.classList.toggle('on', i === page));
    $$('#dots span').forEach((d, i) => d.classList.toggle('on', i === page));
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
  async function loadSettings() {
    const st = await PC.settings();
    I18N.use(st.language || 'en', st.language2);
    PC.applyTheme(st.theme);
    setText($('#h-structure'), I18N.t2('structure'));
    setText($('#h-payouts'), I18N.t2('payouts'));
    setText($('#h-info'), I18N.t2('tournament_info'));
    const s = PC.current();
    if (s) render(s);
  }

  /* ?page=N shows one page and stops rotating (for a fixed screen). */
  const fixed = new URLSearchParams(location.search).get('page');
  $('#dots').replaceChildren(...$$('.page').map(() => el('span')));
  show(fixed ? Number(fixed) : 0);
  if (!fixed) setInterval(() => show(page + 1), PAGE_MS);
  PC.onOnline((on) => {
    $('#offline').hidden = on;
    if (on) { loadSettings(); loadStructure(); }
  });
  PC.onState(render);
  addEventListener('resize', () => { const s = PC.current(); if (s) render(s); });
  /* The sheet and the name are measured again in the wall's font once it came. */
  document.fonts.addEventListener('loadingdone', () => { const s = PC.current(); if (s) render(s); });
  setInterval(tick, 250);
  PC.start();
})();
