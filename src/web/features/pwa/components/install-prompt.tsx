/**
 * The offer to install Second Gear as an app (decision 0045): shown once, from the second visit,
 * when the browser can install it; in the page's flow under the content (never over it, never
 * moving what is on screen). "Install" opens the browser's dialog; "Not now" hides it for good.
 */
import { useState, useSyncExternalStore } from 'react';
import { installOffer } from '#web/lib/pwa';

export const installPromptTexts = {
  heading: 'Install Second Gear',
  body: 'Add Second Gear to your home screen: it opens like an app and can notify you.',
  install: 'Install',
  later: 'Not now',
};

export function InstallPrompt() {
  const shown = useSyncExternalStore(
    installOffer.subscribe,
    () => installOffer.showing(),
    () => false,
  );
  const [closed, setClosed] = useState(false);
  if (!shown || closed) return null;
  return (
    <aside
      aria-labelledby="install-prompt-heading"
      className="border-base-300 bg-base-100 mx-auto w-full max-w-7xl border-t px-4 py-4"
    >
      <h2 id="install-prompt-heading" className="font-semibold">
        {installPromptTexts.heading}
      </h2>
      <p className="text-base-content/80 text-sm">{installPromptTexts.body}</p>
      <div className="mt-3 flex gap-2">
        <button
          type="button"
          className="btn btn-primary btn-sm"
          onClick={() => {
            setClosed(true);
            void installOffer.install();
          }}
        >
          {installPromptTexts.install}
        </button>
        <button type="button" className="btn btn-ghost btn-sm" onClick={() => setClosed(true)}>
          {installPromptTexts.later}
        </button>
      </div>
    </aside>
  );
}
