# boardsize, clear_board, komi and showboard.

# boardsize N is set_graph grid N N for 1 <= N <= 25 (GTP's limit), and clears the game.
1 boardsize 1
#? []
2 get_graph
#? [edges 1]
3 boardsize 25
#? []
4 get_state
#? [.*"position":"\.{625}".*]
5 boardsize 19
#? []
6 get_graph
#? [edges 361 1-2 1-20 2-3 .* 360-361]
7 boardsize 0
#? ?[unacceptable size]
8 boardsize 26
#? ?[unacceptable size]
9 boardsize -1
#? ?[unacceptable size]
10 boardsize abc
#? ?[syntax error]
11 boardsize 9.5
#? ?[syntax error]
12 boardsize 99999999999999999999999
#? ?[syntax error]
# A refused boardsize leaves the board as it was.
13 get_state
#? [.*"position":"\.{361}".*]

# boardsize keeps the rules and the komi; it clears the stones and the move history.
boardsize 3
20 komi 6.5
#? []
21 get_rules
#? [area ko=positional suicide=allowed passes=free scoring=area komi=6\.5 colors=2 order=1,2]
play b b2
22 boardsize 3
#? []
23 get_state
#? [\{"to_move":1,"position":"\.{9}","counters":\[0,0,6\.5\],"prisoners":\[0,0,0\],"moves":0,"passes":0,"over":false,"result":null\}]
24 undo
#? ?[cannot undo]

# komi: any decimal number; counters follow it at once (White holds komi, Black holds minus a negative komi).
30 komi -2
#? []
31 get_state
#? [.*"counters":\[0,2,0\].*]
32 komi 0
#? []
33 get_rules
#? [area .* komi=0 .*]
34 komi 7.5
#? []
35 komi abc
#? ?[syntax error]
36 komi 1e400
#? ?[syntax error]
37 komi 1.5e1
#? []
38 get_rules
#? [area .* komi=15 .*]
komi 7.5

# clear_board: empty board, same graph, same rules, move history gone.
play b a1
play w c3
40 clear_board
#? []
41 get_state
#? [\{"to_move":1,"position":"\.{9}","counters":\[0,0,7\.5\],"prisoners":\[0,0,0\],"moves":0,"passes":0,"over":false,"result":null\}]
42 get_graph
#? [edges 9 1-2 1-4 2-3 2-5 3-6 4-5 4-7 5-6 5-8 6-9 7-8 8-9]
43 undo
#? ?[cannot undo]

# showboard: GNU Go's layout, the last move in parentheses, then one line per colour and whose turn it is.
play b b2
play w a1
50 showboard
#? [\n  A B C\n3 \. \. \. 3\n2 \. X \. 2\n1\(O\)\. \. 1\n  A B C\nblack \(X\) captured 0, counter 0\nwhite \(O\) captured 0, counter 7\.5\nblack to move, move 3]
# On a graph without a lattice: one line per vertex with its stone and its neighbours, * marking the last move.
set_graph path 3
play b 2
51 showboard
#? [\n1 \. : 2\n2 X\*: 1 3\n3 \. : 2\nblack \(X\) captured 0, counter 0\nwhite \(O\) captured 0, counter 7\.5\nwhite to move, move 2]
