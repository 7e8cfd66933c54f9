/* CFR+ for tools/gen/cfr.py: a two-player zero-sum tree whose only chance is the deal
 * of the two hands' buckets (K of them, the joint chances in the matrices J and D).
 *
 * stdin (text): K, then J (K*K: chance of buckets i, j), D (K*K: chance i beats j minus
 * chance j beats i), then the node count N and the iterations T, then N lines:
 *   kind actor pay nact kid...   kind 0 fold, 1 show, 2 bet (a row per bucket),
 *                                3 blind (one row: decided with no cards)
 * pay is first hand's chips won at a leaf (a fold) or the stake (a showdown). Kids
 * come after their parent; node 0 is the root.
 * stdout: per decision node in order, its index, then its average strategy, rows x
 * nact numbers (each row sums to 1).
 * The same sweep as tools/gen/cfr.py's Solver: alternating updates, regrets floored
 * at 0, averages weighted by the iteration. */
#include <stdio.h>
#include <stdlib.h>

#define MAXK 32
#define MAXA 24

static int K, N, T;
static double J[MAXK][MAXK], DM[MAXK][MAXK];

typedef struct {
    int kind, actor, nact, rows;
    double pay;
    int kids[MAXA];
    double *reg, *avg;
} Node;

static Node *nodes;

static void leaf(const Node *nd, int i, const double *po, double *out) {
    double (*M)[MAXK] = nd->kind == 0 ? J : DM;
    double u = i == 0 ? nd->pay : -nd->pay;
    for (int b = 0; b < K; b++) {
        double w = 0;
        if (i == 0)
            for (int j = 0; j < K; j++) w += M[b][j] * po[j];
        else
            for (int j = 0; j < K; j++) w += po[j] * M[j][b];
        out[b] = u * w;
    }
}

static void strategy(const Node *nd, double s[MAXK][MAXA]) {
    int na = nd->nact;
    for (int r = 0; r < nd->rows; r++) {
        const double *g = nd->reg + r * na;
        double sum = 0;
        for (int a = 0; a < na; a++) sum += g[a] > 0 ? g[a] : 0;
        for (int a = 0; a < na; a++)
            s[r][a] = sum > 0 ? (g[a] > 0 ? g[a] : 0) / sum : 1.0 / na;
    }
    for (int r = nd->rows; r < K; r++)
        for (int a = 0; a < na; a++) s[r][a] = s[0][a];
}

static void walk(int n, int i, const double *pi_i, const double *pi_o, int t, double *out) {
    Node *nd = &nodes[n];
    if (nd->kind < 2) {
        leaf(nd, i, pi_o, out);
        return;
    }
    int na = nd->nact;
    double s[MAXK][MAXA];
    double sub[MAXK];
    strategy(nd, s);
    if (nd->actor != i) {
        double v[MAXK];
        for (int b = 0; b < K; b++) out[b] = 0;
        for (int a = 0; a < na; a++) {
            for (int b = 0; b < K; b++) sub[b] = pi_o[b] * s[b][a];
            walk(nd->kids[a], i, pi_i, sub, t, v);
            for (int b = 0; b < K; b++) out[b] += v[b];
        }
        return;
    }
    double vals[MAXA][MAXK];
    for (int a = 0; a < na; a++) {
        for (int b = 0; b < K; b++) sub[b] = pi_i[b] * s[b][a];
        walk(nd->kids[a], i, sub, pi_o, t, vals[a]);
    }
    for (int b = 0; b < K; b++) {
        double x = 0;
        for (int a = 0; a < na; a++) x += s[b][a] * vals[a][b];
        out[b] = x;
    }
    if (nd->kind == 3) {
        double tot = 0;
        for (int b = 0; b < K; b++) tot += out[b];
        for (int a = 0; a < na; a++) {
            double v = 0;
            for (int b = 0; b < K; b++) v += vals[a][b];
            double g = nd->reg[a] + v - tot;
            nd->reg[a] = g > 0 ? g : 0;
            nd->avg[a] += t * s[0][a];
        }
    } else {
        for (int b = 0; b < K; b++)
            for (int a = 0; a < na; a++) {
                double g = nd->reg[b * na + a] + vals[a][b] - out[b];
                nd->reg[b * na + a] = g > 0 ? g : 0;
                nd->avg[b * na + a] += t * pi_i[b] * s[b][a];
            }
    }
}

static void need(int ok, const char *what) {
    if (!ok) {
        fprintf(stderr, "cfr_solve: bad input (%s)\n", what);
        exit(2);
    }
}

int main(void) {
    need(scanf("%d", &K) == 1 && K > 0 && K <= MAXK, "K");
    for (int i = 0; i < K; i++)
        for (int j = 0; j < K; j++) need(scanf("%lf", &J[i][j]) == 1, "J");
    for (int i = 0; i < K; i++)
        for (int j = 0; j < K; j++) need(scanf("%lf", &DM[i][j]) == 1, "D");
    need(scanf("%d %d", &N, &T) == 2 && N > 0 && T > 0, "N T");
    nodes = calloc(N, sizeof(Node));
    for (int n = 0; n < N; n++) {
        Node *nd = &nodes[n];
        need(scanf("%d %d %lf %d", &nd->kind, &nd->actor, &nd->pay, &nd->nact) == 4, "node");
        need(nd->nact >= 0 && nd->nact <= MAXA, "actions");
        for (int a = 0; a < nd->nact; a++) {
            need(scanf("%d", &nd->kids[a]) == 1, "kid");
            need(nd->kids[a] > n && nd->kids[a] < N, "kid order");
        }
        if (nd->kind >= 2) {
            need(nd->nact > 0, "a decision without actions");
            nd->rows = nd->kind == 2 ? K : 1;
            nd->reg = calloc(nd->rows * nd->nact, sizeof(double));
            nd->avg = calloc(nd->rows * nd->nact, sizeof(double));
        }
    }
    double ones[MAXK], out[MAXK];
    for (int b = 0; b < K; b++) ones[b] = 1;
    for (int t = 1; t <= T; t++) {
        walk(0, 0, ones, ones, t, out);
        walk(0, 1, ones, ones, t, out);
        if (t % 100 == 0) {
            fprintf(stderr, "%d\n", t);
            fflush(stderr);
        }
    }
    for (int n = 0; n < N; n++) {
        Node *nd = &nodes[n];
        if (nd->kind < 2) continue;
        printf("%d", n);
        for (int r = 0; r < nd->rows; r++) {
            double sum = 0;
            for (int a = 0; a < nd->nact; a++) sum += nd->avg[r * nd->nact + a];
            for (int a = 0; a < nd->nact; a++)
                printf(" %.17g", sum > 0 ? nd->avg[r * nd->nact + a] / sum : 1.0 / nd->nact);
        }
        printf("\n");
    }
    return 0;
}
