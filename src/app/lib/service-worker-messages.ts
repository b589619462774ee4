/** Opens an in-app path (with its search and hash), e.g. the router history's push. */
type Navigate = (path: string) => void;

const isAppPath = (url: unknown): url is string => typeof url === 'string' && url.startsWith('/') && !url.startsWith('//');

/** A notification click on a tab the worker does not control asks the page to open the notification's screen itself. */
export function followServiceWorkerNavigation(navigate: Navigate) {
  navigator.serviceWorker?.addEventListener('message', (event: MessageEvent) => {
    const data = event.data as { type?: string; url?: unknown } | null;
    if (data?.type === 'navigate' && isAppPath(data.url)) navigate(data.url);
  });
}
