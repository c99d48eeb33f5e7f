# final_score and final_status_list; games ended by passes (area, territory) and by famine, counted by hand.

# --- Area (stones + empty regions touching one colour only; White adds komi) --------------------------------
boardsize 3
set_rules area
# Before the end final_score is an estimate in the same form: the empty board is White's komi.
1 final_score
#? [W\+7\.5]
play b b2
# Black's stone and the 8 empty points around it: 9 against 7.5.
2 final_score
#? [B\+1\.5]
play w pass
play b pass
3 get_state
#? [\{"to_move":null,"position":"\.{4}1\.{4}","counters":\[0,0,7\.5\],"prisoners":\[0,0,0\],"moves":3,"passes":2,"over":true,"result":"B\+1\.5"\}]
4 final_score
#? [B\+1\.5]
# Komi applies as if set from the start, so the result changes with it: a tie is "0".
5 komi 9
#? []
6 final_score
#? [0]
7 get_state
#? [.*"over":true,"result":"0"\}]
8 komi 10
#? []
9 final_score
#? [W\+1]
10 komi 1.25
#? []
11 final_score
#? [B\+7\.75]

# final_status_list and final_score judge dead stones from playouts (bots/ownership.ts); get_state keeps the strict
# count, every stone alive. Black owns column A behind its wall on B, White owns D and E behind C, and Black's lone
# stone at E3 inside White's area is dead. One chain per line.
boardsize 5
komi 0.5
play b b1
play b b2
play b b3
play b b4
play b b5
play w c1
play w c2
play w c3
play w c4
play w c5
play b e3
play w pass
play b pass
# Strict: Black 5 stones + 5 points of A + the stone at E3 = 11; White's D/E region touches E3, so 5 + 0.5.
19 get_state
#? [.*"over":true,"result":"B\+5\.5"\}]
20 final_status_list alive
#? [B1 B2 B3 B4 B5\nC1 C2 C3 C4 C5]
21 final_status_list dead
#? [E3]
22 final_status_list seki
#? []
23 final_status_list ALIVE
#? [B1 B2 B3 B4 B5\nC1 C2 C3 C4 C5]
24 final_status_list unknown
#? ?[syntax error]
# With E3 off the board: Black 5 + 5 = 10, White 5 + 10 + 0.5 = 15.5.
25 final_score
#? [W\+5\.5]
# The same position under territory scoring: White 10 points + E3 as a prisoner + 0.5, Black 5.
set_rules kim komi=0.5
clear_board
play b b1
play b b2
play b b3
play b b4
play b b5
play w c1
play w c2
play w c3
play w c4
play w c5
play b e3
play w pass
play b pass
26 get_state
#? [.*"over":true,"result":"B\+4\.5"\}]
27 final_score
#? [W\+6\.5]
# kgs-genmove_cleanup: White takes the dead stone off before it passes; Black, with nothing of White's to take,
# moves as genmove does (the random bot here).
28 kgs-genmove_cleanup w
#? [E2|E4|D3]
29 kgs-genmove_cleanup w
#? [E2|E4|D3]
30 kgs-genmove_cleanup w
#? [E2|E4|D3]
31 final_status_list dead
#? []
32 get_state
#? [.*"position":"\.12\.\.\.12\.2\.122\.\.12\.2\.12\.\.",.*"prisoners":\[0,0,1\].*]
33 kgs-genmove_cleanup x
#? ?[syntax error]

# --- Territory (kim): empty regions of one colour plus prisoners; stones do not count ----------------------------
boardsize 3
set_rules kim
play b b2
play w pass
play b pass
# Black: 8 points of territory; White: komi 7.5.
30 final_score
#? [B\+0\.5]

# --- Three colours (netgo, territory, komi 0): colour number and margin over the runner-up -----------------------
set_graph path 7
set_rules netgo colors=3
play 1 1
play 2 3
play 3 4
play 1 pass
play 2 pass
play 3 pass
# "1.23...": 2 touches colours 1 and 2 (nobody's); colour 3 owns 5..7 (3 points); 1 and 2 own nothing.
40 final_score
#? [3\+3]
set_graph path 5
play 1 1
play 2 3
play 3 5
play 1 pass
play 2 pass
play 3 pass
# 2 touches colours 1 and 2, 4 touches 2 and 3: nobody scores, a shared first place is "0".
41 final_score
#? [0]

# --- Famine (lastmove): the player who can neither move nor pass loses: B+M / W+M ---------------------------------
# path 3, komi 0: after Black's 2, a White stone at 1 or 3 would take itself off and repeat the position (positional
# superko), and White's counter is 0, so White cannot pass: Black wins at once.
set_graph path 3
set_rules famine komi=0
play b 2
50 get_state
#? [\{"to_move":null,"position":"\.1\.","counters":\[0,0,0\],"prisoners":\[0,0,0\],"moves":1,"passes":0,"over":true,"result":"B\+M"\}]
51 final_score
#? [B\+M]
52 legal_moves w
#? []
53 play w pass
#? ?[game over]

# path 2, komi 0: Black 1, White 2 takes it (".2"); Black's retake would repeat "1." and Black cannot pass: W+M.
set_graph path 2
play b 1
54 play w 2
#? []
55 get_state
#? [\{"to_move":null,"position":"\.2","counters":\[0,0,1\],"prisoners":\[0,0,1\],"moves":2,"passes":0,"over":true,"result":"W\+M"\}]

# Conway (no passes at all) ends the same way.
set_rules conway
play b 1
play w 2
56 final_score
#? [W\+M]

# A single vertex under famine: Black has no move and no pass before the first move.
boardsize 1
set_rules famine
57 get_state
#? [\{"to_move":null,"position":"\.","counters":\[0,0,7\.5\],"prisoners":\[0,0,0\],"moves":0,"passes":0,"over":true,"result":"W\+M"\}]
