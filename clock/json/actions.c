/* The last actions in JSON (actions.h). */
#include <stdio.h>
#include <string.h>

#include "model/history.h"
#include "model/text.h"
#include "json/actions.h"

json_t *action_json(const action_t *a)
{
    action_code code = a ? action_of(a) : ACTION_NONE;
    if (code == ACTION_NONE)
        return json_pack("{s:n}", "code");
    const action_def *d = &action_defs[code];
    json_t *o = json_pack("{s:s}", "code", d->code);
    for (int i = 0; o && i < d->n; i++) {
        int64_t num;
        const char *text = action_value(a, i, &num);
        json_object_set_new(o, d->names[i], text ? json_string(text) : json_integer(num));
    }
    return o;
}

void actions_json(json_t *o, const tourney_t *t)
{
    json_t *lines = json_array(), *codes = json_array();
    char words[ACTION_LINE_MAX];
    for (int k = 0; k < history_count(t); k++) {
        history_words(t, k, words, sizeof words);
        json_array_append_new(lines, json_string(words));
        json_array_append_new(codes, action_json(history_action(t, k)));
    }
    json_object_set_new(o, "last_actions", lines);
    json_object_set_new(o, "last_action_codes", codes);
    history_words(t, 0, words, sizeof words);
    json_object_set_new(o, "undo",
                        t->undoable > 0 && t->n_done > 0 ? json_string(words) : json_null());
}

/* The action the master wrote as v (an object of last_action_codes) into
 * *a; false when this clock does not know its code or its values are not
 * the code's (a newer master's): the line is then kept in words. */
static bool action_read(const json_t *v, action_t *a)
{
    const json_t *code = json_object_get(v, "code");
    if (!json_is_string(code) || json_string_length(code) >= ACTION_CODE_MAX)
        return false;
    action_t probe = {0};
    snprintf(probe.code, sizeof probe.code, "%s", json_string_value(code));
    action_code c = action_of(&probe);
    if (c == ACTION_NONE)
        return false;
    const action_def *d = &action_defs[c];
    refusal_arg args[ACTION_MAX_VALUES];
    for (int i = 0; i < d->n; i++) {
        const json_t *x = json_object_get(v, d->names[i]);
        if (d->kinds[i] == 'S' ? !json_is_string(x) || !text_one_line(json_string_value(x))
                               : !json_is_integer(x))
            return false;
        args[i] = d->kinds[i] == 'S' ? refusal_str(json_string_value(x))
                                     : refusal_num(json_integer_value(x));
    }
    action_make(a, c, args);
    return true;
}

int actions_json_parse(const json_t *o, tourney_t *t, char *err, size_t errlen)
{
    const json_t *lines = json_object_get(o, "last_actions");
    const json_t *codes = json_object_get(o, "last_action_codes");
    const json_t *undo = json_object_get(o, "undo");
    if (lines && !json_is_null(lines) &&
        (!json_is_array(lines) || json_array_size(lines) > TOURNEY_DONE_MAX)) {
        snprintf(err, errlen, "last_actions must be a list of at most %d", TOURNEY_DONE_MAX);
        return -1;
    }
    size_t n = json_is_array(lines) ? json_array_size(lines) : 0;
    memset(t->done, 0, sizeof t->done);
    memset(t->acts, 0, sizeof t->acts);
    t->n_done = (uint32_t)n;
    for (size_t k = 0; k < n; k++) {
        const json_t *line = json_array_get(lines, k);
        if (!json_is_string(line) || !text_one_line(json_string_value(line))) {
            snprintf(err, errlen, "last_actions[%zu] must be a line of text", k);
            return -1;
        }
        size_t slot = n - 1 - k;
        if (!action_read(json_array_get(codes, k), &t->acts[slot])) {
            const char *s = json_string_value(line);
            memcpy(t->done[slot], s, text_whole(s, TOURNEY_DONE_TEXT - 1));
        }
    }
    if (undo && !json_is_null(undo) && !json_is_string(undo)) {
        snprintf(err, errlen, "undo must be text or null");
        return -1;
    }
    t->undoable = json_is_string(undo) && n > 0 &&
                  json_equal((json_t *)undo, json_array_get(lines, 0));
    return 0;
}
