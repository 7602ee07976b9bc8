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
