import type { ManifestOptions } from 'vite-plugin-pwa';

/** The web app manifest, in the default language (pt-BR); the app itself follows the chosen one. */
export const pwaManifest: Partial<ManifestOptions> = {
  id: '/',
  name: 'DoseHub: dosimetria e imagem médica',
  short_name: 'DoseHub',
  description:
    'Contrate análises de dosimetria, envie calibrações e imagens SPECT/CT, acompanhe cada análise até o laudo, mesmo com a rede instável do hospital.',
  lang: 'pt-BR',
  dir: 'ltr',
  start_url: '/dashboard',
  scope: '/',
  display: 'standalone',
  orientation: 'any',
  theme_color: '#0b7285',
  background_color: '#ffffff',
  categories: ['medical', 'health', 'productivity'],
  icons: [
    { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
    { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
    { src: '/icons/maskable-192.png', sizes: '192x192', type: 'image/png', purpose: 'maskable' },
    { src: '/icons/maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
  ],
  screenshots: [
    { src: '/screenshots/narrow.png', sizes: '780x1688', type: 'image/png', form_factor: 'narrow', label: 'Serviços do DoseHub no celular' },
    { src: '/screenshots/wide.png', sizes: '1280x800', type: 'image/png', form_factor: 'wide', label: 'Serviços do DoseHub no computador' },
  ],
  shortcuts: [
    { name: 'Meus serviços', short_name: 'Serviços', url: '/dashboard/my-services', icons: [{ src: '/icons/icon-192.png', sizes: '192x192' }] },
    { name: 'Minhas calibrações', short_name: 'Calibrações', url: '/dashboard/my-calibrations', icons: [{ src: '/icons/icon-192.png', sizes: '192x192' }] },
    { name: 'Notificações', short_name: 'Notificações', url: '/dashboard/notifications', icons: [{ src: '/icons/icon-192.png', sizes: '192x192' }] },
  ],
};
