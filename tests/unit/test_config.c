/* Configuration files as a venue writes them: the samples load cleanly, and
 * each broken file in tests/config says what is wrong, and where. */
#include <dirent.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "store/config.h"
#include "json/codec.h"
#include "json/parse_state.h"

static settings_t c;

static void every_sample_loads_without_a_word(void **state)
{
    (void)state;
    const char *samples[] = {"assets/structures/default.cfg", "assets/structures/turbo.cfg",
                             "assets/structures/two-day.cfg", "assets/structures/rebuy.cfg"};
    for (size_t i = 0; i < sizeof samples / sizeof *samples; i++) {
        config_problems_t p = {0};
        bool ok = config_load_file(samples[i], &c, &p);
        for (int k = 0; k < p.n; k++) {
            char line[600];
            config_problem_format(&p.items[k], line, sizeof line);
            print_error("%s\n", line);
        }
        assert_true(ok);
        assert_int_equal(p.n, 0);
        assert_true(c.structure.n_levels > 5);
        assert_true(c.structure.n_payouts > 0);
        assert_true(c.structure.n_chips > 0);
    }
}

static void the_samples_say_what_they_are(void **state)
{
    (void)state;
    config_problems_t p = {0};
    assert_true(config_load_file("assets/structures/turbo.cfg", &c, &p));
    const structure_t *s = &c.structure;
    assert_string_equal(s->name, "Turbo Tuesday");
    assert_true(s->levels[0].big_blind_ante);
    assert_int_equal(s->levels[0].duration_ms, 15 * 60000);
    assert_true(config_load_file("assets/structures/two-day.cfg", &c, &p));
    int day_ends = 0;
    for (int i = 0; i < c.structure.n_levels; i++)
        day_ends += c.structure.levels[i].day_end;
    assert_int_equal(day_ends, 1);
    /* 3.5 % of a pool is 350 basis points. */
    assert_int_equal(c.structure.payouts[3].bp[8], 350);
    assert_true(config_load_file("assets/structures/rebuy.cfg", &c, &p));
    assert_int_equal(c.structure.rebuy_until_level, 6);
    assert_int_equal(c.structure.addon_after_level, 6);
    assert_int_equal(c.structure.addon_chips, 10000);
}

static void the_built_in_tournament_is_the_default_sample(void **state)
{
    (void)state;
    static settings_t file;
    config_problems_t p = {0};
    config_load_default(&c);
    assert_true(config_load_file("assets/structures/default.cfg", &file, &p));
    assert_memory_equal(&c.structure, &file.structure, sizeof c.structure);
    assert_int_equal(c.port, 8080);
}

/* Each file starts with "# expect: LINE: message": the problem that must be
 * reported, as FILE:LINE: message. Warnings alone leave the file usable. */
static void every_broken_file_is_explained(void **state)
{
    (void)state;
    DIR *d = opendir("tests/config");
    assert_non_null(d);
    struct dirent *de;
    int files = 0;
    while ((de = readdir(d))) {
        size_t n = strlen(de->d_name);
        if (n < 5 || strcmp(de->d_name + n - 4, ".cfg") != 0)
            continue;
        char path[512], first[512] = "";
        snprintf(path, sizeof path, "tests/config/%s", de->d_name);
        FILE *f = fopen(path, "r");
        assert_non_null(f);
        assert_non_null(fgets(first, sizeof first, f));
        fclose(f);
        first[strcspn(first, "\n")] = 0;
        assert_true(strncmp(first, "# expect: ", 10) == 0);
        char want[600];
        snprintf(want, sizeof want, "%s:%s", path, first + 10);

        config_problems_t p = {0};
        bool ok = config_load_file(path, &c, &p);
        bool found = false;
        for (int k = 0; k < p.n && !found; k++) {
            char line[600];
            config_problem_format(&p.items[k], line, sizeof line);
            found = strncmp(line, want, strlen(want)) == 0;
        }
        if (!found) {
            for (int k = 0; k < p.n; k++) {
                char line[600];
                config_problem_format(&p.items[k], line, sizeof line);
                print_error("  got: %s\n", line);
            }
            fail_msg("%s: expected \"%s\"", path, want);
        }
        assert_int_equal(ok, strstr(first, "warning:") != NULL);
        files++;
    }
    closedir(d);
    assert_true(files >= 10);
}

/* What a file loads to, as JSON: whether it loads, its problems, the
 * structure as /api/structure serves it and the settings. */
