/**
 * Python difflib's `SequenceMatcher(None, a, b).ratio()` (Ratcliff/Obershelp), as Django's
 * UserAttributeSimilarityValidator uses it.
 *
 * ratio = 2·M / T, where T is the total length of both strings and M the number of characters in the
 * matching blocks: the longest common contiguous block (ties: earliest in `a`, then earliest in `b`),
 * then, recursively, the blocks to its left and to its right. Two empty strings give 1.
 *
 * Strings are compared by code point, as Python does. There is no junk and no autojunk heuristic
 * (difflib only applies autojunk when `b` has 200 or more characters).
 */
export function similarityRatio(a: string, b: string): number {
  const left = Array.from(a);
  const right = Array.from(b);
  const total = left.length + right.length;
  if (total === 0) return 1;
  return (2 * matchingCharacters(left, right)) / total;
}

/**
 * Python difflib's `SequenceMatcher(None, a, b).quick_ratio()`: 2·M / T where M counts the characters the
 * two strings share regardless of order (multiset intersection). An upper bound of `similarityRatio`.
 * This, not `ratio()`, is the measure Django's UserAttributeSimilarityValidator compares with max_similarity.
 */
export function quickRatio(a: string, b: string): number {
  const left = Array.from(a);
  const right = Array.from(b);
  const total = left.length + right.length;
  if (total === 0) return 1;
  const available = new Map<string, number>();
  for (const element of right) available.set(element, (available.get(element) ?? 0) + 1);
  let matched = 0;
  for (const element of left) {
    const count = available.get(element) ?? 0;
    if (count > 0) {
      available.set(element, count - 1);
      matched++;
    }
  }
  return (2 * matched) / total;
}

/** M: the number of characters in SequenceMatcher's matching blocks. */
function matchingCharacters(a: readonly string[], b: readonly string[]): number {
  // b2j: for each element of b, the (ascending) indices where it occurs.
  const b2j = new Map<string, number[]>();
  b.forEach((element, j) => {
    const indices = b2j.get(element);
    if (indices) indices.push(j);
    else b2j.set(element, [j]);
  });

  let matched = 0;
  const queue: Array<[number, number, number, number]> = [[0, a.length, 0, b.length]];
  while (queue.length > 0) {
    const [alo, ahi, blo, bhi] = queue.pop()!;
    const [i, j, size] = findLongestMatch(a, b2j, alo, ahi, blo, bhi);
    if (size === 0) continue;
    matched += size;
    if (alo < i && blo < j) queue.push([alo, i, blo, j]);
    if (i + size < ahi && j + size < bhi) queue.push([i + size, ahi, j + size, bhi]);
  }
  return matched;
}

/** difflib's find_longest_match without junk: [i, j, size] of the longest a[i:i+size] == b[j:j+size] in the ranges. */
function findLongestMatch(
  a: readonly string[],
  b2j: ReadonlyMap<string, readonly number[]>,
  alo: number,
  ahi: number,
  blo: number,
  bhi: number,
): [number, number, number] {
  let besti = alo;
  let bestj = blo;
  let bestsize = 0;
  // j2len.get(j): length of the longest match ending with a[i-1] and b[j].
  let j2len = new Map<number, number>();
  for (let i = alo; i < ahi; i++) {
    const newj2len = new Map<number, number>();
    for (const j of b2j.get(a[i]!) ?? []) {
      if (j < blo) continue;
      if (j >= bhi) break;
      const k = (j2len.get(j - 1) ?? 0) + 1;
      newj2len.set(j, k);
      if (k > bestsize) {
        besti = i - k + 1;
        bestj = j - k + 1;
        bestsize = k;
      }
    }
    j2len = newj2len;
  }
  return [besti, bestj, bestsize];
}
