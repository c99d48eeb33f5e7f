# loadsgf: board size, komi, set-up stones and the main line up to a move number; answers the colour to play.
# Paths are relative to the repository root (the engine runs there).

set_rules area
# SZ[9] KM[6.5]; B E5, W C7, B G7.
1 loadsgf test/gtp/fixtures/three-moves.sgf
#? [white]
2 get_state
#? [\{"to_move":2,"position":"\.{40}1\.{15}2\.{3}1\.{20}","counters":\[0,0,6\.5\],"prisoners":\[0,0,0\],"moves":3,"passes":0,"over":false,"result":null\}]
3 get_graph
#? [edges 81 1-2 1-10 .*]
4 get_rules
#? [area .* komi=6\.5 .*]
# The moves played from the file can be taken back.
5 undo
#? []
6 get_state
#? [\{"to_move":1,"position":"\.{40}1\.{15}2\.{24}",.*"moves":2,.*\}]
# A move number: the position before that move.
7 loadsgf test/gtp/fixtures/three-moves.sgf 2
#? [white]
8 get_state
#? [\{"to_move":2,"position":"\.{40}1\.{40}",.*"moves":1,.*\}]
9 loadsgf test/gtp/fixtures/three-moves.sgf 1
#? [black]
10 get_state
#? [\{"to_move":1,"position":"\.{81}",.*"moves":0,.*\}]
11 loadsgf test/gtp/fixtures/three-moves.sgf 99
#? [white]
# A move number past what a double holds exactly is past the end too: the whole game.
111 loadsgf test/gtp/fixtures/three-moves.sgf 99999999999999999999
#? [white]

# SZ[5], AB[aa][bb] (A5 B4), AW[cc] (C3), PL[W], then W D2: Black to play. Set-up stones cannot be undone.
12 loadsgf test/gtp/fixtures/setup-5x5.sgf
#? [black]
13 get_state
#? [\{"to_move":1,"position":"\.{8}2\.{3}2\.{3}1\.{3}1\.{4}",.*"moves":1,.*\}]
14 undo
#? []
15 undo
#? ?[cannot undo]
16 get_state
#? [\{"to_move":2,"position":"\.{12}2\.{3}1\.{3}1\.{4}",.*"moves":0,.*\}]

# HA[2] AB[cc][gg] (C7 G3): handicap stones, so White moves first: W E5, B[tt] (a pass), W D7. KM[0.5].
17 loadsgf test/gtp/fixtures/handicap-pass.sgf
#? [black]
18 get_state
#? [\{"to_move":1,"position":"\.{24}1\.{15}2\.{15}12\.{23}","counters":\[0,0,0\.5\],"prisoners":\[0,0,0\],"moves":3,"passes":0,"over":false,"result":null\}]
# Under famine Black (counter 0) may not pass, so the record's second move is refused.
set_rules famine
19 loadsgf test/gtp/fixtures/handicap-pass.sgf
#? ?[cannot load file: move 2 is refused \(pass-forbidden\)]
# ...and a refused load changes nothing (set_rules had cleared the 9x9 board).
20 get_state
#? [\{"to_move":1,"position":"\.{81}","counters":\[0,0,7\.5\],.*"moves":0,.*\}]

# A vertex instead of a move number: the position before the first stone there (B E5, W C7, B G7; C7 is move 2).
23 loadsgf test/gtp/fixtures/three-moves.sgf C7
#? [white]
24 get_state
#? [\{"to_move":2,"position":"\.{40}1\.{40}",.*"moves":1,.*\}]
25 loadsgf test/gtp/fixtures/three-moves.sgf Z99
#? ?[syntax error]
26 loadsgf test/gtp/fixtures/three-moves.sgf 0
#? ?[syntax error]

# A record that goes on after a pass pair and ends with one: B C3, W D2, pass, pass, B B4, W pass, B pass.
# It loads under area rules, the game is over, and White would move next.
set_rules area
27 loadsgf test/gtp/fixtures/passes-then-play.sgf
#? [white]
28 get_state
# Black C3, B4 against White D2, one shared empty region: 2 to 1 + 0.5.
#? [\{"to_move":null,"position":"\.{8}2\.{3}1\.{3}1\.{8}","counters":\[0,0,0\.5\],"prisoners":\[0,0,0\],"moves":7,"passes":2,"over":true,"result":"B\+0\.5"\}]

# RU names the rules the record was played under, and the record is replayed under them. The same five moves end in
# Black's suicide at A1: refused under Chinese rules, taken under New Zealand rules, whatever the current rules are.
set_rules area suicide=allowed
30 loadsgf test/gtp/fixtures/rules-chinese-suicide.sgf
#? ?[cannot load file: move 5 is refused \(suicide\)]
31 get_rules
#? [area ko=positional suicide=allowed .*]
set_rules area suicide=forbidden
32 loadsgf test/gtp/fixtures/rules-nz-suicide.sgf
#? [white]
33 get_rules
#? [area ko=situational suicide=allowed passes=free scoring=area komi=7\.5 colors=2 order=1,2]
# graphgo's own rules text (printsgf and the harness write it), komi included when there is no KM.
set_rules area
34 loadsgf test/gtp/fixtures/rules-own.sgf
#? [white]
35 get_rules
#? [famine ko=positional suicide=forbidden passes=paid scoring=lastmove komi=0\.5 colors=2 order=1,2]
# A named rule set without KM keeps the komi; a name graphgo does not know keeps the rules, KM still sets the komi.
komi 3
36 loadsgf test/gtp/fixtures/rules-japanese.sgf
#? [white]
37 get_rules
#? [kim ko=simple suicide=forbidden passes=free scoring=territory komi=3 colors=2 order=1,2]
set_rules area
38 loadsgf test/gtp/fixtures/rules-unknown.sgf
#? [white]
39 get_rules
#? [area ko=positional suicide=allowed passes=free scoring=area komi=8 colors=2 order=1,2]
# graphgo's own form that cannot hold an SGF game, or does not parse, refuses the load and changes nothing.
40 loadsgf test/gtp/fixtures/rules-three-colours.sgf
#? ?[cannot load file: RU\[netgo colors=3\] names 3 colours; an SGF record holds two]
41 loadsgf test/gtp/fixtures/rules-bad.sgf
#? ?[cannot load file: RU\[area komi=lots\]: komi must be a number, got "lots"]
42 get_rules
#? [area ko=positional suicide=allowed passes=free scoring=area komi=8 colors=2 order=1,2]
# A KM that is no number refuses the load, as `komi abc` is refused, rather than keep the old komi quietly.
43 loadsgf test/gtp/fixtures/komi-bad.sgf
#? ?[cannot load file: bad komi KM\[abc\]]
44 get_rules
#? [area ko=positional suicide=allowed passes=free scoring=area komi=8 colors=2 order=1,2]

# Files that are missing or broken.
21 loadsgf test/gtp/fixtures/no-such-file.sgf
#? ?[cannot load file]
22 loadsgf test/gtp/fixtures/broken.sgf
#? ?[cannot load file: .*]
23 loadsgf test/gtp/fixtures/path3.edges
#? ?[cannot load file: .*]
24 loadsgf test/gtp/fixtures/three-moves.sgf 0
#? ?[syntax error]
25 loadsgf test/gtp/fixtures/three-moves.sgf x
#? ?[syntax error]
