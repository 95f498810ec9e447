// Line arithmetic shared by everything that turns offsets into positions.

/** The 0-based index of the line holding `offset`, given the offsets where lines start (ascending, the first 0). */
export function lineIndexAt(starts: ArrayLike<number>, offset: number): number {
  let lo = 0;
  let hi = starts.length - 1;
  while (lo < hi) {
    const mid = (lo + hi + 1) >> 1;
    if ((starts[mid] ?? 0) <= offset) lo = mid;
    else hi = mid - 1;
  }
  return lo;
}
