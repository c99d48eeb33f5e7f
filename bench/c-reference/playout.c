/*
 * A C reference for graphgo's light playout, for measurement only (docs/benchmarks.md, "Against a C reference").
 * It is not part of the product: nothing imports it, npm test does not build it, bench/c-reference/run.mjs compiles
 * it with the system compiler and times it beside `graphgo bench playouts --engine wasm`.
 *
 * Why it exists: "the kernel runs at x% of C" needs a C program that does the same work. This one plays the policy
 * of bots/playout.ts with tactics off and no patterns (the pure light policy `bench playouts` measures):
 *   - from the empty board, each move a uniformly random legal move that is not the mover's own eye (an empty
 *     vertex with at least one neighbour, all the mover's stones, none of those chains in atari);
 *   - draws without replacement, in place, from the empty list (a refused vertex is swapped to the end of the
 *     untried part);
 *   - simple ko, no suicide; each ko may be captured once per playout; after 2 moves per vertex, self-atari of
 *     chains of two or more stones is refused; a colour with no move passes; two passes in a row or 3n + 50 moves
 *     end the playout;
 *   - once a move has taken more than 16 draws, refusals (eye / suicide of a vertex with no empty neighbour) are
 *     remembered until a neighbouring chain enters or leaves atari (bots/refusal-cache.ts). This changes no move,
 *     only the speed; the kernel does it, so a reference without it would flatter the kernel on large graphs.
 *
 * Representation: the one libego and our kernel use, because the point is to measure the compiler and runtime, not
 * a different algorithm. Chains are rings of stones (next[]) with a head per stone; each chain keeps
 * pseudo-liberties (stone-to-empty links, counted with multiplicity) as a count, a sum and a sum of squares, so
 * "in atari" (exactly one distinct liberty) is count * sumSq == sum^2 (Cauchy-Schwarz: equality iff all links
 * point to one vertex) without walking the chain. Integers here (the kernel uses doubles); the products are
 * checked in 128 bits where 64 could overflow. Each vertex also counts its empty neighbours, so a move with an
 * empty neighbour is known legal, no eye and no ko without looking further (most moves).
 *
 * Random numbers: sfc32, as src/rng.ts, and the same integer in [0, m) (the high word of u32 * m). Given the
 * state `new Rng(seed)` starts from (--state) and the graph in the order `graphgo graph --format dimacs` prints,
 * it plays exactly the kernel's moves; run.mjs --check compares. That is how "the same policy" is verified.
 *
 * Input: DIMACS ("p edge n m", then "e u v", 1-based), as `graphgo graph SPEC --format dimacs` writes, or a plain
 * "n m" line followed by m 0-based "u v" pairs. Output: one JSON line like `graphgo bench playouts`.
 *
 * Build: cc -O2 -o playout playout.c   (run.mjs does this; C99 plus unsigned __int128, GCC or Clang).
 */
#define _POSIX_C_SOURCE 199309L
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

enum { EMPTY = 0 };
enum { JUDGE_OK = -1, JUDGE_ILLEGAL = -2, JUDGE_EYE = -3 };
#define LATE_MOVES_PER_VERTEX 2
#define REMEMBER_AFTER_TRIES 16

/* ---- the graph: compressed adjacency, every edge both ways in input order (as src/graph.ts builds it) ---- */

static int n;
static int *adj_start; /* n + 1 */
static int *adj;
static int max_degree;

/* ---- the position; everything a playout changes lives in one block, so resetting is one memcpy ---- */

typedef struct {
  int empty_count;
  int pad;
  uint8_t *color;
  int32_t *head, *next, *size, *lib_count, *empty_list, *empty_index, *empty_nb;
  int64_t *lib_sum, *lib_sum_sq;
} Position;

static Position pos;
static void *block;         /* the arrays of pos */
static void *empty_block;   /* the same arrays for the empty board */
static size_t block_bytes;
static int wide_products;   /* count * sumSq may pass 2^63: compare in 128 bits */

/* Per-playout scratch, outside the copied block (stamps make resetting free). */
static uint32_t *ko_taken; /* the stone there was placed by a ko capture in playout number ko_taken[v] */
static uint32_t playout_id;
static uint32_t *refused;  /* [2n]: per colour, the epoch in which v was refused to that colour */
static uint32_t epoch;
static int remembering, late, last_ko;
static int *chain_buf, *own_buf;
static int *played_vertex; /* the moves, recorded as the kernel records them for AMAF */
static uint8_t *played_color;

