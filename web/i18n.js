/* The words of the browser display and the kiosk in the venue's language
 * (en, no, de, nl, da): the wall's own words (clock/screen/lang.c) where the
 * two show the same thing, so that players read the same on both. */
'use strict';

const WORDS = {
  en: {
    places_paid: 'places paid', players_left: 'players left',
    level: 'Level', break: 'Break', blinds: 'Blinds', ante: 'Ante', bb_ante: 'Big blind ante',
    next_level: 'Next level', break_in: 'Break in', players: 'Players', avg_stack: 'Average stack',
    prize_pool: 'Prize pool', payouts: 'Payouts', paused: 'PAUSED', overtime: 'OVERTIME',
    new_level: 'New level', from_next_hand: 'from the next hand',
    power_loss: 'Recovered after power loss: check the time, then resume', hfh: 'HAND FOR HAND',
    hand: 'Hand', tables_playing: 'Still playing', allin: 'all-in, waiting', deal: 'DEAL',
    devices: 'Phones off the table', bubble: 'THE BUBBLE', itm: 'IN THE MONEY',
    hands_remaining: '{n} HANDS REMAINING TODAY', hand_remaining: 'LAST HAND TODAY',
    day_over: 'PLAY IS OVER FOR TODAY', bag_tag: 'Bag and tag your chips',
    clock_called: 'Clock on table {t}, seat {s}', color_up: 'COLOR UP',
    color_up_into: 'Color up the {c} chips into {n}',
    color_up_next: 'At the next break: color up the {c} chips', rounds: '{n} rounds',
    round: '1 round', min: 'min', entries: 'Entries', rebuys: 'Rebuys', addons: 'Add-ons',
    buy_in: 'Buy-in', fee: 'fee', starting_stack: 'Starting stack', late_reg: 'Late registration',
    until_level: 'until level {n}', after_level: 'after level {n}', rebuy: 'Rebuy', addon: 'Add-on',
    chips: 'chips', open: 'open', closed: 'closed', none: 'none', structure: 'Structure',
    place: 'Place', tournament_info: 'Tournament info', guarantee: 'Guaranteed',
    elapsed: 'Playing for', day_end: 'end of day', not_started: 'Starting soon',
    first_level: 'First level', chips_in_play: 'Chips in play',
    color_up_after: 'After this level: color up the {c} chips',
    bubble_line: '{p} players left, {q} paid', itm_line: '{q} places paid',
    drawing: 'Drawing the hands for today', time_up: 'TIME', table_seat: 'Table {t}, seat {s}',
    penalties: 'Penalties', last_level_today: 'Last level today',
    late_reg_until: 'Late registration until level {n}', rebuys_until: 'Rebuys until level {n}',
    addon_after: 'Add-on at the break after level {n}', no_more_breaks: 'No more breaks',
    next_break: 'Next break', then: 'Then', addon_now: 'Add-on now',
    color_up_remove: 'The {c} chips leave play', race: 'Chip race',
    race_1: 'One card per odd chip, dealt from seat 1',
    race_2: 'Highest card wins (spades > hearts > diamonds > clubs)',
    race_3: 'At most one chip per player', race_4: 'Nobody is eliminated by the race',
    last_minute: 'Last minute', storage_error: 'Cannot save', announcement: 'Announcement',
    recovered: 'Recovered after power loss', recovered_line: 'Check the time, then resume',
    places_paid_n: '{q} places paid',
  },
  no: {
    places_paid: 'premieplasser', players_left: 'spillere igjen',
    level: 'Nivå', break: 'Pause', blinds: 'Blinds', ante: 'Ante', bb_ante: 'Big blind-ante',
    next_level: 'Neste nivå', break_in: 'Pause om', players: 'Spillere', avg_stack: 'Snittstack',
    prize_pool: 'Premiepott', payouts: 'Premier', paused: 'STOPPET', overtime: 'OVERTID',
    new_level: 'Nytt nivå', from_next_hand: 'fra neste hånd',
    power_loss: 'Gjenopprettet etter strømbrudd: kontroller tiden, start så klokken',
    hfh: 'HÅND FOR HÅND', hand: 'Hånd', tables_playing: 'Spiller fortsatt', deal: 'DEL UT',
    devices: 'Telefoner av bordet', bubble: 'BOBLEN', itm: 'I PENGENE',
    hands_remaining: '{n} HENDER IGJEN I DAG', hand_remaining: 'SISTE HÅND I DAG',
    day_over: 'SPILLET ER OVER FOR I DAG', bag_tag: 'Pakk og merk sjetongene dine',
    clock_called: 'Klokke på bord {t}, sete {s}', color_up: 'COLOR UP',
    color_up_into: 'Veksle {c}-sjetongene til {n}',
    color_up_next: 'I neste pause: {c}-sjetongene byttes opp', rounds: '{n} runder',
    round: '1 runde', min: 'min', entries: 'Påmeldte', rebuys: 'Rebuys', addons: 'Add-ons',
    buy_in: 'Innkjøp', fee: 'avgift', starting_stack: 'Startstack', late_reg: 'Sen påmelding',
    until_level: 'til nivå {n}', after_level: 'etter nivå {n}', rebuy: 'Rebuy', addon: 'Add-on',
    chips: 'sjetonger', open: 'åpen', closed: 'stengt', none: 'ingen', structure: 'Struktur',
    place: 'Plass', tournament_info: 'Turneringsinfo', guarantee: 'Garantert', elapsed: 'Spilt i',
    day_end: 'dagens slutt', not_started: 'Starter snart', first_level: 'Første nivå',
    chips_in_play: 'Sjetonger i spill',
    color_up_after: 'Etter dette nivået: {c}-sjetongene byttes opp', allin: 'all-in, venter',
    bubble_line: '{p} spillere igjen, {q} betales', itm_line: '{q} betalte plasser',
    drawing: 'Antall hender i dag trekkes', time_up: 'TIDEN ER UTE',
    table_seat: 'Bord {t}, sete {s}', penalties: 'Straffer', last_level_today: 'Dagens siste nivå',
    late_reg_until: 'Sen registrering til og med nivå {n}',
    rebuys_until: 'Rebuy til og med nivå {n}', addon_after: 'Add-on i pausen etter nivå {n}',
    no_more_breaks: 'Ingen flere pauser', next_break: 'Neste pause', then: 'Deretter',
    addon_now: 'Add-on nå', color_up_remove: '{c}-sjetongene tas ut av spill', race: 'Chip race',
    race_1: 'Ett kort per overskytende sjetong, fra sete 1',
    race_2: 'Høyeste kort vinner (spar > hjerter > ruter > kløver)',
    race_3: 'Maks én sjetong per spiller', race_4: 'Ingen slås ut av chip race',
    last_minute: 'Siste minutt', storage_error: 'Kan ikke lagre', announcement: 'Kunngjøring',
    recovered: 'Gjenopprettet etter strømbrudd',
    recovered_line: 'Kontroller tiden, start så klokken', places_paid_n: '{q} betalte plasser',
  },
  de: {
    places_paid: 'bezahlte Plätze', players_left: 'Spieler übrig',
    level: 'Level', break: 'Pause', blinds: 'Blinds', ante: 'Ante', bb_ante: 'Big-Blind-Ante',
    next_level: 'Nächstes Level', break_in: 'Pause in', players: 'Spieler',
    avg_stack: 'Durchschnitt', prize_pool: 'Preisgeld', payouts: 'Auszahlungen',
    paused: 'ANGEHALTEN', overtime: 'ÜBERZEIT', new_level: 'Neue Limitstufe',
    from_next_hand: 'ab der nächsten Hand',
    power_loss: 'Nach Stromausfall wiederhergestellt: zeit prüfen, dann fortsetzen',
    hfh: 'HAND FÜR HAND', hand: 'Hand', tables_playing: 'Spielen noch', deal: 'AUSTEILEN',
    devices: 'Handys weg vom Tisch', bubble: 'BUBBLE', itm: 'IM GELD',
    hands_remaining: 'NOCH {n} HÄNDE HEUTE', hand_remaining: 'LETZTE HAND HEUTE',
    day_over: 'SPIELENDE FÜR HEUTE', bag_tag: 'Chips eintüten und beschriften',
    clock_called: 'Zeit an Tisch {t}, Platz {s}', color_up: 'COLOR-UP',
    color_up_into: 'Die {c}er-Chips werden in {n}er getauscht',
    color_up_next: 'In der nächsten Pause: Color-up der {c}-Chips', rounds: '{n} Runden',
    round: '1 Runde', min: 'Min.', entries: 'Teilnehmer', rebuys: 'Rebuys', addons: 'Add-ons',
    buy_in: 'Buy-in', fee: 'Gebühr', starting_stack: 'Startchips', late_reg: 'Späte Anmeldung',
    until_level: 'bis Level {n}', after_level: 'nach Level {n}', rebuy: 'Rebuy', addon: 'Add-on',
    chips: 'Chips', open: 'offen', closed: 'geschlossen', none: 'keine', structure: 'Struktur',
    place: 'Platz', tournament_info: 'Turnierinfo', guarantee: 'Garantiert', elapsed: 'Spielzeit',
    day_end: 'Tagesende', not_started: 'Beginnt in Kürze', first_level: 'Erstes Level',
    chips_in_play: 'Chips im Spiel', color_up_after: 'Nach diesem Level: Color-up der {c}-Chips',
    allin: 'All-in, wartet', bubble_line: '{p} Spieler übrig, {q} bezahlt',
    itm_line: '{q} bezahlte Plätze', drawing: 'Die Hände für heute werden gezogen', time_up: 'ZEIT',
    table_seat: 'Tisch {t}, Platz {s}', penalties: 'Strafen',
    last_level_today: 'Letztes Level heute', late_reg_until: 'Späte Anmeldung bis Level {n}',
    rebuys_until: 'Rebuys bis Level {n}', addon_after: 'Add-on in der Pause nach Level {n}',
    no_more_breaks: 'Keine Pause mehr', next_break: 'Nächste Pause', then: 'Danach',
    addon_now: 'Add-on jetzt', color_up_remove: 'Die {c}-Chips werden entfernt', race: 'Chip Race',
    race_1: 'Eine Karte pro übrigem Chip, ab Platz 1',
    race_2: 'Höchste Karte gewinnt (Pik > Herz > Karo > Kreuz)',
    race_3: 'Höchstens ein Chip pro Spieler', race_4: 'Niemand scheidet durch das Chip Race aus',
    last_minute: 'Letzte Minute', storage_error: 'Speichern nicht möglich',
    announcement: 'Durchsage', recovered: 'Nach Stromausfall wiederhergestellt',
    recovered_line: 'Zeit prüfen, dann fortsetzen', places_paid_n: '{q} bezahlte Plätze',
  },
  nl: {
    places_paid: 'betaalde plaatsen', players_left: 'spelers over',
    level: 'Niveau', break: 'Pauze', blinds: 'Blinds', ante: 'Ante', bb_ante: 'Big blind ante',
    next_level: 'Volgend niveau', break_in: 'Pauze over', players: 'Spelers',
    avg_stack: 'Gemiddelde stack', prize_pool: 'Prijzenpot', payouts: 'Uitbetalingen',
    paused: 'GESTOPT', overtime: 'OVERTIJD', new_level: 'Nieuw niveau',
    from_next_hand: 'vanaf de volgende hand',
    power_loss: 'Hersteld na stroomuitval: controleer de tijd, ga dan verder',
    hfh: 'HAND VOOR HAND', hand: 'Hand', tables_playing: 'Spelen nog', deal: 'DELEN',
    devices: 'Telefoons van tafel', bubble: 'BUBBEL', itm: 'IN HET GELD',
    hands_remaining: 'NOG {n} HANDEN VANDAAG', hand_remaining: 'LAATSTE HAND VANDAAG',
    day_over: 'SPEL VOORBIJ VOOR VANDAAG', bag_tag: 'Fiches in de zak, met naam',
    clock_called: 'Klok op tafel {t}, stoel {s}', color_up: 'COLOR-UP',
    color_up_into: 'De {c}-fiches worden omgewisseld naar {n}',
    color_up_next: 'In de volgende pauze: color-up van de {c}-fiches', rounds: '{n} rondes',
    round: '1 ronde', min: 'min', entries: 'Inschrijvingen', rebuys: 'Rebuys', addons: 'Add-ons',
    buy_in: 'Buy-in', fee: 'fee', starting_stack: 'Startstack', late_reg: 'Late inschrijving',
    until_level: 'tot niveau {n}', after_level: 'na niveau {n}', rebuy: 'Rebuy', addon: 'Add-on',
    chips: 'fiches', open: 'open', closed: 'gesloten', none: 'geen', structure: 'Structuur',
    place: 'Plaats', tournament_info: 'Toernooi-info', guarantee: 'Gegarandeerd',
    elapsed: 'Gespeeld', day_end: 'einde dag', not_started: 'Begint binnenkort',
    first_level: 'Eerste niveau', chips_in_play: 'Fiches in het spel',
    color_up_after: 'Na dit niveau: color-up van de {c}-fiches', allin: 'all-in, wacht',
    bubble_line: '{p} spelers over, {q} betaald', itm_line: '{q} betaalde plaatsen',
    drawing: 'Handen voor vandaag worden getrokken', time_up: 'TIJD',
    table_seat: 'Tafel {t}, stoel {s}', penalties: 'Straffen',
    last_level_today: 'Laatste niveau vandaag',
    late_reg_until: 'Late registratie tot en met niveau {n}',
    rebuys_until: 'Rebuys tot en met niveau {n}', addon_after: 'Add-on in de pauze na niveau {n}',
    no_more_breaks: 'Geen pauzes meer', next_break: 'Volgende pauze', then: 'Daarna',
    addon_now: 'Add-on nu', color_up_remove: 'De {c}-fiches gaan uit het spel', race: 'Chip race',
    race_1: 'Eén kaart per overgebleven fiche, vanaf stoel 1',
    race_2: 'Hoogste kaart wint (schoppen > harten > ruiten > klaveren)',
    race_3: 'Hooguit één fiche per speler', race_4: 'Niemand ligt eruit door de race',
    last_minute: 'Laatste minuut', storage_error: 'Opslaan lukt niet', announcement: 'Mededeling',
    recovered: 'Hersteld na stroomuitval', recovered_line: 'Controleer de tijd, ga dan verder',
    places_paid_n: '{q} betaalde plaatsen',
  },
  da: {
    places_paid: 'betalte pladser', players_left: 'spillere tilbage',
    level: 'Niveau', break: 'Pause', blinds: 'Blinds', ante: 'Ante', bb_ante: 'Big blind-ante',
    next_level: 'Næste niveau', break_in: 'Pause om', players: 'Spillere', avg_stack: 'Gennemsnit',
    prize_pool: 'Præmiepulje', payouts: 'Præmier', paused: 'STOPPET', overtime: 'OVERTID',
    new_level: 'Nyt level', from_next_hand: 'fra næste hånd',
    power_loss: 'Genoprettet efter strømsvigt: kontrollér tiden, start så uret',
    hfh: 'HÅND FOR HÅND', hand: 'Hånd', tables_playing: 'Spiller stadig', deal: 'GIV KORT',
    devices: 'Telefoner væk fra bordet', bubble: 'BOBLEN', itm: 'I PENGENE',
    hands_remaining: '{n} HÆNDER TILBAGE I DAG', hand_remaining: 'SIDSTE HÅND I DAG',
    day_over: 'SPILLET ER SLUT FOR I DAG', bag_tag: 'Pak og mærk dine chips',
    clock_called: 'Ur på bord {t}, sæde {s}', color_up: 'COLOR UP',
    color_up_into: '{c}-chips veksles til {n}',
    color_up_next: 'I næste pause: color up af {c}-chips', rounds: '{n} runder', round: '1 runde',
    min: 'min', entries: 'Tilmeldte', rebuys: 'Rebuys', addons: 'Add-ons', buy_in: 'Buy-in',
    fee: 'gebyr', starting_stack: 'Startstack', late_reg: 'Sen tilmelding',
    until_level: 'til level {n}', after_level: 'efter level {n}', rebuy: 'Rebuy', addon: 'Add-on',
    chips: 'chips', open: 'åben', closed: 'lukket', none: 'ingen', structure: 'Struktur',
    place: 'Plads', tournament_info: 'Turneringsinfo', guarantee: 'Garanteret',
    elapsed: 'Spillet i', day_end: 'dagens slut', not_started: 'Starter snart',
    first_level: 'Første level', chips_in_play: 'Chips i spil',
    color_up_after: 'Efter dette niveau: color up af {c}-chips', allin: 'all-in, venter',
    bubble_line: '{p} spillere tilbage, {q} betales', itm_line: '{q} betalte pladser',
    drawing: 'Antal hænder i dag trækkes', time_up: 'TIDEN ER GÅET',
    table_seat: 'Bord {t}, sæde {s}', penalties: 'Straffe',
    last_level_today: 'Dagens sidste niveau',
    late_reg_until: 'Sen tilmelding til og med niveau {n}',
    rebuys_until: 'Rebuys til og med niveau {n}', addon_after: 'Add-on i pausen efter niveau {n}',
    no_more_breaks: 'Ingen flere pauser', next_break: 'Næste pause', then: 'Derefter',
    addon_now: 'Add-on nu', color_up_remove: '{c}-chips tages ud af spil', race: 'Chip race',
    race_1: 'Ét kort pr. overskydende chip, fra sæde 1',
    race_2: 'Højeste kort vinder (spar > hjerter > ruder > klør)',
    race_3: 'Højst én chip pr. spiller', race_4: 'Ingen elimineres af chip race',
    last_minute: 'Sidste minut', storage_error: 'Kan ikke gemme', announcement: 'Meddelelse',
    recovered: 'Genoprettet efter strømsvigt', recovered_line: 'Kontrollér tiden, start så uret',
    places_paid_n: '{q} betalte pladser',
  },
};

