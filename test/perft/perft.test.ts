/**
 * Perft: the real Game (src/game.ts over the typed-array Position) against a second, naive implementation of
 * docs/rules.md (./naive-go.ts). perft(d) counts the sequences of d actions (moves and passes) from the empty board,
 * a finished game counting as one leaf wherever it ends. One walk to depth D gives perft(1..D): at every node of
 * the tree both sides must agree on the legal vertices (game.legalMoves and game.check per vertex), canPass,
 * whether the game is over, the result text, the colouring, prisoners and counters. The counts of both are
 * compared at every depth and pinned as literals (computed with the naive implementation).
 *
 * The counts (perft(d) of the naive implementation; the real Game must give the same, see CASES):
 * graph                   rules                            d1    d2    d3    d4    d5    d6    d7    d8    d9   d10
 * path 3                  area                              4    11    23    45    69   101   143   179   217   271
 * path 3                  famine                            3     7    10    18    22    32    36    42    56    88
 * path 3                  conway                            3     5     5     5     5     5     5     5     5     5
 * path 3                  kim                               4    11    23    45    77   129   221   365   589   973
 * path 3                  netgo                             4    11    23    45    77   129   221   365   589   973
 * path 3                  netgo colors=3                    4    11    24    44    78   148   276   510   902  1604
 * path 3                  netgo order=1,2,2,1               4    11    30    63   135   273   589  1137  2403  4689
 * path 3                  kim colors=3                      4    11    24    44    78   148   276   510   902  1604
 * path 3                  area ko=situational               4    13    35    77   139   255   447   777  1229  1893
 * path 3                  famine ko=situational             3     9    18    38    58   146   238   548   884  1718
 * cycle 4                 area                              5    21    69   161   337   673  1249  2521
 * cycle 4                 famine                            4    16    36    68   112   216   392  1064
 * cycle 4                 conway                            4    12    24    24    40    40    40    72
 * cycle 4                 kim                               5    21    69   161   337   673  1329  2929
 * cycle 4                 netgo                             5    21    69   161   337   673  1329  2929
 * cycle 4                 netgo colors=3                    5    21    65   181   405   913  2121  5105
 * cycle 4                 netgo order=1,2,2,1               5    21    73   193   505  1133  2685  6241
 * cycle 4                 kim colors=3                      5    21    65   181   405   913  2121  5105
 * cycle 4                 area ko=situational               5    21    69   185   449   929  1889  4385
 * cycle 4                 famine ko=situational             4    16    36    92   184   336   816  2576
 * grid 2 2                area                              5    21    69   161   337   673  1249  2521  4857
 * grid 2 2                famine                            4    16    36    68   112   216   392  1064  1904
 * grid 2 2                conway                            4    12    24    24    40    40    40    72   104
 * grid 2 2                kim                               5    21    69   161   337   673  1329  2929  6441
 * grid 2 2                netgo                             5    21    69   161   337   673  1329  2929  6441
 * grid 2 2                netgo colors=3                    5    21    65   181   405   913  2121  5105 12145
 * grid 2 2                netgo order=1,2,2,1               5    21    73   193   505  1133  2685  6241 14729
 * grid 2 2                kim colors=3                      5    21    65   181   405   913  2121  5105 12145
 * grid 2 2                area ko=situational               5    21    69   185   449   929  1889  4385 10737
 * grid 2 2                famine ko=situational             4    16    36    92   184   336   816  2576  6840
 * grid 2 3                area                              7    43   223   949  3421
 * grid 2 3                famine                            6    36   150   606  1592
 * grid 2 3                conway                            6    30   120   344   728
 * grid 2 3                kim                               7    43   223   941  3285
 * grid 2 3                netgo                             7    43   223   941  3285
 * grid 2 3                netgo colors=3                    7    43   221   983  3567
 * grid 2 3                netgo order=1,2,2,1               7    43   229  1013  3861
 * grid 2 3                kim colors=3                      7    43   221   983  3567
 * grid 2 3                area ko=situational               7    43   223   981  3669
 * grid 2 3                famine ko=situational             6    36   150   638  1784
 * complete 4              area                              5    21    69   177   393   801  1497  2961
 * complete 4              famine                            4    16    36    84   120   240   408  1104
 * complete 4              conway                            4    12    24    24    48    48    48    96
 * complete 4              kim                               5    21    69   177   393   801  1593  3465
 * complete 4              netgo                             5    21    69   177   393   801  1593  3465
 * complete 4              netgo colors=3                    5    21    73   205   517  1249  3145  7921
 * complete 4              netgo order=1,2,2,1               5    21    73   209   545  1301  3101  7577
 * complete 4              kim colors=3                      5    21    73   205   517  1249  3145  7921
 * complete 4              area ko=situational               5    21    69   177   393   801  1593  3465
 * complete 4              famine ko=situational             4    16    36    84   120   240   480  1560
 * star 4                  area                              5    18    51   114   207   381   645  1197  2235
 * star 4                  famine                            4    13    27    45    69   117   213   465   795
 * star 4                  conway                            4    10    16    16    16    16    16    16    16
 * star 4                  kim                               5    18    51   114   207   381   687  1389  2871
 * star 4                  netgo                             5    18    51   114   207   381   687  1389  2871
 * star 4                  netgo colors=3                    5    18    52   124   250   442   694  1105  1993
 * star 4                  netgo order=1,2,2,1               5    18    64   140   362   701  1580  3248  7958
 * star 4                  kim colors=3                      5    18    52   124   250   442   694  1105  1993
 * star 4                  area ko=situational               5    21    75   225   603  1407  2841  6387 15087
 * star 4                  famine ko=situational             4    16    45   132   309   663  1329  3843  9585
 * petersen                area                             11   111  1011
 * petersen                famine                           10   100   810
 * petersen                conway                           10    90   720
 * petersen                kim                              11   111  1011
 * petersen                netgo colors=3                   11   111  1021
 * petersen                famine ko=situational            10   100   810
 * edges 4 1>2 2-3 3>4 4-1 area                              5    19    61   157   357   777  1559  3167
 * edges 4 1>2 2-3 3>4 4-1 famine                            4    14    32    78   134   298   576  1362
 * edges 4 1>2 2-3 3>4 4-1 conway                            4    10    20    32    42    54    74   110
 * edges 4 1>2 2-3 3>4 4-1 kim                               5    19    57   135   293   613  1239  2625
 * edges 4 1>2 2-3 3>4 4-1 netgo                             5    19    57   135   293   613  1239  2625
 * edges 4 1>2 2-3 3>4 4-1 netgo colors=3                    5    19    59   153   343   737  1631  3771
 * edges 4 1>2 2-3 3>4 4-1 netgo order=1,2,2,1               5    19    63   163   427   979  2319  5241
 * edges 4 1>2 2-3 3>4 4-1 kim colors=3                      5    19    59   153   343   737  1631  3771
 * edges 4 1>2 2-3 3>4 4-1 area ko=situational               5    21    73   217   583  1383  3123  7527
 * edges 4 1>2 2-3 3>4 4-1 famine ko=situational             4    16    42   124   272   632  1442  4232
 * edges 4 1-2 2-3         area                              4    11    23    45    69   101   143   179   217
 * edges 4 1-2 2-3         famine                            3     7    10    18    22    32    36    42    56
 * edges 4 1-2 2-3         conway                            3     5     5     5     5     5     5     5     5
 * edges 4 1-2 2-3         kim                               4    11    23    45    77   129   221   365   589
 * edges 4 1-2 2-3         netgo                             4    11    23    45    77   129   221   365   589
 * edges 4 1-2 2-3         netgo colors=3                    4    11    24    44    78   148   276   510   902
 * edges 4 1-2 2-3         netgo order=1,2,2,1               4    11    30    63   135   273   589  1137  2403
 * edges 4 1-2 2-3         kim colors=3                      4    11    24    44    78   148   276   510   902
 * edges 4 1-2 2-3         area ko=situational               5    20    67   188   456   990  2176  4644  9142
 * edges 4 1-2 2-3         famine ko=situational             4    16    43   126   264   700  1521  3989  8295
 * edges 3 1>2 2>3 3>1     area                              4    10    22    46    76   121   184   262   352   472
 * edges 3 1>2 2>3 3>1     famine                            3     6     9    18    27    45    63   114   150   270
 * edges 3 1>2 2>3 3>1     conway                            3     3     3     3     3     3     3     3     3     3
 * edges 3 1>2 2>3 3>1     kim                               4    10    22    46    82   142   250   430   730  1246
 * edges 3 1>2 2>3 3>1     netgo                             4    10    22    46    82   142   250   430   730  1246
 * edges 3 1>2 2>3 3>1     netgo colors=3                    4    10    22    46    94   190   370   718  1390  2698
 * edges 3 1>2 2>3 3>1     netgo order=1,2,2,1               4    10    28    61   145   286   649  1255  2815  5449
 * edges 3 1>2 2>3 3>1     kim colors=3                      4    10    22    46    94   190   370   718  1390  2698
 * edges 3 1>2 2>3 3>1     area ko=situational               4    13    37    88   184   394   790  1540  2821  5158
 * edges 3 1>2 2>3 3>1     famine ko=situational             3     9    21    48    90   240   456  1122  2121  4809
 * edges 1                 area                              1     1     1     1
 * edges 1                 famine                            1     1     1     1
 * edges 1                 conway                            1     1     1     1
 * edges 1                 kim                               1     1     1     1
 * edges 1                 area ko=situational               2     2     2     2
 * grid 2 2                famine komi=0                     4    12    24    24    40    72    72   152
 * grid 2 2                famine komi=-2                    5    16    52    84   156   284   444   812
 * grid 2 2                famine komi=0.5                   4    16    36    60    92   124   244   708
 * grid 2 2                kim suicide=allowed               5    21    69   185   449   977  2185  5601
 * grid 2 2                area ko=simple                    5    21    69   185   449   977  2185  5601
 * grid 2 2                area scoring=territory            5    21    69   161   337   673  1249  2521
 * grid 2 2                netgo colors=3 order=1,2,3,2      5    21    65   185   433  1069  2373  6001
 * grid 2 2                conway ko=situational             4    12    24    32    64    64   128   256
 * grid 2 2                kim colors=3 order=3,2,1          5    21    65   181   405   913  2121  5105
 * edges 4 1>2 2-3 3>4 4-1 kim suicide=allowed               5    21    73   219   599  1489  3677
 * edges 4 1>2 2-3 3>4 4-1 netgo colors=3 order=1,2,3,2      5    19    59   161   365   861  1875
 * edges 4 1>2 2-3 3>4 4-1 famine komi=-2                    5    14    44    92   202   428   894
 *
 * Reading the table: `path 3, area: d1=4` is Black's three moves and a pass; `conway` on a path ends at once when
 * Black takes the middle (White has no legal move and may not pass: B+M); `edges 1` is a lone isolated vertex, where
 * a stone always self-captures and repeats the empty colouring, so under positional superko Black cannot move at
 * all (famine and conway: W+M at once), while under situational superko the suicide is legal once.
 */