/* ---- sfc32, as src/rng.ts ---- */

static uint32_t ra, rb, rc, rd;

static inline uint32_t next_u32(void) {
  uint32_t t = ra + rb + rd;
  rd += 1;
  ra = rb ^ (rb >> 9);
  rb = rc + (rc << 3);
  rc = (rc << 21) | (rc >> 11);
  rc += t;
  return t;
}

static inline int random_int(int m) { return (int)(((uint64_t)next_u32() * (uint64_t)m) >> 32); }

/* ---- chains ---- */

static inline int in_atari(int h) {
  int32_t count = pos.lib_count[h];
  if (count <= 1) return count == 1;
  int64_t sum = pos.lib_sum[h], sq = pos.lib_sum_sq[h];
  if (wide_products) return (unsigned __int128)count * (uint64_t)sq == (unsigned __int128)(uint64_t)sum * (uint64_t)sum;
  return count * sq == sum * sum;
}

/* Meaningful only in atari: every link then points to the one liberty. */
static inline int atari_liberty(int h) { return (int)(pos.lib_sum[h] / pos.lib_count[h]); }

static inline void remove_empty(int v) {
  int i = pos.empty_index[v];
  int last = pos.empty_list[--pos.empty_count];
  pos.empty_list[i] = last;
  pos.empty_index[last] = i;
}

/* The smaller ring is relabelled, so a stone changes head O(log n) times per playout. */
static int merge(int a, int b) {
  int survivor = pos.size[a] >= pos.size[b] ? a : b;
  int absorbed = survivor == a ? b : a;
  int s = absorbed;
  do {
    pos.head[s] = survivor;
    s = pos.next[s];
  } while (s != absorbed);
  int tmp = pos.next[survivor];
  pos.next[survivor] = pos.next[absorbed];
  pos.next[absorbed] = tmp;
  pos.size[survivor] += pos.size[absorbed];
  pos.lib_count[survivor] += pos.lib_count[absorbed];
  pos.lib_sum[survivor] += pos.lib_sum[absorbed];
  pos.lib_sum_sq[survivor] += pos.lib_sum_sq[absorbed];
  return survivor;
}

/* Stones first, then liberties: a stone next to another captured chain must not credit that chain. */
static int remove_chains(int k) {
  int removed = 0;
  for (int j = 0; j < k; j++) {
    int h = chain_buf[j], s = h;
    do {
      pos.color[s] = EMPTY;
      pos.empty_index[s] = pos.empty_count;
      pos.empty_list[pos.empty_count++] = s;
      removed++;
      s = pos.next[s];
    } while (s != h);
  }
  for (int j = 0; j < k; j++) {
    int h = chain_buf[j], s = h;
    do {
      int64_t ss = (int64_t)s * s;
      for (int i = adj_start[s], end = adj_start[s + 1]; i < end; i++) {
        int u = adj[i];
        pos.empty_nb[u]++;
        if (pos.color[u] != EMPTY) {
          int hu = pos.head[u];
          pos.lib_count[hu]++;
          pos.lib_sum[hu] += s;
          pos.lib_sum_sq[hu] += ss;
        }
      }
      s = pos.next[s];
    } while (s != h);
  }
  return removed;
}

/* Commits a stone already judged acceptable: no undo record, no hash (a playout never takes a move back). */
static void apply(int v, int c) {
  pos.color[v] = (uint8_t)c;
  remove_empty(v);
  int64_t vv = (int64_t)v * v;
  int chains = 0, owns = 0, count = 0;
  int64_t sum = 0, sum_sq = 0;
  for (int i = adj_start[v], end = adj_start[v + 1]; i < end; i++) {
    int u = adj[i];
    int cu = pos.color[u];
    pos.empty_nb[u]--;
    if (cu == EMPTY) {
      count++;
      sum += u;
      sum_sq += (int64_t)u * u;
    } else {
      int h = pos.head[u];
      pos.lib_sum[h] -= v;
      pos.lib_sum_sq[h] -= vv;
      /* A chain reaches zero on its last link to v, so it enters chain_buf once. */
      if (--pos.lib_count[h] == 0 && cu != c) chain_buf[chains++] = h;
      if (cu == c) {
        int k = 0;
        while (k < owns && own_buf[k] != h) k++;
        if (k == owns) own_buf[owns++] = h;
      }
    }
  }
  pos.head[v] = v;
  pos.next[v] = v;
  pos.size[v] = 1;
  pos.lib_count[v] = count;
  pos.lib_sum[v] = sum;
  pos.lib_sum_sq[v] = sum_sq;
  int hv = v;
  for (int k = 0; k < owns; k++) hv = merge(hv, own_buf[k]);
  if (chains > 0) remove_chains(chains);
  /* The playout never plays a suicide; kept so that apply() is a correct move on its own. */
  if (pos.lib_count[hv] == 0) {
    chain_buf[0] = hv;
    remove_chains(1);
  }
}

