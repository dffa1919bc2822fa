/* The clock's refusals in the panel's language. When the clock refuses a
 * command (or a login, a slide, a deal), its answer's "error" is an English
 * sentence of one of these forms (clock/model: what its rules, the seating
 * and the deal calculator say; clock/json, clock/engine.c, clock/net: what a
 * request from the panel can meet), %s where the clock put a value.
 * refusal() says it in the panel's language: in English exactly as the clock
 * wrote it, but with the API's field names in words (FIELD_WORDS); a text of
 * no known form, or one not translated yet, is shown so too.
 * tests/browser/panel-lang.test.mjs finds every refusal written in
 * clock/model (model_fail(), the files' own fail(), snprintf(err, ...)) here.
 * Where the clock builds a sentence in pieces ("%d player%s left"), each
 * sentence it can make is a form. The first form that matches is the one
 * said: a form ending in %s ("there is no table %s") comes after the longer
 * ones it would swallow ("there is no table %s: to add it, give its seats"). */
'use strict';

const ERROR_FORMS = [
  /* clock/model/model.c: levels, the clock, entries */
  tpN('after must be -1 (at the start) to %s'),
  tpN('the structure already has the most levels (%s)'),
  tpN('a new level needs minutes'),
  tpN('a new level needs small_blind, big_blind and minutes'),
  tpN('edit_level has nothing to change'),
  tpN('the structure needs at least one level that is not a break'),
  tpN('the only level cannot be deleted'),
  tpN('this level is being played: go to another level before deleting it'),
  tpN('the last level that is not a break cannot be deleted'),
  tpN('there is no level with index %s'),
  tpN('registration is closed'),
  /* clock/model/game.c: rename and unregister */
  tpN('%s was unregistered'),
  tpN('%s has a place: a player with a place cannot be unregistered'),
  tpN('%s re-entered: a player who re-entered cannot be unregistered'),
  tpN('player %s is called %s already'),
  tpN('places are given and %s players are left: bust the player instead (the last one left wins)'),
  tpN('too many entries'),
  tpN('only %s players are registered and not out'),
  tpN('this tournament has no rebuys'),
  tpN('rebuys closed after level %s'),
  tpN('too many rebuys'),
  tpN('this tournament has no add-on'),
  tpN('the add-on is only at the break after level %s'),
  tpN('more add-ons than entries'),
  tpN('the clock has already started'),
  tpN('the clock has not started yet: start it'),
  tpN('the clock is already running'),
  tpN('the clock is already paused'),
  tpN('the clock has not started yet'),
  tpN('not a command of this kind'),
  tpN('the last level is in overtime: there is no time left to take off'),
  tpN('a level can have at most 24 hours left'),
  tpN('this is the last level of the structure'),
  tpN('this is the first level'),
  tpN('an announcement can be at most %s bytes: the text is too long'),
  tpN('an announcement needs some text'),
  tpN('seconds must be 0 (until cleared) to 86400'),
  tpN('there is no announcement on the screen'),
  tpN('at most %s players can be out in one hand'),
  tpN('there is nothing to undo'),
  /* clock/model/prizes.c: payouts */
  tpN('place %s: an amount is 0 to %s'),
  tpN('place %s: %s is not a multiple of the rounding unit %s'),
  tpN('place %s gets more than place %s: nothing changed'),
  tpN('the amounts add up to %s, but the prize pool is %s: nothing changed'),
  tpN('places must list 1 to %s amounts'),
  tpN('places must list 1 to %s percentages'),
  tpN('the rounding unit is 1 to 1000000'),
  tpN('place %s: a share is 0 to 100 percent'),
  tpN('the places add up to %s%%, not 100%%: nothing changed'),
  tpN('a deal was made: its amounts are the prizes now (undo it first)'),
  /* clock/model/procedures.c: busts, hand-for-hand, the day's end, calls */
  tpN('1 player left: the last one is the winner'),
  tpN('%s players left: the last one is the winner'),
  tpN('at most %s players can go out in one hand'),
  tpN('each player out needs a table (1-%s) and the chips they had at the start of the hand (1 or more)'),
  tpN('how many tables are in play? (tables: 1 to %s, or their numbers)'),
  tpN('which table? (in play: %s)'),
  tpN('table %s is not in play (in play: %s)'),
  tpN('hand-for-hand is already on'),
  tpN('tables is missing'),
  tpN('the tables in play are already %s'),
  tpN('hand-for-hand is not on'),
  tpN('table %s is already done with hand %s'),
  tpN('table %s is already waiting with an all-in'),
  tpN('hand %s is still being played at table %s'),
  tpN('hand %s is still being played at tables %s'),
  tpN('the card drawn must be 3 to 7'),
  tpN('the hands for today were already drawn: %s (day_end_clear first)'),
  tpN('the hands for today have not been drawn'),
  tpN('table %s has played all its hands'),
  tpN('hands are counted for the whole field here: leave out table'),
  tpN('all hands for today have been played'),
  tpN('there is no end-of-day draw to clear'),
  tpN('a penalty needs a table (1-%s) and a seat (1-%s)'),
  tpN('there is no penalty on table %s, seat %s'),
  tpN('a penalty is either minutes or rounds'),
  tpN('a penalty is at most %s minutes or %s rounds'),
  tpN('at most %s penalties can be shown at once'),
  tpN('the bubble is not on'),
  tpN('the bubble is already on'),
  tpN('no places are paid yet'),
  tpN('every player left is in the money'),
  tpN('the clock is not called on anyone'),
  tpN('calling the clock needs a table (1-%s) and a seat (1-%s)'),
  tpN('the clock is already called on table %s, seat %s'),
  tpN('no color-up is going on'),
  tpN('the %s chips are being colored up now'),
  tpN('there is no %s chip in the chip set'),
  tpN('the %s chips are no longer in play'),
  tpN('the %s chip is the largest in play: there is nothing to color up into'),
  tpN('unknown command'),
  /* clock/model/settle.c: deals */
  tpN('a deal was made already; undo it to make another'),
  tpN('a deal needs two or more players left'),
  tpN('a deal has amounts for 2 to %s players'),
  tpN('%s players are left: the deal needs an amount for each of them, not %s'),
  tpN('the deal names %s players for %s amounts'),
  tpN('to play on for an amount after a deal, name the players: the clock must know whose amount is whose'),
  tpN('play_for cannot be negative'),
  tpN('amount %s must be between 0 and what is left, %s'),
  tpN('the amounts add up to %s, but %s is left in the prize pool for places 1 to %s: nothing changed'),
  tpN('the amounts and the play-for amount add up to %s, but %s is left in the prize pool for places 1 to %s: nothing changed'),
  tpN('this tournament has no player records: give the amounts by place'),
  tpN('%s players with records are left: the deal names each of them once with an amount'),
  tpN('player %s is not left in play'),
  tpN('player %s is named twice'),
  /* clock/model/voice.c: the wall's language, voice and sound */
  tpN('language must be one of "en", "no", "de", "nl", "da"'),
  tpN('language2 must be one of "en", "no", "de", "nl", "da", or empty for none'),
  tpN('the text to say is too long'),
  tpN('the text to say must be one line of UTF-8 text'),
  tpN('there is nothing to say'),
  tpN('volume must be a whole number from 0 to 100'),
  tpN('a sound\'s name is too long'),
  tpN('no such event for a sound'),
  tpN('%s: no sound is called "%s"'),
  tpN('%s has no words to speak'),
  tpN('sound_settings needs volume, sounds or speak'),
  tpN('the wall is quiet already'),
  tpN('the wall\'s sound is on already'),
  /* clock/model/seating.c: tables, seats, players (the roster) */
  tpN('at most %s tables'),
  tpN('a table number is 1 to %s'),
  tpN('there is a table %s already'),
  tpN('a table has 2 to %s seats'),
  tpN('a table name has at most %s bytes'),
  tpN('blocked seats must be seats of the table, and not all'),
  tpN('there is no such table'),
  tpN('table %s still has 1 player'), tpN('table %s still has %s players'),
  tpN('table %s has seats 1 to %s (0: no button)'),
  tpN('table %s has seats 1 to %s'),
  tpN('table %s, seat %s has a player'),
  tpN('table %s would have no seat left'),
  tpN('there is no such player'),
  tpN('a name has at most %s bytes'),
  tpN('a name is one line of UTF-8 text, without control characters'),
  tpN('at most %s players'),
  tpN('only a player who is out can re-enter'),
  tpN('the player is out'),
  tpN('too many'),
  tpN('player %s is out'),
  tpN('table %s is closed'),
  tpN('table %s has no seat %s for a player'),
  tpN('player %s moves twice'),
  tpN('two players to table %s, seat %s'),
  tpN('table %s, seat %s is taken'),
  tpN('no table is open'),
  tpN('the redraw seats all %s players left'),
  tpN('the final table is table %s'),
  tpN('1 to %s players go out in one hand'),
  tpN('players out in the same hand need their chips at its start'),
  tpN('player %s is out already'),
  tpN('player %s has no seat'),
  tpN('the tourney has no places for these players'),
  tpN('no place for player %s in the hand'),
  tpN('1 to %s players can register now'),
  tpN('no seat is free'), tpN('1 seat is free for %s players'), tpN('%s seats are free for %s players'),
  tpN('name %s is missing'),
  /* clock/model/game.c: commands that name players, the draws of seats,
   * tables opened, closed, added and broken, the button (and "there is a
   * table %s already", "table %s has seats 1 to %s" as seating.c above) */
  tpN('there is no player %s'),
  tpN('%s is still in, at table %s, seat %s'),
  tpN('%s is still in, waiting for a seat'),
  tpN('there is no table %s: to add it, give its seats'),
  tpN('there is no table %s'),
  tpN('table %s is closed already'),
  tpN('table %s is open already'),
  tpN('table %s is the last one open'),
  tpN('at most %s players register in one go while the clock seats them'),
  tpN('at most %s players register in one go'),
  tpN('out of memory'),
  tpN('no seat is free at the open tables'),
  tpN('the other tables have too few free seats for table %s'),
  tpN('%s players are left: the final table seats %s'),
  tpN('nothing to draw'),
  tpN('nobody sits at table %s, seat %s'),
  tpN('the last change moved too many players to be taken back'),
  tpN('this tournament has no tables to seat players'),
  tpN('the seats of these players were not drawn'),
  tpN('the seat of this player was not drawn'),
  tpN('this tournament has no tables to change'),
  tpN('table %s, seat %s is blocked already'),
  tpN('table %s, seat %s is free already'),
  tpN('%s sits at table %s, seat %s: move the player first'),
  tpN('table %s still has 1 player: break it, or move them first'),
  tpN('table %s still has %s players: break it, or move them first'),
  tpN('a card for each player, or the button\'s seat'),
  tpN('the cards for the button are not a deal'),
  tpN('the player sits there already'),
  tpN('the button is at seat %s already'),
  tpN('table %s has no button marked'),
  tpN('the seats of the players of table %s were not drawn'),
  tpN('player %s does not sit at table %s'),
  tpN('%s of the %s players left have a seat or a name: name them (player, or table and seat; on the panel: the Seats map)'),
  /* clock/model/structure.c: a level added or changed */
  tpN('a level is either a play level or a break'),
  tpN('a level needs a duration of more than 0 minutes'),
  tpN('a level can last at most 24 hours'),
  tpN('color_up must be a chip value (0: none)'),
  tpN('blinds and ante cannot be negative'),
  tpN('big_blind must be larger than 0'),
  tpN('big_blind must be larger than small_blind'),
  tpN('big_blind is too large'),
  tpN('a big-blind ante needs an ante larger than 0'),
  /* clock/model/deal.c: the deal calculator (POST /api/chop) */
  tpN('a deal is for 2 to %s players: give one stack per player'),
  tpN('give 1 prize or more, at most one per player left (first place first)'),
  tpN('every stack must be 1 chip or more (the stacks adding up to at most 10^15)'),
  tpN('every prize must be 0 or more (the prizes adding up to at most 10^15)'),
  tpN('prizes go from first place down: none larger than the one before it'),
  tpN('play_for must be 0 or more, and at most the first prize'),
  tpN('the rounding unit must be 1 or more'),
  tpN('not enough memory for this ICM calculation'),
  tpN('method must be "icm", "chip" or "chip_min"'),
  /* clock/net/chop.c: what the panel's deal calculator can send wrong (no
   * places paid yet, more than 200 players left, a number too large for
   * JSON); its method, keys and JSON are the panel's own */
  tpN('prizes must be a list of whole numbers, like [5000, 3000, 2000]'),
  tpN('stacks can have at most %s numbers'),
  tpN('stacks[%s] must be a whole number'),
  tpN('play_for must be a whole number'),
  /* clock/engine.c: every command, a new tournament, the draws */
  tpN('%s (nothing was changed; the clock goes on as it was)'),
  tpN('this screen follows %s: change the tournament there'),
  tpN('this screen follows %s: start the new tournament there'),
  tpN('this pokerclock only shows the saved tournament'),
  tpN('unknown command type "%s"'), tpN('unknown command type'),
  tpN('"%s" is still running with 1 player left: confirm to put it aside and start a new tournament'),
  tpN('"%s" is still running with %s players left: confirm to put it aside and start a new tournament'),
  tpN('cannot put the tournament aside: %s (nothing was changed)'),
  tpN('cannot start the new tournament: %s (nothing was changed)'),
  tpN('cannot draw a card: the kernel\'s random source failed (%s)'),
  tpN('cannot draw seats: the kernel\'s random source failed (%s)'),
  /* clock/net and clock/store: the login, the session, slides and their pictures */
  tpN('wrong PIN'),
  tpN('wrong PIN: wait %s before trying again'),
  tpN('too many wrong PINs: wait %s before trying again'),
  tpN('too many wrong PINs on this clock: wait %s, or press L at the clock for a one-time code'),
  tpN('log in with the director PIN first'),
  /* clock/net/tv_api.c: the TV's buttons */
  tpN('this clock does not switch the TV: turn HDMI-CEC on (CEC=yes in pokerclock.txt, or tv = { cec = true; } in the configuration)'),
  tpN('action must be "on", "show" or "standby"'),
  tpN('the title is too long: at most %s bytes'),
  tpN('at most %s lines under the title'),
  tpN('line %s must be text of at most %s bytes'),
  tpN('seconds must be from %s to %s'),
  tpN('there are %s slides already: remove one first'),
  tpN('the picture is %s MB: at most %s MB'),
  tpN('the picture is %s x %s pixels: at most %s on a side and %s megapixels'),
  tpN('this is not a PNG or JPEG picture'),
  tpN('this JPEG has no picture size in it: is it damaged?'),
  tpN('the %s picture is damaged or cut short (%s): send the whole picture again'),
  tpN('the picture is %s x %s pixels and an interlaced PNG: decoding it would take %s MB, at most %s MB (save it without interlacing, or smaller)'),
  tpN('the picture is %s x %s pixels and a progressive JPEG: decoding it would take %s MB, at most %s MB (save it as a standard JPEG, or smaller)'),
  tpN('a text slide needs a title (one line of text)'),
  tpN('line %s is not one line of text'),
  tpN('from and until are local times like "2026-11-23T18:00", or null'),
  tpN('there is no picture slide %s'),
  tpN('there is no slide %s'),
  tpN('slide %s is a picture: it has no title or lines'),
  /* clock/json: what a command's values must be (the most particular first) */
  tpN('names must be a list of 1 to %s names'),
  tpN('seats (of a table added) must be 2 to %s, with open true'),
  tpN('%s must be a name of 1 to %s bytes on one line (UTF-8, no control characters)'),
  tpN('amounts must list 1 to %s prizes like [500, 300, 200]'),
  tpN('places[%s] must be a percentage from 0 to 100 (at most two decimals)'),
  tpN('unit must be a whole number from 1 to 1000000'),
  tpN('play_for must be a whole number, 0 or more'),
  tpN('deal has %s players and %s amounts: one amount each'),
  tpN('tables lists %s tables: at most %s are in play'),
  tpN('tables must be a number of tables or a list of table numbers (each 1 to %s)'),
  tpN('table %s is in tables twice'),
  tpN('tables cannot be an empty list'),
  tpN('a penalty needs either minutes (1-%s) or rounds (1-%s)'),
  tpN('the text cannot contain a NUL character'),
  tpN('%s can be at most %s bytes long'),
  tpN('%s must be a whole number from %s to %s'),
  tpN('%s must be between %s and %s'),
  tpN('%s must be a number more than 0 and at most %s'),
  tpN('%s must be a whole number'),
  tpN('%s must be true or false'),
  tpN('%s is missing'),
];
/* Values the clock writes in words inside a refusal: how long to wait, a
 * player without a name. */
