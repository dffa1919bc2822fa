/* The director's panel in its own language: the phone's by default, or the
 * one chosen in the bar (kept on this phone), apart from the wall's. The
 * English text is the key, as in gettext: index.html and the panel's
 * scripts are written in English, and PANEL_CATALOG (panel-i18n.js, made
 * from the panel's entries of the .po files in po/) gives the others.
 * Numbers and money follow the same language (i18n.js). */
'use strict';

const PANEL_LANG = (() => {
  const KEY = 'pokerclock.panel.language';
  const NAMES = { en: 'English', nb: 'Norsk', de: 'Deutsch', nl: 'Nederlands', da: 'Dansk' };
  const known = (l) => {
    l = String(l || '').toLowerCase().split('-')[0];
    if (l === 'no' || l === 'nn') l = 'nb';
    return NAMES[l] ? l : '';
  };
  function chosen() {
    let stored = '';
    try { stored = localStorage.getItem(KEY) || ''; } catch (e) { /* private mode */ }
    if (known(stored)) return known(stored);
    for (const l of navigator.languages || [navigator.language]) if (known(l)) return known(l);
    return 'en';
  }
  const lang = chosen();
  const dict = (typeof PANEL_CATALOG !== 'undefined' && PANEL_CATALOG[lang]) || {};
  if (typeof I18N !== 'undefined') I18N.use(lang);
  document.documentElement.lang = lang;

  /* tp('Level %s of %s', 3, 12): the text in the panel's language with
   * %s filled in order (%% is a percent sign). */
  function tp(text, ...args) {
    const w = Object.prototype.hasOwnProperty.call(dict, text) ? dict[text] : text;
    let i = 0;
    return w.replace(/%([s%])/g, (m, c) => (c === '%' ? '%' : String(args[i++])));
  }

  /* A text the clock wrote in English, read as the first of forms that
   * matches it (each with %s where a value goes: "%s places", %% a
   * percent sign) and said in the panel's language; a number the clock
   * grouped the English way (1,500) is written the language's way (1 500).
   * A text of no known form stays. */
  const patterns = new Map();
  const pattern = (f) => {
    if (!patterns.has(f)) {
      const re = f.split('%s').map((x) => x.replace(/%%/g, '%').replace(/[.*+?^${}()|[\]\\]/g, '\\$&')).join('(.+?)');
      patterns.set(f, new RegExp('^' + re + '$', 's'));
    }
    return patterns.get(f);
  };
  const number = (v) => (/^\d{1,3}(,\d{3})+$/.test(v) && typeof I18N !== 'undefined'
    ? I18N.num(Number(v.replace(/,/g, ''))) : v);
  function fromEnglish(text, forms) {
    if (lang === 'en' || typeof text !== 'string') return text;
    for (const f of forms) {
      const m = text.match(pattern(f));
      if (m) return tp(f, ...m.slice(1).map(number));
    }
    return text;
  }

  /* A title set inside a sentence: "Level 5" becomes "level 5", but German
   * keeps its nouns' capitals ("Limitstufe 5"). */
  const inSentence = (t) => (lang === 'de' ? t : t.charAt(0).toLowerCase() + t.slice(1));

  /* The page's own words: every text with a letter in it (but the names
   * of the languages), and the placeholder, aria-label, title and alt
   * attributes, under root and in its templates. Spaces around a text are
   * kept; inside, they are one. tests/browser/panel-lang.test.mjs finds
   * the same words to check the catalogs. */
  const ATTRS = ['placeholder', 'aria-label', 'title', 'alt'];
  const LANGUAGES = new Set(Object.values(NAMES)); /* each in its own language */
  const norm = (s) => s.replace(/\s+/g, ' ').trim();
  function each(root, fn) {
    const walk = document.createTreeWalker(root, NodeFilter.SHOW_ELEMENT | NodeFilter.SHOW_TEXT);
    for (let n = walk.currentNode; n; n = walk.nextNode()) {
      if (n.nodeType === Node.TEXT_NODE) {
        const key = norm(n.nodeValue);
        if (!/\p{L}/u.test(key) || LANGUAGES.has(key) || n.parentNode.closest('script, style')) continue;
        const lead = n.nodeValue.match(/^\s*/)[0], trail = n.nodeValue.match(/\s*$/)[0];
        fn(key, (w) => { n.nodeValue = lead + w + trail; });
      } else if (n.nodeType === Node.ELEMENT_NODE) {
        for (const a of ATTRS) if (n.hasAttribute(a)) fn(norm(n.getAttribute(a)), (w) => n.setAttribute(a, w));
        if (n.tagName === 'TEMPLATE') each(n.content, fn);
      }
    }
  }
  function translate(root) { if (lang !== 'en') each(root, (key, put) => put(tp(key))); }
  /* The English words of a page, as translate() finds them. */
  function words(root) { const out = []; each(root, (key) => out.push(key)); return out; }

  /* The language picker in the bar, short as the bar is (NO for Norsk):
   * a change reloads the panel in it. */
  function picker(select) {
    for (const code in NAMES)
      select.append(new Option(code === 'nb' ? 'NO' : code.toUpperCase(), code, false, code === lang));
    select.addEventListener('change', () => {
      try { localStorage.setItem(KEY, select.value); } catch (e) { /* private mode */ }
      location.reload();
    });
  }

  translate(document.body);
  document.title = tp(norm(document.title));
  const sel = document.getElementById('panel-lang');
  if (sel) picker(sel);
  return { lang: () => lang, tp, fromEnglish, inSentence, translate, words };
})();
const tp = PANEL_LANG.tp;
/* Marks a text for the catalogs, to be said by tp() later (gettext's N_). */
const tpN = (text) => text;
