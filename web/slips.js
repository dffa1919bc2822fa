/* The page of seat slips for the office printer: the players registered
 * since the slips were last marked printed (/slips), or every player in
 * (/slips?all), eight to an A4 page in the venue's language. Marking them
 * printed is the director's (POST /api/slips/printed). */
(() => {
  'use strict';
  const { $, el, setText } = PC;
  const all = new URLSearchParams(location.search).has('all');
  const PER_PAGE = 8;
  let through = 0; /* the highest player number on the page's roster */

  function slip(p, name) {
    const where = p.table == null
      ? [el('div', { class: 'w', text: I18N.t('seat_waiting') })]
      : [el('div', { class: 'ts', text: I18N.t('slip_table', p.table) }), el('div', { class: 'ts', text: I18N.t('slip_seat', p.seat) })];
    return el('div', { class: 'slip' }, el('div', { class: 't', text: name }), el('div', { class: 'n', text: p.label }), ...where);
  }

  function render(st, roster, printed) {
    I18N.use(st.language || 'en');
    setText($('#s-new'), I18N.t('slips_new'));
    setText($('#s-all'), I18N.t('slips_all'));
    setText($('#s-print'), I18N.t('slips_print'));
    setText($('#s-mark'), I18N.t('slips_mark'));
    const players = roster.players.filter((p) => (p.status === 'seated' || p.status === 'waiting') && (all || p.id > printed));
    through = roster.players.length;
    const sheets = [];
    for (let i = 0; i < players.length; i += PER_PAGE)
      sheets.push(el('section', { class: 'sheet' }, ...players.slice(i, i + PER_PAGE).map((p) => slip(p, st.name))));
    $('#s-sheets').replaceChildren(...sheets);
    $('#s-none').hidden = players.length > 0;
    setText($('#s-none'), I18N.t('slips_none'));
    document.body.dataset.slips = String(players.length);
  }

  async function load() {
    const get = async (path) => (await fetch(path, { cache: 'no-store' })).json();
    const [st, roster, mark] = await Promise.all([get('/api/state'), get('/api/players'), get('/api/slips')]);
    render(st, roster, mark.printed);
  }

  $('#s-print').addEventListener('click', () => print());
  $('#s-mark').addEventListener('click', async () => {
    const r = await fetch('/api/slips/printed', {
      method: 'POST', headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ through }), credentials: 'same-origin', cache: 'no-store',
    });
    setText($('#s-said'), r.ok ? I18N.t('slips_marked') : r.status === 401 ? I18N.t('slips_login') : `HTTP ${r.status}`);
    if (r.ok && !all) load();
  });
  load();
})();
