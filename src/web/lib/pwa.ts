/**
 * The installable app in the page (decision 0045):
 * - `startPwa()` (called once by main.tsx) registers the service worker `/sw.js` in production
 *   builds, counts this visit (once per browser session) and keeps Chromium's
 *   `beforeinstallprompt` event for the install offer. Under automation
 *   (`navigator.webdriver`) the worker is registered only when `localStorage['second-gear:sw']`
 *   is `on`, so browser tests that do not test it never meet a cached page.
 * - `installOffer` tells the install prompt whether to show: on the second visit or later, when
 *   the browser can install, and only once (`second-gear:install-offered`).
 */

const visitsKey = 'second-gear:visits';
const offeredKey = 'second-gear:install-offered';
const sessionKey = 'second-gear:visit-counted';

/** Chromium's install event (not in TypeScript's DOM types). */
export interface BeforeInstallPromptEvent extends Event {
  prompt(): Promise<void>;
  userChoice: Promise<{ outcome: 'accepted' | 'dismissed' }>;
}

let deferred: BeforeInstallPromptEvent | null = null;
/** The offer is on screen in this page's life (set once, when it first may be shown). */
let showing = false;
const listeners = new Set<() => void>();

function storage(kind: 'local' | 'session'): Storage | null {
  try {
    return kind === 'local' ? window.localStorage : window.sessionStorage;
  } catch {
    return null;
  }
}

/** How many visits (browser sessions) this browser made, this one included. */
export function visitCount(): number {
  return Number(storage('local')?.getItem(visitsKey) ?? '0') || 0;
}

/** Registers the worker, counts the visit and listens for the install event. */
export function startPwa(): void {
  const local = storage('local');
  const session = storage('session');
  if (session && !session.getItem(sessionKey)) {
    session.setItem(sessionKey, '1');
    local?.setItem(visitsKey, String(visitCount() + 1));
  }
  window.addEventListener('beforeinstallprompt', (event) => {
    // Our own offer replaces the browser's mini-infobar.
    event.preventDefault();
    deferred = event as BeforeInstallPromptEvent;
    if (!showing && visitCount() >= 2 && local?.getItem(offeredKey) !== '1') {
      // Offered once: remembered as soon as it is shown.
      showing = true;
      local?.setItem(offeredKey, '1');
    }
    for (const listener of listeners) listener();
  });
  window.addEventListener('appinstalled', () => {
    deferred = null;
    showing = false;
    local?.setItem(offeredKey, '1');
    for (const listener of listeners) listener();
  });
  const automated = navigator.webdriver && local?.getItem('second-gear:sw') !== 'on';
  if (import.meta.env.PROD && 'serviceWorker' in navigator && !automated) {
    const register = () =>
      navigator.serviceWorker.register('/sw.js', { scope: '/' }).catch(() => undefined);
    if (document.readyState === 'complete') void register();
    else window.addEventListener('load', () => void register(), { once: true });
  }
}

/** The install offer: whether to show it, and the browser's prompt. */
export const installOffer = {
  /**
   * True once the browser can install, on the second visit or later, when it was never offered
   * before (the offer is recorded as made at that moment).
   */
  showing(): boolean {
    return showing;
  },
  /** Shows the browser's install dialog. @returns whether the person installed. */
  async install(): Promise<boolean> {
    const event = deferred;
    if (!event) return false;
    deferred = null;
    showing = false;
    for (const listener of listeners) listener();
    await event.prompt();
    return (await event.userChoice).outcome === 'accepted';
  },
  // An arrow, not a method: useSyncExternalStore calls it unbound.
  subscribe: (listener: () => void): (() => void) => {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
};
