/* The seat slip's ESC/POS bytes: the start, the venue's letters in PC858,
 * what PC858 lacks written with the nearest letters, no control byte let
 * through from a name, lines cut at the paper's width, the cut; and which
 * changes of the roster hand out a slip. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include <cmocka.h>

#include "model/slips.h"
#include "print/escpos.h"
#include "print/slip.h"

static void encoded(const char *utf8, const char *want)
{
    uint8_t out[256];
    size_t n = escpos_encode(utf8, out, sizeof out);
    if (n != strlen(want) || memcmp(out, want, n) != 0) {
        char got[1024] = "";
        for (size_t i = 0; i < n; i++)
            snprintf(got + strlen(got), sizeof got - strlen(got), "%02X ", out[i]);
        fail_msg("\"%s\" became %s", utf8, got);
    }
}

static void the_venues_letters_in_pc858(void **state)
{
    (void)state;
    encoded("åøæÅØÆ", "\x86\x9B\x91\x8F\x9D\x92");
    encoded("üöäÜÖÄß", "\x81\x94\x84\x9A\x99\x8E\xE1");
    encoded("éèêëÉ", "\x82\x8A\x88\x89\x90");
    encoded("Anna Berg 12", "Anna Berg 12");
    encoded("€", "\xD5");
}

static void what_pc858_lacks_is_the_nearest_letters(void **state)
{
    (void)state;
    encoded("Łukasz Żółć", "Lukasz Z\xA2lc");
    encoded("Œuvre œ Ĳssel", "OEuvre oe IJssel");
    encoded("Dvořák Şükrü", "Dvor\xA0k S\x81kr\x81");
    encoded("“Bo” – Ek…", "\"Bo\" - Ek.");
    encoded("♠ 漢", "? ?");
}

static void no_control_byte_from_a_name(void **state)
{
    (void)state;
    /* ESC @ in a name would reset the printer; GS V would cut. */
    encoded("A\x1b@B\x1dV\x01"
            "C\n",
            "A@BVC");
    /* The same hidden in an overlong form, and C1 controls. */
    encoded("A\xC0\x9B"
            "B",
            "A?B");
    encoded("A\xC2\x9B"
            "B",
            "AB");
    encoded("\xFF"
            "x\xE2\x82",
            "?x??");
}

static void start_lines_and_cut(void **state)
{
    (void)state;
    escpos_t e;
    escpos_begin(&e);
    assert_int_equal(e.len, 5);
    assert_memory_equal(e.b, "\x1b@\x1bt\x13", 5);
    escpos_style(&e, true, true);
    assert_memory_equal(e.b + 5,
                        "\x1b"
                        "E\x01\x1d!\x11",
                        6);
    e.len = 0;
    escpos_line(&e, "Åse Ødegård Løvås", 10);
    assert_int_equal(e.len, 18);
    assert_memory_equal(e.b,
                        "\x8Fse\n\x9D"
                        "deg\x86rd\nL\x9Bv\x86s\n",
                        18);
    e.len = 0;
    escpos_line(&e, "ABCDEFGHIJKL", 5);
    assert_memory_equal(e.b, "ABCDE\nFGHIJ\nKL\n", 15);
    e.len = 0;
    escpos_cut(&e);
    assert_memory_equal(e.b,
                        "\x1b"
                        "d\x04\x1dV\x01",
                        6);
    assert_int_equal(escpos_columns(58), 32);
    assert_int_equal(escpos_columns(80), 48);
}

static void too_much_is_left_off_and_said(void **state)
{
    (void)state;
    char lot[3000];
    memset(lot, 'x', sizeof lot - 1);
    lot[sizeof lot - 1] = 0;
    escpos_t e;
    escpos_begin(&e);
    escpos_line(&e, lot, 48);
    assert_true(e.full);
    assert_true(e.len <= ESCPOS_MAX);
}

static void a_slip_in_norwegian(void **state)
{
    (void)state;
    slip_t s = {.kind = SLIP_MOVE, .id = 3, .table = 4, .seat = 7, .from_table = 2, .from_seat = 9};
    snprintf(s.name, sizeof s.name, "Bjørn");
    escpos_t e;
    slip_escpos(&s, "Fredagsturnering", "no", 32, &e);
    assert_false(e.full);
    const char *want[] = {"Fredagsturnering\n", "Bj\x9Brn\n", "Flyttet fra bord 2, sete 9\n",
                          "Bord 4\n", "Sete 7\n"};
    const uint8_t *at = e.b;
    for (size_t i = 0; i < sizeof want / sizeof *want; i++) {
        const uint8_t *hit = memmem(at, e.len - (size_t)(at - e.b), want[i], strlen(want[i]));
        if (!hit)
            fail_msg("no \"%s\" in the slip, in order", want[i]);
        at = hit + strlen(want[i]);
    }
    assert_memory_equal(e.b + e.len - 3, "\x1dV\x01", 3);
}

/* A roster of one table of 9 with players 1..n seated in seats 1..n. */
static void seated(roster_t *r, int n)
{
    roster_init(r);
    refusal_t no;
    assert_true(roster_add_table(r, 5, "", 9, 0, &no) == 0);
    for (int i = 0; i < n; i++) {
        char name[16];
        snprintf(name, sizeof name, "P%d", i + 1);
        int p = roster_register(r, name, &no);
        r->players[p].status = PLAYER_SEATED;
        r->players[p].table = 0;
        r->players[p].seat = (uint8_t)(i + 1);
        r->tables[0].occupant[i] = (int16_t)(p + 1);
    }
    r->version++;
}

static void which_changes_hand_out_slips(void **state)
{
    (void)state;
    static roster_t before, after;
    seated(&before, 3);
    after = before;
    slip_t out[8];
    assert_int_equal(slips_between(&before, &after, out, 8), 0);
    /* One more registered, one moved, one out: two slips. */
    seated(&after, 4);
    after.players[1].seat = 8;
    after.players[2].status = PLAYER_OUT;
    after.version = before.version + 1;
    assert_int_equal(slips_between(&before, &after, out, 8), 2);
    assert_int_equal(out[0].kind, SLIP_MOVE);
    assert_string_equal(out[0].name, "P2");
    assert_int_equal(out[0].table, 5);
    assert_int_equal(out[0].seat, 8);
    assert_int_equal(out[0].from_seat, 2);
    assert_int_equal(out[1].kind, SLIP_REGISTER);
    assert_string_equal(out[1].name, "P4");
    /* The bust undone: back in his seat, no slip. A re-entry: one. */
    assert_int_equal(slips_between(&after, &before, out, 8), 1);
    assert_int_equal(out[0].kind, SLIP_MOVE);
    static roster_t again;
    again = after;
    again.players[2].status = PLAYER_SEATED;
    again.players[2].entries++;
    again.version++;
    assert_int_equal(slips_between(&after, &again, out, 8), 1);
    assert_int_equal(out[0].kind, SLIP_REENTER);
    assert_int_equal(out[0].seat, 3);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(the_venues_letters_in_pc858),
        cmocka_unit_test(what_pc858_lacks_is_the_nearest_letters),
        cmocka_unit_test(no_control_byte_from_a_name),
        cmocka_unit_test(start_lines_and_cut),
        cmocka_unit_test(too_much_is_left_off_and_said),
        cmocka_unit_test(a_slip_in_norwegian),
        cmocka_unit_test(which_changes_hand_out_slips),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