import { describe, expect, it } from 'vitest';
import { parseGraphSpec } from '../../src/families.js';
import type { Graph } from '../../src/graph.js';
import { Game } from '../../src/game.js';
import { PASS } from '../../src/vocabulary.js';
import { PRESETS, parseRules } from '../../src/rules.js';
import type { Rules } from '../../src/rules.js';
import {
  NAIVE_PASS,
  NaiveGame,
  RULES_MD_PRESETS,
  naiveBoardOf,
  naivePerft,
  naiveRulesOf,
} from './naive-go.js';

interface Case {
  readonly graph: string;
  readonly rules: string;
  /** perft(1), perft(2), ... as computed by the naive implementation. */
  readonly counts: readonly number[];
}

const CASES: readonly Case[] = [
  { graph: 'path 3', rules: 'area', counts: [4, 11, 23, 45, 69, 101, 143, 179, 217, 271] },
  { graph: 'path 3', rules: 'famine', counts: [3, 7, 10, 18, 22, 32, 36, 42, 56, 88] },
  { graph: 'path 3', rules: 'conway', counts: [3, 5, 5, 5, 5, 5, 5, 5, 5, 5] },
  { graph: 'path 3', rules: 'kim', counts: [4, 11, 23, 45, 77, 129, 221, 365, 589, 973] },
  { graph: 'path 3', rules: 'netgo', counts: [4, 11, 23, 45, 77, 129, 221, 365, 589, 973] },
  { graph: 'path 3', rules: 'netgo colors=3', counts: [4, 11, 24, 44, 78, 148, 276, 510, 902, 1604] },
  { graph: 'path 3', rules: 'netgo order=1,2,2,1', counts: [4, 11, 30, 63, 135, 273, 589, 1137, 2403, 4689] },
  { graph: 'path 3', rules: 'kim colors=3', counts: [4, 11, 24, 44, 78, 148, 276, 510, 902, 1604] },
  { graph: 'path 3', rules: 'area ko=situational', counts: [4, 13, 35, 77, 139, 255, 447, 777, 1229, 1893] },
  { graph: 'path 3', rules: 'famine ko=situational', counts: [3, 9, 18, 38, 58, 146, 238, 548, 884, 1718] },
  { graph: 'cycle 4', rules: 'area', counts: [5, 21, 69, 161, 337, 673, 1249, 2521] },
  { graph: 'cycle 4', rules: 'famine', counts: [4, 16, 36, 68, 112, 216, 392, 1064] },
  { graph: 'cycle 4', rules: 'conway', counts: [4, 12, 24, 24, 40, 40, 40, 72] },
  { graph: 'cycle 4', rules: 'kim', counts: [5, 21, 69, 161, 337, 673, 1329, 2929] },
  { graph: 'cycle 4', rules: 'netgo', counts: [5, 21, 69, 161, 337, 673, 1329, 2929] },
  { graph: 'cycle 4', rules: 'netgo colors=3', counts: [5, 21, 65, 181, 405, 913, 2121, 5105] },
  { graph: 'cycle 4', rules: 'netgo order=1,2,2,1', counts: [5, 21, 73, 193, 505, 1133, 2685, 6241] },
  { graph: 'cycle 4', rules: 'kim colors=3', counts: [5, 21, 65, 181, 405, 913, 2121, 5105] },
  { graph: 'cycle 4', rules: 'area ko=situational', counts: [5, 21, 69, 185, 449, 929, 1889, 4385] },
  { graph: 'cycle 4', rules: 'famine ko=situational', counts: [4, 16, 36, 92, 184, 336, 816, 2576] },
  { graph: 'grid 2 2', rules: 'area', counts: [5, 21, 69, 161, 337, 673, 1249, 2521, 4857] },
  { graph: 'grid 2 2', rules: 'famine', counts: [4, 16, 36, 68, 112, 216, 392, 1064, 1904] },
  { graph: 'grid 2 2', rules: 'conway', counts: [4, 12, 24, 24, 40, 40, 40, 72, 104] },
  { graph: 'grid 2 2', rules: 'kim', counts: [5, 21, 69, 161, 337, 673, 1329, 2929, 6441] },
  { graph: 'grid 2 2', rules: 'netgo', counts: [5, 21, 69, 161, 337, 673, 1329, 2929, 6441] },
  { graph: 'grid 2 2', rules: 'netgo colors=3', counts: [5, 21, 65, 181, 405, 913, 2121, 5105, 12145] },
  { graph: 'grid 2 2', rules: 'netgo order=1,2,2,1', counts: [5, 21, 73, 193, 505, 1133, 2685, 6241, 14729] },
  { graph: 'grid 2 2', rules: 'kim colors=3', counts: [5, 21, 65, 181, 405, 913, 2121, 5105, 12145] },
  { graph: 'grid 2 2', rules: 'area ko=situational', counts: [5, 21, 69, 185, 449, 929, 1889, 4385, 10737] },
  { graph: 'grid 2 2', rules: 'famine ko=situational', counts: [4, 16, 36, 92, 184, 336, 816, 2576, 6840] },
  { graph: 'grid 2 3', rules: 'area', counts: [7, 43, 223, 949, 3421] },
  { graph: 'grid 2 3', rules: 'famine', counts: [6, 36, 150, 606, 1592] },
  { graph: 'grid 2 3', rules: 'conway', counts: [6, 30, 120, 344, 728] },
  { graph: 'grid 2 3', rules: 'kim', counts: [7, 43, 223, 941, 3285] },
  { graph: 'grid 2 3', rules: 'netgo', counts: [7, 43, 223, 941, 3285] },
  { graph: 'grid 2 3', rules: 'netgo colors=3', counts: [7, 43, 221, 983, 3567] },
  { graph: 'grid 2 3', rules: 'netgo order=1,2,2,1', counts: [7, 43, 229, 1013, 3861] },
  { graph: 'grid 2 3', rules: 'kim colors=3', counts: [7, 43, 221, 983, 3567] },
  { graph: 'grid 2 3', rules: 'area ko=situational', counts: [7, 43, 223, 981, 3669] },
  { graph: 'grid 2 3', rules: 'famine ko=situational', counts: [6, 36, 150, 638, 1784] },
  { graph: 'complete 4', rules: 'area', counts: [5, 21, 69, 177, 393, 801, 1497, 2961] },
  { graph: 'complete 4', rules: 'famine', counts: [4, 16, 36, 84, 120, 240, 408, 1104] },
  { graph: 'complete 4', rules: 'conway', counts: [4, 12, 24, 24, 48, 48, 48, 96] },
  { graph: 'complete 4', rules: 'kim', counts: [5, 21, 69, 177, 393, 801, 1593, 3465] },
  { graph: 'complete 4', rules: 'netgo', counts: [5, 21, 69, 177, 393, 801, 1593, 3465] },
  { graph: 'complete 4', rules: 'netgo colors=3', counts: [5, 21, 73, 205, 517, 1249, 3145, 7921] },
  { graph: 'complete 4', rules: 'netgo order=1,2,2,1', counts: [5, 21, 73, 209, 545, 1301, 3101, 7577] },
  { graph: 'complete 4', rules: 'kim colors=3', counts: [5, 21, 73, 205, 517, 1249, 3145, 7921] },
  { graph: 'complete 4', rules: 'area ko=situational', counts: [5, 21, 69, 177, 393, 801, 1593, 3465] },
  { graph: 'complete 4', rules: 'famine ko=situational', counts: [4, 16, 36, 84, 120, 240, 480, 1560] },
  { graph: 'star 4', rules: 'area', counts: [5, 18, 51, 114, 207, 381, 645, 1197, 2235] },
  { graph: 'star 4', rules: 'famine', counts: [4, 13, 27, 45, 69, 117, 213, 465, 795] },
  { graph: 'star 4', rules: 'conway', counts: [4, 10, 16, 16, 16, 16, 16, 16, 16] },
  { graph: 'star 4', rules: 'kim', counts: [5, 18, 51, 114, 207, 381, 687, 1389, 2871] },
  { graph: 'star 4', rules: 'netgo', counts: [5, 18, 51, 114, 207, 381, 687, 1389, 2871] },
  { graph: 'star 4', rules: 'netgo colors=3', counts: [5, 18, 52, 124, 250, 442, 694, 1105, 1993] },
  { graph: 'star 4', rules: 'netgo order=1,2,2,1', counts: [5, 18, 64, 140, 362, 701, 1580, 3248, 7958] },
  { graph: 'star 4', rules: 'kim colors=3', counts: [5, 18, 52, 124, 250, 442, 694, 1105, 1993] },
  { graph: 'star 4', rules: 'area ko=situational', counts: [5, 21, 75, 225, 603, 1407, 2841, 6387, 15087] },
  { graph: 'star 4', rules: 'famine ko=situational', counts: [4, 16, 45, 132, 309, 663, 1329, 3843, 9585] },
  { graph: 'petersen', rules: 'area', counts: [11, 111, 1011] },
  { graph: 'petersen', rules: 'famine', counts: [10, 100, 810] },
  { graph: 'petersen', rules: 'conway', counts: [10, 90, 720] },
  { graph: 'petersen', rules: 'kim', counts: [11, 111, 1011] },
  { graph: 'petersen', rules: 'netgo colors=3', counts: [11, 111, 1021] },
  { graph: 'petersen', rules: 'famine ko=situational', counts: [10, 100, 810] },
  { graph: 'edges 4 1>2 2-3 3>4 4-1', rules: 'area', counts: [5, 19, 61, 157, 357, 777, 1559, 3167] },
  { graph: 'edges 4 1>2 2-3 3>4 4-1', rules: 'famine', counts: [4, 14, 32, 78, 134, 298, 576, 1362] },
  { graph: 'edges 4 1>2 2-3 3>4 4-1', rules: 'conway', counts: [4, 10, 20, 32, 42, 54, 74, 110] },
  { graph: 'edges 4 1>2 2-3 3>4 4-1', rules: 'kim', counts: [5, 19, 57, 135, 293, 613, 1239, 2625] },
  { graph: 'edges 4 1>2 2-3 3>4 4-1', rules: 'netgo', counts: [5, 19, 57, 135, 293, 613, 1239, 2625] },
  { graph: 'edges 4 1>2 2-3 3>4 4-1', rules: 'netgo colors=3', counts: [5, 19, 59, 153, 343, 737, 1631, 3771] },
  { graph: 'edges 4 1>2 2-3 3>4 4-1', rules: 'netgo order=1,2,2,1', counts: [5, 19, 63, 163, 427, 979, 2319, 5241] },
  { graph: 'edges 4 1>2 2-3 3>4 4-1', rules: 'kim colors=3', counts: [5, 19, 59, 153, 343, 737, 1631, 3771] },
  { graph: 'edges 4 1>2 2-3 3>4 4-1', rules: 'area ko=situational', counts: [5, 21, 73, 217, 583, 1383, 3123, 7527] },
  { graph: 'edges 4 1>2 2-3 3>4 4-1', rules: 'famine ko=situational', counts: [4, 16, 42, 124, 272, 632, 1442, 4232] },
  { graph: 'edges 4 1-2 2-3', rules: 'area', counts: [4, 11, 23, 45, 69, 101, 143, 179, 217] },
  { graph: 'edges 4 1-2 2-3', rules: 'famine', counts: [3, 7, 10, 18, 22, 32, 36, 42, 56] },
  { graph: 'edges 4 1-2 2-3', rules: 'conway', counts: [3, 5, 5, 5, 5, 5, 5, 5, 5] },
  { graph: 'edges 4 1-2 2-3', rules: 'kim', counts: [4, 11, 23, 45, 77, 129, 221, 365, 589] },
  { graph: 'edges 4 1-2 2-3', rules: 'netgo', counts: [4, 11, 23, 45, 77, 129, 221, 365, 589] },
  { graph: 'edges 4 1-2 2-3', rules: 'netgo colors=3', counts: [4, 11, 24, 44, 78, 148, 276, 510, 902] },
  { graph: 'edges 4 1-2 2-3', rules: 'netgo order=1,2,2,1', counts: [4, 11, 30, 63, 135, 273, 589, 1137, 2403] },
  { graph: 'edges 4 1-2 2-3', rules: 'kim colors=3', counts: [4, 11, 24, 44, 78, 148, 276, 510, 902] },
  { graph: 'edges 4 1-2 2-3', rules: 'area ko=situational', counts: [5, 20, 67, 188, 456, 990, 2176, 4644, 9142] },
  { graph: 'edges 4 1-2 2-3', rules: 'famine ko=situational', counts: [4, 16, 43, 126, 264, 700, 1521, 3989, 8295] },
  { graph: 'edges 3 1>2 2>3 3>1', rules: 'area', counts: [4, 10, 22, 46, 76, 121, 184, 262, 352, 472] },
  { graph: 'edges 3 1>2 2>3 3>1', rules: 'famine', counts: [3, 6, 9, 18, 27, 45, 63, 114, 150, 270] },
  { graph: 'edges 3 1>2 2>3 3>1', rules: 'conway', counts: [3, 3, 3, 3, 3, 3, 3, 3, 3, 3] },
  { graph: 'edges 3 1>2 2>3 3>1', rules: 'kim', counts: [4, 10, 22, 46, 82, 142, 250, 430, 730, 1246] },
  { graph: 'edges 3 1>2 2>3 3>1', rules: 'netgo', counts: [4, 10, 22, 46, 82, 142, 250, 430, 730, 1246] },
  { graph: 'edges 3 1>2 2>3 3>1', rules: 'netgo colors=3', counts: [4, 10, 22, 46, 94, 190, 370, 718, 1390, 2698] },
  { graph: 'edges 3 1>2 2>3 3>1', rules: 'netgo order=1,2,2,1', counts: [4, 10, 28, 61, 145, 286, 649, 1255, 2815, 5449] },
  { graph: 'edges 3 1>2 2>3 3>1', rules: 'kim colors=3', counts: [4, 10, 22, 46, 94, 190, 370, 718, 1390, 2698] },
  { graph: 'edges 3 1>2 2>3 3>1', rules: 'area ko=situational', counts: [4, 13, 37, 88, 184, 394, 790, 1540, 2821, 5158] },
  { graph: 'edges 3 1>2 2>3 3>1', rules: 'famine ko=situational', counts: [3, 9, 21, 48, 90, 240, 456, 1122, 2121, 4809] },
  { graph: 'edges 1', rules: 'area', counts: [1, 1, 1, 1] },
  { graph: 'edges 1', rules: 'famine', counts: [1, 1, 1, 1] },
  { graph: 'edges 1', rules: 'conway', counts: [1, 1, 1, 1] },
  { graph: 'edges 1', rules: 'kim', counts: [1, 1, 1, 1] },
  { graph: 'edges 1', rules: 'area ko=situational', counts: [2, 2, 2, 2] },
  { graph: 'grid 2 2', rules: 'famine komi=0', counts: [4, 12, 24, 24, 40, 72, 72, 152] },
  { graph: 'grid 2 2', rules: 'famine komi=-2', counts: [5, 16, 52, 84, 156, 284, 444, 812] },
  { graph: 'grid 2 2', rules: 'famine komi=0.5', counts: [4, 16, 36, 60, 92, 124, 244, 708] },
  { graph: 'grid 2 2', rules: 'kim suicide=allowed', counts: [5, 21, 69, 185, 449, 977, 2185, 5601] },
  { graph: 'grid 2 2', rules: 'area ko=simple', counts: [5, 21, 69, 185, 449, 977, 2185, 5601] },
  { graph: 'grid 2 2', rules: 'area scoring=territory', counts: [5, 21, 69, 161, 337, 673, 1249, 2521] },
  { graph: 'grid 2 2', rules: 'netgo colors=3 order=1,2,3,2', counts: [5, 21, 65, 185, 433, 1069, 2373, 6001] },
  { graph: 'grid 2 2', rules: 'conway ko=situational', counts: [4, 12, 24, 32, 64, 64, 128, 256] },
  { graph: 'grid 2 2', rules: 'kim colors=3 order=3,2,1', counts: [5, 21, 65, 181, 405, 913, 2121, 5105] },
  { graph: 'edges 4 1>2 2-3 3>4 4-1', rules: 'kim suicide=allowed', counts: [5, 21, 73, 219, 599, 1489, 3677] },
  { graph: 'edges 4 1>2 2-3 3>4 4-1', rules: 'netgo colors=3 order=1,2,3,2', counts: [5, 19, 59, 161, 365, 861, 1875] },
  { graph: 'edges 4 1>2 2-3 3>4 4-1', rules: 'famine komi=-2', counts: [5, 14, 44, 92, 202, 428, 894] },
];

