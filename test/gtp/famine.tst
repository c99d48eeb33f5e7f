# A whole famine game on path 3 (1-2-3) with komi 1, reasoned by hand. Positional superko forbids every colouring
# seen before (the empty board included); a player may pass only while its counter is > 0, and a pass costs 1.
# Counters: White starts with the komi (1), Black with 0; each prisoner adds 1 to its captor's counter.

set_graph path 3
set_rules famine komi=1
1 get_state
#? [\{"to_move":1,"position":"\.\.\.","counters":\[0,0,1\],"prisoners":\[0,0,0\],"moves":0,"passes":0,"over":false,"result":null\}]
# Black may play anywhere but may not pass (counter 0).
2 legal_moves
#? [1 2 3]

# Move 1: Black takes the middle.
3 play b 2
#? []
# White at 1 or 3 would have no liberty and take itself off, repeating ".1.": only the pass is left.
4 legal_moves
#? [pass]
5 play w 1
#? ?[illegal move]

# Move 2: White passes; its counter drops to 0.
6 play w pass
#? []
7 get_state
#? [\{"to_move":1,"position":"\.1\.","counters":\[0,0,0\],"prisoners":\[0,0,0\],"moves":2,"passes":1,"over":false,"result":null\}]

# Move 3: Black extends to 1 ("11."). Black still may not pass.
8 legal_moves
#? [1 3]
9 play b 1
#? []

# Move 4: White's only action: 3 takes Black's two stones ("..2"), and White's counter becomes 0 + 2.
10 legal_moves
#? [3]
11 play w 3
#? []
12 get_state
#? [\{"to_move":1,"position":"\.\.2","counters":\[0,0,2\],"prisoners":\[0,0,2\],"moves":4,"passes":0,"over":false,"result":null\}]

# Move 5: Black at 2 would take White's stone and repeat ".1."; Black plays 1 ("1.2").
13 legal_moves
#? [1]
14 play b 2
#? ?[illegal move]
15 play b 1
#? []

# Move 6: White could take at 2 (".22") or pass; it passes (counter 2 -> 1).
16 legal_moves
#? [2 pass]
17 play w pass
#? []

# Black to move: 2 would take White's 3 and repeat "11."; Black's counter is 0. Black has lost by famine.
18 get_state
#? [\{"to_move":null,"position":"1\.2","counters":\[0,0,1\],"prisoners":\[0,0,2\],"moves":6,"passes":1,"over":true,"result":"W\+M"\}]
19 final_score
#? [W\+M]
20 legal_moves
#? []
21 legal_moves b
#? []
22 play b 2
#? ?[game over]
23 genmove b
#? ?[game over]
24 final_status_list alive
#? [1\n3|3\n1]

# undo brings the game back to life: White to move again with "1.2".
25 undo
#? []
26 get_state
#? [\{"to_move":2,"position":"1\.2","counters":\[0,0,2\],"prisoners":\[0,0,2\],"moves":5,"passes":0,"over":false,"result":null\}]