/* ---- judging a move before playing it ---- */

static inline int chain_met_before(int start, int i, int c, int h) {
  for (int j = start; j < i; j++) {
    int x = adj[j];
    if (pos.color[x] == c && pos.head[x] == h) return 1;
  }
  return 0;
}

/* JUDGE_OK, JUDGE_ILLEGAL, JUDGE_EYE, or the vertex a simple-ko capture by this move would forbid next. Only
 * called for a vertex with no empty neighbour. */
static int judge(int v, int c) {
  int start = adj_start[v], end = adj_start[v + 1];
  if (start == end) return JUDGE_ILLEGAL;
  int last_head = -1, own_safe = 0, own_atari = 0, enemies = 0;
  int capture_chains = 0, captured_stones = 0, captured_vertex = -1;
  for (int i = start; i < end; i++) {
    int w = adj[i];
    int h = pos.head[w];
    /* Neighbours are often stones of one chain in a row (an eye): judge it once. */
    if (h == last_head) continue;
    last_head = h;
    int cw = pos.color[w];
    if (cw == c) {
      if (in_atari(h)) own_atari = 1;
      else own_safe = 1;
    } else {
      enemies = 1;
      if (in_atari(h) && !chain_met_before(start, i, cw, h)) {
        capture_chains++;
        captured_stones += pos.size[h];
        captured_vertex = h;
      }
    }
  }
  if (!enemies && !own_atari) return JUDGE_EYE;
  if (!own_safe && capture_chains == 0) return JUDGE_ILLEGAL;
  if (!own_safe && !own_atari && capture_chains == 1 && captured_stones == 1) return captured_vertex;
  return JUDGE_OK;
}

/* Whether a legal non-eye stone on v joins two or more stones left in atari, capturing nothing. Pseudo-liberties
 * add up, so the joined chain's sums are the parts' sums less their links to v, plus v's own empty links. */
static int is_self_atari(int v, int c) {
  int start = adj_start[v], end = adj_start[v + 1];
  int size = 1;
  int64_t count = 0, sum = 0, sum_sq = 0, vv = (int64_t)v * v;
  for (int i = start; i < end; i++) {
    int w = adj[i];
    int cw = pos.color[w];
    if (cw == EMPTY) {
      count++;
      sum += w;
      sum_sq += (int64_t)w * w;
    } else if (cw == c) {
      int h = pos.head[w];
      if (!chain_met_before(start, i, c, h)) {
        size += pos.size[h];
        count += pos.lib_count[h];
        sum += pos.lib_sum[h];
        sum_sq += pos.lib_sum_sq[h];
      }
      count--;
      sum -= v;
      sum_sq -= vv;
    } else if (in_atari(pos.head[w])) {
      return 0; /* it captures */
    }
  }
  if (size < 2 || count < 1) return 0;
  if (count == 1) return 1;
  if (wide_products) return (unsigned __int128)count * (uint64_t)sum_sq == (unsigned __int128)(uint64_t)sum * (uint64_t)sum;
  return count * sum_sq == sum * sum;
}

/* ---- remembered refusals (bots/refusal-cache.ts) ---- */

static void clear_refusals(void) {
  if (++epoch == 0) {
    memset(refused, 0, sizeof(uint32_t) * 2 * (size_t)n);
    epoch = 1;
  }
}

static inline void forget_refusal(int v) {
  refused[v] = 0;
  refused[n + v] = 0;
}

/* A verdict on a vertex with no empty neighbour changes only when a neighbouring chain enters or leaves atari, and
 * that vertex is then the chain's liberty. Leaving atari needs a capture next to it: before one, forget. */
