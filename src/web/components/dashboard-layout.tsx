/**
 * Dashboard shell (docs/product.md §2 Buyer, Seller and Admin dashboards): a sidebar with the role's links
 * and the user's badge beside the page. From the `lg` breakpoint the sidebar is always open (a
 * daisyUI drawer); below it, the drawer slides in from a button, or — for admin (spec: "a
 * dropdown on small screens") — the links drop down from a button above the page.
 */
import { Suspense, useEffect, useId, useRef, useState, type ReactNode } from 'react';
import { NavLink, Outlet, useLocation } from 'react-router';
import { useAuth } from '../lib/auth/auth-context';
import { ProgressBar } from './progress-bar';
import { UserBadge } from './user-badge';

export interface DashboardLink {
  to: string;
  label: string;
}

export interface DashboardLayoutProps {
  /** Accessible name of the sidebar, e.g. "Admin dashboard". */
  title: string;
  links: readonly DashboardLink[];
  /** How the links show below `lg`: a sliding drawer or a dropdown. */
  smallScreen: 'drawer' | 'dropdown';
  /** Shown under the links in the sidebar (drawer layout), e.g. a hint about more tools. */
  footer?: ReactNode;
}

const menuColours =
  '[--menu-active-bg:var(--color-primary)] [--menu-active-fg:var(--color-primary-content)]';

export function DashboardLayout({ title, links, smallScreen, footer }: DashboardLayoutProps) {
  const { user } = useAuth();
  const drawerId = useId();
  const [open, setOpen] = useState(false);
  const location = useLocation();
  // Close the drawer or dropdown after following one of its links.
  const [lastPath, setLastPath] = useState(location.pathname);
  if (lastPath !== location.pathname) {
    setLastPath(location.pathname);
    setOpen(false);
  }

  // The admin dropdown closes on a click elsewhere and on Escape.
  const dropdownRef = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (!open || smallScreen !== 'dropdown') return;
    const handlePointerDown = (event: PointerEvent) => {
      if (!dropdownRef.current?.contains(event.target as Node)) setOpen(false);
    };
    const handleKeyDown = (event: KeyboardEvent) => {
      if (event.key === 'Escape') setOpen(false);
    };
    document.addEventListener('pointerdown', handlePointerDown);
    document.addEventListener('keydown', handleKeyDown);
    return () => {
      document.removeEventListener('pointerdown', handlePointerDown);
      document.removeEventListener('keydown', handleKeyDown);
    };
  }, [open, smallScreen]);

  const menu = (
    <ul className={`menu w-full gap-1 ${menuColours}`}>
      {links.map((link) => (
        <li key={link.to}>
          <NavLink to={link.to} end className={({ isActive }) => (isActive ? 'menu-active' : '')}>
            {link.label}
          </NavLink>
        </li>
      ))}
    </ul>
  );

  const page = (
    <Suspense fallback={<ProgressBar />}>
      <Outlet />
    </Suspense>
  );

  return (
    <div className="drawer lg:drawer-open lg:gap-8">
      <input
        id={drawerId}
        type="checkbox"
        className="drawer-toggle"
        checked={smallScreen === 'drawer' && open}
        onChange={(event) => setOpen(event.target.checked)}
        aria-hidden="true"
        tabIndex={-1}
      />
      <div className="drawer-content min-w-0">
        {smallScreen === 'drawer' ? (
          <button
            type="button"
            className="btn mb-6 btn-outline btn-sm btn-primary lg:hidden"
            aria-expanded={open}
            onClick={() => setOpen(true)}
          >
            Dashboard menu
          </button>
        ) : (
          <div className="mb-6 space-y-3 lg:hidden">
            {user && <UserBadge user={user} />}
            <div ref={dropdownRef} className={`dropdown ${open ? 'dropdown-open' : ''}`}>
              <button
                type="button"
                className="btn btn-outline btn-sm btn-primary"
                aria-expanded={open}
                onClick={() => setOpen((value) => !value)}
              >
                Dashboard menu
              </button>
              {open && (
                <nav
                  aria-label={title}
                  className="dropdown-content z-20 mt-2 w-60 rounded-box border border-base-300 bg-base-100 p-2 shadow-lg"
                >
                  {menu}
                </nav>
              )}
            </div>
          </div>
        )}
        {page}
      </div>
      <div
        className={`drawer-side z-40 lg:z-auto ${smallScreen === 'dropdown' ? 'max-lg:hidden' : ''}`}
      >
        {/* A <label> may not carry aria-label (axe: aria-prohibited-attr); its text names it. */}
        <label htmlFor={drawerId} className="drawer-overlay">
          <span className="sr-only">Close dashboard menu</span>
        </label>
        <aside className="min-h-full w-72 space-y-4 bg-base-100 p-4 lg:rounded-box lg:border lg:border-base-300 lg:bg-base-100">
          {user && <UserBadge user={user} />}
          <nav aria-label={title}>{menu}</nav>
          {footer}
        </aside>
      </div>
    </div>
  );
}
