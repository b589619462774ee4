import type { Query } from '@tanstack/react-query';
import { shouldPersist } from './query-client.ts';

const query = (persist: boolean, status: 'success' | 'error' | 'pending', data: unknown) =>
  ({ meta: persist ? { persist: true } : undefined, state: { status, data } }) as unknown as Pick<Query, 'meta' | 'state'>;

describe('what the persisted query cache keeps (offline reads)', () => {
  it.each([
    ['a read with data', query(true, 'success', { name: 'Rita' }), true],
    // Offline, a restored profile's refetch fails: its data must stay stored, or the next offline start has none (issue 29).
    ['a read whose refetch failed, with the data it had', query(true, 'error', { name: 'Rita' }), true],
    ['a read that never had data', query(true, 'error', undefined), false],
    ['a read not meant to be persisted', query(false, 'success', { name: 'Rita' }), false],
  ])('%s → %s', (_name, candidate, kept) => {
    expect(shouldPersist(candidate)).toBe(kept);
  });
});
