/* The wall's voice: each shipped language's words rendered by espeak-ng to
 * a WAV file and measured with sox: a sane length, not silence. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <cmocka.h>

#include "screen/speaker.h"
#include "screen/speech.h"

static char dir[] = "/tmp/pokerclock-speech-test-XXXXXX";
static char exe[256];

/* sox's figures of a WAV: its length in seconds and RMS amplitude (0..1). */
static void measure(const char *path, double *seconds, double *rms, int *rate)
{
    char cmd[600], line[256];
    *seconds = *rms = -1;
    *rate = 0;
    snprintf(cmd, sizeof cmd, "sox '%s' -n stat 2>&1; soxi -r '%s'", path, path);
    FILE *p = popen(cmd, "r");
    assert_non_null(p);
    while (fgets(line, sizeof line, p)) {
        sscanf(line, "Length (seconds): %lf", seconds);
        sscanf(line, "RMS amplitude: %lf", rms);
        sscanf(line, "%d", rate);
    }
    assert_int_equal(pclose(p), 0);
}

static void say_and_measure(const char *lang, const char *text, double *seconds, double *rms)
{
    char path[300], err[300] = "";
    snprintf(path, sizeof path, "%s/%s.wav", dir, lang);
    if (speech_render(exe, lang, text, path, err, sizeof err) != 0)
        fail_msg("%s: %s", lang, err);
    int rate;
    measure(path, seconds, rms, &rate);
    assert_int_equal(rate, 22050);
    printf("# %s: %.2f s, RMS %.3f: %s\n", lang, *seconds, *rms, text);
    unlink(path);
}

static void test_each_language_says_a_level(void **state)
{
    (void)state;
    static structure_t s;
    s.n_levels = 1;
    s.levels[0] = (level_t){.kind = LEVEL_PLAY,
                            .small_blind = 400,
                            .big_blind = 800,
                            .ante = 800,
                            .big_blind_ante = true,
                            .duration_ms = 1200000};
    static const char *const langs[] = {"en", "no", "de", "nl", "da"};
    for (size_t i = 0; i < sizeof langs / sizeof *langs; i++) {
        char text[400];
        speaker_level_words(lang_from_code(langs[i]), &s, 0, 7, text, sizeof text);
        assert_non_null(strstr(text, "400"));
        assert_non_null(strstr(text, "800"));
        double seconds, rms;
        say_and_measure(langs[i], text, &seconds, &rms);
        /* Three short sentences: a few seconds, not a fragment, not a hang. */
        assert_true(seconds > 2.0 && seconds < 15.0);
        assert_true(rms > 0.02);
    }
}

static void test_typed_text_is_only_text(void **state)
{
    (void)state;
    /* Nothing typed on the panel is taken for an option or a command. */
    double seconds, rms;
    say_and_measure("en", "--help -v xx $(touch /tmp/x) `id`; Last orders", &seconds, &rms);
    assert_true(seconds > 1.0 && seconds < 20.0);
    assert_true(rms > 0.02);
    char err[200];
    assert_int_equal(speech_render("/nonexistent/espeak-ng", "en", "hello", "/tmp/never.wav", err,
                                   sizeof err),
                     -1);
    assert_non_null(strstr(err, "/nonexistent/espeak-ng"));
}

int main(void)
{
    if (!mkdtemp(dir) || !speech_find(exe, sizeof exe)) {
        fprintf(stderr, "test_speech: needs espeak-ng and sox (make deps)\n");
        return 1;
    }
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_each_language_says_a_level),
        cmocka_unit_test(test_typed_text_is_only_text),
    };
    int rc = cmocka_run_group_tests(tests, NULL, NULL);
    rmdir(dir);
    return rc;
}
