import { useEffect, useState } from 'react';
import { useRouterState } from '@tanstack/react-router';
import { CHUNK_TIMEOUT_MS, ChunkTimeoutError } from './chunk-recovery.ts';

/** docs/product.md §8: a page whose code is still loading after 120 s fails with a chunk-load error instead of spinning forever. */
export function useChunkTimeout(timeoutMs = CHUNK_TIMEOUT_MS) {
  const loading = useRouterState({ select: (state) => state.isLoading });
  const [timedOut, setTimedOut] = useState(false);
  useEffect(() => {
    if (!loading) return;
    const timer = setTimeout(() => setTimedOut(true), timeoutMs);
    return () => clearTimeout(timer);
  }, [loading, timeoutMs]);
  if (timedOut && loading) throw new ChunkTimeoutError();
}