function graphOf(spec: string): Graph {
  const r = parseGraphSpec(spec);
  if (!r.ok) throw new Error(`${spec}: ${r.error.message}`);
  return r.value;
}

function rulesOf(text: string): Rules {
  const r = parseRules(text);
  if (!r.ok) throw new Error(`${text}: ${r.error.message}`);
  return r.value;
}

const name = (a: number): string => (a === NAIVE_PASS ? 'pass' : String(a + 1));

interface Walk {
  /** perft(d) for d = 0..D, of each side's own tree. */
  readonly game: number[];
  readonly naive: number[];
  readonly problems: string[];
  readonly maxProblems: number;
}

/** Node at depth k of one tree: it is perft(k)'s node, and when the game is over a leaf for every deeper d too. */
function tally(counts: number[], k: number, over: boolean): void {
  counts[k]++;
  if (over) for (let d = k + 1; d < counts.length; d++) counts[d]++;
}

function problem(w: Walk, path: readonly number[], text: string): void {
  if (w.problems.length < w.maxProblems) w.problems.push(`after [${path.map(name).join(' ')}]: ${text}`);
}

/** Actions of the real game at this node: game.legalMoves(toMove) in index order, then PASS when canPass. */
function gameActions(game: Game): number[] {
  if (game.over) return [];
  const color = game.toMove;
  const out = game.legalMoves(color);
  if (game.canPass(color)) out.push(PASS);
  return out;
}

