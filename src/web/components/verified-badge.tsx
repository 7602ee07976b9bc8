/**
 * The verified seller's badge (docs/product.md §2: the category page's cards and the admin's seller list:
 * "verified sellers carry a verified badge"). `label` names it for assistive technology and as
 * its tooltip; `null` makes it decorative, for when the same words are written beside it.
 */
export function VerifiedBadge({ label = 'Verified seller' }: { label?: string | null }) {
  const named = label === null ? { 'aria-hidden': true } : { role: 'img', 'aria-label': label };
  return (
    <svg
      xmlns="http://www.w3.org/2000/svg"
      viewBox="0 0 24 24"
      className="size-5 shrink-0 text-info"
      fill="currentColor"
      {...named}
    >
      {label !== null && <title>{label}</title>}
      <path d="M12 1.5l2.6 1.9 3.2-.1 1 3.1 2.6 1.9-1 3.1 1 3.1-2.6 1.9-1 3.1-3.2-.1L12 22.5l-2.6-1.9-3.2.1-1-3.1-2.6-1.9 1-3.1-1-3.1 2.6-1.9 1-3.1 3.2.1z" />
      <path
        d="M8 12.5l2.6 2.6L16.2 9.5"
        fill="none"
        stroke="white"
        strokeWidth="2.2"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
    </svg>
  );
}
