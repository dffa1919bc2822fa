/* The words, numbers and money of the browser display and the kiosk in the
 * venue's language: the catalog above comes from the same .po files as the
 * wall's table (clock/screen/lang.c follows the same rules), so players
 * read the same on both. */

const I18N = (() => {
  let lang = 'en';
  let lang2 = '';
  function code(l) { return l === 'no' || l === 'nn' ? 'nb' : l; }
  /* The venue's language, and a second one shown beside it in labels. */
  function use(l, l2) {
    lang = I18N_CATALOG[code(l)] ? code(l) : 'en';
    lang2 = I18N_CATALOG[code(l2)] && code(l2) !== lang ? code(l2) : '';
    if (typeof document !== 'undefined') document.documentElement.lang = lang === 'nb' ? 'nb' : lang;
  }
  /* The text of key in language l with printf's %d and %s filled in order. */
  function word(l, key, args) {
    let w = I18N_CATALOG[l][key];
    if (w == null) w = I18N_CATALOG.en[key];
    if (w == null) return key;
    let i = 0;
    return w.replace(/%([ds%])/g, (m, c) => (c === '%' ? '%' : String(args[i++])));
  }
  /* t('clock_on', 4, 7): "Clock on table 4, seat 7" in the chosen language. */
  function t(key, ...args) { return word(lang, key, args); }
  /* A label as the wall writes it with two languages: "Spieler / Players". */
  function t2(key, ...args) {
    const a = word(lang, key, args);
    if (!lang2) return a;
    const b = word(lang2, key, args);
    return a === b ? a : a + ' / ' + b;
  }
  /* 1st 2nd 3rd, 1e 2e, 1. 2. (as the wall writes places). */
  function ordinal(n) {
    if (lang === 'en') {
      const m = n % 100, d = n % 10;
      return n + (m >= 11 && m <= 13 ? 'th' : d === 1 ? 'st' : d === 2 ? 'nd' : d === 3 ? 'rd' : 'th');
    }
    return lang === 'nl' ? n + 'e' : n + '.';
  }

  /* ---- numbers and money, one rule per language from the catalog ---- */
  function rule(key, l) { return I18N_CATALOG[l || lang][key]; }
  /* 3,000 / 3.000 / 3 000: whole numbers grouped by thousands. */
  function num(v, l) {
    if (v == null) return '';
    const n = Math.round(v);
    const d = String(Math.abs(n)).replace(/\B(?=(\d{3})+(?!\d))/g, rule('number.group', l));
    return (n < 0 ? '-' : '') + d;
  }
  /* Chips as the wall writes them: 1,500  25K  2.5K (from 10K)  1.5M. */
  function chips(v, l) {
    if (v == null) return '';
    const a = Math.abs(v), sign = v < 0 ? '-' : '';
    const dec = (whole, tenth, unit) => sign + whole + (tenth ? rule('number.decimal', l) + tenth : '') + unit;
    if (a >= 1e6 && a % 1e5 === 0) return dec(Math.floor(a / 1e6), Math.floor(a / 1e5) % 10, 'M');
    if (a >= 1e4 && a % 1000 === 0) return sign + a / 1000 + 'K';
    if (a >= 1e4 && a % 100 === 0 && a < 1e6) return dec(Math.floor(a / 1000), Math.floor(a / 100) % 10, 'K');
    return sign + num(a, l);
  }
  /* €2,100 / 2.100 € / € 2.100 / 2 100 kr; "1,500 points" for an event
   * played for points (no currency). A code or a word gets a space even
   * where the language writes its sign close to the number. */
  function money(v, cur, l) {
    if (v == null) return '';
    const n = num(v, l);
    if (!cur) return rule(v === 1 ? 'points.1' : 'points', l).replace('#', () => n);
    const sign = rule('currency.' + cur, l) || cur;
    let p = rule('money', l);
    if (/[A-Za-z]/.test(sign)) p = p.replace('¤#', '¤ #').replace('#¤', '# ¤');
    return p.replace('¤', () => sign).replace('#', () => n);
  }
  return { use, t, t2, ordinal, num, chips, money, lang: () => lang };
})();
