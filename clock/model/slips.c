/* Seat slips; see slips.h. */
#include "model/slips.h"

#include <stdio.h>
#include <string.h>

static void where(const roster_t *r, const player_t *p, int *table, int *seat)
{
    bool seated = p->status == PLAYER_SEATED && p->table >= 0 && p->table < r->n_tables;
    *table = seated ? r->tables[p->table].number : 0;
    *seat = seated ? p->seat : 0;
}

void slip_of(const roster_t *r, int player, slip_kind kind, slip_t *out)
{
    memset(out, 0, sizeof *out);
    const player_t *p = &r->players[player];
    out->kind = kind;
    out->player = player;
    out->id = p->id;
    snprintf(out->name, sizeof out->name, "%s", p->name);
    where(r, p, &out->table, &out->seat);
}

/* The slip the change of one player calls for, or -1 for none. */
static int kind_of(const roster_t *before, const roster_t *after, int i)
{
    const player_t *a = &after->players[i];
    if (a->status != PLAYER_SEATED && a->status != PLAYER_WAITING)
        return -1;
    if (i >= before->n_players)
        return SLIP_REGISTER;
    const player_t *b = &before->players[i];
    if (a->entries > b->entries)
        return SLIP_REENTER;
    if (b->status != PLAYER_SEATED && b->status != PLAYER_WAITING)
        return -1; /* a bust or a removal undone: he sits where he sat */
    int bt, bs, at, as;
    where(before, b, &bt, &bs);
    where(after, a, &at, &as);
    return a->status == PLAYER_SEATED && (bt != at || bs != as) ? SLIP_MOVE : -1;
}

int slips_between(const roster_t *before, const roster_t *after, slip_t *out, int max)
{
    int n = 0;
    if (before->version == after->version)
        return 0;
    for (int i = 0; i < after->n_players && n < max; i++) {
        int kind = kind_of(before, after, i);
        if (kind < 0)
            continue;
        slip_of(after, i, (slip_kind)kind, &out[n]);
        if (kind == SLIP_MOVE)
            where(before, &before->players[i], &out[n].from_table, &out[n].from_seat);
        n++;
    }
    return n;
}
