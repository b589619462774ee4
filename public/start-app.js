// The app after the load event and its paint: startAppAfterPaint, src/shared/prerendered-pages.ts.
const app = document.querySelector('script[data-entry]').dataset;
const start = () => {
  for (const href of app.preloads.split(' ').filter(Boolean)) document.head.append(Object.assign(document.createElement('link'), { rel: 'modulepreload', href }));
  import(app.entry);
};
addEventListener('load', () => requestAnimationFrame(() => setTimeout(start)));
