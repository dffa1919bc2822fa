/* Build tool: turns the catalogs (the .po files in po/) into the wall's C table, the
 * pages' i18n.js and the director's panel-i18n.js, refusing a catalog that is
 * incomplete, fuzzy or extra.
 *   po2tables OUT.h OUT.c OUT.js PANEL.js RUNTIME.js en.po nb.po de.po ...
 * The first catalog is English: its keys and order are the reference, its text
 * the msgid (or its msgstr when one is given). The wall's and the pages' words
 * are keyed by msgctxt; the panel's have msgctxt "panel.ui" and are keyed by their
 * English msgid, which is the text in the panel's sources. The clock's refusals
 * (msgctxt "refusal.CODE") are the wall's words and the panel's REFUSAL_CATALOG,
 * every language's, English too; the pages never show them. So are the last
 * actions (msgctxt "action.CODE"), the panel's ACTION_CATALOG. */
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

enum { MAX_KEYS = 2048, MAX_LANGS = 16, MAX_TEXT = 2048 };

typedef struct {
    char *key, *text;
    int line;
} entry_t;

typedef struct {
    char code[16];
    const char *path;
    entry_t e[MAX_KEYS];
    int n;
} catalog_t;

static catalog_t cats[MAX_LANGS];

static const char PANEL[] = "panel.ui";
/* The panel's keys: "panel.ui", a byte 4 (gettext's own separator), the msgid. */
static int is_panel(const char *key)
{
    return !strncmp(key, PANEL, sizeof PANEL - 1) && key[sizeof PANEL - 1] == '\004';
}
static int n_cats;

static const char REFUSAL[] = "refusal.";
static int is_refusal(const char *key)
{
    return !strncmp(key, REFUSAL, sizeof REFUSAL - 1);
}

static const char ACTION[] = "action.";
static int is_action(const char *key)
{
    return !strncmp(key, ACTION, sizeof ACTION - 1);
}

static void die(const char *path, int line, const char *msg, const char *what)
{
    fprintf(stderr, "%s:%d: %s%s%s\n", path, line, msg, what ? ": " : "", what ? what : "");
    exit(1);
}

/* Appends the quoted string on a line ("...", escapes undone) to out. */
static void unquote(const char *path, int line, const char *s, char *out, size_t cap)
{
    while (*s == ' ' || *s == '\t')
        s++;
    if (*s != '"')
        die(path, line, "expected a quoted string", NULL);
    size_t o = strlen(out);
    for (s++; *s && *s != '"'; s++) {
        char c = *s;
        if (c == '\\') {
            s++;
            c = *s == 'n' ? '\n' : *s == 't' ? '\t' : *s;
            if (!c)
                break;
        }
        if (o + 1 >= cap)
            die(path, line, "text too long", NULL);
        out[o++] = c;
    }
    if (*s != '"')
        die(path, line, "string without its closing quote", NULL);
    out[o] = 0;
}

static char *dup(const char *s)
{
    char *d = malloc(strlen(s) + 1);
    if (d)
        strcpy(d, s);
    else {
        fprintf(stderr, "out of memory\n");
        exit(1);
    }
    return d;
}

static void finish(catalog_t *c, const char *ctxt, const char *id, const char *str, int fuzzy,
                   int line, int have)
{
    if (!have)
        return;
    if (!*ctxt && !*id)
        return; /* the header */
    if (!*ctxt)
        die(c->path, line, "entry without msgctxt (the key the code uses)", id);
    if (fuzzy)
        die(c->path, line, "fuzzy translation (check it, then remove the fuzzy flag)", ctxt);
    const char *text = *str ? str : n_cats == 0 ? id : NULL;
    if (!text)
        die(c->path, line, "untranslated", ctxt);
    char key[2 * MAX_TEXT];
    if (!strcmp(ctxt, PANEL))
        snprintf(key, sizeof key, "%s\004%s", PANEL, id);
    else
        snprintf(key, sizeof key, "%s", ctxt);
    for (int i = 0; i < c->n; i++)
        if (!strcmp(c->e[i].key, key))
            die(c->path, line, "key given twice", strcmp(ctxt, PANEL) ? ctxt : id);
    if (c->n == MAX_KEYS)
        die(c->path, line, "too many entries", NULL);
    c->e[c->n++] = (entry_t){dup(key), dup(text), line};
}