static void before_move(int v, int c) {
  for (int i = adj_start[v], end = adj_start[v + 1]; i < end; i++) {
    int w = adj[i];
    int cw = pos.color[w];
    if (cw == EMPTY || cw == c) continue;
    int h = pos.head[w];
    if (!in_atari(h)) continue;
    int s = h;
    do {
      for (int j = adj_start[s], e = adj_start[s + 1]; j < e; j++) {
        int x = adj[j];
        int cx = pos.color[x];
        if (cx == EMPTY || cx == cw) continue;
        int hx = pos.head[x];
        if (in_atari(hx)) forget_refusal(atari_liberty(hx));
      }
      s = pos.next[s];
    } while (s != h);
  }
}

/* Entering atari needs a move next to the chain: after each, forget. */
static void after_move(int v) {
  forget_refusal(v);
  for (int i = adj_start[v], end = adj_start[v + 1]; i < end; i++) {
    int w = adj[i];
    if (pos.color[w] == EMPTY) continue;
    int h = pos.head[w];
    if (in_atari(h)) forget_refusal(atari_liberty(h));
  }
}

static inline void play(int v, int c) {
  if (remembering) before_move(v, c);
  apply(v, c);
  if (remembering) after_move(v);
}

/* Plays v for c if the policy accepts it; sets last_ko to the vertex its ko capture forbids next, or -1. */
static int try_move(int v, int c, int ko) {
  if (v == ko) return 0;
  int open = pos.empty_nb[v];
  /* Two empty neighbours: legal, no eye, no ko, and the stone keeps two liberties (never self-atari). */
  if (open > 1 || (open == 1 && !late)) {
    play(v, c);
    last_ko = -1;
    return 1;
  }
  if (open == 0 && remembering && refused[(c - 1) * n + v] == epoch) return 0;
  int verdict = open > 0 ? JUDGE_OK : judge(v, c);
  if (verdict == JUDGE_ILLEGAL || verdict == JUDGE_EYE) {
    if (remembering) refused[(c - 1) * n + v] = epoch;
    return 0;
  }
  /* The stone this ko capture would take was itself placed by a ko capture: each ko is taken once. */
  if (verdict >= 0 && ko_taken[verdict] == playout_id) return 0;
  if (late && is_self_atari(v, c)) return 0;
  play(v, c);
  if (verdict >= 0) ko_taken[v] = playout_id;
  last_ko = verdict >= 0 ? verdict : -1;
  return 1;
}

/* Uniform among acceptable moves without building their list: draw without replacement, in place. */
static int scan_and_play(int c, int ko) {
  int remember_from = pos.empty_count - REMEMBER_AFTER_TRIES;
  for (int untried = pos.empty_count; untried > 0; untried--) {
    int k = random_int(untried);
    int v = pos.empty_list[k];
    if (v != ko && try_move(v, c, ko)) return v;
    int last = untried - 1;
    int b = pos.empty_list[last];
    pos.empty_list[k] = b;
    pos.empty_list[last] = v;
    pos.empty_index[b] = k;
    pos.empty_index[v] = last;
    if (untried == remember_from && !remembering) {
      remembering = 1;
      clear_refusals();
    }
  }
  return -1;
}

/* One playout from the current position, black (1) first; returns the moves played. */
static int run_playout(int cap) {
  if (++playout_id == 0) playout_id = 1;
  late = 0;
  remembering = 0;
  int late_after = LATE_MOVES_PER_VERTEX * n;
  int passes = 0, moves = 0, ko_ban = -1, c = 1;
  while (passes < 2 && moves < cap) {
    if (moves == late_after) late = 1;
    int played = pos.empty_count > 0 ? scan_and_play(c, ko_ban) : -1;
    if (played >= 0) {
      played_vertex[moves] = played;
      played_color[moves] = (uint8_t)c;
      moves++;
      passes = 0;
      ko_ban = last_ko;
    } else {
      passes++;
      ko_ban = -1;
    }
    c = 3 - c;
  }
  return moves;
}

/* ---- set-up ---- */

static void die(const char *message) {
  fprintf(stderr, "playout: %s\n", message);
  exit(2);
}

static void *alloc(size_t bytes) {
  void *p = calloc(1, bytes ? bytes : 1);
  if (!p) die("out of memory");
  return p;
}

