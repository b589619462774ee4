/** Told how long each query took, in seconds (the metrics' database query time). */
export type QueryObserver = (seconds: number) => void;

type Queryable = { query: (...args: any[]) => any }; // eslint-disable-line @typescript-eslint/no-explicit-any -- pg's and PGlite's overloads

/** Times `target.query` in place: promise-returning calls and pg's callback form (Pool.query uses it). */
export function timeQueries<T extends Queryable>(target: T, observe: QueryObserver): T {
  const query = target.query.bind(target);
  target.query = (...args: unknown[]) => {
    const started = performance.now();
    const done = () => observe((performance.now() - started) / 1000);
    const last = args.at(-1);
    if (typeof last === 'function') {
      args[args.length - 1] = (...results: unknown[]) => {
        done();
        return (last as (...a: unknown[]) => unknown)(...results);
      };
      return query(...args);
    }
    const result = query(...args);
    if (typeof result?.then === 'function') (result as Promise<unknown>).then(done, done);
    return result;
  };
  return target;
}
