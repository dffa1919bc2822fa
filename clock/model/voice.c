/* The wall's languages, quiet switch and typed speech as commands; see voice.h. */
#include <stdio.h>
#include <string.h>

#include "model/clockpos.h"
#include "model/text.h"
#include "model/voice.h"

bool voice_language_known(const char *code)
{
    static const char *const known[] = {"en", "no", "nb", "de", "nl", "da"};
    for (size_t i = 0; i < sizeof known / sizeof *known; i++)
        if (strcmp(code, known[i]) == 0)
            return true;
    return false;
}

static apply_status set_language(tourney_t *t, const command_t *c, char *err, size_t errlen)
{
    if (!memchr(c->language, 0, sizeof c->language) || !voice_language_known(c->language))
        return model_fail(APPLY_INVALID, err, errlen,
                          "language must be one of \"en\", \"no\", \"de\", \"nl\", \"da\"");
    if (!memchr(c->language2, 0, sizeof c->language2) ||
        (c->language2[0] && !voice_language_known(c->language2)))
        return model_fail(APPLY_INVALID, err, errlen,
                          "language2 must be one of \"en\", \"no\", \"de\", \"nl\", \"da\", "
                          "or empty for none");
    /* Whole: a snapshot keeps the bytes, not what an older value left. */
    memset(t->language, 0, sizeof t->language);
    memset(t->language2, 0, sizeof t->language2);
    snprintf(t->language, sizeof t->language, "%s", c->language);
    /* The same language twice is one language. */
    if (strcmp(c->language2, c->language) != 0)
        snprintf(t->language2, sizeof t->language2, "%s", c->language2);
    return APPLY_OK;
}

static apply_status say(tourney_t *t, const command_t *c, int64_t now, char *err, size_t errlen)
{
    if (!memchr(c->text, 0, sizeof c->text))
        return model_fail(APPLY_INVALID, err, errlen, "the text to say is too long");
    if (!text_one_line(c->text))
        return model_fail(APPLY_INVALID, err, errlen,
                          "the text to say must be one line of UTF-8 text");
    bool blank = true;
    for (const char *p = c->text; *p; p++)
        blank &= *p == ' ';
    if (blank)
        return model_fail(APPLY_INVALID, err, errlen, "there is nothing to say");
    memset(t->said, 0, sizeof t->said);
    snprintf(t->said, sizeof t->said, "%s", c->text);
    /* Grows with each one, even two in the same millisecond: the wall
     * speaks each once. */
    t->said_at = now > t->said_at ? now : t->said_at + 1;
    return APPLY_OK;
}

apply_status voice_apply(tourney_t *t, const command_t *c, int64_t now, char *err,
                         size_t errlen)
{
    switch (c->type) {
    case CMD_SET_LANGUAGE: return set_language(t, c, err, errlen);
    case CMD_SOUND:
        if (t->quiet == c->quiet)
            return model_fail(APPLY_CONFLICT, err, errlen, c->quiet ? "the wall is quiet already"
                                                                    : "the wall's sound is on already");
        t->quiet = c->quiet;
        return APPLY_OK;
    case CMD_SAY: return say(t, c, now, err, errlen);
    default: return model_fail(APPLY_INVALID, err, errlen, "not a command of this kind");
    }
}
