import { i18n } from '#app/lib/i18n.ts';
import { AUTH_NAMESPACES } from '#shared/page-texts.ts';

export { AUTH_NAMESPACES };

/**
 * A route loader for the public auth pages: fetches the forms' texts while the form's code loads,
 * instead of after it (one round trip less before the first paint of /login and /signup).
 */
export async function loadAuthTexts() {
  await i18n.loadNamespaces(AUTH_NAMESPACES);
}
