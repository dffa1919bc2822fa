/* The clock's refusals in the panel's language. A request the clock
 * refuses comes back with the code of the rule that refused it and that
 * rule's values (clock/model/refusal.h), beside the English sentence for
 * the API's other users:
 *   {"ok": false, "error": "1 seats are free for 2 players",
 *    "code": "seats_short", "free": 1, "players": 2}
 * The catalogs word each code once (po/*.po, msgctxt "refusal.CODE", with
 * {name} where a value goes; REFUSAL_CATALOG of panel-i18n.js), and
 * refusal() says it from the code and the values in the panel's language.
 * Every refusal has a code: the rules', the login's, the TV's, the deal
 * calculator's, the slides' and the codec's (a command the panel never
 * sends wrong is command_unread, its details in English). An answer
 * without a code (a clock older than this panel, a code newer than it) is
 * shown as the clock wrote it, with the API's field names in words
 * (FIELD_WORDS). */
'use strict';

/* A value the clock writes in words inside a refusal: a player without a
 * name. */
const ERROR_PARTS = [tpN('Player %s')];

/* The clock's English names the API's fields (big_blind); the director
 * reads them in words, in English too. Each replacement is a text for
 * tp(), translated when used. */
const FIELD_WORDS = [
  [/\bbig_blind_ante\b/g, tpN('big-blind ante')], [/\bsmall_blind\b/g, tpN('the small blind')],
  [/\bbig_blind\b/g, tpN('the big blind')], [/\bduration_ms\b/g, tpN('the length')],
  [/\bcolor_up\b/g, tpN('color-up')],
];
const capital = (t) => t.charAt(0).toUpperCase() + t.slice(1);
/* The field names of a text in words (of the panel's language). */
function inWords(text) {
  const say = PANEL_LANG.tp; /* w is a tpN() above */
  let t = String(text);
  for (const [re, w] of FIELD_WORDS) t = t.replace(re, () => say(w));
  return t;
}

/* A value of a refusal as the director reads it: a number the language's
 * way, a player without a name in the panel's words. */
function refusalValue(v) {
  if (typeof v === 'number') return typeof I18N !== 'undefined' ? I18N.num(v) : String(v);
  return PANEL_LANG.fromEnglish(String(v), ERROR_PARTS);
}

/* The words of a code in a catalog of codes (REFUSAL_CATALOG,
 * ACTION_CATALOG) in the panel's language (English when it has none), each
 * {name} replaced by say(name, values[name]); null when neither has it. */
function catalogWords(catalog, key, values, say) {
  const w = (catalog[PANEL_LANG.lang()] || {})[key] || (catalog.en || {})[key];
  if (!w) return null;
  return w.replace(/\{(\w+)\}/g, (m, name) => (name in values ? say(name, values[name]) : m));
}

/* The sentence of a refusal's code in the panel's language (English when
 * the catalog has none), its values in place; null without a code. */
function refusalWords(answer) {
  if (!answer.code || typeof REFUSAL_CATALOG === 'undefined') return null;
  return catalogWords(REFUSAL_CATALOG, 'refusal.' + answer.code, answer, (name, v) => refusalValue(v));
}

/* A refusal of the clock as the director reads it, begun with a capital:
 * the clock's answer ({error, code, values}), or a text. */
function refusal(answer) {
  if (answer && typeof answer === 'object') {
    const said = refusalWords(answer);
    if (said) return capital(inWords(said));
    answer = answer.error;
  }
  if (typeof answer !== 'string' || !answer) return answer;
  return capital(inWords(answer));
}

/* What to do about a refusal where the clock's reason does not say it: the
 * director reads it under the reason. */
const NO_ROOM = tpN('Open or add a table (Tables page, "Tables"), or free a blocked seat. When the room is full, the names wait in the box: register them as seats free up.');
const ADVICE = {
  seats_none_free: NO_ROOM, no_free_seat_open: NO_ROOM, seat_free_one: NO_ROOM, seats_short: NO_ROOM,
  break_too_few_seats: tpN('Free a blocked seat, or open or add a table (Tables page, "Tables"), then break it.'),
};
function advice(answer) {
  const w = answer && typeof answer === 'object' ? ADVICE[answer.code] : null;
  const say = PANEL_LANG.tp; /* w is a tpN() above */
  return w ? say(w) : '';
}
