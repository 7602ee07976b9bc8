/**
 * A round icon link of the navigation bar (Messages, Favourites): a 24 px outline icon drawn
 * from one SVG path, its label as the accessible name and tooltip, and optional `children`
 * (a badge; passing any, even `false`, makes the link a daisyUI indicator).
 */
import type { ReactNode } from 'react';
import { Link } from 'react-router';

export interface NavIconLinkProps {
  to: string;
  /** Accessible name and tooltip, e.g. `Messages, 2 unread`. */
  label: string;
  /** The `d` of the icon's outline path (24 × 24 viewBox). */
  iconPath: string;
  testId: string;
  children?: ReactNode;
}

export function NavIconLink({ to, label, iconPath, testId, children }: NavIconLinkProps) {
  return (
    <Link
      to={to}
      className={`btn btn-circle btn-ghost${children === undefined ? '' : ' indicator'}`}
      aria-label={label}
      title={label}
      data-testid={testId}
    >
      <svg
        aria-hidden="true"
        viewBox="0 0 24 24"
        className="size-6"
        fill="none"
        stroke="currentColor"
        strokeWidth={2}
      >
        <path d={iconPath} />
      </svg>
      {children}
    </Link>
  );
}