/** Compares the two games at one node (both present). */
function compareNode(game: Game, naive: NaiveGame, path: readonly number[], w: Walk): void {
  const colors = naive.rules.colors;
  if (game.over !== naive.over) problem(w, path, `over: game ${game.over}, naive ${naive.over}`);
  if (game.result !== naive.result) problem(w, path, `result: game ${game.result}, naive ${naive.result}`);
  const state = game.state();
  if (state.position !== naive.text) problem(w, path, `colouring: game ${state.position}, naive ${naive.text}`);
  if ((state.toMove ?? 0) !== naive.toMove) problem(w, path, `to move: game ${state.toMove}, naive ${naive.toMove}`);
  for (let c = 1; c <= colors; c++) {
    if (game.prisoners(c) !== naive.prisoners(c)) {
      problem(w, path, `prisoners of ${c}: game ${game.prisoners(c)}, naive ${naive.prisoners(c)}`);
    }
    if (game.counter(c) !== naive.counter(c)) {
      problem(w, path, `counter of ${c}: game ${game.counter(c)}, naive ${naive.counter(c)}`);
    }
  }
  if (naive.over) return;
  const color = naive.toMove;
  const legal = game.legalMoves(color);
  const naiveLegal = naive.legalMoves();
  if (legal.join() !== naiveLegal.join()) {
    problem(w, path, `legal moves of ${color}: game [${legal.map(name)}], naive [${naiveLegal.map(name)}]`);
  }
  for (let v = 0; v < naive.board.n; v++) {
    const s = game.check(color, v);
    const ns = naive.status(v);
    if (s !== ns) problem(w, path, `check ${name(v)} for ${color}: game ${s}, naive ${ns}`);
  }
  if (game.canPass(color) !== naive.canPass()) {
    problem(w, path, `canPass(${color}): game ${game.canPass(color)}, naive ${naive.canPass()}`);
  }
}

