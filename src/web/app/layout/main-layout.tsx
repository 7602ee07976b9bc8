/**
 * Main layout (docs/product.md §2 Layout): navigation bar, content area, footer. Route pages are lazy chunks;
 * while one loads, a progress bar fills the content area.
 */
import { Suspense, useLayoutEffect } from 'react';
import { Outlet, useLocation } from 'react-router';
import { ProgressBar } from '../../components/progress-bar';
import { InstallPrompt } from '../../features/pwa/components/install-prompt';
import { Footer } from './footer';
import { Navbar } from './navbar';

export function MainLayout() {
  const { pathname, hash, key } = useLocation();
  // Each visit to a section, even the one already in the address, scrolls to it again; a change of
  // the query alone (a search filter) keeps the reader where they are.
  const sectionVisit = hash ? key : '';
  // A new page starts at its top, or at the section its link names (`/contact#career`), which a
  // client-side navigation does not scroll to by itself. A layout effect, so the page is painted
  // already in place: a tap that follows the paint lands where the reader sees it.
  useLayoutEffect(() => {
    const section = hash ? document.getElementById(decodeURIComponent(hash.slice(1))) : null;
    if (section) section.scrollIntoView();
    else window.scrollTo(0, 0);
  }, [pathname, hash, sectionVisit]);

  return (
    <div className="flex min-h-screen flex-col bg-base-200/40">
      <a
        href="#main"
        className="btn btn-primary btn-sm sr-only z-50 focus:not-sr-only focus:absolute focus:top-2 focus:left-2"
      >
        Skip to content
      </a>
      <Navbar />
      {/*
       * At least a screen tall: the footer starts below the fold, so content
       * that arrives after the first paint grows into the space instead of pushing a visible
       * footer down (a layout shift).
       */}
      <main id="main" tabIndex={-1} className="mx-auto min-h-dvh w-full max-w-7xl flex-1 px-4 py-8">
        <Suspense fallback={<ProgressBar />}>
          <Outlet />
        </Suspense>
      </main>
      <InstallPrompt />
      <Footer />
    </div>
  );
}