/* Reads DIMACS or "n m" + 0-based pairs; builds the adjacency exactly as src/graph.ts does from the same list. */
static void read_graph(FILE *in) {
  char line[512];
  long m = -1, base = 0, read = 0;
  int *eu = NULL, *ev = NULL;
  while (fgets(line, sizeof line, in)) {
    long a, b;
    if (line[0] == 'c' || line[0] == '\n' || line[0] == '#') continue;
    if (m < 0) {
      if (sscanf(line, "p edge %ld %ld", &a, &b) == 2) base = 1;
      else if (sscanf(line, "%ld %ld", &a, &b) != 2) die("expected a 'p edge n m' or 'n m' header");
      if (a < 1 || b < 0 || a > 100000000 || b > 200000000) die("bad header");
      n = (int)a;
      m = b;
      eu = alloc(sizeof(int) * (size_t)m);
      ev = alloc(sizeof(int) * (size_t)m);
      continue;
    }
    const char *p = line;
    if (base == 1) {
      if (line[0] != 'e') continue;
      p = line + 1;
    }
    if (sscanf(p, "%ld %ld", &a, &b) != 2) die("bad edge line");
    a -= base;
    b -= base;
    if (a < 0 || b < 0 || a >= n || b >= n || a == b) die("edge out of range or a self-loop");
    if (read == m) die("more edges than the header says");
    eu[read] = (int)a;
    ev[read] = (int)b;
    read++;
  }
  if (m < 0 || read != m) die("fewer edges than the header says");
  adj_start = alloc(sizeof(int) * (size_t)(n + 1));
  for (long i = 0; i < m; i++) adj_start[eu[i] + 1]++, adj_start[ev[i] + 1]++;
  for (int v = 0; v < n; v++) {
    int d = adj_start[v + 1];
    if (d > max_degree) max_degree = d;
    adj_start[v + 1] += adj_start[v];
  }
  adj = alloc(sizeof(int) * (size_t)(2 * m));
  int *fill = alloc(sizeof(int) * (size_t)n);
  memcpy(fill, adj_start, sizeof(int) * (size_t)n);
  for (long i = 0; i < m; i++) {
    adj[fill[eu[i]]++] = ev[i];
    adj[fill[ev[i]]++] = eu[i];
  }
  free(fill);
  free(eu);
  free(ev);
  /* count <= links (2m), sumSq <= links * n^2: when count * sumSq may pass 2^63, compare in 128 bits. */
  double links = 2.0 * (double)m, bound = links * links * (double)n * (double)n;
  wide_products = bound >= 9.2e18;
}

/* Carves pos's arrays out of `mem` (8-byte arrays first, so all stay aligned). */
static void lay_out(void *mem) {
  size_t nn = (size_t)n;
  char *p = mem;
  pos.lib_sum = (int64_t *)p; p += 8 * nn;
  pos.lib_sum_sq = (int64_t *)p; p += 8 * nn;
  pos.head = (int32_t *)p; p += 4 * nn;
  pos.next = (int32_t *)p; p += 4 * nn;
  pos.size = (int32_t *)p; p += 4 * nn;
  pos.lib_count = (int32_t *)p; p += 4 * nn;
  pos.empty_list = (int32_t *)p; p += 4 * nn;
  pos.empty_index = (int32_t *)p; p += 4 * nn;
  pos.empty_nb = (int32_t *)p; p += 4 * nn;
  pos.color = (uint8_t *)p;
}

static void set_up(void) {
  block_bytes = (8 * 2 + 4 * 7 + 1) * (size_t)n;
  block = alloc(block_bytes);
  empty_block = alloc(block_bytes);
  lay_out(empty_block);
  for (int v = 0; v < n; v++) {
    pos.empty_list[v] = v;
    pos.empty_index[v] = v;
    pos.head[v] = v;
    pos.next[v] = v;
    pos.empty_nb[v] = adj_start[v + 1] - adj_start[v];
  }
  lay_out(block);
  ko_taken = alloc(sizeof(uint32_t) * (size_t)n);
  refused = alloc(sizeof(uint32_t) * 2 * (size_t)n);
  chain_buf = alloc(sizeof(int) * (size_t)(max_degree + 1));
  own_buf = alloc(sizeof(int) * (size_t)(max_degree + 1));
  played_vertex = alloc(sizeof(int) * (size_t)(3 * n + 51));
  played_color = alloc((size_t)(3 * n + 51));
}

/* The board is reset as `bench playouts` resets it (Position.copyFrom of the empty position), inside the timing. */
static inline void reset(void) {
  memcpy(block, empty_block, block_bytes);
  pos.empty_count = n;
}

static double cpu_seconds(void) {
  struct timespec t;
  clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &t);
  return (double)t.tv_sec + 1e-9 * (double)t.tv_nsec;
}

typedef struct {
  long count, moves, capped;
  double elapsed;
} Batch;

