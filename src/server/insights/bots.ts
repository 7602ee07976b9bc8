/**
 * Known bots by user agent (decision 0029): their views and impressions are not counted. A
 * request without a user agent counts as a bot too (every browser sends one). Headless browsers
 * are not refused by name: they are how our own browser tests, and some people, browse.
 */
const botPattern =
  /bot\b|bot\/|crawl|spider|slurp|scrap|archiver|facebookexternalhit|embedly|quora link preview|whatsapp|telegram|skypeuripreview|vkshare|pinterest|bingpreview|mediapartners|lighthouse|pagespeed|gtmetrix|pingdom|uptime|monitor|curl\/|wget\/|python-requests|python-urllib|aiohttp|httpx|go-http-client|java\/|okhttp|libwww|perl|ruby|node-fetch|axios\/|undici|postman|insomnia|httpie|phantomjs/i;

/** True when `userAgent` is missing or names a known crawler, preview fetcher or HTTP library. */
export function isBot(userAgent: string | undefined): boolean {
  if (!userAgent || userAgent.trim() === '') return true;
  return botPattern.test(userAgent);
}
