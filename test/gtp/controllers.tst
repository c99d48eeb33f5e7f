# What GUI front ends and servers send beyond GTP v2's core: KGS's and KataGo's rules and clocks, GoGui's
# rectangular boards, printsgf and cputime.

# rectangular_boardsize: a W x H grid, keeping the rules and komi; GTP names reach 25 x 25.
komi 0.5
1 rectangular_boardsize 7 3
#? []
2 get_graph
#? [edges 21 .*]
3 play b G3
#? []
4 play b G4
#? ?[no vertex "G4" on this graph]
5 rectangular_boardsize 26 3
#? ?[unacceptable size]
6 rectangular_boardsize 5
#? ?[syntax error]
7 get_rules
#? [.* komi=0\.5 .*]

# kgs-rules and kata-set-rules: named rule sets, the komi kept.
8 kgs-rules chinese
#? []
9 get_rules
#? [area ko=positional suicide=forbidden passes=free scoring=area komi=0\.5 colors=2 order=1,2]
10 kata-set-rules japanese
#? []
11 get_rules
#? [kim ko=simple suicide=forbidden passes=free scoring=territory komi=0\.5 colors=2 order=1,2]
12 kgs-rules new_zealand
#? []
13 get_rules
#? [area ko=situational suicide=allowed .*]
14 kgs-rules go-moku
#? ?[unknown rules "go-moku" \(known: chinese, .*\)]
# A name that only JavaScript's objects carry is no rule set either (it once answered an internal error).
141 kgs-rules constructor
#? ?[unknown rules "constructor" \(known: chinese, .*\)]
142 kata-set-rules NZ
#? []
143 get_rules
#? [area ko=situational suicide=allowed .*]
15 kgs-rules
#? ?[syntax error]

# kgs-time_settings: none, absolute, byoyomi, canadian.
16 kgs-time_settings none
#? []
17 kgs-time_settings absolute 600
#? []
18 kgs-time_settings byoyomi 600 30 5
#? []
19 kgs-time_settings canadian 600 300 25
#? []
20 kgs-time_settings fischer 600 10
#? ?[syntax error]
21 kgs-time_settings byoyomi 600 30
#? ?[syntax error]

# printsgf: the game so far on a grid with two colours.
rectangular_boardsize 5 4
set_rules area komi=6.5
play b C2
play w D3
play b pass
22 printsgf
#? [\(;FF\[4\]GM\[1\]CA\[UTF-8\]AP\[graphgo\]SZ\[5:4\]KM\[6\.5\]RU\[area .*\]\n;B\[cc\];W\[db\];B\[\]\)]
# GNU Go's optional FILE: `-` answers the record too; a file that cannot be written says why; two words are too many.
25 printsgf -
#? [\(;FF\[4\].*;B\[cc\];W\[db\];B\[\]\)]
26 printsgf test/gtp/fixtures/no-such-folder/game.sgf
#? ?[cannot save file: ENOENT: no such file or directory, open 'test/gtp/fixtures/no-such-folder/game\.sgf']
27 printsgf a.sgf b.sgf
#? ?[syntax error]
set_graph cycle 5
23 printsgf
#? ?[SGF records only grid boards with two colours .*]

# cputime: seconds of processor time, a decimal number. It takes no arguments, so extra ones are ignored.
24 cputime
#? [\d+(\.\d+)?]
28 cputime x
#? [\d+(\.\d+)?]