const ERROR_PARTS = [tpN('1 second'), tpN('%s seconds'), tpN('%s minutes'), tpN('Player %s')];

/* The clock's reasons name the API's fields (big_blind, ms); the director
 * reads them in words. Each replacement is a text for tp() with the
 * pattern's groups for its %s, so that it is translated when used. The
 * first three are whole sentences, said so in every language. */
const FIELD_WORDS = [
  [/^ms must be more than 0 and at most 24 hours$/, tpN('The time left must be more than 0:00 and at most 24 hours (1440:00).')],
  [/^delta_ms must be non-zero and at most 24 hours$/, tpN('Add or take off at least a second, and at most 24 hours.')],
  [/^count must be 1 to (\d+)$/, tpN('How many: 1 to %s.')],
  [/\bbig_blind_ante\b/g, tpN('big-blind ante')], [/\bsmall_blind\b/g, tpN('the small blind')],
  [/\bbig_blind\b/g, tpN('the big blind')], [/\bduration_ms\b/g, tpN('the length')],
  [/\bcolor_up\b/g, tpN('color-up')], [/\(day_end_clear first\)/, tpN('(clear the draw first)')],
];
const capital = (t) => t.charAt(0).toUpperCase() + t.slice(1);
/* The English sentence with the field names in words (of the panel's
 * language), begun with a capital. */
