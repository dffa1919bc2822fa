/* The league table of a season (/league?season=ID, the current one
 * without): printable, its CSV beside it; a director sets the seasons up
 * below it. */
(() => {
  'use strict';
  const { $, el, setText } = PC;
  const params = new URLSearchParams(location.search);
  let seasonId = Number(params.get('season')) || 0;
  let league = { seasons: [], current: null };

  const num = PCLeague.points;
  const ordinal = (n) => { const s = ['th', 'st', 'nd', 'rd'], v = n % 100; return n + (s[(v - 20) % 10] || s[v] || s[0]); };

  function rulesText(t) {
    const s = t.season;
    const parts = [`${t.tournaments.length} tournament${t.tournaments.length === 1 ? '' : 's'}`];
    if (s.from || s.to) parts.push(`${s.from || '…'} to ${s.to || '…'}`);
    parts.push(!s.best ? 'every result counts' : s.best === 1 ? 'the best result counts' : `the best ${s.best} results count`);
    if (s.min > 1) parts.push(`at least ${s.min} played to be ranked`);
    return parts.join(' · ');
  }

  function render(t) {
    document.title = `League – ${t.season.name}`;
    setText($('#l-name'), t.season.name);
    setText($('#l-facts'), `${rulesText(t)} · printed ${new Date().toLocaleString()}`);
    /* Each tournament's points when they fit the page's width. */
    const tours = t.tournaments.length <= 12 ? t.tournaments : [];
    $('#l-head').replaceChildren(
      el('th', { class: 'num', text: '#' }), el('th', { text: 'Name' }),
      el('th', { class: 'num', text: 'Points' }), el('th', { class: 'num', text: 'Played' }),
      el('th', { class: 'num', text: 'Wins' }), el('th', { class: 'num', text: 'Best' }),
      ...tours.map((x, i) => el('th', { class: 'num', title: `${x.date} ${x.name}`, text: `${i + 1}` })));
    $('#l-rows').replaceChildren(...t.rows.map((r) => {
      const by = new Map(r.results.map((x) => [x.tournament, x]));
      return el('tr', { class: r.rank ? '' : 'unranked' },
        el('td', { class: 'num', text: r.rank ? String(r.rank) : '–' }),
        el('td', { class: 'name', text: r.name }),
        el('td', { class: 'num', text: num(r.points) }),
        el('td', { class: 'num', text: String(r.played) }),
        el('td', { class: 'num', text: String(r.wins) }),
        el('td', { class: 'num', text: ordinal(r.best) }),
        ...tours.map((x, i) => {
          const res = by.get(i);
          return el('td', { class: `num${res && !res.counted ? ' dropped' : ''}`, text: res ? (res.counted ? num(res.points) : `(${num(res.points)})`) : '' });
        }));
    }));
    $('#l-empty').hidden = true;
    const notes = ['Ties: most wins, then best finish, then points of all results, then most played.'];
    if (t.rows.some((r) => !r.rank)) notes.push(`Players with fewer than ${t.season.min} tournaments are listed without a rank.`);
    if (tours.length) notes.push('Results in brackets do not count.');
    setText($('#l-note'), notes.join(' '));
    $('#l-csv').href = `/api/league.csv?season=${t.season.id}`;
  }

  async function load() {
    try {
      league = await (await fetch('/api/league', { cache: 'no-store' })).json();
    } catch (e) { return; }
    const sel = $('#l-season');
    sel.replaceChildren(...league.seasons.map((s) => el('option', { value: String(s.id), text: s.name })));
    const id = seasonId || league.current || (league.seasons[0] && league.seasons[0].id) || 0;
    sel.value = String(id);
    if (!id) {
      $('#l-empty').hidden = false;
      return;
    }
    const r = await fetch(`/api/league/standings?season=${id}`, { cache: 'no-store' });
    if (r.ok) render(await r.json());
  }

  /* ---- the director's seasons ---- */
  async function editor() {
    const s = await (await fetch('/api/session', { cache: 'no-store' })).json();
    $('#l-edit').hidden = !s.logged_in;
    if (!s.logged_in) return;
    const archive = (await (await fetch('/api/archive', { cache: 'no-store' })).json()).tournaments;
    $('#e-picks').replaceChildren(...archive.map((a) => el('label', { class: 'check' },
      el('input', { type: 'checkbox', value: a.dir }), ` ${a.when.slice(0, 10)} ${a.name}`)));
    const which = $('#e-which');
    which.replaceChildren(el('option', { value: '0', text: 'New season' }),
      ...league.seasons.map((x) => el('option', { value: String(x.id), text: x.name })));
    which.value = String(seasonId || league.current || 0);
    fill();
  }

  function fill() {
    const id = Number($('#e-which').value);
    const s = league.seasons.find((x) => x.id === id) || { name: '', from: null, to: null, best: 0, min: 0, tournaments: [] };
    $('#e-name').value = s.name;
    $('#e-from').value = s.from || '';
    $('#e-to').value = s.to || '';
    $('#e-best').value = s.best;
    $('#e-min').value = s.min;
    $('#e-current').checked = id !== 0 && league.current === id;
    for (const box of document.querySelectorAll('#e-picks input')) box.checked = s.tournaments.includes(box.value);
    $('#e-delete').disabled = id === 0;
  }

  async function post(body) {
    const r = await fetch('/api/league', { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body) });
    const j = await r.json();
    setText($('#e-msg'), r.ok ? 'Saved.' : j.error);
    return r.ok ? j : null;
  }

  $('#e-which').addEventListener('change', fill);
  $('#l-form').addEventListener('submit', async (ev) => {
    ev.preventDefault();
    const id = Number($('#e-which').value);
    const season = {
      name: $('#e-name').value.trim(), from: $('#e-from').value || null, to: $('#e-to').value || null,
      best: Number($('#e-best').value) || 0, min: Number($('#e-min').value) || 0,
      tournaments: [...document.querySelectorAll('#e-picks input:checked')].map((b) => b.value),
    };
    if (id) season.id = id;
    const j = await post({ type: 'season_save', season, current: $('#e-current').checked });
    if (!j) return;
    seasonId = id || Math.max(...j.seasons.map((x) => x.id));
    history.replaceState(null, '', `/league?season=${seasonId}`);
    await load();
    await editor();
  });
  $('#e-delete').addEventListener('click', async () => {
    const id = Number($('#e-which').value);
    if (!id || !confirm('Delete this season? The tournaments stay in the archive.')) return;
    if (!(await post({ type: 'season_delete', id }))) return;
    seasonId = 0;
    history.replaceState(null, '', '/league');
    await load();
    await editor();
  });
  $('#l-season').addEventListener('change', () => {
    seasonId = Number($('#l-season').value);
    history.replaceState(null, '', `/league?season=${seasonId}`);
    load().then(editor);
  });
  $('#l-print').addEventListener('click', () => print());
  load().then(editor);
})();
