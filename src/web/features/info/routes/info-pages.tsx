/**
 * Short information pages the footer links to: About (with the services:
 * selling, repairing, renting), Contact (with careers and the social channels), Terms and
 * Privacy. Plain text; an operator edits the wording here.
 */
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { PageTitle } from '#web/components/page-title';
import { paths } from '#web/lib/paths';

function InfoPage({ title, children }: { title: string; children: ReactNode }) {
  return (
    <article className="mx-auto max-w-3xl space-y-4 px-4 py-10 leading-relaxed">
      <PageTitle title={title} />
      <h1 className="text-3xl font-bold">{title}</h1>
      {children}
    </article>
  );
}

export function AboutRoute() {
  return (
    <InfoPage title="About us">
      <p>
        Second Gear is an open-source marketplace for used cars and second-hand goods. Sellers list
        items with photos, buyers book a meeting and pay by card, and admins verify sellers and
        review reported listings.
      </p>
      <h2 id="selling" className="scroll-mt-20 text-xl font-semibold">
        Selling
      </h2>
      <p>
        Register as a seller, then add a product from the Seller Dashboard. A seller an admin has
        verified carries a verified badge on every listing.
      </p>
      <h2 id="repairing" className="scroll-mt-20 text-xl font-semibold">
        Repairing
      </h2>
      <p>
        Sellers state each item&apos;s condition and years of use. Ask the seller about repairs when
        you meet to look at the item.
      </p>
      <h2 id="renting" className="scroll-mt-20 text-xl font-semibold">
        Renting
      </h2>
      <p>
        Second Gear sells items outright; renting is not offered yet. Questions are welcome on the{' '}
        <Link to={paths.contact.href()} className="link link-primary">
          Contact
        </Link>{' '}
        page.
      </p>
    </InfoPage>
  );
}

export function ContactRoute() {
  return (
    <InfoPage title="Contact">
      <p>
        Questions about a listing go to its seller: book the item and the seller contacts you. For
        anything else, write to the team that runs this site at{' '}
        <a href="mailto:support@second-gear.example" className="link link-primary">
          support@second-gear.example
        </a>
        .
      </p>
      <h2 id="career" className="scroll-mt-20 text-xl font-semibold">
        Career
      </h2>
      <p>
        Second Gear is open source: contributions are the way in. Write to us with what you would
        like to work on.
      </p>
      <h2 id="social" className="scroll-mt-20 text-xl font-semibold">
        Social
      </h2>
      <p>
        News is posted on the{' '}
        <Link to={paths.blogs.href()} className="link link-primary">
          Blogs
        </Link>{' '}
        page; this site has no accounts on other networks yet.
      </p>
    </InfoPage>
  );
}

export function TermsRoute() {
  return (
    <InfoPage title="Terms of use">
      <p>
        Second Gear puts buyers and sellers in touch. Sellers answer for their listings being true;
        buyers pay through the payment page and meet the seller to receive the item.
      </p>
      <p>
        Listings that break the law or mislead can be reported; an admin may remove them and the
        accounts behind them.
      </p>
    </InfoPage>
  );
}

export function PrivacyRoute() {
  return (
    <InfoPage title="Privacy">
      <p>
        We keep what the marketplace needs: your name, e-mail address, photo and role; the listings,
        bookings and payments you make; and, for a booking, the phone number and meeting place you
        give, which the seller sees.
      </p>
      <p>
        Passwords are stored only as salted hashes. Card details go to the payment provider and
        never reach this site. Sign-in uses a cookie that only this site can read.
      </p>
    </InfoPage>
  );
}

/**
 * The accessibility statement the European Accessibility Act asks of e-commerce services: the
 * standard aimed at, how it is checked, what is known not to conform, and how to report a
 * barrier. Keep "Known barriers" true: remove a line when its fix ships, add one when a barrier
 * is reported and not yet fixed.
 */
export function AccessibilityRoute() {
  return (
    <InfoPage title="Accessibility statement">
      <p>
        Second Gear aims to conform to the Web Content Accessibility Guidelines (WCAG) 2.2 at level
        AA, so that everyone can find, buy and sell here, with a keyboard, a screen reader, a zoomed
        screen or a phone.
      </p>
      <h2 id="how-we-check" className="scroll-mt-20 text-xl font-semibold">
        How we check
      </h2>
      <p>
        Every release is tested in a real browser at phone and desktop widths: the pages are driven
        by their visible names and roles, as assistive technology reads them, and scanned with the
        axe accessibility engine against the WCAG 2.2 AA rules. Every page is checked for content
        wider than a 320 pixel screen.
      </p>
      <h2 id="what-conforms" className="scroll-mt-20 text-xl font-semibold">
        What conforms
      </h2>
      <ul className="list-disc space-y-1 pl-6">
        <li>Every page and form works with a keyboard alone, with a visible focus.</li>
        <li>Fields, buttons, switches and images have names a screen reader announces.</li>
        <li>Pages reflow to a 320 pixel wide screen without scrolling sideways.</li>
        <li>
          Public pages (home, search, listings, sellers, this statement) arrive as complete HTML, so
          they can be read before or without the script.
        </li>
        <li>Times in e-mails are written in words, in your own time zone.</li>
      </ul>
      <h2 id="known-barriers" className="scroll-mt-20 text-xl font-semibold">
        Known barriers
      </h2>
      <p>The site partially conforms. These barriers are known and being fixed:</p>
      <ul className="list-disc space-y-1 pl-6">
        <li>
          Some small links, such as phone numbers and e-mail addresses, are below 24 pixels high.
        </li>
        <li>The Report button under a message does not have enough contrast everywhere.</li>
        <li>Some dashboard pages are long on a phone and show many equal buttons per item.</li>
        <li>Times in some messages are shown in a technical format rather than in words.</li>
      </ul>
      <h2 id="report" className="scroll-mt-20 text-xl font-semibold">
        Report a barrier
      </h2>
      <p>
        If something on this site is hard or impossible for you to use, write to{' '}
        <a href="mailto:accessibility@second-gear.example" className="link link-primary">
          accessibility@second-gear.example
        </a>{' '}
        with the page and what happened. We answer within five working days and, where we cannot fix
        it at once, help you do what you came to do another way.
      </p>
      <p className="text-sm">This statement was last reviewed on 28 November 2026.</p>
    </InfoPage>
  );
}
