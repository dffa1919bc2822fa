/* The wall's words, one row per word: en, no, de, nl, da. */
#include <stdio.h>
#include <string.h>

#include "screen/lang.h"

static const char *const words[W__COUNT][LANG__COUNT] = {
    [W_LEVEL] = {"Level", "Nivå", "Level", "Niveau", "Niveau"},
    [W_BREAK] = {"Break", "Pause", "Pause", "Pauze", "Pause"},
    [W_PAUSED] = {"PAUSED", "STOPPET", "ANGEHALTEN", "GESTOPT", "STOPPET"},
    [W_NOT_STARTED] = {"Starting soon", "Starter snart", "Beginnt in Kürze", "Begint binnenkort",
                       "Starter snart"},
    [W_LAST_MINUTE] = {"Last minute", "Siste minutt", "Letzte Minute", "Laatste minuut",
                       "Sidste minut"},
    [W_OVERTIME] = {"Overtime", "Overtid", "Überzeit", "Overtijd", "Overtid"},
    [W_BLINDS] = {"Blinds", "Blinds", "Blinds", "Blinds", "Blinds"},
    [W_ANTE] = {"Ante", "Ante", "Ante", "Ante", "Ante"},
    [W_BB_ANTE] = {"Big blind ante", "Big blind-ante", "Big-Blind-Ante", "Big blind ante",
                   "Big blind-ante"},
    [W_NEXT_LEVEL] = {"Next level", "Neste nivå", "Nächstes Level", "Volgend niveau",
                      "Næste niveau"},
    [W_NEXT_BREAK] = {"Next break", "Neste pause", "Nächste Pause", "Volgende pauze",
                      "Næste pause"},
    [W_NO_MORE_BREAKS] = {"No more breaks", "Ingen flere pauser", "Keine Pause mehr",
                          "Geen pauzes meer", "Ingen flere pauser"},
    [W_PLAYERS] = {"Players", "Spillere", "Spieler", "Spelers", "Spillere"},
    [W_AVERAGE] = {"Average stack", "Snittstack", "Durchschnitt", "Gemiddelde stack",
                   "Gennemsnit"},
    [W_CHIPS_IN_PLAY] = {"Chips in play", "Sjetonger i spill", "Chips im Spiel",
                         "Fiches in het spel", "Chips i spil"},
    [W_PRIZE_POOL] = {"Prize pool", "Premiepott", "Preisgeld", "Prijzenpot", "Præmiepulje"},
    [W_PAYOUTS] = {"Payouts", "Premier", "Auszahlungen", "Uitbetalingen", "Præmier"},
    [W_FROM_NEXT_HAND] = {"from the next hand", "fra neste hånd", "ab der nächsten Hand",
                          "vanaf de volgende hand", "fra næste hånd"},
    [W_LATE_REG] = {"Late registration until level %d", "Sen registrering til og med nivå %d",
                    "Späte Anmeldung bis Level %d", "Late registratie tot en met niveau %d",
                    "Sen tilmelding til og med niveau %d"},
    [W_REBUYS] = {"Rebuys until level %d", "Rebuy til og med nivå %d", "Rebuys bis Level %d",
                  "Rebuys tot en met niveau %d", "Rebuys til og med niveau %d"},
    [W_ADDON] = {"Add-on at the break after level %d", "Add-on i pausen etter nivå %d",
                 "Add-on in der Pause nach Level %d", "Add-on in de pauze na niveau %d",
                 "Add-on i pausen efter niveau %d"},
    [W_ADDON_NOW] = {"Add-on now", "Add-on nå", "Add-on jetzt", "Add-on nu", "Add-on nu"},
    [W_RECOVERED] = {"Recovered after power loss", "Gjenopprettet etter strømbrudd",
                     "Nach Stromausfall wiederhergestellt", "Hersteld na stroomuitval",
                     "Genoprettet efter strømsvigt"},
    [W_RECOVERED_LINE] = {"Check the time, then resume", "Kontroller tiden, start så klokken",
                          "Zeit prüfen, dann fortsetzen", "Controleer de tijd, ga dan verder",
                          "Kontrollér tiden, start så uret"},
    [W_STORAGE_ERROR] = {"Cannot save", "Kan ikke lagre", "Speichern nicht möglich",
                         "Opslaan lukt niet", "Kan ikke gemme"},
    [W_COLOR_UP_NEXT_BREAK] = {"At the next break: color up the %s chips",
                               "I neste pause: %s-sjetongene byttes opp",
                               "In der nächsten Pause: Color-up der %s-Chips",
                               "In de volgende pauze: color-up van de %s-fiches",
                               "I næste pause: color up af %s-chips"},
    [W_COLOR_UP_END_OF_LEVEL] = {"After this level: color up the %s chips",
                                 "Etter dette nivået: %s-sjetongene byttes opp",
                                 "Nach diesem Level: Color-up der %s-Chips",
                                 "Na dit niveau: color-up van de %s-fiches",
                                 "Efter dette niveau: color up af %s-chips"},
    [W_COLOR_UP] = {"COLOR UP", "COLOR UP", "COLOR-UP", "COLOR-UP", "COLOR UP"},
    [W_COLOR_UP_REMOVE] = {"The %s chips leave play", "%s-sjetongene tas ut av spill",
                           "Die %s-Chips werden entfernt", "De %s-fiches gaan uit het spel",
                           "%s-chips tages ud af spil"},
    [W_RACE] = {"Chip race", "Chip race", "Chip Race", "Chip race", "Chip race"},
    [W_RACE_1] = {"One card per odd chip, dealt from seat 1",
                  "Ett kort per overskytende sjetong, fra sete 1",
                  "Eine Karte pro übrigem Chip, ab Platz 1",
                  "Eén kaart per overgebleven fiche, vanaf stoel 1",
                  "Ét kort pr. overskydende chip, fra sæde 1"},
    [W_RACE_2] = {"Highest card wins (spades > hearts > diamonds > clubs)",
                  "Høyeste kort vinner (spar > hjerter > ruter > kløver)",
                  "Höchste Karte gewinnt (Pik > Herz > Karo > Kreuz)",
                  "Hoogste kaart wint (schoppen > harten > ruiten > klaveren)",
                  "Højeste kort vinder (spar > hjerter > ruder > klør)"},
    [W_RACE_3] = {"At most one chip per player", "Maks én sjetong per spiller",
                  "Höchstens ein Chip pro Spieler", "Hooguit één fiche per speler",
                  "Højst én chip pr. spiller"},
    [W_RACE_4] = {"Nobody is eliminated by the race", "Ingen slås ut av chip race",
                  "Niemand scheidet durch das Chip Race aus", "Niemand ligt eruit door de race",
                  "Ingen elimineres af chip race"},
    [W_HFH] = {"HAND FOR HAND", "HÅND FOR HÅND", "HAND FÜR HAND", "HAND VOOR HAND",
               "HÅND FOR HÅND"},
    [W_HAND_N] = {"Hand %d", "Hånd %d", "Hand %d", "Hand %d", "Hånd %d"},
    [W_STILL_PLAYING] = {"Still playing", "Spiller fortsatt", "Spielen noch", "Spelen nog",
                         "Spiller stadig"},
    [W_DEAL] = {"DEAL", "DEL UT", "AUSTEILEN", "DELEN", "GIV KORT"},
    [W_PHONES] = {"Phones off the table", "Telefoner av bordet", "Handys weg vom Tisch",
                  "Telefoons van tafel", "Telefoner væk fra bordet"},
    [W_ALL_IN_WAITING] = {"all-in, waiting", "all-in, venter", "All-in, wartet",
                          "all-in, wacht", "all-in, venter"},
    [W_BUBBLE] = {"THE BUBBLE", "BOBLEN", "BUBBLE", "BUBBEL", "BOBLEN"},
    [W_BUBBLE_LINE] = {"%d players left, %d paid", "%d spillere igjen, %d betales",
                       "%d Spieler übrig, %d bezahlt", "%d spelers over, %d betaald",
                       "%d spillere tilbage, %d betales"},
    [W_ITM] = {"IN THE MONEY", "I PENGENE", "IM GELD", "IN HET GELD", "I PENGENE"},
    [W_ITM_LINE] = {"%d places paid", "%d betalte plasser", "%d bezahlte Plätze",
                    "%d betaalde plaatsen", "%d betalte pladser"},
    [W_DRAWING] = {"Drawing the hands for today", "Antall hender i dag trekkes",
                   "Die Hände für heute werden gezogen", "Handen voor vandaag worden getrokken",
                   "Antal hænder i dag trækkes"},
    [W_HANDS_LEFT] = {"%d HANDS REMAINING TODAY", "%d HENDER IGJEN I DAG",
                      "NOCH %d HÄNDE HEUTE", "NOG %d HANDEN VANDAAG", "%d HÆNDER TILBAGE I DAG"},
    [W_LAST_HAND] = {"LAST HAND TODAY", "SISTE HÅND I DAG", "LETZTE HAND HEUTE",
                     "LAATSTE HAND VANDAAG", "SIDSTE HÅND I DAG"},
    [W_DAY_OVER] = {"PLAY IS OVER FOR TODAY", "SPILLET ER OVER FOR I DAG",
                    "SPIELENDE FÜR HEUTE", "SPEL VOORBIJ VOOR VANDAAG",
                    "SPILLET ER SLUT FOR I DAG"},
    [W_BAG_TAG] = {"Bag and tag your chips", "Pakk og merk sjetongene dine",
                   "Chips eintüten und beschriften", "Fiches in de zak, met naam",
                   "Pak og mærk dine chips"},
    [W_CLOCK_ON] = {"Clock on table %d, seat %d", "Klokke på bord %d, sete %d",
                    "Zeit an Tisch %d, Platz %d", "Klok op tafel %d, stoel %d",
                    "Ur på bord %d, sæde %d"},
    [W_TIME_UP] = {"TIME", "TIDEN ER UTE", "ZEIT", "TIJD", "TIDEN ER GÅET"},
    [W_TABLE_SEAT] = {"Table %d, seat %d", "Bord %d, sete %d", "Tisch %d, Platz %d",
                      "Tafel %d, stoel %d", "Bord %d, sæde %d"},
    [W_PENALTIES] = {"Penalties", "Straffer", "Strafen", "Straffen", "Straffe"},
    [W_ROUND] = {"1 round", "1 runde", "1 Runde", "1 ronde", "1 runde"},
    [W_ROUNDS] = {"%d rounds", "%d runder", "%d Runden", "%d rondes", "%d runder"},
    [W_PANEL] = {"Director's panel", "Turneringsleder", "Turnierleitung", "Toernooileiding",
                 "Turneringsleder"},
    [W_PIN] = {"PIN", "PIN", "PIN", "PIN", "PIN"},
    [W_BREAK_IN] = {"Break in", "Pause om", "Pause in", "Pauze over", "Pause om"},
    [W_THEN] = {"Then", "Deretter", "Danach", "Daarna", "Derefter"},
    [W_LAST_LEVEL_TODAY] = {"Last level today", "Dagens siste nivå", "Letztes Level heute",
                            "Laatste niveau vandaag", "Dagens sidste niveau"},
    [W_ANNOUNCEMENT] = {"Announcement", "Kunngjøring", "Durchsage", "Mededeling",
                        "Meddelelse"},
};

lang_id lang_from_code(const char *code)
{
    if (!code)
        return LANG_EN;
    if (!strcmp(code, "no") || !strcmp(code, "nb") || !strcmp(code, "nn"))
        return LANG_NO;
    if (!strcmp(code, "de"))
        return LANG_DE;
    if (!strcmp(code, "nl"))
        return LANG_NL;
    if (!strcmp(code, "da"))
        return LANG_DA;
    return LANG_EN;
}

const char *lang_word(lang_id lang, word_id w)
{
    if ((unsigned)lang >= LANG__COUNT)
        lang = LANG_EN;
    if ((unsigned)w >= W__COUNT || !words[w][lang])
        return "";
    return words[w][lang];
}

void lang_ordinal(lang_id lang, int n, char *buf, size_t len)
{
    if (lang == LANG_EN) {
        const char *suf = "th";
        if (n % 100 < 11 || n % 100 > 13)
            suf = n % 10 == 1 ? "st" : n % 10 == 2 ? "nd" : n % 10 == 3 ? "rd" : "th";
        snprintf(buf, len, "%d%s", n, suf);
    } else if (lang == LANG_NL) {
        snprintf(buf, len, "%de", n);
    } else {
        snprintf(buf, len, "%d.", n);
    }
}