static json_t *loaded(const char *path)
{
    config_problems_t p = {0};
    bool ok = config_load_file(path, &c, &p);
    json_t *problems = json_array();
    for (int k = 0; k < p.n; k++) {
        char line[600];
        config_problem_format(&p.items[k], line, sizeof line);
        json_array_append_new(problems, json_string(line));
    }
    const theme_t *t = &c.theme;
    return json_pack("{s:b, s:o, s:o, s:{s:s, s:i, s:s, s:s, s:s, s:[s,s,s,s,s,s,s,s]}}", "ok", ok,
                     "problems", problems, "structure", codec_structure(&c.structure), "settings",
                     "bind", c.bind, "port", c.port, "pin", c.pin, "language", c.language,
                     "language2", c.language2, "theme", t->bg, t->fg, t->accent, t->paused, t->brk,
                     t->warn, t->logo, t->font);
}

/* Every configuration file here loads to what it loaded to when
 * tests/vectors/configs.json was written: the same values, the same
 * problems, word for word. A change meant to show (a new setting, a
 * reworded problem) is recorded again with RECORD_CONFIGS=1 and read in
 * the diff before it is committed. */
static void every_file_loads_as_recorded(void **state)
{
    (void)state;
    json_error_t je;
    bool record = getenv("RECORD_CONFIGS") != NULL;
    json_t *want = record ? json_object() : json_load_file("tests/vectors/configs.json", 0, &je);
    if (!want)
        fail_msg("tests/vectors/configs.json:%d: %s", je.line, je.text);
    const char *dirs[] = {"assets/structures", "tests/config"};
    int files = 0;
    for (size_t i = 0; i < sizeof dirs / sizeof *dirs; i++) {
        DIR *d = opendir(dirs[i]);
        assert_non_null(d);
        struct dirent *de;
        while ((de = readdir(d))) {
            size_t n = strlen(de->d_name);
            if (n < 5 || strcmp(de->d_name + n - 4, ".cfg") != 0)
                continue;
            char path[512];
            snprintf(path, sizeof path, "%s/%s", dirs[i], de->d_name);
            json_t *got = loaded(path);
            if (record)
                json_object_set(want, path, got);
            if (!json_equal(got, json_object_get(want, path))) {
                char *text = json_dumps(got, JSON_SORT_KEYS | JSON_INDENT(1));
                print_error("%s loads now to:\n%s\n", path, text);
                free(text);
                fail_msg("%s does not load as recorded", path);
            }
            /* A follower reads the structure served back to the same. */
            if (json_is_true(json_object_get(got, "ok"))) {
                static structure_t back;
                char err[256] = "";
                json_t *served = json_object_get(got, "structure");
                if (codec_structure_parse(served, &back, err, sizeof err) != 0)
                    fail_msg("%s: the follower refuses the structure: %s", path, err);
                json_t *again = codec_structure(&back);
                assert_true(json_equal(served, again));
                json_decref(again);
            }
            json_decref(got);
            files++;
        }
        closedir(d);
    }
    assert_int_equal(files, (int)json_object_size(want));
    if (record)
        assert_int_equal(json_dump_file(want, "tests/vectors/configs.json",
                                        JSON_SORT_KEYS | JSON_INDENT(1)),
                         0);
    json_decref(want);
}

static void a_missing_or_binary_file_says_so(void **state)
{
    (void)state;
    config_problems_t p = {0};
    assert_false(config_load_file("tests/config/no-such-file.cfg", &c, &p));
    assert_int_equal(p.n, 1);
    assert_string_equal(p.items[0].msg, "cannot open: No such file or directory");
    p.n = 0;
    assert_false(config_load_file("/bin/sh", &c, &p));
    assert_string_equal(p.items[0].msg, "this is not a text file");
}

static void check_reports_and_sets_the_exit_status(void **state)
{
    (void)state;
    char buf[4096] = "";
    FILE *out = fmemopen(buf, sizeof buf, "w");
    assert_int_equal(config_check("tests/config/bb-not-above-sb.cfg", 0, out), 1);
    fclose(out);
    assert_non_null(strstr(buf, "tests/config/bb-not-above-sb.cfg:5: level 2: big_blind must "
                                "be larger than small_blind\n"));
    out = fmemopen(buf, sizeof buf, "w");
    assert_int_equal(config_check("assets/structures/default.cfg", 0, out), 0);
    fclose(out);
    assert_non_null(strstr(buf, "fine"));
}

