# genmove and reg_genmove (the random bot, seeded with --seed 1).

boardsize 9
set_rules area

# genmove plays a legal move and answers its GTP name.
1 genmove b
#? [[A-HJ][1-9]]
2 get_state
#? [\{"to_move":2,"position":"\.*1\.*","counters":\[0,0,7\.5\],"prisoners":\[0,0,0\],"moves":1,"passes":0,"over":false,"result":null\}]
3 genmove white
#? [[A-HJ][1-9]]
4 get_state
#? [\{"to_move":1,"position":"[^2]*2[^2]*",.*"moves":2,.*\}]
5 genmove W
#? [[A-HJ][1-9]]
6 get_state
#? [\{"to_move":1,.*"moves":3,.*\}]

# reg_genmove answers a move but does not play it.
10 reg_genmove b
#? [[A-HJ][1-9]]
11 get_state
#? [\{"to_move":1,.*"moves":3,.*\}]
12 reg_genmove x
#? ?[syntax error]

# Where no stone is legal the bot passes (path 1: the lone stone would take itself off and repeat the position).
set_graph path 1
20 genmove b
#? [pass]
21 reg_genmove w
#? [pass]
22 genmove w
#? [pass]
# Two passes end an area game; genmove then takes it up again (GTP has no finished state). On one vertex the only
# move is a pass, which ends the game again at once; reg_genmove leaves the game as it was.
23 get_state
#? [\{"to_move":null,"position":"\.","counters":\[0,0,7\.5\],"prisoners":\[0,0,0\],"moves":2,"passes":2,"over":true,"result":"W\+7\.5"\}]
24 reg_genmove b
#? [pass]
25 get_state
#? [\{"to_move":null,.*"moves":2,"passes":2,"over":true,.*\}]
26 genmove b
#? [pass]
27 get_state
#? [\{"to_move":null,.*"moves":3,"passes":3,"over":true,"result":"W\+7\.5"\}]

# Under famine on a single vertex Black can neither move nor pass (counter 0): the game is over before it starts.
set_rules famine
30 genmove b
#? ?[game over]
31 final_score
#? [W\+M]

# Other turn orders: only the colour to move may generate.
set_graph grid 3 3
set_rules netgo order=1,2,2,1
40 genmove w
#? ?[wrong colour]
41 genmove b
#? [[A-C][1-3]]
42 genmove b
#? ?[wrong colour]
43 genmove w
#? [[A-C][1-3]|pass]
44 genmove w
#? [[A-C][1-3]|pass]
45 genmove 3
#? ?[wrong colour]

# Three colours: digits name them.
set_rules netgo colors=3
50 genmove 1
#? [[A-C][1-3]]
51 genmove 2
#? [[A-C][1-3]]
52 genmove 3
#? [[A-C][1-3]]
53 get_state
#? [\{"to_move":1,"position":"[^123]*[123][^123]*[123][^123]*[123][^123]*",.*"moves":3,.*\}]

# set_random_seed / get_random_seed (that a seed fixes the move is tested in seed.test.ts).
60 get_random_seed
#? [1]
61 set_random_seed 42
#? []
62 get_random_seed
#? [42]
63 set_random_seed
#? ?[syntax error]
64 set_random_seed 1 2
#? ?[syntax error]
65 set_random_seed 12345678901234567890123456789012345678901234567890123456789012345678901234567890123456789012345678901
#? ?[seed too long \(limit 100 characters\)]
66 get_random_seed
#? [42]
