/**
 * The simple-ko shape the rule tests share: Black C2 captures White B2 and is then a lone stone whose only liberty
 * is B2, so White's retake would repeat the position at once. KO_WITH_ROOM is the same shape with two empty columns
 * on the right, for moves elsewhere.
 */
export const KO_SHAPE = `
  . X O .
  X O . O
  . X O .
`;

/** KO_SHAPE after Black C2. */
export const KO_SHAPE_CAPTURED = `
  . X O .
  X . X O
  . X O .
`;

export const KO_WITH_ROOM = `
  . X O . . .
  X O . O . .
  . X O . . .
`;

/** KO_WITH_ROOM after Black C2. */
export const KO_WITH_ROOM_CAPTURED = `
  . X O . . .
  X . X O . .
  . X O . . .
`;
