import { useEffect } from 'react';

/** What had focus before a dialog or an action, and its table row (kept: the action may remove the control itself). */
export interface FocusOrigin {
  element: HTMLElement;
  row: HTMLElement | null;
}

const FOCUSABLE = 'button:not(:disabled), a[href], input:not(:disabled), select:not(:disabled), textarea:not(:disabled), [tabindex]:not([tabindex="-1"])';

/** The focused control now (none when focus is on the page itself). */
export function focusOrigin(active: Element | null = document.activeElement): FocusOrigin | null {
  if (!(active instanceof HTMLElement) || active === document.body) return null;
  return { element: active, row: active.closest<HTMLElement>('tr, [data-focus-row]') };
}

/**
 * Where focus goes back to: the control while it is on the page and usable; once its action removed or disabled it,
 * the first control of its row, or the row itself.
 */
export function focusTarget({ element, row }: FocusOrigin): HTMLElement | null {
  if (element.isConnected && !element.matches(':disabled')) return element;
  if (!row?.isConnected) return null;
  const control = row.querySelector<HTMLElement>(FOCUSABLE);
  if (control) return control;
  row.tabIndex = -1;
  return row;
}

/** Puts focus back on `origin` after the re-render the action caused (the refreshed table is on the page by then). */
export function returnFocus(origin: FocusOrigin | null) {
  if (!origin) return undefined;
  return window.setTimeout(() => focusTarget(origin)?.focus(), 0);
}

/** A dialog that just closed and gave focus back, for a dialog it opened in the same moment ("Create order" → its bill). */
let handingOver: { origin: FocusOrigin; timer: number | undefined } | null = null;

function takeOver(): FocusOrigin | null {
  if (!handingOver) return null;
  window.clearTimeout(handingOver.timer);
  const { origin } = handingOver;
  handingOver = null;
  return origin;
}

/**
 * While `opened`, remembers what opened the dialog; when it closes (or unmounts: the staff dialogs are keyed by
 * their record), focus goes back there. Runs before Mantine's focus trap moves focus into the dialog (a timeout).
 */
export function useFocusBack(opened: boolean) {
  useEffect(() => {
    if (!opened) return undefined;
    const origin = takeOver() ?? focusOrigin();
    return () => {
      const timer = returnFocus(origin);
      if (origin) handingOver = { origin, timer };
      window.setTimeout(() => {
        if (handingOver?.origin === origin) handingOver = null;
      }, 0);
    };
  }, [opened]);
}