/* Runs playouts until `until` (CPU seconds), reading the clock every `stride` playouts. */
static Batch batch(double seconds, long stride, int cap) {
  Batch b = {0, 0, 0, 0};
  double start = cpu_seconds(), t = start, until = start + seconds;
  while (t < until || b.count == 0) {
    reset();
    int moves = run_playout(cap);
    b.moves += moves;
    b.capped += moves >= cap;
    b.count++;
    if (b.count % stride == 0) t = cpu_seconds();
  }
  b.elapsed = cpu_seconds() - start;
  return b;
}

static void usage(void) {
  fprintf(stderr,
          "usage: playout [--seconds S] [--state a,b,c,d | --seed N] [--check K] [--label TEXT] [FILE]\n"
          "  --state   sfc32 state (unsigned 32-bit words), e.g. the one `new Rng(seed).state()` gives\n"
          "  --check K play K playouts and print their moves' checksum instead of timing\n");
  exit(2);
}

int main(int argc, char **argv) {
  double seconds = 5;
  long check = 0;
  const char *label = "?", *file = NULL;
  uint64_t seed = 1;
  int have_state = 0;
  for (int i = 1; i < argc; i++) {
    if (!strcmp(argv[i], "--seconds") && i + 1 < argc) seconds = atof(argv[++i]);
    else if (!strcmp(argv[i], "--seed") && i + 1 < argc) seed = strtoull(argv[++i], NULL, 10);
    else if (!strcmp(argv[i], "--check") && i + 1 < argc) check = atol(argv[++i]);
    else if (!strcmp(argv[i], "--label") && i + 1 < argc) label = argv[++i];
    else if (!strcmp(argv[i], "--state") && i + 1 < argc) {
      unsigned long s[4];
      if (sscanf(argv[++i], "%lu,%lu,%lu,%lu", &s[0], &s[1], &s[2], &s[3]) != 4) usage();
      ra = (uint32_t)s[0], rb = (uint32_t)s[1], rc = (uint32_t)s[2], rd = (uint32_t)s[3];
      have_state = 1;
    } else if (argv[i][0] == '-' && argv[i][1]) usage();
    else file = argv[i];
  }
  if (!have_state) {
    /* splitmix64 to spread a small seed over the state, then the warm-up src/rng.ts does. */
    uint64_t x[2];
    for (int k = 0; k < 2; k++) {
      uint64_t z = (seed += 0x9e3779b97f4a7c15ULL);
      z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
      z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
      x[k] = z ^ (z >> 31);
    }
    ra = (uint32_t)x[0], rb = (uint32_t)(x[0] >> 32), rc = (uint32_t)x[1], rd = 1;
    for (int k = 0; k < 12; k++) next_u32();
  }
  FILE *in = stdin;
  if (file && strcmp(file, "-") && !(in = fopen(file, "r"))) die("cannot open the graph file");
  read_graph(in);
  set_up();
  int cap = 3 * n + 50;

  if (check > 0) {
    /* Moves and a position-sensitive sum of the vertices played: equal to the kernel's iff (almost surely) every
     * playout played the same moves. */
    long moves = 0;
    uint64_t sum = 0;
    for (long k = 0; k < check; k++) {
      reset();
      int m = run_playout(cap);
      moves += m;
      for (int i = 0; i < m; i++) sum = sum * 1000003u + (uint64_t)played_vertex[i] * 2u + played_color[i];
    }
    printf("{\"graph\":\"%s\",\"engine\":\"c\",\"playouts\":%ld,\"moves\":%ld,\"checksum\":\"%016llx\"}\n", label, check,
           moves, (unsigned long long)sum);
    return 0;
  }

  /* A warm-up like bench/playouts.ts's (caches, frequency), which also learns how often to read the clock. */
  Batch warm = batch(0.3, 1, cap);
  double rate = (double)warm.count / (warm.elapsed > 1e-3 ? warm.elapsed : 1e-3);
  long stride = (long)(rate * 0.005);
  if (stride < 1) stride = 1;
  Batch b = batch(seconds, stride, cap);
  printf("{\"graph\":\"%s\",\"vertices\":%d,\"engine\":\"c\",\"playouts\":%ld,\"seconds\":%.3f,\"playoutsPerSecond\":%ld,"
         "\"avgMoves\":%.1f,\"capped\":%ld}\n",
         label, n, b.count, b.elapsed, (long)((double)b.count / b.elapsed + 0.5), (double)b.moves / (double)b.count,
         b.capped);
  return 0;
}
