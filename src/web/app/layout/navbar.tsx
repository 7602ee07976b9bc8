/**
 * Top navigation bar (spec §2 Layout): Home and Blogs for everyone, and a dashboard link for each
 * role the user holds (Admin Dashboard, Seller Dashboard, Buyer Dashboard). Logged in: the user's
 * photo, display name and email and a LogOut button (toast "Logout Success"; a failure is only
 * logged, spec §8); logged out: a Login button. Below the `lg` breakpoint the links collapse into
 * a dropdown opened by a menu button; below `sm` the name, email and LogOut move into it too.
 * The user's photo and name link to their profile (`/user/profile`).
 */
import { useEffect, useId, useRef, useState, type FocusEvent, type KeyboardEvent } from 'react';
import { Link, NavLink, useLocation } from 'react-router';
import { UserAvatar } from '../../components/user-avatar';
import { FavouritesLink } from '../../features/favourites/components/favourites-link';
import { MessagesLink } from '../../features/messages/components/messages-link';
import { useAuth, type AuthUser } from '../../lib/auth/auth-context';
import { useIsAdmin, useIsBuyer, useIsSeller } from '../../lib/auth/roles';
import { paths } from '../../lib/paths';
import { SearchBox } from '../../features/search/components/search-box';

interface NavItem {
  to: string;
  label: string;
  end: boolean;
}

const publicLinks: NavItem[] = [
  { to: paths.home.href(), label: 'Home', end: true },
  { to: paths.blogs.href(), label: 'Blogs', end: false },
];

/** Home, Blogs and the dashboards of the roles the signed-in user holds. */
function useNavLinks(): NavItem[] {
  const admin = useIsAdmin();
  const seller = useIsSeller();
  const buyer = useIsBuyer();
  return [
    ...publicLinks,
    ...(admin.holds
      ? [{ to: paths.adminSellers.href(), label: 'Admin Dashboard', end: false }]
      : []),
    ...(seller.holds
      ? [{ to: paths.sellerAddProduct.href(), label: 'Seller Dashboard', end: false }]
      : []),
    ...(buyer.holds
      ? [{ to: paths.buyerOrders.href(), label: 'Buyer Dashboard', end: false }]
      : []),
    // Every signed-in user with a user record (any role).
    ...(admin.holds || seller.holds || buyer.holds
      ? [{ to: paths.savedSearches.href(), label: 'Saved searches', end: false }]
      : []),
  ];
}

/** Spec §2/§8: LogOut toasts "Logout Success"; a failure is only logged. */
function useHandleLogOut() {
  const { logOut } = useAuth();
  return () => {
    logOut()
      // lib/toast is loaded on demand: the entry chunk does not carry the toasts.
      .then(() => import('../../lib/toast'))
      .then(({ default: toast }) => toast.success('Logout Success'))
      .catch((error: unknown) => console.error('Logout failed', error));
  };
}

function navLinkClass({ isActive }: { isActive: boolean }): string {
  return isActive ? 'menu-active font-semibold' : '';
}

/** daisyUI menu with the active link in the primary colour. */
const menuColours =
  '[--menu-active-bg:var(--color-primary)] [--menu-active-fg:var(--color-primary-content)]';

export function Navbar() {
  const links = useNavLinks();
  // Messages and Favourites need a user record (a signed-in account mid-registration has none
  // yet, and its refused calls would sign it out, spec §8): shown once the user holds a role.
  const hasRecord = [useIsAdmin(), useIsSeller(), useIsBuyer()].some((role) => role.holds);
  // Below `sm` the bar has room for Messages and the photo only (at 360 px a third icon
  // wrapped the bar onto two rows once the user was known: a 0.27 layout shift):
  // Favourites is then in the menu.
  const menuLinks = hasRecord
    ? [...links, { to: paths.favourites.href(), label: 'Favourites', end: true }]
    : links;
  return (
    <header className="sticky top-0 z-30 border-b border-base-300 bg-base-100/95 backdrop-blur">
      <nav aria-label="Main" className="navbar mx-auto max-w-7xl flex-wrap gap-2 px-4">
        <div className="navbar-start w-auto shrink-0 gap-1">
          <MobileMenu links={menuLinks} />
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
        <div className="navbar-center hidden lg:flex">
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
        <div className="navbar-end w-auto min-w-0 grow gap-2 sm:gap-3">
          {/* On every width; below md it takes its own row under the bar. */}
          <SearchBox className="hidden max-w-xs grow md:block" />
          <AccountArea hasRecord={hasRecord} />
        </div>
        <SearchBox className="w-full pb-1 md:hidden" />
      </nav>
    </header>
  );
}

/** Logged in: photo, name, email (from `lg`) and LogOut (from `sm`); logged out: Login. */
function AccountArea({ hasRecord }: { hasRecord: boolean }) {
  const { user, loading } = useAuth();
  const handleLogOut = useHandleLogOut();
  if (!user) {
    if (loading) {
      // A named status: aria-label alone is not allowed on a span (axe: aria-prohibited-attr).
      return (
        <span className="loading loading-sm loading-dots" role="status" aria-label="Loading" />
      );
    }
    return (
      <Link to={paths.login.href()} className="btn btn-primary">
        Login
      </Link>
    );
  }
  return (
    <div className="flex min-w-0 items-center gap-2 sm:gap-3" data-testid="navbar-user">
      {hasRecord && (
        <span className="hidden sm:contents">
          <FavouritesLink />
        </span>
      )}
      {hasRecord && <MessagesLink />}
      {/* The user's photo and name open their profile. */}
      <Link
        to={paths.profile.href()}
        className="flex min-w-0 items-center gap-3 rounded-box"
        aria-label={`My profile (${user.displayName})`}
        data-testid="navbar-profile-link"
      >
        <UserAvatar user={user} />
        <UserText user={user} className="hidden max-w-48 text-right lg:block xl:max-w-64" />
      </Link>
      <button
        type="button"
        className="btn hidden btn-outline btn-sm btn-primary sm:inline-flex"
        onClick={handleLogOut}
        disabled={loading}
      >
        LogOut
      </button>
    </div>
  );
}

function UserText({ user, className }: { user: AuthUser; className: string }) {
  return (
    <div className={`min-w-0 leading-tight ${className}`}>
      {/* Long names and addresses end in an ellipsis; the whole text is the tooltip. */}
      <p className="truncate text-sm font-semibold" title={user.displayName}>
        {user.displayName}
      </p>
      <p className="truncate text-xs text-base-content/70" title={user.email}>
        {user.email}
      </p>
    </div>
  );
}

/** The small-screen dropdown: closes on navigation, on Escape and when focus leaves it. */
function MobileMenu({ links }: { links: NavItem[] }) {
  const { user, loading } = useAuth();
  const handleLogOut = useHandleLogOut();
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
      className={`dropdown lg:hidden ${open ? 'dropdown-open' : ''}`}
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
          {user && (
            <li className="lg:hidden">
              {/* The name opens the profile here too. */}
              <NavLink to={paths.profile.href()} className={navLinkClass}>
                <UserText user={user} className="" />
              </NavLink>
            </li>
          )}
          {links.map((link) => (
            <li key={link.to}>
              <NavLink to={link.to} end={link.end} className={navLinkClass}>
                {link.label}
              </NavLink>
            </li>
          ))}
          {user && (
            <li className="mt-1 sm:hidden">
              <button type="button" onClick={handleLogOut} disabled={loading}>
                LogOut
              </button>
            </li>
          )}
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