static void load(const char *path)
{
    FILE *f = fopen(path, "r");
    if (!f) {
        perror(path);
        exit(1);
    }
    catalog_t *c = &cats[n_cats];
    c->path = path;
    const char *base = strrchr(path, '/') ? strrchr(path, '/') + 1 : path;
    snprintf(c->code, sizeof c->code, "%.*s", (int)strcspn(base, "."), base);
    static char ctxt[MAX_TEXT], id[MAX_TEXT], str[MAX_TEXT];
    char ln[4 * MAX_TEXT];
    char *cur = NULL;
    int line = 0, start = 0, fuzzy = 0, fuzzy_next = 0, have = 0;
    while (fgets(ln, sizeof ln, f)) {
        line++;
        ln[strcspn(ln, "\r\n")] = 0;
        if (!strncmp(ln, "#,", 2)) {
            fuzzy_next |= strstr(ln, "fuzzy") != NULL;
            continue;
        }
        if (ln[0] == '#' || ln[0] == 0)
            continue;
        if (!strncmp(ln, "msgctxt ", 8) || (!strncmp(ln, "msgid ", 6) && !cur) ||
            (!strncmp(ln, "msgid ", 6) && cur == str)) {
            finish(c, ctxt, id, str, fuzzy, start, have);
            ctxt[0] = id[0] = str[0] = 0;
            fuzzy = fuzzy_next;
            fuzzy_next = 0;
            start = line;
            have = 1;
        }
        if (!strncmp(ln, "msgctxt ", 8))
            unquote(path, line, ln + 7, cur = ctxt, MAX_TEXT);
        else if (!strncmp(ln, "msgid ", 6))
            unquote(path, line, ln + 5, cur = id, MAX_TEXT);
        else if (!strncmp(ln, "msgstr ", 7))
            unquote(path, line, ln + 6, cur = str, MAX_TEXT);
        else if (ln[0] == '"' && cur)
            unquote(path, line, ln, cur, MAX_TEXT);
        else
            die(path, line, "not a line of a .po file", ln);
    }
    finish(c, ctxt, id, str, fuzzy, start, have);
    fclose(f);
    n_cats++;
}

/* English's keys in English's order, found in every other catalog. */
static const char *text_of(const catalog_t *c, const char *key)
{
    for (int i = 0; i < c->n; i++)
        if (!strcmp(c->e[i].key, key))
            return c->e[i].text;
    return NULL;
}

/* The printf conversions of s in order ("%d ... %s" -> "ds"): a translation
 * must take the same arguments, or the wall would print garbage or crash. */
static void conversions(const char *s, char *out, size_t cap)
{
    size_t n = 0;
    for (; *s && n + 1 < cap; s++)
        if (*s == '%' && s[1]) {
            s++;
            if (*s != '%')
                out[n++] = *s;
        }
    out[n] = 0;
}

/* The named values of s ("{free} seats for {players}" -> 2): a translation
 * must use each value of the English, and only those. */
static int same_values(const char *en, const char *tr)
{
    int n_en = 0, n_tr = 0;
    for (const char *p = strchr(en, '{'); p; p = strchr(p + 1, '{')) {
        const char *e = strchr(p, '}');
        if (!e)
            break;
        n_en++;
        char name[64];
        snprintf(name, sizeof name, "%.*s", (int)(e + 1 - p), p);
        if (!strstr(tr, name))
            return 0;
    }
    for (const char *p = strchr(tr, '{'); p; p = strchr(p + 1, '{'))
        n_tr += strchr(p, '}') != NULL;
    return n_en == n_tr;
}

