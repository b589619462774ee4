/**
 * Group commit: what is submitted while a batch is being written waits, and goes with the others in the next batch,
 * in one transaction (`run`). Nothing waits for company: the first item after a quiet spell is written after one
 * turn of the event loop, with what arrived in that turn. On PGlite every statement runs one after the other through its WebAssembly, so a burst of webhooks costs
 * a few set-wise statements per batch instead of a dozen per event (issue 35: tests/bench/RESULTS.md "Payments").
 * Used by the webhooks' confirmations (payment-confirmations.ts), staff's boletos (bill-issuing.ts) and the reads of
 * the payers those name (payer.ts).
 *
 * `run` answers each item in its place: its value, or the error that item alone is refused with (a 404, a 409).
 * When `run` throws (a lost connection, a deadlock with another process), each item of the batch is tried again
 * alone, so one item cannot fail the others.
 */
export type Outcome<O> = { ok: true; value: O } | { ok: false; error: unknown };

interface Waiting<I, O> {
  item: I;
  resolve(value: O): void;
  reject(error: unknown): void;
}

/** A batch large enough to amortise its statements, small enough that its transaction holds its locks briefly. */
const MAX_BATCH = 50;

/**
 * One turn of the event loop, so that the requests already received are read and submitted before the batch is
 * taken: PGlite runs a transaction's statements without giving the loop a turn, so otherwise every batch were one.
 */
const takeInWhatHasArrived = () => new Promise((resolve) => setImmediate(resolve));

export function groupCommit<I, O>(run: (items: I[]) => Promise<Outcome<O>[]>): (item: I) => Promise<O> {
  const waiting: Waiting<I, O>[] = [];
  let writing = false;

  const settle = (entry: Waiting<I, O>, outcome: Outcome<O>) => (outcome.ok ? entry.resolve(outcome.value) : entry.reject(outcome.error));

  async function runAlone(entry: Waiting<I, O>) {
    try {
      settle(entry, (await run([entry.item]))[0]!);
    } catch (error) {
      entry.reject(error);
    }
  }

  async function write(batch: Waiting<I, O>[]) {
    try {
      const outcomes = await run(batch.map((entry) => entry.item));
      batch.forEach((entry, i) => settle(entry, outcomes[i]!));
    } catch (error) {
      if (batch.length === 1) return batch[0]!.reject(error);
      for (const entry of batch) await runAlone(entry);
    }
  }

  async function drain() {
    writing = true;
    try {
      while (waiting.length > 0) {
        await takeInWhatHasArrived();
        await write(waiting.splice(0, MAX_BATCH));
      }
    } finally {
      writing = false;
    }
  }

  return (item) =>
    new Promise<O>((resolve, reject) => {
      waiting.push({ item, resolve, reject });
      if (!writing) void drain();
    });
}
