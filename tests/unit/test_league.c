/* A season's standings from its tournaments' results: best N of M, the
 * minimum to be ranked, the tie-breaks in their order, and names matched
 * with case and accents aside. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include <cmocka.h>

#include "model/league.h"

#define R(t, n, pl, pts)                                                                           \
    {                                                                                              \
        (t), (n), (pl), true, (pts)                                                                \
    }

static int table(const league_rules_t *rules, const league_result_t *res, int n, league_row_t *rows,
                 league_mark_t *marks)
{
    int k = league_standings(rules, res, n, rows, marks);
    assert_true(k >= 0 && k <= n);
    return k;
}

static const league_row_t *row_named(const league_row_t *rows, int n, const char *name)
{
    for (int i = 0; i < n; i++)
        if (strcmp(rows[i].name, name) == 0)
            return &rows[i];
    fail_msg("no row for %s", name);
    return NULL;
}

/* "Åse Lie", "ase lie" and "ÅSE  LIE" are one player, named as in the
 * newest tournament; a result without points counts 0 but is played. */
static void names_fold(void **state)
{
    (void)state;
    league_result_t res[] = {
        R(0, "Åse Lie", 1, 10),
        R(1, "ase lie", 2, 7),
        R(2, "ÅSE  LIE", 3, 5),
        R(0, "Bjørn Ødegård", 2, 7),
        R(1, "Bjorn Odegard", 1, 10),
        {2, "bjørn ødegård", 1, false, 0},
        R(2, "", 2, 7), /* a row without a name: skipped */
    };
    league_row_t rows[7];
    league_mark_t marks[7];
    league_rules_t rules = {0, 0};
    int n = table(&rules, res, 7, rows, marks);
    assert_int_equal(n, 2);
    assert_string_equal(rows[0].name, "ÅSE  LIE");
    assert_string_equal(rows[0].key, "ase lie");
    assert_true(rows[0].points == 22);
    assert_int_equal(rows[0].played, 3);
    assert_string_equal(rows[1].name, "bjørn ødegård");
    assert_true(rows[1].points == 17);
    assert_int_equal(rows[1].played, 3);
    assert_int_equal(rows[1].wins, 2);
    assert_int_equal(marks[6].row, -1);
    assert_int_equal(marks[1].row, 0);
    assert_int_equal(marks[4].row, 1);
}

/* Best 2 of 4: the two best results count, the others are marked as not
 * counted; the same name twice in one tournament counts once (the better). */
static void best_of(void **state)
{
    (void)state;
    league_result_t res[] = {
        R(0, "Kari", 4, 3), R(1, "Kari", 1, 10), R(2, "Kari", 2, 7.5), R(3, "Kari", 3, 5),
        R(0, "Ola", 1, 10), R(1, "Ola", 2, 7),   R(1, "OLA", 5, 1), /* twice in one */
    };
    league_row_t rows[7];
    league_mark_t marks[7];
    league_rules_t rules = {2, 0};
    int n = table(&rules, res, 7, rows, marks);
    assert_int_equal(n, 2);
    const league_row_t *kari = row_named(rows, n, "Kari"), *ola = row_named(rows, n, "Ola");
    assert_true(kari->points == 17.5);
    assert_true(kari->all_points == 25.5);
    assert_int_equal(kari->counted, 2);
    assert_true(ola->points == 17);
    assert_int_equal(ola->played, 2);
    assert_int_equal(kari->rank, 1);
    assert_int_equal(ola->rank, 2);
    bool counted[] = {false, true, true, false, true, true};
    for (int i = 0; i < 6; i++)
        assert_int_equal(marks[i].counted, counted[i]);
    assert_int_equal(marks[6].row, -1);
}

/* Fewer tournaments than the minimum: listed after every ranked player,
 * without a rank, however many points. */
static void minimum(void **state)
{
    (void)state;
    league_result_t res[] = {
        R(0, "Once", 1, 50),  R(0, "Twice", 2, 1),  R(1, "Twice", 2, 1),
        R(1, "Thrice", 1, 2), R(2, "Thrice", 1, 2), R(3, "Thrice", 1, 2),
    };
    league_row_t rows[6];
    league_rules_t rules = {0, 2};
    int n = table(&rules, res, 6, rows, NULL);
    assert_int_equal(n, 3);
    assert_string_equal(rows[0].name, "Thrice");
    assert_int_equal(rows[0].rank, 1);
    assert_string_equal(rows[1].name, "Twice");
    assert_int_equal(rows[1].rank, 2);
    assert_string_equal(rows[2].name, "Once");
    assert_int_equal(rows[2].rank, 0);
}

/* Equal points: the most wins, then the best finish, then all points,
 * then the most played; equal on all: one rank shared. */
static void tie_breaks(void **state)
{
    (void)state;
    league_result_t res[] = {
        /* A and B: 20 counted each, both have won; A twice (B has more in all) */
        R(0, "A", 1, 10),
        R(1, "A", 1, 10),
        R(7, "B", 1, 12),
        R(8, "B", 5, 8),
        R(9, "B", 6, 5),
        /* C and D: 15, no wins; D finished 2nd */
        R(2, "C", 3, 7.5),
        R(3, "C", 3, 7.5),
        R(2, "D", 2, 10),
        R(3, "D", 9, 5),
        /* E and F: 10 counted, no wins, best 4th; E has more in all (11 to
         * 10.75), F played more */
        R(4, "E", 4, 6),
        R(5, "E", 4, 4),
        R(6, "E", 6, 1),
        R(4, "F", 4, 6),
        R(5, "F", 4, 4),
        R(6, "F", 9, 0.5),
        R(7, "F", 10, 0.25),
        /* G and H: 2.5, best 8th, 2.5 in all; G played more */
        R(4, "G", 8, 2),
        R(5, "G", 9, 0.5),
        R(6, "G", 9, 0),
        R(4, "H", 8, 2),
        R(5, "H", 9, 0.5),
        /* I and J: equal on everything: one rank, by name */
        R(5, "J", 10, 0.25),
        R(5, "I", 10, 0.25),
    };
    int k = (int)(sizeof res / sizeof *res);
    league_row_t rows[32];
    league_rules_t rules = {2, 0};
    int n = table(&rules, res, k, rows, NULL);
    const char *order[] = {"A", "B", "D", "C", "E", "F", "G", "H", "I", "J"};
    const int rank[] = {1, 2, 3, 4, 5, 6, 7, 8, 9, 9};
    assert_int_equal(n, 10);
    for (int i = 0; i < n; i++) {
        assert_string_equal(rows[i].name, order[i]);
        assert_int_equal(rows[i].rank, rank[i]);
    }
}

/* Points compared to the hundredth: 0.1 + 0.2 ties 0.3. */
static void hundredths(void **state)
{
    (void)state;
    league_result_t res[] = {R(0, "X", 3, 0.1), R(1, "X", 3, 0.2), R(0, "Y", 3, 0.3),
                             R(1, "Y", 3, 0)};
    league_row_t rows[4];
    league_rules_t rules = {0, 0};
    int n = table(&rules, res, 4, rows, NULL);
    assert_int_equal(n, 2);
    assert_int_equal(rows[0].rank, 1);
    assert_int_equal(rows[1].rank, 1);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(names_fold), cmocka_unit_test(best_of),    cmocka_unit_test(minimum),
        cmocka_unit_test(tie_breaks), cmocka_unit_test(hundredths),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