function inWords(text) {
  const say = PANEL_LANG.tp; /* w is a tpN() above */
  let t = String(text);
  for (const [re, w] of FIELD_WORDS) t = t.replace(re, (m, ...g) => say(w, ...g));
  t = t.replace(/\bthe the\b/g, 'the');
  return capital(t);
}

/* A refusal of the clock as the director reads it. */
function refusal(text) {
  if (typeof text !== 'string' || !text) return text;
  if (PANEL_LANG.lang() === 'en' || FIELD_WORDS.some(([re]) => !re.global && re.source.startsWith('^') && re.test(text)))
    return inWords(text);
  const said = PANEL_LANG.fromEnglish(text, ERROR_FORMS, ERROR_PARTS);
  if (said === text) return inWords(text);
  /* The field names a translation keeps (small_blind), in words too. */
  const say = PANEL_LANG.tp; /* w is a tpN() above */
  let t = said;
  for (const [re, w] of FIELD_WORDS) if (re.global) t = t.replace(re, () => say(w));
  return capital(t);
}

/* What to do about a refusal where the clock's reason does not say it: the
 * director reads it under the reason. */
const ADVICE = [
  [/^(no seat is free( at the open tables)?|1 seat is free for \d+ players|\d+ seats are free for \d+ players)$/,
    tpN('Open or add a table (Tables page, "Tables"), or free a blocked seat. When the room is full, the names wait in the box: register them as seats free up.')],
  [/^the other tables have too few free seats for table \d+$/,
    tpN('Free a blocked seat, or open or add a table (Tables page, "Tables"), then break it.')],
];
function advice(text) {
  if (typeof text !== 'string') return '';
  const hit = ADVICE.find(([re]) => re.test(text));
  const say = PANEL_LANG.tp; /* hit[1] is a tpN() above */
  return hit ? say(hit[1]) : '';
}
