/**
 * Site footer (docs/product.md §1): three columns. Services: Selling, Repairing, Renting. Company: About us,
 * Contact, Career. Social: three icons (a short-message network, a video site, a social network).
 * The spec gives no destinations; we make each a link to a real page of the site (the
 * sections of About and Contact; the site has no accounts on other networks: decision 0010),
 * plus Terms and Privacy, and the moderation Transparency report. Below them, the `km | mi`
 * switch for mileage and distance (decision 0036).
 */
import { Link } from 'react-router';
import { UnitSwitch } from '../../components/unit-switch';
import { paths } from '../../lib/paths';

const columns = [
  {
    title: 'Services',
    items: [
      { label: 'Selling', to: `${paths.about.href()}#selling` },
      { label: 'Repairing', to: `${paths.about.href()}#repairing` },
      { label: 'Renting', to: `${paths.about.href()}#renting` },
    ],
  },
  {
    title: 'Company',
    items: [
      { label: 'About us', to: paths.about.href() },
      { label: 'Contact', to: paths.contact.href() },
      { label: 'Career', to: `${paths.contact.href()}#career` },
    ],
  },
  {
    title: 'Legal',
    items: [
      { label: 'Terms', to: paths.terms.href() },
      { label: 'Privacy', to: paths.privacy.href() },
      { label: 'Accessibility', to: paths.accessibility.href() },
      { label: 'Transparency', to: paths.transparency.href() },
    ],
  },
] as const;

const socialLink = `${paths.contact.href()}#social`;

export function Footer() {
  return (
    <footer data-site-footer className="mt-16 bg-neutral text-neutral-content">
      <div className="footer mx-auto max-w-7xl p-10 sm:footer-horizontal">
        {columns.map((column) => (
          <nav key={column.title} aria-label={column.title}>
            <h2 className="footer-title">{column.title}</h2>
            <ul className="space-y-2">
              {column.items.map((item) => (
                <li key={item.label}>
                  <Link to={item.to} className="link-hover link">
                    {item.label}
                  </Link>
                </li>
              ))}
            </ul>
          </nav>
        ))}
        <section aria-label="Social">
          <h2 className="footer-title">Social</h2>
          <ul className="flex gap-2">
            <li>
              <Link to={socialLink} className="inline-flex size-11 items-center justify-center">
                <ShortMessageIcon />
              </Link>
            </li>
            <li>
              <Link to={socialLink} className="inline-flex size-11 items-center justify-center">
                <VideoIcon />
              </Link>
            </li>
            <li>
              <Link to={socialLink} className="inline-flex size-11 items-center justify-center">
                <SocialNetworkIcon />
              </Link>
            </li>
          </ul>
        </section>
      </div>
      {/* Miles or kilometres for every mileage and distance (decision 0036). */}
      <UnitSwitch className="mx-auto max-w-7xl px-10 pb-4" />
      {/* The place names and positions (decision 0026) are GeoNames data, CC-BY 4.0. */}
      <p className="mx-auto max-w-7xl px-10 pb-6 text-xs text-neutral-content/80">
        Place data from{' '}
        <a href="https://www.geonames.org/" className="link" rel="noopener">
          GeoNames
        </a>
        , licensed under{' '}
        <a href="https://creativecommons.org/licenses/by/4.0/" className="link" rel="noopener">
          CC BY 4.0
        </a>
        .
      </p>
    </footer>
  );
}

const iconProps = {
  xmlns: 'http://www.w3.org/2000/svg',
  viewBox: '0 0 24 24',
  width: 24,
  height: 24,
  fill: 'currentColor',
  role: 'img',
} as const;

/** A bird: the short-message network. */
function ShortMessageIcon() {
  return (
    <svg {...iconProps} aria-label="Short-message network">
      <path d="M24 4.557c-.883.392-1.832.656-2.828.775 1.017-.609 1.798-1.574 2.165-2.724-.951.564-2.005.974-3.127 1.195-.897-.957-2.178-1.555-3.594-1.555-3.179 0-5.515 2.966-4.797 6.045-4.091-.205-7.719-2.165-10.148-5.144-1.29 2.213-.669 5.108 1.523 6.574-.806-.026-1.566-.247-2.229-.616-.054 2.281 1.581 4.415 3.949 4.89-.693.188-1.452.232-2.224.084.626 1.956 2.444 3.379 4.6 3.419-2.07 1.623-4.678 2.348-7.29 2.04 2.179 1.397 4.768 2.212 7.548 2.212 9.142 0 14.307-7.721 13.995-14.646.962-.695 1.797-1.562 2.457-2.549z" />
    </svg>
  );
}

/** A play button: the video site. */
function VideoIcon() {
  return (
    <svg {...iconProps} aria-label="Video site">
      <path d="M19.615 3.184c-3.604-.246-11.631-.245-15.23 0-3.897.266-4.356 2.62-4.385 8.816.029 6.185.484 8.549 4.385 8.816 3.6.245 11.626.246 15.23 0 3.897-.266 4.356-2.62 4.385-8.816-.029-6.185-.484-8.549-4.385-8.816zm-10.615 12.816v-8l8 3.993-8 4.007z" />
    </svg>
  );
}

/** An "f": the social network. */
function SocialNetworkIcon() {
  return (
    <svg {...iconProps} aria-label="Social network">
      <path d="M9 8h-3v4h3v12h5v-12h3.642l.358-4h-4v-1.667c0-.955.192-1.333 1.115-1.333h2.885v-5h-3.808c-3.596 0-5.192 1.583-5.192 4.615v3.385z" />
    </svg>
  );
}
