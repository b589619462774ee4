import { PRIVACY_NAMESPACES } from '#shared/page-texts.ts';
import { i18n } from '#app/lib/i18n.ts';

/** Route loader: the notice's texts load beside the page's code (the server preloads them too). */
export async function loadPrivacyTexts() {
  await i18n.loadNamespaces(PRIVACY_NAMESPACES);
}
