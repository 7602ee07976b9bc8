/**
 * Top navigation bar (docs/product.md §2 Layout): Home and Blogs for everyone, and a dashboard link for each
 * role the user holds (Admin Dashboard, Seller Dashboard, Buyer Dashboard). Logged in: the user's
 * photo, display name and email and a LogOut button (toast "Logout Success"; a failure is only
 * logged, docs/product.md §8); logged out: a Login button. The user's photo and name link to their profile
 * (`/user/profile`).
 *
 * One row of one height at every width (decision 0038): nothing in it wraps, and what arrives
 * after the first paint (the user, their roles) only fills space kept for it. Below the `lg`
 * breakpoint every link collapses into the dropdown behind "Open menu" (docs/product.md §2 "On small
 * screens the links collapse into a dropdown"); from `lg` Home and Blogs are in the bar and the
 * dashboards and the user's own pages are in the "Account menu" dropdown beside the user, since
 * three dashboards, Saved searches, the search box and the user's name never fit one row. Below
 * `sm` the name, email and LogOut move into the dropdown too, and below `md` the search box has
 * a row of its own under the bar.
 */
import {
  useEffect,
  useId,
  useRef,
  useState,
  type FocusEvent,
  type KeyboardEvent,
  type ReactNode,
} from 'react';
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

/** What the bar knows of the signed-in user's roles (docs/product.md §2: a dashboard per role held). */
interface AccountLinks {
  /** The dashboards of the roles held, then Saved searches (any user with a user record). */
  links: NavItem[];
  /** Whether the user has a user record (any role): Messages and Favourites need one. */
  hasRecord: boolean;
  /** True while the user or a role is still being checked. */
  checking: boolean;
}

function useAccountLinks(): AccountLinks {
  const admin = useIsAdmin();
  const seller = useIsSeller();
  const buyer = useIsBuyer();
  const hasRecord = admin.holds || seller.holds || buyer.holds;
  return {
    links: [
      ...(admin.holds
        ? [{ to: paths.adminSellers.href(), label: 'Admin Dashboard', end: false }]
        : []),
      ...(seller.holds
        ? [{ to: paths.sellerAddProduct.href(), label: 'Seller Dashboard', end: false }]
        : []),
      ...(buyer.holds
        ? [{ to: paths.buyerOrders.href(), label: 'Buyer Dashboard', end: false }]
        : []),
      ...(hasRecord
        ? [{ to: paths.savedSearches.href(), label: 'Saved searches', end: false }]
        : []),
    ],
    hasRecord,
    checking: admin.isLoading || seller.isLoading || buyer.isLoading,
  };
}

/** docs/product.md §2/§8: LogOut toasts "Logout Success"; a failure is only logged. */
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

/**
 * The active link is marked by its colours only: a bolder active link was wider than itself and,
 * on a page whose dashboard link was highlighted, pushed the bar onto a second row.
 */
function navLinkClass({ isActive }: { isActive: boolean }): string {
  return isActive ? 'menu-active' : '';
}

/** daisyUI menu with the active link in the primary colour. */
const menuColours =
  '[--menu-active-bg:var(--color-primary)] [--menu-active-fg:var(--color-primary-content)]';

