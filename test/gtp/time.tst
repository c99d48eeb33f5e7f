# time_settings and time_left (the random bot ignores the clock; the commands must still be accepted and checked).
1 time_settings 300 30 5
#? []
# byo-yomi time > 0 with 0 stones: no time limit.
2 time_settings 0 1 0
#? []
3 time_settings 0 0 0
#? []
4 time_settings 1 2
#? ?[syntax error]
5 time_settings a b c
#? ?[syntax error]
6 time_settings -1 0 0
#? ?[syntax error]
7 time_settings 1.5 0 0
#? ?[syntax error]
8 time_left b 100 0
#? []
9 time_left white 12.5 3
#? []
10 time_left W 0 0
#? []
11 time_left x 1 1
#? ?[syntax error]
12 time_left b -1 0
#? ?[syntax error]
13 time_left b 1
#? ?[syntax error]
14 time_left b 1 1.5
#? ?[syntax error]
15 genmove b
#? [[A-HJ-T]([1-9]|1[0-9])]