static void c_string(FILE *o, const char *s)
{
    fputc('"', o);
    for (const unsigned char *p = (const unsigned char *)s; *p; p++) {
        if (*p == '"' || *p == '\\')
            fprintf(o, "\\%c", *p);
        else if (*p == '\n')
            fputs("\\n", o);
        else if (*p < 0x20 || *p >= 0x7f)
            fprintf(o, "\\%03o", *p);
        else
            fputc(*p, o);
    }
    fputc('"', o);
}

static void js_string(FILE *o, const char *s)
{
    fputc('"', o);
    for (const unsigned char *p = (const unsigned char *)s; *p; p++) {
        if (*p == '"' || *p == '\\')
            fprintf(o, "\\%c", *p);
        else if (*p < 0x20)
            fprintf(o, "\\u%04x", *p);
        else if (*p == '<')
            fputs("\\u003c", o); /* never "</script>" */
        else
            fputc(*p, o);
    }
    fputc('"', o);
}

static void upper_ident(FILE *o, const char *key)
{
    for (const char *p = key; *p; p++)
        fputc(isalnum((unsigned char)*p) ? toupper((unsigned char)*p) : '_', o);
}

enum { JS_PAGES, JS_PANEL, JS_REFUSALS, JS_ACTIONS };
/* Which of the JS catalogs an entry goes to. */
static int js_kind(const char *key)
{
    return is_panel(key)     ? JS_PANEL
           : is_refusal(key) ? JS_REFUSALS
           : is_action(key)  ? JS_ACTIONS
                             : JS_PAGES;
}

/* const NAME = {code: {key: text, ...}, ...}; for the catalogs from the
 * first, the entries of one kind: the panel's keyed by their English, the
 * others by their msgctxt. */
static void js_catalog(FILE *o, const char *name, int first, int kind)
{
    const catalog_t *en = &cats[0];
    fprintf(o, "const %s = {\n", name);
    for (int l = first; l < n_cats; l++) {
        fprintf(o, "  ");
        js_string(o, cats[l].code);
        fprintf(o, ": {\n");
        for (int i = 0; i < en->n; i++) {
            if (js_kind(en->e[i].key) != kind)
                continue;
            fprintf(o, "    ");
            js_string(o, kind == JS_PANEL ? en->e[i].key + sizeof PANEL : en->e[i].key);
            fprintf(o, ": ");
            js_string(o, text_of(&cats[l], en->e[i].key));
            fprintf(o, ",\n");
        }
        fprintf(o, "  },\n");
    }
    fprintf(o, "};\n");
}

static FILE *open_out(const char *path)
{
    FILE *o = fopen(path, "w");
    if (!o) {
        perror(path);
        exit(1);
    }
    return o;
}