export function Navbar() {
  const account = useAccountLinks();
  // Below `sm` the bar has room for Messages and the photo only: Favourites is in the menu.
  const menuLinks = [
    ...publicLinks,
    ...account.links,
    ...(account.hasRecord ? [{ to: paths.favourites.href(), label: 'Favourites', end: true }] : []),
  ];
  return (
    <header
      className="sticky top-0 z-30 border-b border-base-300 bg-base-100/95 backdrop-blur"
      data-testid="site-header"
    >
      <nav aria-label="Main" className="mx-auto max-w-7xl px-4">
        {/* One row of a fixed height: nothing wraps, long texts end in an ellipsis. */}
        <div className="flex h-16 flex-nowrap items-center gap-2">
          <div className="flex shrink-0 items-center gap-1">
            <DropdownMenu
              className="lg:hidden"
              buttonClassName="btn btn-square btn-ghost"
              buttonLabel="Open menu"
              buttonContent={<MenuIcon />}
              links={menuLinks}
              checking={account.checking}
              withUser
            />
            <Link
              to={paths.home.href()}
              className="btn gap-2 px-2 text-xl font-bold tracking-tight btn-ghost"
              aria-label="Second Gear"
            >
              <LogoIcon />
              {/* Below 360 px the name would push the bar wider than the screen. */}
              <span className="max-[359px]:hidden">
                Second <span className="text-primary">Gear</span>
              </span>
            </Link>
          </div>
          <ul
            className={`menu hidden shrink-0 menu-horizontal flex-nowrap gap-1 px-1 text-base lg:flex ${menuColours}`}
          >
            {publicLinks.map((link) => (
              <li key={link.to}>
                <NavLink to={link.to} end={link.end} className={navLinkClass}>
                  {link.label}
                </NavLink>
              </li>
            ))}
          </ul>
          <div className="flex min-w-0 flex-1 items-center justify-end gap-2 sm:gap-3">
            <SearchBox className="hidden max-w-xs min-w-0 flex-1 md:block" />
            <AccountArea account={account} />
          </div>
        </div>
        {/* Below md the search box has its own row, of a fixed height too. */}
        <div className="flex h-11 items-start md:hidden">
          <SearchBox className="w-full" />
        </div>
      </nav>
    </header>
  );
}

/** An empty, invisible square of an icon button's size, holding the place of one to come. */
function IconSlot({ className = '' }: { className?: string }) {
  return <span aria-hidden="true" className={`size-10 shrink-0 ${className}`} />;
}

/**
 * Logged in: Favourites (from `sm`), Messages, the photo with the name and email (from `lg`),
 * the account menu (from `lg`) and LogOut (from `sm`); logged out: Login. While the session is
 * checked, a loading mark as wide as the Login button (both 5 rem).
 */
