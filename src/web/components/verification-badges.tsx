/**
 * The badges of what was checked about a seller (decision 0044): "Phone verified", "ID
 * verified" and the admin's verification, each separate and explained.
 *
 * - `compact` (product cards, which are links as a whole): small icons whose accessible name
 *   and tooltip say what each badge means;
 * - otherwise (listing page, seller page, conversations): a labelled badge per check; tapping
 *   one opens what it promises (a native disclosure, so it works without a pointer).
 */
import type { SellerVerification } from '#contract/verification';
import { verificationTexts } from '#contract/verification-texts';
import { VerifiedBadge } from './verified-badge';

interface Badge {
  key: 'phone' | 'identity' | 'admin';
  label: string;
  meaning: string;
}

/** The badges `verification` earns, phone first. */
function badgesOf(verification: SellerVerification): Badge[] {
  const badges: Badge[] = [];
  if (verification.phone) {
    badges.push({
      key: 'phone',
      label: verificationTexts.phone,
      meaning: verificationTexts.phoneMeaning,
    });
  }
  if (verification.identity) {
    badges.push({
      key: 'identity',
      label: verificationTexts.identity,
      meaning: verificationTexts.identityMeaning,
    });
  }
  if (verification.admin) {
    badges.push({
      key: 'admin',
      label: verificationTexts.admin,
      meaning: verificationTexts.adminMeaning,
    });
  }
  return badges;
}

/**
 * The icon of `badge`: named by `title` (its tooltip too), or decorative when `title` is null
 * because the badge's label is written beside it.
 */
function BadgeIcon({ badge, title }: { badge: Badge; title: string | null }) {
  if (badge.key === 'admin') return <VerifiedBadge label={title} />;
  const named = title === null ? { 'aria-hidden': true } : { role: 'img', 'aria-label': title };
  return (
    <svg
      xmlns="http://www.w3.org/2000/svg"
      viewBox="0 0 24 24"
      className="size-5 shrink-0 text-success"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      strokeLinecap="round"
      strokeLinejoin="round"
      {...named}
    >
      {title !== null && <title>{title}</title>}
      {badge.key === 'phone' ? (
        <>
          <rect x="6" y="2" width="12" height="20" rx="2" />
          <path d="M9.5 12.5l2 2 3.5-4" />
        </>
      ) : (
        <>
          <rect x="2" y="5" width="20" height="14" rx="2" />
          <circle cx="8" cy="11" r="2" />
          <path d="M5 16c.8-1.5 1.8-2 3-2s2.2.5 3 2M14 10h5M14 14h3" />
        </>
      )}
    </svg>
  );
}

/** The seller's badges (see the module comment); nothing when no check was passed. */
export function VerificationBadges({
  verification,
  compact = false,
}: {
  verification: SellerVerification;
  compact?: boolean;
}) {
  const badges = badgesOf(verification);
  if (badges.length === 0) return null;
  if (compact) {
    return (
      <span className="flex shrink-0 items-center gap-0.5" data-testid="verification-badges">
        {badges.map((badge) => (
          <BadgeIcon key={badge.key} badge={badge} title={`${badge.label}: ${badge.meaning}`} />
        ))}
      </span>
    );
  }
  return (
    <ul
      className="flex flex-wrap items-start gap-2"
      aria-label={verificationTexts.badgesTitle}
      data-testid="verification-badges"
    >
      {badges.map((badge) => (
        <li key={badge.key} className="max-w-full">
          <details className="group">
            <summary className="badge badge-outline h-auto min-h-6 cursor-pointer gap-1 py-0.5 text-sm">
              <BadgeIcon badge={badge} title={null} />
              {badge.label}
            </summary>
            <p className="mt-1 max-w-xs text-sm text-base-content/80">{badge.meaning}</p>
          </details>
        </li>
      ))}
    </ul>
  );
}
