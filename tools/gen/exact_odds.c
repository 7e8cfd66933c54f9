/* Exact showdown chances against 3-9 opponents: the counting core of tools/gen/exact_odds.py.

   For one hand of ours, the N = 29 unseen cards are numbered 0..28. Reads from stdin, per
   case: one line "CASE name", then the C(29, 3) = 3654 hands of unseen cards in
   lexicographic order (a < b < c), one byte each: 0 = the hand scores below ours,
   1 = exactly ours, 2 = more. Writes, per case, "CASE name" and then for each class
   (LT: below ours; LE: below or equal) and each k = 0..27 a line with the power sums
       S(k, n) = sum over subsets X of the unseen cards with |X| = k of g(X)^n, n = 1..9,
   mod 2^128 in hex, where g(X) counts the class's hands inside X. tools/gen/exact_odds.py
   turns them into the number of ordered n-tuples of disjoint hands of the class:
       D(n) = sum over k of (-1)^(3n - k) C(N - k, 3n - k) S(k, n)
   (tuples of 3-card hands are pairwise disjoint exactly when their union has 3n cards;
   inclusion-exclusion over the union), exact mod 2^128 and so exact: D(n) < 2^80.

   g(X) for every X is a zeta (subset-sum) transform over all 2^29 subsets: both classes
   at once, packed in one 32-bit word (each count is at most 3654). 2 GiB of memory. */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define N 29
#define HANDS 3654
#define KMAX 28
#define BLOCK 16            /* 2^16 words: 256 KiB, within a core's cache */
typedef unsigned __int128 u128;

static void put128(u128 v) {
    printf("%016llx%016llx", (unsigned long long)(v >> 64), (unsigned long long)v);
}

int main(void) {
    const size_t size = (size_t)1 << N;
    uint32_t *a = malloc(size * sizeof(uint32_t));
    static uint64_t hist[2][KMAX][HANDS + 1];
    unsigned char cls[HANDS];
    char line[256];
    if (!a) {
        fprintf(stderr, "exact_odds: cannot allocate 2 GiB\n");
        return 1;
    }
    while (fgets(line, sizeof line, stdin)) {
        if (strncmp(line, "CASE ", 5) != 0)
            continue;
        if (fread(cls, 1, HANDS, stdin) != HANDS) {
            fprintf(stderr, "exact_odds: short case\n");
            return 1;
        }
        memset(a, 0, size * sizeof(uint32_t));
        int h = 0;
        for (int x = 0; x < N; x++)
            for (int y = x + 1; y < N; y++)
                for (int z = y + 1; z < N; z++, h++) {
                    uint32_t w = 0;
                    if (cls[h] == 0) w = 0x10001;         /* below: in LT and LE */
                    else if (cls[h] == 1) w = 0x10000;    /* equal: in LE */
                    a[((size_t)1 << x) | ((size_t)1 << y) | ((size_t)1 << z)] = w;
                }
        /* zeta transform: a[X] = sum of a[S] over S inside X. The low BLOCK bits are
           done block by block while the block is in cache, the rest in whole passes. */
        for (size_t blk = 0; blk < size; blk += (size_t)1 << BLOCK)
            for (int b = 0; b < BLOCK; b++) {
                size_t step = (size_t)1 << b;
                for (size_t base = blk; base < blk + ((size_t)1 << BLOCK); base += 2 * step) {
                    uint32_t *lo = a + base, *hi = a + base + step;
                    for (size_t j = 0; j < step; j++)
                        hi[j] += lo[j];
                }
            }
        for (int b = BLOCK; b < N; b++) {
            size_t step = (size_t)1 << b;
            for (size_t base = 0; base < size; base += 2 * step) {
                uint32_t *lo = a + base, *hi = a + base + step;
                for (size_t j = 0; j < step; j++)
                    hi[j] += lo[j];
            }
        }
        memset(hist, 0, sizeof hist);
        for (size_t x = 0; x < size; x++) {
            int k = __builtin_popcount((unsigned)x);
            if (k < KMAX) {
                uint32_t v = a[x];
                hist[0][k][v & 0xffff]++;
                hist[1][k][v >> 16]++;
            }
        }
        fputs(line, stdout);
        for (int c = 0; c < 2; c++)
            for (int k = 0; k < KMAX; k++) {
                u128 s[10] = {0};
                for (int v = 1; v <= HANDS; v++) {
                    uint64_t cnt = hist[c][k][v];
                    if (!cnt) continue;
                    u128 p = cnt;
                    for (int n = 1; n <= 9; n++) {
                        p *= (u128)v;
                        s[n] += p;
                    }
                }
                printf("%s %d", c ? "LE" : "LT", k);
                for (int n = 1; n <= 9; n++) {
                    putchar(' ');
                    put128(s[n]);
                }
                putchar('\n');
            }
        fflush(stdout);
    }
    free(a);
    return 0;
}
