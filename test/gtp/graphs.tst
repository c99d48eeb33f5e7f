# set_graph (every family), get_graph (the exact edges line), load_graph (edges, DIMACS, JSON files) and errors.
# Numbering (PROTOCOL.md): lattices row by row from the bottom; hex from the bottom row; star/wheel hub 1; hypercube
# vertex i is the bit pattern i-1; petersen outer 1..5, spokes i-(i+5), inner 6+i - 6+((i+2) mod 5).

1 set_graph grid 3 2
#? []
2 get_graph
#? [edges 6 1-2 1-4 2-3 2-5 3-6 4-5 5-6]
# GTP names on lattices, index names everywhere.
3 legal_moves
#? [A1 B1 C1 A2 B2 C2 pass]
4 set_graph torus 3 3
#? []
5 get_graph
#? [edges 9 1-2 1-3 1-4 1-7 2-3 2-5 2-8 3-6 3-9 4-5 4-6 4-7 5-6 5-8 6-9 7-8 7-9 8-9]
6 set_graph king 2 2
#? []
7 get_graph
#? [edges 4 1-2 1-3 1-4 2-3 2-4 3-4]
8 set_graph tri 2 2
#? []
9 get_graph
#? [edges 4 1-2 1-3 1-4 2-4 3-4]
10 set_graph hex 2
#? []
11 get_graph
#? [edges 7 1-2 1-3 1-4 2-4 2-5 3-4 3-6 4-5 4-6 4-7 5-7 6-7]
12 legal_moves
#? [1 2 3 4 5 6 7 pass]
13 set_graph path 4
#? []
14 get_graph
#? [edges 4 1-2 2-3 3-4]
15 set_graph cycle 4
#? []
16 get_graph
#? [edges 4 1-2 1-4 2-3 3-4]
17 set_graph complete 4
#? []
18 get_graph
#? [edges 4 1-2 1-3 1-4 2-3 2-4 3-4]
19 set_graph star 4
#? []
20 get_graph
#? [edges 4 1-2 1-3 1-4]
21 set_graph wheel 5
#? []
22 get_graph
#? [edges 5 1-2 1-3 1-4 1-5 2-3 2-5 3-4 4-5]
23 set_graph hypercube 2
#? []
24 get_graph
#? [edges 4 1-2 1-3 2-4 3-4]
25 set_graph petersen
#? []
26 get_graph
#? [edges 10 1-2 1-5 1-6 2-3 2-7 3-4 3-8 4-5 4-9 5-10 6-8 6-9 7-9 7-10 8-10]
# random N P SEED: the project's own G(N, P) generator; this edge set is pinned (src/families.ts fixes the algorithm).
27 set_graph random 6 0.5 1
#? []
28 get_graph
#? [edges 6 1-3 1-5 1-6 2-3 2-4 3-4 4-5]
29 set_graph random 5 0 7
#? []
30 get_graph
#? [edges 5]
31 set_graph random 4 1 7
#? []
32 get_graph
#? [edges 4 1-2 1-3 1-4 2-3 2-4 3-4]
# edges: u-v edges and u>v arcs (v is a liberty of u); two opposite arcs make an edge; isolated vertices allowed.
33 set_graph edges 5 1-2 2>3 3>2 3>4
#? []
34 get_graph
#? [edges 5 1-2 2-3 3>4]
# get_graph's answer is accepted back unchanged.
35 set_graph edges 5 1-2 2-3 3>4
#? []
36 get_graph
#? [edges 5 1-2 2-3 3>4]
37 set_graph edges 1
#? []
38 get_graph
#? [edges 1]
# Family names are case-insensitive; set_graph clears the game and keeps the rules.
set_rules area
set_graph path 2
play b 1
39 set_graph PATH 2
#? []
40 get_state
#? [\{"to_move":1,"position":"\.\.","counters":\[0,0,7\.5\],"prisoners":\[0,0,0\],"moves":0,"passes":0,"over":false,"result":null\}]
41 get_rules
#? [area .*]

