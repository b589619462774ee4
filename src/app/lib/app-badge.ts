type BadgeNavigator = Navigator & { setAppBadge?: (count?: number) => Promise<void>; clearAppBadge?: () => Promise<void> };

/** Mirrors the unread count on the installed app's icon (Badging API), cleared at 0; a no-op where unsupported. */
export function setAppBadge(unread: number, nav: BadgeNavigator = navigator) {
  const request = unread > 0 ? nav.setAppBadge?.(unread) : nav.clearAppBadge?.();
  // Refused without notification permission on some platforms; the in-app bell shows the count anyway.
  void request?.catch(() => undefined);
}
