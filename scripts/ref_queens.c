/* The yardstick N-Queens counter (the reference the project measures against): the classic bitwise backtracking search.
 * Default: first-row mirror halving (count the left half of the first row twice,
 * the middle column of an odd board once). With --full: the whole tree, no symmetry.
 * Prints the number of solutions, and with --nodes also the nodes visited
 * (root included) on stderr. Single-threaded, n from 1 to 32.
 * Usage: ref_queens N [--full] [--nodes] */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static uint64_t nodes;
static int count_nodes;

static uint64_t count_from(uint32_t all, uint32_t cols, uint32_t ld, uint32_t rd) {
    if (count_nodes) nodes++;
    if (cols == all) return 1;
    uint64_t total = 0;
    uint32_t free = all & ~(cols | ld | rd);
    while (free) {
        uint32_t bit = free & -free;
        free ^= bit;
        total += count_from(all, cols | bit, ((ld | bit) << 1) & all, (rd | bit) >> 1);
    }
    return total;
}

int main(int argc, char **argv) {
    int n = 0, full = 0;
    for (int i = 1; i < argc; i++) {
        if (!strcmp(argv[i], "--full")) full = 1;
        else if (!strcmp(argv[i], "--nodes")) count_nodes = 1;
        else n = atoi(argv[i]);
    }
    if (n < 1 || n > 32) { fprintf(stderr, "usage: ref_queens N [--full] [--nodes], 1 <= N <= 32\n"); return 2; }
    uint32_t all = n == 32 ? 0xffffffffu : (1u << n) - 1;
    uint64_t total = 0;
    if (full) {
        total = count_from(all, 0, 0, 0);
    } else {
        if (count_nodes) nodes++; /* the root */
        for (int c = 0; c < n / 2; c++) {
            uint32_t bit = 1u << c;
            total += 2 * count_from(all, bit, (bit << 1) & all, bit >> 1);
        }
        if (n & 1) {
            uint32_t bit = 1u << (n / 2);
            total += count_from(all, bit, (bit << 1) & all, bit >> 1);
        }
    }
    printf("%llu\n", (unsigned long long)total);
    if (count_nodes) fprintf(stderr, "nodes %llu\n", (unsigned long long)nodes);
    return 0;
}
