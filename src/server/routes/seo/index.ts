/**
 * `/robots.txt` and the sitemap (decision 0015; sitemaps.org protocol 0.9):
 * - `GET /sitemap.xml`: a `<urlset>` of the public pages, the sellers' profiles and every live
 *   listing while they fit in one file (50,000 URLs, the protocol's limit), else a
 *   `<sitemapindex>` of `/sitemaps/pages.xml` and `/sitemaps/listings-{n}.xml` (n from 1), each
 *   holding at most 50,000 URLs;
 * - `GET /robots.txt`: crawl everything public, not the dashboards, the API or the payment pages,
 *   and the sitemap's address.
 * URLs are absolute on `PUBLIC_URL`. Answers may be cached by browsers and CDNs for 5 minutes.
 * The sitemaps are public reads, on a read replica when one is fit (`app.readDb`, decision 0050).
 */
import type { FastifyPluginAsync, FastifyReply } from 'fastify';
import type { Database } from '../../db/client.js';
import { paths } from '#contract/spa-paths.js';
import { escapeHtml } from '../../lib/html.js';
import { errorBody } from '../../plugins/error-handler.js';
import { countLiveListings, liveListingsPage, sellersWithListings } from '../../seo/repository.js';

/** The protocol's limits; tests lower `urlsPerFile` to reach the index without 50,000 rows. */
export const sitemapLimits = { urlsPerFile: 50_000 };

/** Public pages that are always listed (the listings and sellers come from the database). */
const staticPages = [
  paths.home.href(),
  paths.search.href(),
  paths.blogs.href(),
  paths.about.href(),
  paths.contact.href(),
  paths.terms.href(),
  paths.privacy.href(),
  paths.accessibility.href(),
];

const CACHE = 'public, max-age=300';

function urlset(entries: { loc: string; lastmod?: Date }[]): string {
  const urls = entries.map(
    ({ loc, lastmod }) =>
      `<url><loc>${escapeHtml(loc)}</loc>${
        lastmod ? `<lastmod>${lastmod.toISOString().slice(0, 10)}</lastmod>` : ''
      }</url>`,
  );
  return (
    '<?xml version="1.0" encoding="UTF-8"?>\n' +
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n' +
    urls.join('\n') +
    '\n</urlset>\n'
  );
}

function sendXml(reply: FastifyReply, body: string) {
  return reply.header('cache-control', CACHE).type('application/xml; charset=utf-8').send(body);
}

export const seoRoutes: FastifyPluginAsync = async (app) => {
  const origin = app.config.publicUrl.replace(/\/+$/, '');

  /** The static pages and the sellers' profiles. */
  async function pageEntries(db: Database) {
    const sellers = await sellersWithListings(db, sitemapLimits.urlsPerFile - staticPages.length);
    return [
      ...staticPages.map((page) => ({ loc: `${origin}${page}` })),
      ...sellers.map((uid) => ({ loc: `${origin}${paths.sellerProfile.href(uid)}` })),
    ];
  }

  async function listingEntries(db: Database, offset: number, limit: number) {
    const listings = await liveListingsPage(db, offset, limit);
    return listings.map((listing) => ({
      loc: `${origin}${paths.listing.href(listing.id)}`,
      lastmod: listing.createdAt,
    }));
  }

  app.get('/robots.txt', async (_request, reply) =>
    reply
      .header('cache-control', CACHE)
      .type('text/plain; charset=utf-8')
      .send(
        [
          'User-agent: *',
          'Disallow: /api/',
          'Disallow: /user/',
          'Disallow: /payment/',
          'Disallow: /messages',
          'Disallow: /favourites',
          'Disallow: /saved-searches',
          'Allow: /',
          '',
          `Sitemap: ${origin}/sitemap.xml`,
          '',
        ].join('\n'),
      ),
  );

  app.get('/sitemap.xml', async (request, reply) => {
    const perFile = sitemapLimits.urlsPerFile;
    const db = app.readDb(request);
    const [listingCount, pages] = await Promise.all([countLiveListings(db), pageEntries(db)]);
    if (listingCount + pages.length <= perFile) {
      return sendXml(reply, urlset([...pages, ...(await listingEntries(db, 0, listingCount))]));
    }
    const files = [
      `${origin}/sitemaps/pages.xml`,
      ...Array.from(
        { length: Math.ceil(listingCount / perFile) },
        (_, index) => `${origin}/sitemaps/listings-${index + 1}.xml`,
      ),
    ];
    return sendXml(
      reply,
      '<?xml version="1.0" encoding="UTF-8"?>\n' +
        '<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n' +
        files.map((loc) => `<sitemap><loc>${escapeHtml(loc)}</loc></sitemap>`).join('\n') +
        '\n</sitemapindex>\n',
    );
  });

  app.get<{ Params: { file: string } }>('/sitemaps/:file', async (request, reply) => {
    const { file } = request.params;
    const db = app.readDb(request);
    if (file === 'pages.xml') return sendXml(reply, urlset(await pageEntries(db)));
    const match = /^listings-([1-9]\d{0,6})\.xml$/.exec(file);
    if (match) {
      const perFile = sitemapLimits.urlsPerFile;
      const entries = await listingEntries(db, (Number(match[1]) - 1) * perFile, perFile);
      if (entries.length > 0) return sendXml(reply, urlset(entries));
    }
    return reply.code(404).send(errorBody(404, `No sitemap ${file}`));
  });
};
