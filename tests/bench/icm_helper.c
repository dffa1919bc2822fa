/* Deal calculator figures: exact ICM time by players left, Monte Carlo time and error. */
#include <stdio.h>
#include <time.h>

#include "model/deal.h"

static double now_ms(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec * 1e3 + (double)ts.tv_nsec / 1e6;
}

/* A final table of n with uneven stacks, and m prizes falling by place. */
static void table(int n, int m, int64_t *stacks, int64_t *prizes)
{
    for (int i = 0; i < n; i++)
        stacks[i] = 10000 + (3371 * (int64_t)i * i) % 90000;
    for (int k = 0; k < m; k++)
        prizes[k] = 1000000 / (k + 2);
}

int main(void)
{
    int64_t stacks[DEAL_MAX_PLAYERS], prizes[DEAL_MAX_PLAYERS], out[DEAL_MAX_PLAYERS];
    double eq[DEAL_MAX_PLAYERS];
    printf("-- ICM exact (subset DP), as POST /api/chop computes it\n");
    static const int sizes[][2] = {{9, 9}, {10, 10}, {15, 15}, {18, 18}, {20, 9}, {20, 20}};
    for (size_t s = 0; s < sizeof sizes / sizeof sizes[0]; s++) {
        int n = sizes[s][0], m = sizes[s][1];
        table(n, m, stacks, prizes);
        int reps = n <= 15 ? 200 : 10;
        double a = now_ms();
        for (int r = 0; r < reps; r++)
            deal_icm_exact(stacks, n, prizes, m, eq);
        printf("%3d players, %2d paid: %9.3f ms\n", n, m, (now_ms() - a) / reps);
    }
    printf("-- ICM by Monte Carlo (more than %d players): time and stated error\n",
           DEAL_ICM_EXACT_MAX);
    static const int big[] = {21, 30, 50, 100, 200};
    for (size_t s = 0; s < sizeof big / sizeof big[0]; s++) {
        int n = big[s];
        table(n, n, stacks, prizes);
        int64_t pool = 0;
        for (int k = 0; k < n; k++)
            pool += prizes[k];
        deal_info_t info;
        double a = now_ms();
        refusal_t no;
        if (deal_compute(DEAL_ICM, stacks, n, prizes, n, 0, 1, out, &info, &no) != 0) {
            printf("%d players: %s\n", n, no.text);
            return 1;
        }
        printf("%3d players: %8.1f ms, %6d orders, error +-%.1f of %lld (%.3f %%)\n", n,
               now_ms() - a, info.samples, info.error, (long long)pool,
               100 * info.error / (double)pool);
    }
    return 0;
}
