# fixed_handicap, place_free_handicap, set_free_handicap.

# 9x9: the GTP points on the third line (C3 G7 C7 G3, sides C5 G5 E3 E7, centre E5), in the spec's order.
boardsize 9
1 fixed_handicap 2
#? [C3 G7]
2 get_state
#? [\{"to_move":2,"position":"\.{20}1\.{39}1\.{20}","counters":\[0,0,7\.5\],"prisoners":\[0,0,0\],"moves":0,"passes":0,"over":false,"result":null\}]
# Handicap stones are set-up, not moves: there is nothing to undo.
3 undo
#? ?[cannot undo]
4 fixed_handicap 2
#? ?[board not empty]
clear_board
5 fixed_handicap 3
#? [C3 G7 C7]
clear_board
6 fixed_handicap 4
#? [C3 G7 C7 G3]
clear_board
7 fixed_handicap 5
#? [C3 G7 C7 G3 E5]
clear_board
8 fixed_handicap 6
#? [C3 G7 C7 G3 C5 G5]
clear_board
9 fixed_handicap 7
#? [C3 G7 C7 G3 C5 G5 E5]
clear_board
10 fixed_handicap 8
#? [C3 G7 C7 G3 C5 G5 E3 E7]
clear_board
11 fixed_handicap 9
#? [C3 G7 C7 G3 C5 G5 E3 E7 E5]
12 get_state
#? [\{"to_move":2,"position":"\.{20}1\.1\.1\.{13}1\.1\.1\.{13}1\.1\.1\.{20}",.*\}]
clear_board
13 fixed_handicap 1
#? ?[invalid number of stones]
14 fixed_handicap 10
#? ?[invalid number of stones]
15 fixed_handicap 0
#? ?[invalid number of stones]
16 fixed_handicap x
#? ?[syntax error]
# A board with a move on it is not empty.
play b e5
17 fixed_handicap 2
#? ?[board not empty]
clear_board

# 19x19: D4 Q16 D16 Q4 D10 Q10 K4 K16 K10; 7x7: four at most; even sizes: four at most; other graphs: none.
boardsize 19
20 fixed_handicap 9
#? [D4 Q16 D16 Q4 D10 Q10 K4 K16 K10]
boardsize 13
21 fixed_handicap 3
#? [D4 K10 D10]
boardsize 7
22 fixed_handicap 4
#? [C3 E5 C5 E3]
clear_board
23 fixed_handicap 5
#? ?[invalid number of stones]
boardsize 10
24 fixed_handicap 5
#? ?[invalid number of stones]
boardsize 6
25 fixed_handicap 2
#? ?[invalid number of stones]
set_graph grid 9 8
26 fixed_handicap 2
#? ?[invalid number of stones]
set_graph torus 9 9
27 fixed_handicap 2
#? ?[invalid number of stones]

# place_free_handicap: the fixed points where they exist, else stones spread over the graph.
boardsize 9
30 place_free_handicap 3
#? [C3 G7 C7]
31 place_free_handicap 2
#? ?[board not empty]
clear_board
32 place_free_handicap 1
#? ?[invalid number of stones]
33 place_free_handicap 81
#? ?[invalid number of stones]
34 place_free_handicap 12
#? [([A-HJ][1-9] ){11}[A-HJ][1-9]]
35 get_state
#? [\{"to_move":2,"position":"[^2]*","counters":\[0,0,7\.5\],.*"moves":0,.*\}]
# On path 5 (1-2-3-4-5): the highest degree first (2), then the farthest vertex from it (5).
set_graph path 5
36 place_free_handicap 2
#? [2 5]
set_graph star 5
37 place_free_handicap 3
#? [1 2 3]

# set_free_handicap: the controller's choice of at least 2 distinct vertices; White moves next.
boardsize 9
40 set_free_handicap a1 J9
#? []
41 get_state
#? [\{"to_move":2,"position":"1\.{79}1",.*\}]
42 set_free_handicap e5 e6
#? ?[board not empty]
clear_board
43 set_free_handicap a1
#? ?[bad vertex list]
44 set_free_handicap a1 A1
#? ?[bad vertex list]
45 set_free_handicap a1 z1
#? ?[bad vertex list]
46 set_free_handicap a1 pass
#? ?[bad vertex list]
47 set_free_handicap
#? ?[bad vertex list]
# Index names work too.
48 set_free_handicap 1 81 41
#? []
49 get_state
#? [\{"to_move":2,"position":"1\.{39}1\.{39}1",.*\}]
# Every vertex: no empty point would be left.
set_graph path 3
50 set_free_handicap 1 2 3
#? ?[bad vertex list]
51 get_state
#? [.*"position":"\.\.\.".*]
