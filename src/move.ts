/** Reserved move values beside vertices 0..n-1. */
export const PASS = -1;
export const RESIGN = -2;
