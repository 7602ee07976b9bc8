/**
 * JSON that is safe inside an HTML `<script>` element (the server-rendered page's query cache and
 * its JSON-LD, decision 0015): `<`, `>`, `&` and the line separators U+2028/U+2029 are written as
 * `\uXXXX` escapes, so no listing text can close the element or open markup, and the text still
 * parses to the same value (OWASP XSS Prevention Cheat Sheet, "JSON in HTML").
 */
export function scriptSafeJson(value: unknown): string {
  return JSON.stringify(value).replace(
    /[<>&\u2028\u2029]/g,
    (char) => `\\u${char.charCodeAt(0).toString(16).padStart(4, '0')}`,
  );
}
