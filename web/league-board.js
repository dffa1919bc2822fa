/* The current league season's table for /display (before the start, where
 * a slide would go when none shows) and /kiosk (a page of its own): its
 * name and its ranked players, fetched at start and every minute (a season
 * changes between evenings, not during one). */
'use strict';

const PCLeague = (() => {
  const LOAD_MS = 60000;
  let board = null; /* {season, rows: [{rank, name, points}]}, or null: no current season */
  const listeners = [];

  const json = async (path) => (await fetch(path, { cache: 'no-store' })).json();

  /* The seasons first: without a current one there is no table to ask for. */
  async function load() {
    try {
      const seasons = await json('/api/league');
      const t = seasons.current ? await json(`/api/league/standings?season=${seasons.current}`) : null;
      const rows = t && t.rows ? t.rows.filter((x) => x.rank) : [];
      board = rows.length ? { season: t.season.name, rows } : null;
    } catch (e) { return; /* offline: as it was */ }
    for (const fn of listeners) fn(board);
  }

  /* fn(board) now and at each load. */
  function onBoard(fn) {
    listeners.push(fn);
    if (listeners.length === 1) { load(); setInterval(load, LOAD_MS); } else fn(board);
  }

  /* "27" when whole, else "22.50", as the wall writes them. */
  const points = (v) => (Number.isInteger(v) ? String(v) : v.toFixed(2));

  return { onBoard, load, points, board: () => board };
})();
