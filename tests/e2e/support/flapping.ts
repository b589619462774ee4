import type { BrowserContext } from 'playwright-core';
import type { NetworkLink } from './network.ts';

/**
 * A network that comes and goes on a seeded schedule (issue 21): down for 2–8 s, up for 2–8 s, again and
 * again. A down window is either `offline` (the link refuses and the browser knows: `navigator.onLine`
 * false, `offline`/`online` events) or `unreachable` (the link refuses while the browser still says
 * online, as on a hospital Wi-Fi that reaches nothing).
 */

export type LinkState = 'online' | 'offline' | 'unreachable';

export interface StateChange {
  /** ms since the flapping started. */
  at: number;
  state: LinkState;
}

/** mulberry32: the same seed, the same numbers in [0, 1). */
export function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export const windowLength = (random: () => number, minMs = 2_000, maxMs = 8_000) => Math.round(minMs + random() * (maxMs - minMs));

/** The n-th window's state: down and up in turn, starting down; the first down window and a third of the others are `unreachable`. */
function stateOf(n: number, random: () => number): LinkState {
  if (n % 2 === 1) return 'online';
  return n === 0 || random() < 1 / 3 ? 'unreachable' : 'offline';
}

/** Puts the link and the browser in a state; resolves when both are there. */
export async function applyLinkState(link: NetworkLink, context: BrowserContext, state: LinkState) {
  if (state === 'online') {
    link.restore();
    await context.setOffline(false);
    return;
  }
  link.cut();
  await context.setOffline(state === 'offline');
}

export interface Flapping {
  /** Every state applied, in order. */
  changes: StateChange[];
  /** Lets the window in course end (after `minMs` of flapping at least), then leaves the network down and the browser offline. */
  end(): Promise<void>;
}

/** Flaps the link and the browser with windows drawn from `random`, until `end()` and for `minMs` at least. */
export function startFlapping(link: NetworkLink, context: BrowserContext, random: () => number, minMs: number): Flapping {
  const startedAt = Date.now();
  const changes: StateChange[] = [];
  let ending = false;

  const set = async (state: LinkState) => {
    await applyLinkState(link, context, state);
    changes.push({ at: Date.now() - startedAt, state });
  };

  const run = (async () => {
    for (let n = 0; !ending || Date.now() - startedAt < minMs; n++) {
      await set(stateOf(n, random));
      await new Promise((resolve) => setTimeout(resolve, windowLength(random)));
    }
    await set('offline');
  })();

  return {
    changes,
    end() {
      ending = true;
      return run;
    },
  };
}