/* On the appliance the unit gives the port (--port 80): a tournament file's
 * port = 8080 is said to be unused, with its line, and changes nothing. */
static void a_port_the_command_line_overrides_is_named(void **state)
{
    (void)state;
    char buf[4096] = "";
    FILE *out = fmemopen(buf, sizeof buf, "w");
    assert_int_equal(config_check("assets/structures/default.cfg", 80, out), 0);
    fclose(out);
    assert_non_null(strstr(buf, "assets/structures/default.cfg:5: port = 8080 is not used: this "
                                "clock serves its panel on port 80\n"));
    /* The same port, or no --port: nothing to say. */
    memset(buf, 0, sizeof buf);
    out = fmemopen(buf, sizeof buf, "w");
    assert_int_equal(config_check("assets/structures/default.cfg", 8080, out), 0);
    fclose(out);
    assert_null(strstr(buf, "port"));
    config_problems_t p = {0};
    char note[600] = "";
    assert_true(config_load_file("assets/structures/turbo.cfg", &c, &p));
    assert_int_equal(c.port_line, 0);
    assert_false(config_port_note(&c, "turbo.cfg", 80, note, sizeof note));
    assert_string_equal(note, "");
}

/* tv = { cec = true; standby_minutes = 15; }: the TV over HDMI-CEC; off
 * when the group is not there; a mistyped key or value is said. */
static void the_tv_group_turns_cec_on(void **state)
{
    (void)state;
    FILE *f = fopen("assets/structures/default.cfg", "r");
    assert_non_null(f);
    static char text[64 * 1024];
    size_t n = fread(text, 1, sizeof text - 200, f);
    fclose(f);
    text[n] = 0;
    config_problems_t p = {0};
    assert_true(config_load_string(text, "x.cfg", &c, &p));
    assert_false(c.tv_cec);
    assert_int_equal(c.tv_standby_minutes, 0);
    strcat(text, "\ntv = { cec = true; standby_minutes = 15; };\n");
    assert_true(config_load_string(text, "x.cfg", &c, &p));
    assert_true(c.tv_cec);
    assert_int_equal(c.tv_standby_minutes, 15);
    text[n] = 0;
    strcat(text, "\ntv = { cec = true; standby = 15; };\n");
    p.n = 0;
    assert_false(config_load_string(text, "x.cfg", &c, &p));
    assert_non_null(strstr(p.items[0].msg, "standby"));
    text[n] = 0;
    strcat(text, "\ntv = { standby_minutes = 2000; };\n");
    p.n = 0;
    assert_false(config_load_string(text, "x.cfg", &c, &p));
    assert_non_null(strstr(p.items[0].msg, "standby_minutes must be from 0 to 1440"));
}

/* printer = "..."; paper_width = 58;: seat slips on a receipt printer,
 * 80 mm paper unless said. */
static void the_printer_and_its_paper(void **state)
{
    (void)state;
    static char text[64 * 1024];
    FILE *f = fopen("assets/structures/default.cfg", "r");
    assert_non_null(f);
    size_t n = fread(text, 1, sizeof text - 200, f);
    fclose(f);
    text[n] = 0;
    config_problems_t p = {0};
    assert_true(config_load_string(text, "x.cfg", &c, &p));
    assert_string_equal(c.printer, "");
    strcat(text, "\nprinter = \"/dev/usb/lp0\";\n");
    assert_true(config_load_string(text, "x.cfg", &c, &p));
    assert_string_equal(c.printer, "/dev/usb/lp0");
    assert_int_equal(c.paper_width, 80);
    strcat(text, "paper_width = 58;\n");
    assert_true(config_load_string(text, "x.cfg", &c, &p));
    assert_int_equal(c.paper_width, 58);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(the_printer_and_its_paper),
        cmocka_unit_test(the_tv_group_turns_cec_on),
        cmocka_unit_test(a_port_the_command_line_overrides_is_named),
        cmocka_unit_test(every_sample_loads_without_a_word),
        cmocka_unit_test(the_samples_say_what_they_are),
        cmocka_unit_test(the_built_in_tournament_is_the_default_sample),
        cmocka_unit_test(every_broken_file_is_explained),
        cmocka_unit_test(every_file_loads_as_recorded),
        cmocka_unit_test(a_missing_or_binary_file_says_so),
        cmocka_unit_test(check_reports_and_sets_the_exit_status),
    };
    return cmocka_run_group_tests_name("config", tests, NULL, NULL);
}
