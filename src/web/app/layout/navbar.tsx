/**
 * Top navigation bar (spec §2 Layout): Home and Blogs for everyone and a Login button while
 * logged out. Below the `md` breakpoint the links collapse into a dropdown opened by a menu
 * button. The logged-in variant (photo, name, email, LogOut, dashboard links) comes with accounts.
 */
import { useEffect, useId, useRef, useState, type FocusEvent, type KeyboardEvent } from 'react';
import { Link, NavLink, useLocation } from 'react-router';
import { paths } from '../paths';

const links = [
  { to: paths.home.href(), label: 'Home', end: true },
  { to: paths.blogs.href(), label: 'Blogs', end: false },
] as const;

function navLinkClass({ isActive }: { isActive: boolean }): string {
  return isActive ? 'menu-active font-semibold' : '';
}

/** daisyUI menu with the active link in the primary colour. */
const menuColours =
  '[--menu-active-bg:var(--color-primary)] [--menu-active-fg:var(--color-primary-content)]';

export function Navbar() {
  return (
    <header className="sticky top-0 z-30 border-b border-base-300 bg-base-100/95 backdrop-blur">
      <nav aria-label="Main" className="navbar mx-auto max-w-7xl gap-2 px-4">
        <div className="navbar-start gap-1">
          <MobileMenu />
          <Link
            to={paths.home.href()}
            className="btn btn-ghost gap-2 px-2 text-xl font-bold tracking-tight"
          >
            <LogoIcon />
            <span>
              Second <span className="text-primary">Gear</span>
            </span>
          </Link>
        </div>
        <div className="navbar-center hidden md:flex">
          <ul className={`menu menu-horizontal gap-1 px-1 text-base ${menuColours}`}>
            {links.map((link) => (
              <li key={link.to}>
                <NavLink to={link.to} end={link.end} className={navLinkClass}>
                  {link.label}
                </NavLink>
              </li>
            ))}
          </ul>
        </div>
        <div className="navbar-end">
          <Link to={paths.login.href()} className="btn btn-primary">
            Login
          </Link>
        </div>
      </nav>
    </header>
  );
}

/** The small-screen dropdown: closes on navigation, on Escape and when focus leaves it. */
function MobileMenu() {
  const [open, setOpen] = useState(false);
  const menuId = useId();
  const buttonRef = useRef<HTMLButtonElement>(null);
  const location = useLocation();

  // Close after any navigation (a link in the menu was followed, or the back button was used).
  const [lastPath, setLastPath] = useState(location.pathname);
  if (lastPath !== location.pathname) {
    setLastPath(location.pathname);
    setOpen(false);
  }

  useEffect(() => {
    if (!open) return;
    const handlePointerDown = (event: PointerEvent) => {
      const container = buttonRef.current?.parentElement;
      if (container && !container.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener('pointerdown', handlePointerDown);
    return () => document.removeEventListener('pointerdown', handlePointerDown);
  }, [open]);

  const handleKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'Escape' && open) {
      setOpen(false);
      buttonRef.current?.focus();
    }
  };
  const handleBlur = (event: FocusEvent<HTMLDivElement>) => {
    if (event.relatedTarget && !event.currentTarget.contains(event.relatedTarget as Node)) {
      setOpen(false);
    }
  };

  return (
    <div
      className={`dropdown md:hidden ${open ? 'dropdown-open' : ''}`}
      onKeyDown={handleKeyDown}
      onBlur={handleBlur}
    >
      <button
        ref={buttonRef}
        type="button"
        className="btn btn-ghost btn-square"
        aria-label="Open menu"
        aria-expanded={open}
        aria-controls={menuId}
        onClick={() => setOpen((value) => !value)}
      >
        <svg
          xmlns="http://www.w3.org/2000/svg"
          viewBox="0 0 24 24"
          className="size-6"
          fill="none"
          stroke="currentColor"
          strokeWidth="2"
          aria-hidden="true"
        >
          <path strokeLinecap="round" d="M4 6h16M4 12h16M4 18h16" />
        </svg>
      </button>
      {open && (
        <ul
          id={menuId}
          className={`menu dropdown-content menu-md z-40 mt-3 w-56 rounded-box border border-base-300 bg-base-100 p-2 shadow-lg ${menuColours}`}
        >
          {links.map((link) => (
            <li key={link.to}>
              <NavLink to={link.to} end={link.end} className={navLinkClass}>
                {link.label}
              </NavLink>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

function LogoIcon() {
  return (
    <svg
      xmlns="http://www.w3.org/2000/svg"
      viewBox="0 0 64 64"
      className="size-8 text-primary"
      aria-hidden="true"
    >
      <rect width="64" height="64" rx="14" fill="currentColor" />
      <circle cx="32" cy="32" r="17" fill="none" stroke="#fff" strokeWidth="6" />
      <circle cx="32" cy="32" r="5" fill="#fff" />
      <path d="M32 15v12M32 37v12M15 32h12M37 32h12" stroke="#fff" strokeWidth="4" />
    </svg>
  );
}
