// The app of a pre-rendered page (startAppOnInteraction, src/shared/prerendered-pages.ts): on the visitor's first
// interaction, or once the browser is idle well after the load. Until then the page runs no script of ours: evaluating
// and rendering the app costs a slow phone seconds of long tasks, which would delay a tap made meanwhile.
const IDLE_AFTER_LOAD_MS = 5000;
const IDLE_WAIT_LIMIT_MS = 2000;
const INTERACTIONS = ['pointerdown', 'pointermove', 'touchstart', 'keydown', 'wheel'];
const listening = { capture: true, passive: true };

const app = document.querySelector('script[data-entry]').dataset;
const modules = [app.entry, ...app.preloads.split(' ').filter(Boolean)];
const root = document.getElementById('root');
const isInert = () => root.querySelector('[inert]') !== null;

// What was tapped while the page was inert acts once the app has replaced the page (in the same layout): a field
// gets the focus; a link or button tapped through to a click gets that click, so a first tap is not lost.
let tapped = null;
const rememberTap = (event) => {
  if (isInert()) tapped = { x: event.clientX, y: event.clientY, clicked: event.type === 'click' };
};
const takeover = new MutationObserver(() => {
  if (isInert()) return;
  takeover.disconnect();
  removeEventListener('pointerdown', rememberTap, listening);
  removeEventListener('click', rememberTap, listening);
  const target = tapped && document.elementFromPoint(tapped.x, tapped.y);
  if (target?.matches('input, textarea, select')) target.focus();
  else if (tapped?.clicked) target?.closest('a[href], button')?.click();
});
addEventListener('pointerdown', rememberTap, listening);
addEventListener('click', rememberTap, listening);

let started = false;
const start = () => {
  if (started) return;
  started = true;
  for (const type of INTERACTIONS) removeEventListener(type, start, listening);
  takeover.observe(root, { childList: true });
  for (const href of modules.slice(1)) document.head.append(Object.assign(document.createElement('link'), { rel: 'modulepreload', href }));
  import(app.entry);
};
for (const type of INTERACTIONS) addEventListener(type, start, listening);

const whenIdle = (run) => (window.requestIdleCallback ? requestIdleCallback(run, { timeout: IDLE_WAIT_LIMIT_MS }) : setTimeout(run));
// After the load the code is fetched, not run, so an interaction finds it in the HTTP cache (immutable assets);
// by fetch rather than prefetch links: a change to the document would cost a style pass over the whole page.
const prefetch = () => {
  if (!started) for (const href of modules) fetch(href, { priority: 'low' }).then((response) => response.blob()).catch(() => undefined);
};
// A page whose first screen is a form (sign-in, contact…) is there to be used: its app starts once the page has
// painted, so the form works, offline too, even if the network drops before the visitor touches it.
const isForm = root.querySelector('form') !== null;
const startLater = () => {
  if (isForm) return requestAnimationFrame(() => setTimeout(start));
  whenIdle(prefetch);
  setTimeout(() => whenIdle(start), IDLE_AFTER_LOAD_MS);
};
if (document.readyState === 'complete') startLater();
else addEventListener('load', startLater, { once: true });
