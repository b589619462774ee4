import { i18n } from '#app/lib/i18n.ts';
import { SITE_NAMESPACES } from '#shared/page-texts.ts';

/** Route loader of the public pages: their texts load beside the page's code (the server preloads them too). */
export async function loadSiteTexts() {
  await i18n.loadNamespaces(SITE_NAMESPACES);
}
