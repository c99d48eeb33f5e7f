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
# Over by passes, which play takes up again: the moves that would resume it (White's by default, whose turn it
# would be), and the game stays over.
13 legal_moves
#? [C1 C2 A3 B3 pass]
14 legal_moves b
#? [A1 C1 C2 A3 B3 pass]
150 get_state
#? [.*"over":true,"result":"W\+4\.5"\}]

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
# Colour 1 is not on move, and `play 1 ...` is refused as the wrong colour: nothing is legal for it.
25 legal_moves 1
#? []
26 play 1 pass
#? ?[wrong colour]

# legal_moves answers what `play` accepts, around a ko. Two colours, simple ko (netgo): Black D3 takes White's C3.
#   4 . . X O .
#   3 . X O . O
#   2 . . X O .
#   1 X . . . .
set_rules netgo
boardsize 5
play b c4
play w d4
play b b3
play w e3
play b c2
play w d2
play b a1
play w c3
play b d3
# White may not retake at once; Black, out of turn under GTP's convention, may fill the ko.
30 legal_moves w
#? [B1 C1 D1 E1 A2 B2 E2 A3 A4 B4 E4 A5 B5 C5 D5 E5 pass]
31 legal_moves b
#? [B1 C1 D1 E1 A2 B2 E2 A3 C3 A4 B4 E4 A5 B5 C5 D5 E5 pass]
32 play w c3
#? ?[illegal move]
33 play b c3
#? []
# The same ko with three colours (order 1,2,3; colour 3 plays on the top row). After colour 1 takes, colour 2 is on
# move: the ko vertex is banned to it and to colour 3 until colour 1's seat comes round; colour 1 and colour 3 may
# not play now at all, so legal_moves lists nothing for them.
set_rules netgo colors=3
play 1 c4
play 2 d4
play 3 a5
play 1 b3
play 2 e3
play 3 b5
play 1 c2
play 2 d2
play 3 c5
play 1 a1
play 2 c3
play 3 d5
play 1 d3
34 legal_moves
#? [B1 C1 D1 E1 A2 B2 E2 A3 A4 B4 E4 E5 pass]
35 legal_moves 1
#? []
36 play 1 c3
#? ?[wrong colour]
37 legal_moves 3
#? []
38 play 2 e5
#? []
39 legal_moves 3
#? [B1 C1 D1 E1 A2 B2 E2 A3 A4 B4 E4 pass]
40 play 3 c3
#? ?[illegal move]
# Colour 3's E4 takes White's D4 (its last liberty).
play 3 e4
# Colour 1's seat has come round: the ban is over, and colour 1 may fill the ko.
41 legal_moves 1
#? [B1 C1 D1 E1 A2 B2 E2 A3 C3 A4 B4 D4 pass]
42 play 1 c3
#? []
