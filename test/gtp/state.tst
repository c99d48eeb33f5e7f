# get_state (exact JSON) and legal_moves.

boardsize 3
set_rules area
1 get_state
#? [\{"to_move":1,"position":"\.\.\.\.\.\.\.\.\.","counters":\[0,0,7\.5\],"prisoners":\[0,0,0\],"moves":0,"passes":0,"over":false,"result":null\}]
# Black B2, White A1, Black B1, White C3, Black A2 takes A1 (its last liberty).
#   3 . . O
#   2 X X .
#   1 . X .
play b b2
play w a1
play b b1
play w c3
2 play b a2
#? []
3 get_state
#? [\{"to_move":2,"position":"\.1\.11\.\.\.2","counters":\[0,1,7\.5\],"prisoners":\[0,1,0\],"moves":5,"passes":0,"over":false,"result":null\}]
# legal_moves: the colour to move by default, in index order, pass last when passing is allowed. White at A1
# would have no liberty and repeat the position before Black's capture, so it is not listed.
4 legal_moves
#? [C1 C2 A3 B3 pass]
5 legal_moves w
#? [C1 C2 A3 B3 pass]
6 legal_moves b
#? [A1 C1 C2 A3 B3 pass]
7 legal_moves BLACK
#? [A1 C1 C2 A3 B3 pass]
8 legal_moves 3
#? []
9 play w pass
#? []
10 get_state
#? [\{"to_move":1,"position":"\.1\.11\.\.\.2","counters":\[0,1,7\.5\],"prisoners":\[0,1,0\],"moves":6,"passes":1,"over":false,"result":null\}]
11 play b pass
#? []
# Black: stones B1 A2 B2 (3) + A1, an empty region touching Black only = 4; the region C1 C2 A3 B3 touches both
# colours. White: C3 + komi 7.5 = 8.5. W+4.5.
12 get_state
#? [\{"to_move":null,"position":"\.1\.11\.\.\.2","counters":\[0,1,7\.5\],"prisoners":\[0,1,0\],"moves":7,"passes":2,"over":true,"result":"W\+4\.5"\}]
13 legal_moves
#? []
14 legal_moves b
#? []

# Passing allowed or not: famine lets only a positive counter pass; conway never passes.
boardsize 2
set_rules famine
15 legal_moves
#? [A1 B1 A2 B2]
16 legal_moves w
#? [A1 B1 A2 B2 pass]
set_rules famine komi=0.5
17 legal_moves w
#? [A1 B1 A2 B2 pass]
play w pass
18 legal_moves w
#? [A1 B1 A2 B2]
19 get_state
#? [\{"to_move":1,"position":"\.\.\.\.","counters":\[0,0,-0\.5\],"prisoners":\[0,0,0\],"moves":1,"passes":1,"over":false,"result":null\}]
set_rules conway
20 legal_moves
#? [A1 B1 A2 B2]
# A negative komi is Black's: Black may pass.
set_rules famine komi=-2
21 legal_moves b
#? [A1 B1 A2 B2 pass]
22 legal_moves w
#? [A1 B1 A2 B2]

# Several colours: counters and prisoners have one entry per colour (index 0 unused).
set_graph path 3
set_rules netgo colors=3
# Colour 2 at 2 takes colour 1's stone at 1 (its only neighbour is 2).
play 1 1
play 2 2
23 get_state
#? [\{"to_move":3,"position":"\.2\.","counters":\[0,0,1,0\],"prisoners":\[0,0,1,0\],"moves":2,"passes":0,"over":false,"result":null\}]
# Colour 3 on 1 or 3 would have no liberty, and netgo forbids suicide: only the pass is left.
24 legal_moves
#? [pass]
25 legal_moves 1
#? [pass]
