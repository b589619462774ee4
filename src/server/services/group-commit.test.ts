import { describe, expect, it } from 'vitest';
import { groupCommit, type Outcome } from './group-commit.ts';

/** A `run` that records each batch it is given and answers each item with its double (an odd item is refused). */
function doubling() {
  const batches: number[][] = [];
  const run = async (items: number[]): Promise<Outcome<number>[]> => {
    batches.push(items);
    await new Promise((resolve) => setTimeout(resolve, 5));
    return items.map((n) => (n % 2 === 0 ? { ok: true, value: n * 2 } : { ok: false, error: new Error(`odd ${n}`) }));
  };
  return { batches, run };
}

describe('groupCommit', () => {
  it('writes what arrived together in one batch, and what arrives while it is written in the next', async () => {
    const { batches, run } = doubling();
    const submit = groupCommit(run);
    const first = [0, 2].map((n) => submit(n));
    await new Promise((resolve) => setTimeout(resolve, 1));
    const second = [4, 6, 8].map((n) => submit(n));
    expect(await Promise.all([...first, ...second])).toEqual([0, 4, 8, 12, 16]);
    expect(batches).toEqual([[0, 2], [4, 6, 8]]);
  });

  it("answers each item in its place: one item's refusal is that item's alone", async () => {
    const { run } = doubling();
    const submit = groupCommit(run);
    const settled = await Promise.allSettled([0, 2, 3, 4].map((n) => submit(n)));
    expect(settled.map((result) => (result.status === 'fulfilled' ? result.value : (result.reason as Error).message))).toEqual([0, 4, 'odd 3', 8]);
  });

  it('when a whole batch fails (a lost connection), tries each of its items again alone', async () => {
    const batches: number[][] = [];
    const submit = groupCommit(async (items: number[]): Promise<Outcome<number>[]> => {
      batches.push(items);
      await new Promise((resolve) => setTimeout(resolve, 5));
      if (items.includes(13)) throw new Error('connection lost');
      return items.map((n) => ({ ok: true, value: n }));
    });
    const settled = await Promise.allSettled([1, 2, 13, 4].map((n) => submit(n)));
    expect(settled.map((result) => (result.status === 'fulfilled' ? result.value : (result.reason as Error).message))).toEqual([1, 2, 'connection lost', 4]);
    expect(batches).toEqual([[1, 2, 13, 4], [1], [2], [13], [4]]);
  });

  it('keeps going after a failed batch: the next items are written', async () => {
    let fail = true;
    const submit = groupCommit(async (items: number[]): Promise<Outcome<number>[]> => {
      if (fail) {
        fail = false;
        throw new Error('down');
      }
      return items.map((n) => ({ ok: true, value: n }));
    });
    await expect(submit(1)).rejects.toThrow('down');
    await expect(submit(2)).resolves.toBe(2);
  });
});
