# play: colours, vertex names, pass, and every refusal; undo.

boardsize 5
set_rules area

# Colours: b/black/w/white in any case, and the digits 1 and 2. Black fills row 1, White row 3.
1 play b a1
#? []
2 play W a3
#? []
3 play BLACK b1
#? []
4 play white b3
#? []
5 play Black c1
#? []
6 play WHITE c3
#? []
7 play 1 d1
#? []
8 play 2 d3
#? []
9 play B e1
#? []
10 play wHiTe e3
#? []
# Colour 3 does not exist with two colours.
11 play 3 a2
#? ?[wrong colour]
12 play 0 a2
#? ?[syntax error]
13 play red a2
#? ?[syntax error]
14 play bl a2
#? ?[syntax error]

# Vertex names are case-insensitive; index names (1..n) are always accepted: 8 is C2 and 13 is C3 on a 5x5 grid.
20 play b 8
#? []
21 get_state
#? [.*"position":"11111\.\.1\.\.22222\.{10}".*]
22 play w 13
#? ?[illegal move]
23 play w c3
#? ?[illegal move]
24 play w C2
#? ?[illegal move]

# Vertices that do not exist: the message names the vertex as typed.
30 play w f1
#? ?[no vertex "f1" on this graph]
31 play w I3
#? ?[no vertex "I3" on this graph]
32 play w a6
#? ?[no vertex "a6" on this graph]
33 play w 26
#? ?[no vertex "26" on this graph]
34 play w 0
#? ?[no vertex "0" on this graph]
35 play w A0
#? ?[no vertex "A0" on this graph]
36 play w xyz
#? ?[no vertex "xyz" on this graph]

# pass, any case; under area rules a pass is always allowed.
40 play w pass
#? []
41 play b PASS
#? []
42 get_state
#? [\{"to_move":null,"position":"11111\.\.1\.\.22222\.{10}","counters":\[0,0,7\.5\],"prisoners":\[0,0,0\],"moves":13,"passes":2,"over":true,"result":"W\+16\.5"\}]
# Two passes ended the area game. Black: 6 stones; the points of row 2 touch both colours; rows 4 and 5 touch
# White only. White: 5 stones + 10 + komi 7.5 = 22.5, so W+16.5.
# GTP has no finished state: a refused move leaves the game over; a legal one takes it up again.
43 play w a1
#? ?[illegal move]
44 get_state
#? [\{"to_move":null,.*"passes":2,"over":true,"result":"W\+16\.5"\}]
45 play w a4
#? []
46 get_state
#? [\{"to_move":1,.*"moves":14,"passes":0,"over":false,"result":null\}]
# Undoing that move brings the end back; undoing a pass takes the game up again too.
47 undo
#? []
48 get_state
#? [\{"to_move":null,.*"moves":13,"passes":2,"over":true,"result":"W\+16\.5"\}]
49 undo
#? []
49 play w a4
#? []

# undo: one turn at a time, back to the empty board, then "cannot undo".
boardsize 3
play b a1
play w c3
play b pass
50 undo
#? []
51 undo
#? []
52 get_state
#? [\{"to_move":2,"position":"1\.{8}","counters":\[0,0,7\.5\],"prisoners":\[0,0,0\],"moves":1,"passes":0,"over":false,"result":null\}]
53 undo
#? []
54 undo
#? ?[cannot undo]
55 get_state
#? [\{"to_move":1,"position":"\.{9}","counters":\[0,0,7\.5\],"prisoners":\[0,0,0\],"moves":0,"passes":0,"over":false,"result":null\}]

# Any colour may play with two alternating colours (GTP): the other colour moves next.
60 play w b2
#? []
61 play w a1
#? []
62 get_state
#? [\{"to_move":1,.*"moves":2,.*\}]

