/**
 * Python's `round(x, 2)` (v1 rounded the calculator's results with it): the double's exact decimal value,
 * correctly rounded to 2 places, an exact tie to the even neighbour.
 *
 * `toFixed` already rounds the exact value, but an exact tie goes up. A double is an exact tie at 2 places
 * only when x·8 is an odd integer (x = k/100 + 1/200 = (2k + 1)/200 has a power-of-two denominator only then),
 * so only those are handled apart.
 */
export function roundHalfEven2(x: number): number {
  if (!Number.isFinite(x) || Math.abs(x) >= 1e15) return x;
  const eighths = x * 8;
  const isTie = Number.isInteger(eighths) && !Number.isInteger(eighths / 2);
  if (!isTie) return Number(x.toFixed(2));
  const below = Math.floor(x * 100);
  const even = below % 2 === 0 ? below : below + 1;
  return even / 100;
}
