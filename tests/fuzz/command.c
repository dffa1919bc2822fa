/* Fuzz target: a command's JSON (the body of POST /api/command) into command_t, and into the model. */
#include <jansson.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "json/codec.h"
#include "store/config.h"

static settings_t config;
static model_t model, before;

int LLVMFuzzerInitialize(int *argc, char ***argv)
{
    (void)argc;
    (void)argv;
    config_load_default(&config);
    model_init(&model, &config.structure);
    return 0;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    command_t c;
    refusal_t unread = {0};
    if (codec_command_parse_text((const char *)data, size, &c, &unread) != 0) {
        if (unread.code == REFUSAL_NONE || !unread.text[0])
            abort(); /* refused without a code and a reason for the panel */
        return 0;
    }
    /* The engine draws the end-of-day card itself and journals it with the
     * command (the panel sends none). */
    if (c.type == CMD_DAY_END_DRAW)
        c.drawn = 3 + (int)(size % 5);
    /* What the journal keeps of a command reads back as the same command
     * (a restart replays exactly this). */
    json_t *once = codec_command(&c);
    command_t again;
    if (!once || codec_command_parse_internal(once, &again, &unread) != 0) {
        fprintf(stderr, "the journal's form of an accepted command does not read back: %s\n",
                unread.text);
        abort();
    }
    json_t *twice = codec_command(&again);
    if (!json_equal(once, twice)) {
        char *a = json_dumps(once, JSON_SORT_KEYS), *b = json_dumps(twice, JSON_SORT_KEYS);
        fprintf(stderr, "a command changed on its way through the journal:\n%s\n%s\n", a, b);
        abort();
    }
    json_decref(once);
    json_decref(twice);
    /* Into a running tournament: a refusal says why and changes nothing. */
    memcpy(&before, &model, sizeof model);
    /* A refusal says why with a code of the table (model/refusal.h), its
     * English sentence and its outcome. */
    refusal_t no;
    refusal_clear(&no);
    apply_status st = model_apply(&model, &c, 1000000, &no);
    if (st != APPLY_OK && (!no.text[0] || no.code == REFUSAL_NONE || no.status != st ||
                           memcmp(&before, &model, sizeof model) != 0)) {
        fprintf(stderr, "%s refused (%s, code %d) but changed the state or said no code\n",
                command_name(c.type), no.text, (int)no.code);
        abort();
    }
    /* Start afresh for the next input (a fuzzer's inputs must not depend on
     * each other, or a crash could not be replayed alone). */
    model_init(&model, &config.structure);
    return 0;
}
