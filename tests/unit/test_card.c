/* A card as the final table's draw shows it on the panel and a follower
 * reads it back: the same card both ways, "10" written out, "T" refused. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#include <cmocka.h>

#include "json/card.h"

static void every_card_reads_back(void **state)
{
    (void)state;
    for (int c = 0; c < 52; c++) {
        char text[CARD_TEXT];
        card_text(c, text);
        assert_int_equal(card_parse(text), c);
    }
}

static void cards_as_written(void **state)
{
    (void)state;
    char text[CARD_TEXT];
    card_text(0, text);
    assert_string_equal(text, "2♣");
    card_text(8 * 4 + 1, text);
    assert_string_equal(text, "10♦");
    card_text(51, text);
    assert_string_equal(text, "A♠");
    card_text(52, text);
    assert_string_equal(text, "");
    card_text(-1, text);
    assert_string_equal(text, "");
}

static void not_cards(void **state)
{
    (void)state;
    const char *no[] = {"", "A", "T♠", "1♠", "11♠", "A♠♠", "a♠", "A♤", "10"};
    for (size_t i = 0; i < sizeof no / sizeof no[0]; i++)
        assert_int_equal(card_parse(no[i]), -1);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(every_card_reads_back),
        cmocka_unit_test(cards_as_written),
        cmocka_unit_test(not_cards),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
