/** Escaping for HTML and XML that the server writes itself (mail bodies, rendered pages, sitemaps). */

/**
 * Escapes the five characters HTML and XML give meaning to, for text and attribute values alike
 * (OWASP XSS Prevention Cheat Sheet, rule 1 and 2).
 */
export function escapeHtml(text: string): string {
  return text.replace(
    /[&<>"']/g,
    (char) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[char]!,
  );
}