int main(int argc, char **argv)
{
    if (argc < 7 || argc - 6 > MAX_LANGS) {
        fprintf(stderr,
                "usage: po2tables OUT.h OUT.c OUT.js PANEL.js RUNTIME.js en.po [xx.po ...]\n");
        return 2;
    }
    for (int i = 6; i < argc; i++)
        load(argv[i]);
    const catalog_t *en = &cats[0];
    for (int l = 1; l < n_cats; l++) {
        for (int i = 0; i < en->n; i++)
            if (!text_of(&cats[l], en->e[i].key))
                die(cats[l].path, 1, "missing", en->e[i].key);
        for (int i = 0; i < en->n; i++) {
            char a[32], b[32];
            conversions(en->e[i].text, a, sizeof a);
            conversions(text_of(&cats[l], en->e[i].key), b, sizeof b);
            if (strcmp(a, b) != 0)
                die(cats[l].path, 1, "takes other arguments (%d, %s) than the English",
                    en->e[i].key);
            if (!same_values(en->e[i].text, text_of(&cats[l], en->e[i].key)))
                die(cats[l].path, 1, "names other values ({name}) than the English", en->e[i].key);
        }
        for (int i = 0; i < cats[l].n; i++)
            if (!text_of(en, cats[l].e[i].key))
                die(cats[l].path, cats[l].e[i].line, "not in the English catalog",
                    cats[l].e[i].key);
    }

    FILE *h = open_out(argv[1]);
    fprintf(h, "/* Generated from the catalogs in po/ by tools/po2tables; do not edit. */\n"
               "#ifndef POKERCLOCK_LANG_TABLE_H\n#define POKERCLOCK_LANG_TABLE_H\n\n"
               "typedef enum {\n");
    for (int l = 0; l < n_cats; l++) {
        fputs("    LANG_", h);
        upper_ident(h, cats[l].code);
        fputs(",\n", h);
    }
    fprintf(h, "    LANG__COUNT\n} lang_id;\n\ntypedef enum {\n");
    for (int i = 0; i < en->n; i++) {
        if (is_panel(en->e[i].key))
            continue;
        fputs("    W_", h);
        upper_ident(h, en->e[i].key);
        fputs(",\n", h);
    }
    fprintf(h, "    W__COUNT\n} word_id;\n\n"
               "extern const char *const lang_codes[LANG__COUNT];\n"
               "extern const char *const lang_keys[W__COUNT];\n"
               "extern const char *const lang_table[W__COUNT][LANG__COUNT];\n\n#endif\n");
    fclose(h);

    FILE *c = open_out(argv[2]);
    fprintf(c, "/* Generated from the catalogs in po/ by tools/po2tables; do not edit. */\n"
               "#include \"lang_table.h\"\n\nconst char *const lang_codes[LANG__COUNT] = {");
    for (int l = 0; l < n_cats; l++) {
        c_string(c, cats[l].code);
        fputs(l + 1 < n_cats ? ", " : "};\n\nconst char *const lang_keys[W__COUNT] = {\n", c);
    }
    for (int i = 0; i < en->n; i++) {
        if (is_panel(en->e[i].key))
            continue;
        fputs("    ", c);
        c_string(c, en->e[i].key);
        fputs(",\n", c);
    }
    fputs("};\n\nconst char *const lang_table[W__COUNT][LANG__COUNT] = {\n", c);
    for (int i = 0; i < en->n; i++) {
        if (is_panel(en->e[i].key))
            continue;
        fputs("    {", c);
        for (int l = 0; l < n_cats; l++) {
            c_string(c, text_of(&cats[l], en->e[i].key));
            fputs(l + 1 < n_cats ? ", " : "},\n", c);
        }
    }
    fputs("};\n", c);
    fclose(c);

    FILE *js = open_out(argv[3]);
    fprintf(js, "/* Generated from the catalogs in po/ and po/runtime.js by tools/po2tables; do "
                "not edit. */\n"
                "'use strict';\n\n");
    js_catalog(js, "I18N_CATALOG", 0, JS_PAGES);
    fputc('\n', js);
    FILE *rt = fopen(argv[5], "r");
    if (!rt) {
        perror(argv[5]);
        return 1;
    }
    int ch;
    while ((ch = fgetc(rt)) != EOF)
        fputc(ch, js);
    fclose(rt);
    fclose(js);

    /* The panel's words in the other languages, keyed by the English. */
    FILE *pj = open_out(argv[4]);
    fprintf(pj, "/* Generated from the catalogs in po/ by tools/po2tables; do not edit. */\n"
                "'use strict';\n\n");
    js_catalog(pj, "PANEL_CATALOG", 1, JS_PANEL);
    fputc('\n', pj);
    js_catalog(pj, "REFUSAL_CATALOG", 0, JS_REFUSALS);
    fputc('\n', pj);
    js_catalog(pj, "ACTION_CATALOG", 0, JS_ACTIONS);
    fclose(pj);
    return 0;
}
