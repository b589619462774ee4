import { useSyncExternalStore } from 'react';

/** Chromium's install event (not in the DOM typings). */
interface BeforeInstallPromptEvent extends Event {
  prompt(): Promise<void>;
  userChoice: Promise<{ outcome: 'accepted' | 'dismissed' }>;
}

export type InstallOption = 'prompt' | 'ios' | 'none';

let deferred: BeforeInstallPromptEvent | null = null;
const listeners = new Set<() => void>();
const notify = () => listeners.forEach((listener) => listener());

const isStandalone = () => window.matchMedia?.('(display-mode: standalone)').matches || (navigator as { standalone?: boolean }).standalone === true;

/** iPhone and iPad Safari: no install event, the user adds the app from the Share menu. */
export const isIosBrowser = (userAgent = navigator.userAgent, touchPoints = navigator.maxTouchPoints) =>
  /iPhone|iPad|iPod/.test(userAgent) || (/Macintosh/.test(userAgent) && touchPoints > 1);

/** Keeps Chromium's install event so an Install button can offer it later. */
export function startInstallPrompt() {
  window.addEventListener('beforeinstallprompt', (event) => {
    event.preventDefault();
    deferred = event as BeforeInstallPromptEvent;
    notify();
  });
  window.addEventListener('appinstalled', () => {
    deferred = null;
    notify();
  });
}

function currentOption(): InstallOption {
  if (isStandalone()) return 'none';
  if (deferred) return 'prompt';
  return isIosBrowser() ? 'ios' : 'none';
}

/** Shows the browser's install dialog; the button goes away once the user has answered. */
export async function promptInstall() {
  const event = deferred;
  if (!event) return;
  await event.prompt();
  await event.userChoice.catch(() => undefined);
  deferred = null;
  notify();
}

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

export function useInstallOption(): InstallOption {
  // Pre-rendered pages (no window) offer nothing; the browser's answer comes with the app.
  return useSyncExternalStore(subscribe, currentOption, () => 'none');
}
