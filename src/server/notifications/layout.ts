/**
 * The one layout of notification e-mail: every notification is written once as a list
 * of blocks and rendered twice, as plain text and as HTML, so the two parts always say the same
 * thing. All text — above all what users typed (names, messages, a decline's reason, listing
 * names) — is escaped for HTML here (`escapeHtml`); callers never build HTML themselves, so a
 * `<script>` in a message arrives as the text `<script>`.
 *
 * ```ts
 * const { text, html } = renderMail({
 *   greeting: `Hello ${seller.name},`,
 *   blocks: [`${buyer.name} booked ${product}.`, { facts: [['Phone', phone]] }, { quote: note }],
 *   action: { label: 'See your bookings', url: `${publicUrl}/user/seller/bookings` },
 *   footer: { reason: 'You get this because …', unsubscribe: { label: 'Stop these e-mails', url } },
 * });
 * ```
 */
import { escapeHtml } from '../lib/html.js';

/**
 * One block of a mail's body: a paragraph, a list of label–value facts (a receipt's lines), or a
 * quoted text someone wrote (kept with its line breaks).
 */
export type MailBlock =
  | string
  | { facts: ReadonlyArray<readonly [label: string, value: string]> }
  | { quote: string; by?: string };

/** A link the reader acts on. `url` must be an absolute http(s) URL we built. */
export interface MailLink {
  label: string;
  url: string;
}

export interface MailContent {
  /** First line, e.g. "Hello Sara,". */
  greeting: string;
  blocks: MailBlock[];
  /** The link back to the page where the reader acts on the mail. */
  action: MailLink;
  footer?: {
    /** Why the reader gets this mail. */
    reason?: string;
    /** The unsubscribe page of this kind of mail (`app.unsubscribe.pageUrl`). */
    unsubscribe?: MailLink;
  };
}

/** Only http(s) URLs go into an `href` (a `javascript:` URL would run when clicked). */
function safeHref(url: string): string {
  if (!/^https?:\/\//i.test(url)) throw new Error(`not an http(s) URL in a mail: ${url}`);
  return escapeHtml(url);
}

const htmlParagraph = (inner: string) =>
  `<p style="margin:0 0 16px;font-size:16px;line-height:1.5">${inner}</p>`;

function blockHtml(block: MailBlock): string {
  if (typeof block === 'string') return htmlParagraph(escapeHtml(block));
  if ('facts' in block) {
    const rows = block.facts
      .map(
        ([label, value]) =>
          `<tr><th align="left" style="padding:4px 12px 4px 0;font-weight:600;vertical-align:top">` +
          `${escapeHtml(label)}</th><td style="padding:4px 0">${escapeHtml(value)}</td></tr>`,
      )
      .join('');
    return `<table role="presentation" style="margin:0 0 16px;font-size:16px;border-collapse:collapse">${rows}</table>`;
  }
  const by = block.by ? htmlParagraph(`${escapeHtml(block.by)}:`) : '';
  return (
    by +
    `<blockquote style="margin:0 0 16px;padding:8px 16px;border-left:4px solid #d1d5db;` +
    `white-space:pre-wrap;font-size:16px">${escapeHtml(block.quote)}</blockquote>`
  );
}

function blockText(block: MailBlock): string {
  if (typeof block === 'string') return block;
  if ('facts' in block) return block.facts.map(([label, value]) => `${label}: ${value}`).join('\n');
  const quoted = block.quote
    .split(/\r?\n/)
    .map((line) => `> ${line}`)
    .join('\n');
  return block.by ? `${block.by}:\n${quoted}` : quoted;
}

/**
 * Renders `content` as a plain-text body and an HTML body (a complete document with inline
 * styles, which mail clients need). @throws Error when a link is not an http(s) URL.
 */
export function renderMail(content: MailContent): { text: string; html: string } {
  const { greeting, blocks, action, footer } = content;
  const text = [
    greeting,
    '',
    ...blocks.flatMap((block) => [blockText(block), '']),
    `${action.label}: ${action.url}`,
    ...(footer
      ? [
          '',
          '--',
          ...(footer.reason ? [footer.reason] : []),
          ...(footer.unsubscribe ? [`${footer.unsubscribe.label}: ${footer.unsubscribe.url}`] : []),
        ]
      : []),
  ].join('\n');

  const footerHtml = footer
    ? `<hr style="border:none;border-top:1px solid #e5e7eb;margin:24px 0 12px">` +
      `<p style="margin:0;font-size:13px;line-height:1.5;color:#6b7280">` +
      (footer.reason ? escapeHtml(footer.reason) : '') +
      (footer.reason && footer.unsubscribe ? '<br>' : '') +
      (footer.unsubscribe
        ? `<a href="${safeHref(footer.unsubscribe.url)}" style="color:#6b7280">${escapeHtml(footer.unsubscribe.label)}</a>`
        : '') +
      `</p>`
    : '';
  const html =
    `<!doctype html><html><head><meta charset="utf-8">` +
    `<meta name="viewport" content="width=device-width,initial-scale=1"></head>` +
    `<body style="margin:0;padding:16px;background:#f9fafb;font-family:system-ui,-apple-system,Segoe UI,Roboto,sans-serif;color:#111827">` +
    `<div style="max-width:560px;margin:0 auto;padding:24px;background:#ffffff;border-radius:8px">` +
    `<p style="margin:0 0 16px;font-size:14px;font-weight:700;color:#4b5563">Second Gear</p>` +
    htmlParagraph(escapeHtml(greeting)) +
    blocks.map(blockHtml).join('') +
    `<p style="margin:24px 0"><a href="${safeHref(action.url)}" style="display:inline-block;` +
    `padding:12px 20px;background:#2563eb;color:#ffffff;border-radius:6px;text-decoration:none;` +
    `font-weight:600">${escapeHtml(action.label)}</a></p>` +
    footerHtml +
    `</div></body></html>`;
  return { text, html };
}