# Errors: "syntax error" for a wrong shape (argument count, a bad link token), "invalid graph: <reason>" otherwise;
# a refused graph changes nothing.
set_graph cycle 3
play b 1
50 set_graph edges 3 1-1
#? ?[invalid graph: self-loop 1-1]
51 set_graph edges 3 1-4
#? ?[invalid graph: vertex 4 out of range 1\.\.3 in 1-4]
52 set_graph edges 3 0-1
#? ?[invalid graph: vertex 0 out of range 1\.\.3 in 0-1]
53 set_graph edges 3 1-2 2-1
#? ?[invalid graph: duplicate link 2-1]
54 set_graph edges 3 1>2 1>2
#? ?[invalid graph: duplicate link 1>2]
55 set_graph foo 3
#? ?[invalid graph: unknown graph family "foo"; known families: grid, torus, king, tri, hex, path, cycle, complete, star, wheel, hypercube, petersen, random, edges]
56 set_graph grid 0 3
#? ?[invalid graph: grid needs W, H >= 1]
57 set_graph torus 2 3
#? ?[invalid graph: torus needs W, H >= 3]
58 set_graph cycle 2
#? ?[invalid graph: cycle needs N >= 3]
59 set_graph wheel 3
#? ?[invalid graph: wheel needs N >= 4]
60 set_graph hex 0
#? ?[invalid graph: hex needs R >= 1]
61 set_graph edges 0
#? ?[invalid graph: edges needs N >= 1]
# A board holds at most 250,000 vertices and 1,000,000 links (docs/graphs.md, "Size limits"), refused at once.
62 set_graph grid 5000 5000
#? ?[invalid graph: grid 5000 5000 has 25000000 vertices, too large \(limit 250000\)]
63 set_graph complete 100000
#? ?[invalid graph: complete 100000 has 4999950000 edges, too large \(limit 1000000 links\)]
64 set_graph hypercube 100
#? ?[invalid graph: hypercube 100 has about 1\.27e\+30 vertices, too large \(limit 250000\)]
160 set_graph grid 3000 3000
#? ?[invalid graph: grid 3000 3000 has 9000000 vertices, too large \(limit 250000\)]
161 set_graph grid 501 500
#? ?[invalid graph: grid 501 500 has 250500 vertices, too large \(limit 250000\)]
65 set_graph random 5 2 1
#? ?[invalid graph: random needs 0 <= P <= 1, got 2]
66 set_graph grid a b
#? ?[invalid graph: bad number "a" for W in grid W H]
67 set_graph path -3
#? ?[invalid graph: bad number "-3" for N in path N]
68 set_graph grid 3
#? ?[syntax error]
69 set_graph petersen 10
#? ?[syntax error]
70 set_graph edges 3 1_2
#? ?[syntax error]
71 set_graph edges
#? ?[syntax error]
72 get_graph
#? [edges 3 1-2 1-3 2-3]
73 get_state
#? [\{"to_move":2,"position":"1\.\.",.*"moves":1,.*\}]

# load_graph: the format is told by the content. Paths are relative to the repository root.
80 load_graph test/gtp/fixtures/path3.edges
#? []
81 get_graph
#? [edges 3 1-2 2-3]
82 load_graph test/gtp/fixtures/triangle-tail.col
#? []
83 get_graph
#? [edges 4 1-2 1-3 2-3 3-4]
84 load_graph test/gtp/fixtures/arc.json
#? []
85 get_graph
#? [edges 3 1-2 2>3]
# Liberties follow the arc: a stone on 2 has liberties 1 and 3, but a stone on 3 has none at all (no link leaves 3),
# so alone it would take itself off and repeat the empty board (positional superko under the area rules set above).
86 legal_moves b
#? [1 2 pass]
87 load_graph test/gtp/fixtures/self-loop.json
#? ?[invalid graph: "edges"\[0\]: self-loop 1-1]
88 load_graph test/gtp/fixtures/no-such-file
#? ?[cannot load file: .*no such file.*]
89 load_graph test/gtp/fixtures/three-moves.sgf
#? ?[invalid graph: .*]
90 get_graph
#? [edges 3 1-2 2>3]
