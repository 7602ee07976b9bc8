/**
 * Set-up of every component test file (vitest.config.ts, project `components`): Testing
 * Library's DOM matchers (`toBeVisible`, `toHaveValue`, …), an unmounted page, no toasts, an empty
 * local storage and the default window width after each test, and the MSW server of
 * test-support/api.ts listening for the file. A request that no handler answered fails the test
 * that made it, named with its method and path: a component test declares every call its
 * component makes.
 */
import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, expect } from 'vitest';
import toast from '#web/lib/toast';
import { server } from './api';
import { defaultWidth, setWindowWidth } from './render';

// findBy… and waitFor give up after 15 s, not 1 s: on a loaded machine (two cores shared by
// several runs) a page may take seconds to answer, or to load a lazy page's modules the first
// time, and a test waits on events, never on time, so a longer limit only costs time when the
// test fails anyway.
configure({ asyncUtilTimeout: 15_000 });

// happy-dom 21 has no `HTMLSelectElement.size` (HTML: it reflects the `size` attribute, 0 when
// absent). react-hook-form reads it to tell whether a select was changed before the form was
// ready, and without it takes every select for changed: a select's default value (the listing
// form's condition, Fair) would read as its first option. Defined here as the standard says,
// only while happy-dom lacks it.
if (!('size' in HTMLSelectElement.prototype)) {
  Object.defineProperty(HTMLSelectElement.prototype, 'size', {
    configurable: true,
    get(this: HTMLSelectElement): number {
      const size = Number.parseInt(this.getAttribute('size') ?? '', 10);
      return Number.isInteger(size) && size >= 0 ? size : 0;
    },
    set(this: HTMLSelectElement, value: number) {
      this.setAttribute('size', String(value));
    },
  });
}

const unanswered: string[] = [];

beforeAll(() => {
  server.listen({
    onUnhandledRequest(request) {
      const url = new URL(request.url);
      unanswered.push(`${request.method} ${url.pathname}${url.search}`);
    },
  });
});

afterEach(() => {
  cleanup();
  // react-hot-toast keeps its toasts in a module-level store: none may show in the next test.
  toast.remove();
  server.resetHandlers();
  localStorage.clear();
  setWindowWidth(defaultWidth);
  const found = unanswered.splice(0);
  expect(found, 'requests no handler answered (answer them with test-support/api.ts)').toEqual([]);
});

afterAll(() => {
  server.close();
});
