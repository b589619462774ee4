import type { ServerEvent } from './sse-parser.ts';

/**
 * What a feature does with the events of its kind on the user's live stream (`order`, `analysis`…),
 * registered at start (signed-in-runtime.tsx) so that features stay apart: the stream's follower
 * (notifications) hands every other event here.
 */
export type LiveEventHandler = (userId: string, event: ServerEvent) => void | Promise<void>;

const handlers = new Map<string, LiveEventHandler>();

/** Returns the unregister function. */
export function registerLiveEventHandler(eventName: string, handler: LiveEventHandler): () => void {
  handlers.set(eventName, handler);
  return () => {
    if (handlers.get(eventName) === handler) handlers.delete(eventName);
  };
}

/** Runs the handler registered for the event's name, if any; its failure is not the stream's. */
export async function dispatchLiveEvent(userId: string, event: ServerEvent): Promise<void> {
  await handlers.get(event.event)?.(userId, event);
}