function AccountArea({ account }: { account: AccountLinks }) {
  const { user, loading } = useAuth();
  const handleLogOut = useHandleLogOut();
  if (!user) {
    if (loading) {
      // A named status: aria-label alone is not allowed on a span (axe: aria-prohibited-attr).
      return (
        <span className="flex h-10 w-20 shrink-0 items-center justify-center">
          <span className="loading loading-sm loading-dots" role="status" aria-label="Loading" />
        </span>
      );
    }
    return (
      <Link to={paths.login.href()} className="btn w-20 shrink-0 btn-primary">
        Login
      </Link>
    );
  }
  // Messages and Favourites need a user record (a refused call would sign the user out, spec
  // §8): while the roles are checked their places are kept, so they do not push the bar aside.
  const favourites = account.hasRecord ? (
    <FavouritesLink />
  ) : account.checking ? (
    <IconSlot />
  ) : null;
  const messages = account.hasRecord ? <MessagesLink /> : account.checking ? <IconSlot /> : null;
  return (
    <div className="flex min-w-0 items-center gap-2 sm:gap-3" data-testid="navbar-user">
      {favourites && <span className="hidden shrink-0 sm:contents">{favourites}</span>}
      {messages}
      {/* The user's photo and name open their profile. Named by its text, so the name holds
          what is seen (WCAG 2.5.3): "My profile:" and the user's name, and from lg the name and
          e-mail shown; the photo beside them is decoration. */}
      <Link
        to={paths.profile.href()}
        className="flex min-w-0 shrink items-center gap-3 rounded-box"
        data-testid="navbar-profile-link"
      >
        <span className="sr-only">My profile: </span>
        <span className="shrink-0" aria-hidden="true">
          <UserAvatar user={user} />
        </span>
        <span className="sr-only lg:hidden">{user.displayName}</span>
        <UserText user={user} className="hidden max-w-48 text-right lg:block xl:max-w-64" />
      </Link>
      <DropdownMenu
        className="hidden shrink-0 lg:block"
        align="end"
        buttonClassName="btn gap-1 px-2 btn-ghost btn-sm"
        buttonLabel="Account menu"
        buttonContent={
          <>
            Account
            <span className="sr-only"> menu</span>
            <ChevronIcon />
          </>
        }
        links={[...account.links, { to: paths.profile.href(), label: 'My profile', end: true }]}
        checking={account.checking}
      />
      <button
        type="button"
        className="btn hidden shrink-0 btn-outline btn-sm btn-primary sm:inline-flex"
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

interface DropdownMenuProps {
  /** Classes of the wrapper (where it shows). */
  className: string;
  buttonClassName: string;
  /** The button's accessible name, e.g. "Open menu". */
  buttonLabel: string;
  buttonContent: ReactNode;
  links: NavItem[];
  /** Opens towards the left, for a menu at the end of the bar. */
  align?: 'start' | 'end';
  /** Shows the user's name (a profile link) first and LogOut last (the latter below `sm`). */
  withUser?: boolean;
  /** Adds a loading line while the roles are checked (their links are still to come). */
  checking?: boolean;
}

/**
 * A dropdown of links: closes on navigation (not on the arrival of one that was under way when it
 * opened), on Escape, on a click outside and when focus leaves.
 */
function DropdownMenu({
  className,
  buttonClassName,
  buttonLabel,
  buttonContent,
  links,
  align = 'start',
  withUser = false,
  checking = false,
}: DropdownMenuProps) {
  const { user, loading } = useAuth();
  const handleLogOut = useHandleLogOut();
  const [open, setOpen] = useState(false);
  const menuId = useId();
  const buttonRef = useRef<HTMLButtonElement>(null);
  const location = useLocation();

  // Close after any navigation (a link in the menu was followed, or the back button was used),
  // but not when a navigation that was already under way when the menu opened arrives: React
  // Router shows a page whose code is still loading only once it has loaded, so on a slow
  // connection the address already reads the new page while the old one is on screen.
  const [lastPath, setLastPath] = useState(location.pathname);
  const [openedOn, setOpenedOn] = useState<string | null>(null);
  if (lastPath !== location.pathname) {
    setLastPath(location.pathname);
    if (location.pathname !== openedOn) setOpen(false);
  }
  const toggle = () => {
    if (!open) setOpenedOn(window.location.pathname);
    setOpen(!open);
  };

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
    if (event.relatedTarget && !event.currentTarget.contains(event.relatedTarget)) {
      setOpen(false);
    }
  };

  return (
    <div
      className={`dropdown ${align === 'end' ? 'dropdown-end' : ''} ${open ? 'dropdown-open' : ''} ${className}`}
      onKeyDown={handleKeyDown}
      onBlur={handleBlur}
    >
      <button
        ref={buttonRef}
        type="button"
        className={buttonClassName}
        aria-label={buttonLabel}
        aria-expanded={open}
        aria-controls={menuId}
        onClick={toggle}
      >
        {buttonContent}
      </button>
      {open && (
        <ul
          id={menuId}
          className={`menu dropdown-content menu-md z-40 mt-3 w-56 max-w-[calc(100vw-2rem)] rounded-box border border-base-300 bg-base-100 p-2 shadow-lg ${menuColours}`}
        >
          {withUser && user && (
            <li>
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
          {checking && (
            <li className="menu-disabled">
              <span role="status" aria-label="Loading">
                <span className="loading loading-xs loading-dots" />
              </span>
            </li>
          )}
          {withUser && user && (
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

function MenuIcon() {
  return (
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
  );
}

function ChevronIcon() {
  return (
    <svg
      xmlns="http://www.w3.org/2000/svg"
      viewBox="0 0 24 24"
      className="size-4"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      aria-hidden="true"
    >
      <path strokeLinecap="round" strokeLinejoin="round" d="m6 9 6 6 6-6" />
    </svg>
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
