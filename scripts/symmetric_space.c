/* The symmetric space of `backtrack queens N --count --symmetry full` (SymmetricQueens)
 * searched by a hand-written recursive bitwise C search: the floor a search of that tree
 * can reach on this machine, to time beside ours (see BENCHMARKS.md). It prints the
 * boards it reaches in the space (the `solutions:` of `--stats`, not the count: the
 * classes are not told apart), and with --nodes the nodes entered but the solutions
 * (those of `--stats` less its solutions) on stderr. n from 4 to 31.
 * Usage: symmetric_space N [--nodes]
 * Build: cc -O3 -march=native -o symmetric_space scripts/symmetric_space.c */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static int n, m;
static unsigned board, side, allowed[32];
static long boards, nodes;

/* The columns where a queen leaves some of the squares `below` of the row k below hers
 * unattacked (she takes her column and k to either side): Mask::spared. */
static unsigned spared(unsigned below, int k) {
    unsigned lowest = below & -below;
    unsigned far = -(lowest << (k + 1)) | (0xffffffffu >> __builtin_clz(below | 1)) >> (k + 1);
    for (int i = 1; i < k; i++) far |= below << i | below >> i;
    return far;
}

/* Fills the rows from `level` on, row `level` allowing `allowed[level]`; from row 2 on, a
 * queen is tried only if she leaves a free square in each of the next two rows. */
static void search(int level, unsigned cols, unsigned ld, unsigned rd) {
    unsigned free = allowed[level] & ~(cols | ld | rd);
    for (int k = 1; level >= 2 && k <= 2 && level + k < n; k++)
        free &= spared(allowed[level + k] & ~(cols | ld << k | rd >> k), k);
    if (level == n - 1) {
        boards += free != 0;
        return;
    }
    while (free) {
        unsigned bit = free & -free;
        free ^= bit;
        nodes++;
        search(level + 1, cols | bit, (ld | bit) << 1, (rd | bit) >> 1);
    }
}

/* Case B, row 0's queen in column b: the columns row `row` (1..m-1) allows. */
static unsigned edge_rule(int row, int b) {
    int distance = row < m - row ? row : m - row;
    unsigned a = board;
    if (b == 1 && (row == 1 || row == m - 1)) a = side;
    else if (distance > b) a = board & ~side;
    if (row == 1 && 2 * b == m) a &= (1u << b) - 1;
    return a;
}

int main(int argc, char **argv) {
    int count_nodes = argc > 2 && !strcmp(argv[2], "--nodes");
    n = argc > 1 ? atoi(argv[1]) : 0;
    if (n < 4 || n > 31) { fprintf(stderr, "usage: symmetric_space N [--nodes], 4 <= N <= 31\n"); return 2; }
    m = n - 1;
    board = (1u << n) - 1;
    side = 1u | 1u << m;
    nodes = 1; /* the root */
    for (int b = 0; 2 * b <= m; b++) {
        unsigned top = 1u << b;
        nodes++;
        if (b == 0) {
            /* Case A: row 1's queen in column c, column 1 forbidden in rows 2..c. */
            for (int c = 2; c < m; c++) {
                unsigned second = 1u << c;
                nodes++;
                for (int r = 2; r < n; r++) allowed[r] = r < c ? board & ~2u : board;
                search(2, top | second, ((top << 1) | second) << 1, ((top >> 1) | second) >> 1);
            }
            continue;
        }
        unsigned near = (1u << b) - 1, last = (near << 1 | near << (m - b)) & ~top;
        if (2 * b + 4 <= m) {
            /* The last row second: both queens' diagonals folded into rows 1..m-1. */
            for (unsigned rest = last; rest;) {
                unsigned bottom = rest & -rest;
                rest ^= bottom;
                nodes++;
                for (int r = 1; r < m; r++) {
                    unsigned up = r, down = m - r;
                    allowed[r + 1] = edge_rule(r, b)
                        & ~(top << up | top >> up | bottom << down | bottom >> down);
                }
                search(2, top | bottom, 0, 0);
            }
        } else {
            for (int r = 1; r < m; r++) allowed[r] = edge_rule(r, b);
            allowed[m] = last;
            search(1, top, top << 1, top >> 1);
        }
    }
    printf("%ld\n", boards);
    if (count_nodes) fprintf(stderr, "nodes %ld\n", nodes);
    return 0;
}