/**
 * Walks both trees together to depth D. Where the two disagree on an action, the side that has it goes on alone,
 * so each side's counts are always those of its own tree.
 */
function walk(game: Game | null, naive: NaiveGame | null, path: number[], D: number, w: Walk): void {
  const k = path.length;
  if (game) tally(w.game, k, game.over);
  if (naive) tally(w.naive, k, naive.over);
  if (game && naive) compareNode(game, naive, path, w);
  if (k === D) return;
  const ga = game ? gameActions(game) : [];
  const na = naive ? naive.actions() : [];
  const all = [...new Set([...ga, ...na])].sort((a, b) => (a === PASS ? 1 : b === PASS ? -1 : a - b));
  for (const a of all) {
    let childGame: Game | null = null;
    if (game && ga.includes(a)) {
      const color = game.toMove;
      const status = game.play(color, a);
      if (status === 'ok') childGame = game;
      else problem(w, [...path, a], `game listed ${name(a)} for ${color} but play says ${status}`);
    }
    const childNaive = naive && na.includes(a) ? naive.play(a) : null;
    path.push(a);
    walk(childGame, childNaive, path, D, w);
    path.pop();
    if (childGame) {
      if (!game!.undo()) problem(w, path, 'undo refused');
    }
  }
}

function runCase(c: Case, D: number, maxProblems = 8): Walk {
  const graph = graphOf(c.graph);
  const rules = rulesOf(c.rules);
  const game = new Game(graph, rules);
  const naive = NaiveGame.start(naiveBoardOf(graph), naiveRulesOf(rules));
  const w: Walk = {
    game: new Array<number>(D + 1).fill(0),
    naive: new Array<number>(D + 1).fill(0),
    problems: [],
    maxProblems,
  };
  walk(game, naive, [], D, w);
  return w;
}


