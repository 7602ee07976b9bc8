/**
 * Lighthouse scores of public pages, part of `npm run bench:web`: the `lighthouse`
 * package (12.x, the last line that runs on Node 20) driving Debian's Chromium through
 * chrome-launcher, with Lighthouse's default mobile profile (a mid-range phone: simulated
 * 150 ms round trip, 1.6 Mbit/s down, CPU ×4). Scores are figures for the README, not a test:
 * they move with the machine's load. Each page is loaded `runs` times and the median run kept,
 * chosen as Lighthouse itself does (`computeMedianRun`: the run closest to the median FCP and
 * TTI; https://github.com/GoogleChrome/lighthouse/blob/main/docs/variability.md), with the
 * spread of the performance score over the runs.
 */
import * as chromeLauncher from 'chrome-launcher';
import lighthouse, { type Result } from 'lighthouse';
import { computeMedianRun as medianRun } from 'lighthouse/core/lib/median-run.js';
import { chromiumArgs } from '../tests/e2e/support/server-env.js';

/**
 * Lighthouse's median run, typed: the module's declarations name the `LH` namespace without
 * importing it, so its own signature resolves to nothing.
 */
const computeMedianRun = medianRun as (runs: Result[]) => Result;

/** One page's result: category scores 0–100, metrics in milliseconds (CLS unitless). */
export interface LighthouseResult {
  page: string;
  url: string;
  performance: number;
  /** Lowest and highest performance score over the runs. */
  performanceRange: [min: number, max: number];
  /** How many runs the median was taken from. */
  runs: number;
  accessibility: number;
  bestPractices: number;
  seo: number;
  /** Largest Contentful Paint (ms). */
  lcp: number;
  /** Total Blocking Time (ms). */
  tbt: number;
  cls: number;
  /** The failing audits of the three non-performance categories, to fix. */
  failing: string[];
}

const categories = ['performance', 'accessibility', 'best-practices', 'seo'] as const;

/** Runs of one page that may fail to record before the page's measurement gives up. */
const MAX_FAILED_RUNS = 2;

/**
 * Runs Lighthouse `runs` times (≥ 1) on each of `pages` (name → absolute URL), one after another
 * in one headless Chromium (`chromePath`, e.g. /usr/bin/chromium), and reports each page's median
 * run.
 * @throws Error when Chromium does not start, or Lighthouse fails on a page more than
 *   `MAX_FAILED_RUNS` times.
 */
export async function runLighthouse(
  pages: readonly (readonly [name: string, url: string])[],
  chromePath: string,
  runs = 5,
): Promise<LighthouseResult[]> {
  const chrome = await chromeLauncher.launch({
    chromePath,
    chromeFlags: ['--headless=new', ...chromiumArgs],
  });
  try {
    const results: LighthouseResult[] = [];
    for (const [page, url] of pages) {
      const lhrs: Result[] = [];
      let failures = 0;
      while (lhrs.length < runs) {
        const result = await lighthouse(url, {
          port: chrome.port,
          output: 'json',
          logLevel: 'error',
          onlyCategories: [...categories],
        });
        if (!result) throw new Error(`Lighthouse gave no result for ${url}`);
        const { runtimeError } = result.lhr;
        if (runtimeError) {
          // A trace Chromium failed to record (NO_NAVSTART, NO_FCP) on a loaded host: run again.
          failures++;
          if (failures > MAX_FAILED_RUNS) {
            throw new Error(`Lighthouse on ${url}: ${runtimeError.message}`);
          }
          console.warn(`Lighthouse on ${url}: ${runtimeError.code}, running it again`);
          continue;
        }
        lhrs.push(result.lhr);
      }
      const lhr = computeMedianRun(lhrs);
      const performances = lhrs.map((each) =>
        Math.round((each.categories.performance?.score ?? 0) * 100),
      );
      const performanceRange: [number, number] = [
        Math.min(...performances),
        Math.max(...performances),
      ];
      const score = (id: (typeof categories)[number]) =>
        Math.round((lhr.categories[id]?.score ?? 0) * 100);
      const metric = (id: string) => lhr.audits[id]?.numericValue ?? Number.NaN;
      const failing = categories
        .filter((id) => id !== 'performance')
        .flatMap((id) => lhr.categories[id]?.auditRefs ?? [])
        .filter((ref) => ref.weight > 0 && (lhr.audits[ref.id]?.score ?? 1) < 1)
        .map((ref) => ref.id);
      results.push({
        page,
        url,
        performance: score('performance'),
        performanceRange,
        runs,
        accessibility: score('accessibility'),
        bestPractices: score('best-practices'),
        seo: score('seo'),
        lcp: metric('largest-contentful-paint'),
        tbt: metric('total-blocking-time'),
        cls: metric('cumulative-layout-shift'),
        failing: [...new Set(failing)],
      });
      console.log(
        `Lighthouse ${page} (median of ${runs}): performance ${score('performance')} ` +
          `(${performanceRange.join('–')}), accessibility ` +
          `${score('accessibility')}, best practices ${score('best-practices')}, SEO ` +
          `${score('seo')}${failing.length ? ` (failing: ${failing.join(', ')})` : ''}`,
      );
    }
    return results;
  } finally {
    chrome.kill();
  }
}