/* t('clock_called', {t: 4, s: 7}) in the chosen language, English for a
 * word a language lacks. */
const I18N = (() => {
  let lang = 'en';
  let lang2 = '';
  /* The venue's language, and a second one shown beside it in labels. */
  function use(l, l2) {
    lang = WORDS[l] ? l : 'en';
    lang2 = WORDS[l2] && l2 !== lang ? l2 : '';
    document.documentElement.lang = lang;
  }
  /* A label as the wall writes it with two languages: "Spieler / Players". */
  function t2(key, args) {
    const a = t(key, args);
    if (!lang2) return a;
    const keep = lang;
    lang = lang2;
    const b = t(key, args);
    lang = keep;
    return a === b ? a : a + ' / ' + b;
  }
  function t(key, args) {
    let w = (WORDS[lang] && WORDS[lang][key]) || WORDS.en[key] || key;
    if (args) w = w.replace(/\{(\w+)\}/g, (m, k) => (args[k] != null ? args[k] : m));
    return w;
  }
  /* 1st 2nd 3rd, 1e 2e, 1. 2. (as the wall writes places). */
  function ordinal(n) {
    if (lang === 'en') {
      const m = n % 100, d = n % 10;
      return n + (m >= 11 && m <= 13 ? 'th' : d === 1 ? 'st' : d === 2 ? 'nd' : d === 3 ? 'rd' : 'th');
    }
    return lang === 'nl' ? n + 'e' : n + '.';
  }
  return { use, t, t2, ordinal, lang: () => lang };
})();