/** Walks are shared by the tests of one case and computed once. */
const walks = new Map<Case, Walk>();
function walkOf(c: Case): Walk {
  let w = walks.get(c);
  if (!w) {
    w = runCase(c, c.counts.length);
    walks.set(c, w);
  }
  return w;
}

describe('the presets are the table of docs/rules.md', () => {
  it.each(PRESETS.map((p) => [p]))('%s', (preset) => {
    const { preset: _name, order, ...body } = rulesOf(preset);
    expect(body).toEqual(RULES_MD_PRESETS[preset]);
    expect(order).toEqual(Array.from({ length: body.colors }, (_, i) => i + 1));
  });
});

describe.each(CASES.map((c) => [`${c.graph} | ${c.rules}`, c] as const))('perft %s', (_label, c) => {
  it('the naive counts are the pinned ones', () => {
    expect(walkOf(c).naive.slice(1)).toEqual(c.counts);
  });
  it('the Game counts equal the naive counts at every depth', () => {
    expect(walkOf(c).game.slice(1)).toEqual(walkOf(c).naive.slice(1));
  });
  it('legal moves, check, canPass, end, result, colouring, prisoners and counters agree at every node', () => {
    expect(walkOf(c).problems).toEqual([]);
  });
});

describe('the naive perft', () => {
  it('counts the same leaves as the depth-by-depth walk', () => {
    for (const c of CASES.slice(0, 12)) {
      const graph = graphOf(c.graph);
      const start = NaiveGame.start(naiveBoardOf(graph), naiveRulesOf(rulesOf(c.rules)));
      const depths = Math.min(4, c.counts.length);
      for (let d = 1; d <= depths; d++) expect(naivePerft(start, d)).toBe(c.counts[d - 1]);
    }
  });
});
