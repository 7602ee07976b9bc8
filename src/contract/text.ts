/**
 * Single-line text fields (names, places): no line breaks. A name is written into the plain-text
 * part of mails, where a line break in it forges a line of its own (docs/reliability.md, the
 * fourth attack). Refused rather than folded, so what is shown is what was typed.
 */

/** Line breaks of any kind: CR, LF, vertical tab, form feed, NEL, LINE and PARAGRAPH SEPARATOR. */
export const lineBreakPattern = /[\r\n\v\f\u0085\u2028\u2029]/;

/** A value without line breaks (`.regex` of a zod string: kept in the OpenAPI schema). */
export const singleLinePattern = /^[^\r\n\v\f\u0085\u2028\u2029]*$/;

/** The message of a refused line break. */
export const singleLineMessage = 'must be one line (no line breaks)';
