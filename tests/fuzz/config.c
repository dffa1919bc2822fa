/* Fuzz target: a configuration file (libconfig text) into settings and the tournament, and pokerclock --check's report of it. */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "store/config.h"

static settings_t config;
static char path[256];

int LLVMFuzzerInitialize(int *argc, char ***argv)
{
    (void)argc;
    (void)argv;
    const char *tmp = access("/dev/shm", W_OK) == 0 ? "/dev/shm" : "/tmp";
    snprintf(path, sizeof path, "%s/pokerclock-fuzz-config-%d.cfg", tmp, (int)getpid());
    return 0;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    /* From memory: what the engine loads. */
    char *text = malloc(size + 1);
    memcpy(text, data, size);
    text[size] = 0;
    config_problems_t p = {0};
    bool ok = config_load_string(text, "fuzz.cfg", &config, &p);
    free(text);
    bool errors = false;
    for (int i = 0; i < p.n; i++) {
        if (!p.items[i].msg[0])
            abort(); /* a problem without words */
        errors |= !p.items[i].warning;
    }
    if (ok == errors || p.n > CONFIG_MAX_PROBLEMS)
        abort();
    char why[256];
    if (ok && !structure_validate(&config.structure, why, sizeof why)) {
        fprintf(stderr, "a file loaded fine but its tournament is not valid: %s\n", why);
        abort();
    }
    /* From a file: pokerclock --check. Exit status 0 exactly when it says
     * the file is fine, and every line it prints names the file. */
    FILE *f = fopen(path, "wb");
    if (!f || fwrite(data, 1, size, f) != size || fclose(f) != 0)
        abort();
    char *out = NULL;
    size_t out_len = 0;
    FILE *o = open_memstream(&out, &out_len);
    int rc = config_check(path, 0, o);
    fclose(o);
    const char *fine = strstr(out, ": fine: ");
    if ((rc == 0) != (fine != NULL) || (rc != 0 && rc != 1)) {
        fprintf(stderr, "--check said %d with:\n%s\n", rc, out);
        abort();
    }
    for (char *line = out; *line; line = strchr(line, '\n') + 1) {
        if (strncmp(line, path, strlen(path)) != 0 || !strchr(line, '\n')) {
            fprintf(stderr, "--check printed a line without the file's name:\n%s\n", out);
            abort();
        }
    }
    free(out);
    unlink(path);
    return 0;
}
