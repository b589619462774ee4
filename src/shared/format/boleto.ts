/** A 47-digit linha digitável as printed on the bill: `AAAAA.AAAAA BBBBB.BBBBBB CCCCC.CCCCCC D EEEEEEEEEEEEEE`. */
export function formatLinhaDigitavel(line: string): string {
  if (!/^\d{47}$/.test(line)) return line;
  const f = (from: number, to: number) => line.slice(from, to);
  return `${f(0, 5)}.${f(5, 10)} ${f(10, 15)}.${f(15, 21)} ${f(21, 26)}.${f(26, 32)} ${f(32, 33)} ${f(33, 47)}`;
}