# Suicide. On path 4, Black's two stones 1-2 have no liberty once 2 is played next to White's 3: under area the
# move is legal and takes Black's own chain off (White gets the 2 prisoners); under kim it is illegal.
set_graph path 4
play b 1
play w 3
70 play b 2
#? []
71 get_state
#? [\{"to_move":2,"position":"\.\.2\.","counters":\[0,0,9\.5\],"prisoners":\[0,0,2\],"moves":3,"passes":0,"over":false,"result":null\}]
# A single stone's suicide always repeats the position, so positional superko forbids it even under area.
set_graph path 3
play w 2
72 play b 1
#? ?[illegal move]
set_graph path 4
set_rules kim
play b 1
play w 3
73 play b 2
#? ?[illegal move]
74 get_state
#? [\{"to_move":1,"position":"1\.2\.",.*\}]
set_graph path 3
play w 2
75 play b 1
#? ?[illegal move]
76 play b 3
#? ?[illegal move]
77 legal_moves b
#? [pass]

# Ko. On a 4x4 grid, White takes the black stone at C2 from B2; Black may not take back at once.
#   4 . . . .
#   3 . X O .
#   2 X . X O
#   1 . X O .
set_graph grid 4 4
set_rules kim
play b b3
play w c3
play b a2
play w d2
play b c2
play w c1
play b b1
80 play w b2
#? []
81 get_state
#? [.*"prisoners":\[0,0,1\].*]
# Simple ko (kim): the retake is forbidden.
82 play b c2
#? ?[illegal move]
83 legal_moves b
#? [!.*C2.*]
# After a move elsewhere (a ko threat) and an answer, the retake is allowed again.
play b d4
play w a4
84 play b c2
#? []
85 get_state
#? [.*"prisoners":\[0,1,1\].*]
# Positional superko (area): the retake would repeat the position before White's capture.
set_rules area
play b b3
play w c3
play b a2
play w d2
play b c2
play w c1
play b b1
play w b2
86 play b c2
#? ?[illegal move]

# Occupied points.
set_rules area
boardsize 9
play b e5
90 play w e5
#? ?[illegal move]
91 play b E5
#? ?[illegal move]

# Turn orders other than two colours taking turns: only the colour of the seat to move may play, else "wrong colour".
set_graph grid 4 4
set_rules netgo order=1,2,2,1
100 get_rules
#? [netgo ko=simple suicide=forbidden passes=free scoring=territory komi=0 colors=2 order=1,2,2,1]
101 play w a1
#? ?[wrong colour]
102 play b a1
#? []
103 play b b1
#? ?[wrong colour]
104 play w b1
#? []
105 play w c1
#? []
106 play w d1
#? ?[wrong colour]
107 genmove w
#? ?[wrong colour]
108 play b pass
#? []
109 get_state
#? [\{"to_move":1,.*"moves":4,"passes":1,.*\}]
# Three colours, order 1,2,3.
set_rules netgo colors=3
110 play 2 a1
#? ?[wrong colour]
111 play 1 a1
#? []
112 play 2 b1
#? []
113 play 3 c1
#? []
114 get_state
#? [\{"to_move":1,"position":"123\.{13}","counters":\[0,0,0,0\],"prisoners":\[0,0,0,0\],"moves":3,"passes":0,"over":false,"result":null\}]
115 play 4 d1
#? ?[wrong colour]

# Two colours taking turns the other way round (order=2,1, White first) keep GTP's convention, as 1,2 does: any colour
# may play, even twice in a row, and the other colour moves next.
set_graph grid 4 4
set_rules area order=2,1
120 get_state
#? [\{"to_move":2,.*"moves":0,.*\}]
121 play b a1
#? []
122 get_state
#? [\{"to_move":2,"position":"1\.{15}",.*"moves":1,.*\}]
123 play b b1
#? []
124 get_state
#? [\{"to_move":2,"position":"11\.{14}",.*"moves":2,.*\}]
125 play w c1
#? []
126 play w d1
#? []
127 get_state
#? [\{"to_move":1,"position":"1122\.{12}",.*"moves":4,.*\}]
128 genmove b
#? [[A-D][1-4]|pass]
129 genmove b
#? [[A-D][1-4]|pass]
