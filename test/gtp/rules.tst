# set_rules / get_rules: presets, overrides, round trips and refusals. `graphgo gtp` starts under area rules (GUI
# front ends expect free passes and a count); famine is `set_rules famine` or `--rules famine` away.

1 get_rules
#? [area ko=positional suicide=allowed passes=free scoring=area komi=7\.5 colors=2 order=1,2]
2 set_rules area
#? []
3 get_rules
#? [area ko=positional suicide=allowed passes=free scoring=area komi=7\.5 colors=2 order=1,2]
4 set_rules conway
#? []
5 get_rules
#? [conway ko=positional suicide=allowed passes=none scoring=lastmove komi=0 colors=2 order=1,2]
6 set_rules kim
#? []
7 get_rules
#? [kim ko=simple suicide=forbidden passes=free scoring=territory komi=7\.5 colors=2 order=1,2]
8 set_rules netgo
#? []
9 get_rules
#? [netgo ko=simple suicide=forbidden passes=free scoring=territory komi=0 colors=2 order=1,2]
10 set_rules famine
#? []
11 get_rules
#? [famine ko=positional suicide=allowed passes=paid scoring=lastmove komi=7\.5 colors=2 order=1,2]

# Overrides; the preset name and the keys are case-insensitive; later keys win.
12 set_rules AREA suicide=forbidden KO=situational
#? []
13 get_rules
#? [area ko=situational suicide=forbidden passes=free scoring=area komi=7\.5 colors=2 order=1,2]
14 set_rules famine komi=0 komi=-3.5
#? []
15 get_rules
#? [famine ko=positional suicide=allowed passes=paid scoring=lastmove komi=-3\.5 colors=2 order=1,2]
16 get_state
#? [.*"counters":\[0,3\.5,0\].*]
17 set_rules netgo colors=3
#? []
18 get_rules
#? [netgo ko=simple suicide=forbidden passes=free scoring=territory komi=0 colors=3 order=1,2,3]
# An order without colors= sets colors to the highest colour it names.
19 set_rules netgo order=1,2,2,1
#? []
20 get_rules
#? [netgo ko=simple suicide=forbidden passes=free scoring=territory komi=0 colors=2 order=1,2,2,1]
21 set_rules kim order=1,3,2
#? []
22 get_rules
#? [kim ko=simple suicide=forbidden passes=free scoring=territory komi=7\.5 colors=3 order=1,3,2]
# ... also above the preset's two colours (netgo, area): an order names the players. famine's paid passes need two.
60 set_rules netgo order=1,2,3
#? []
61 get_rules
#? [netgo ko=simple suicide=forbidden passes=free scoring=territory komi=0 colors=3 order=1,2,3]
62 set_rules area order=2,3,1
#? []
63 get_rules
#? [area ko=positional suicide=allowed passes=free scoring=area komi=7\.5 colors=3 order=2,3,1]
64 set_rules netgo colors=2 order=1,2,3
#? ?[invalid rules: order names colour 3 but colors=2]
65 set_rules famine order=1,2,3
#? ?[invalid rules: passes=paid needs exactly 2 colours, not 3]
23 set_rules area scoring=territory ko=simple
#? []
24 get_rules
#? [area ko=simple suicide=allowed passes=free scoring=territory komi=7\.5 colors=2 order=1,2]

# Round trip: get_rules output is accepted back unchanged.
25 set_rules kim ko=simple suicide=forbidden passes=free scoring=territory komi=7.5 colors=3 order=1,3,2
#? []
26 get_rules
#? [kim ko=simple suicide=forbidden passes=free scoring=territory komi=7\.5 colors=3 order=1,3,2]

# set_rules clears the game and resets komi to the preset's unless komi= is given.
set_rules area
boardsize 5
komi 3
play b c3
27 set_rules area
#? []
28 get_state
#? [\{"to_move":1,"position":"\.{25}","counters":\[0,0,7\.5\],"prisoners":\[0,0,0\],"moves":0,"passes":0,"over":false,"result":null\}]

# Refusals: "invalid rules: <reason>", and nothing changes.
play b c3
30 set_rules foo
#? ?[invalid rules: unknown preset "foo" \(known: famine, area, conway, kim, netgo\)]
31 set_rules area ko=bar
#? ?[invalid rules: ko must be one of positional, situational, simple, got "bar"]
32 set_rules area suicide=sometimes
#? ?[invalid rules: suicide must be one of allowed, forbidden, got "sometimes"]
33 set_rules area passes=paid
#? ?[invalid rules: scoring=area needs passes=free \(the game ends by passing, then is counted\)]
34 set_rules famine passes=free
#? ?[invalid rules: scoring=lastmove needs passes=paid or passes=none \(with free passes the game has no last move\)]
35 set_rules famine colors=3
#? ?[invalid rules: passes=paid needs exactly 2 colours, not 3]
36 set_rules area order=1,3
#? ?[invalid rules: passes=free needs .*|invalid rules: order 1,3 misses colour 2]
37 set_rules area colors=3 order=1,2
#? ?[invalid rules: order 1,2 misses colour 3]
38 set_rules area colors=2 order=1,2,3
#? ?[invalid rules: order names colour 3 but colors=2]
39 set_rules area komi=x
#? ?[invalid rules: komi must be a number, got "x"]
40 set_rules area foo=1
#? ?[invalid rules: unknown key "foo" \(known: ko, suicide, passes, scoring, komi, colors, order\)]
41 set_rules area komi
#? ?[invalid rules: expected key=value, got "komi"]
42 set_rules area colors=10
#? ?[invalid rules: colors must be 2\.\.9, got 10]
43 set_rules area colors=1
#? ?[invalid rules: colors must be 2\.\.9, got 1]
44 set_rules area order=1,0
#? ?[invalid rules: order must be colours 1\.\.9 separated by commas, got "1,0"]
45 set_rules area scoring=points
#? ?[invalid rules: scoring must be one of area, territory, lastmove, got "points"]
46 set_rules
#? ?[syntax error]
47 get_rules
#? [area ko=positional suicide=allowed passes=free scoring=area komi=7\.5 colors=2 order=1,2]
48 get_state
#? [\{"to_move":2,"position":"\.{12}1\.{12}",.*"moves":1,.*\}]
