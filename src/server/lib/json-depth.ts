/**
 * A bound on how deeply JSON may nest, checked on the text before it is parsed. Our contract's
 * deepest body nests 3 levels; `[[[…]]]` thousands deep parses to nothing useful and costs the
 * parser and the validator time and stack (docs/reliability.md, the fourth attack).
 */

/** The deepest nesting of arrays and objects a request's JSON may have. */
export const maxJsonDepth = 32;

/**
 * True when `text` opens more than `max` arrays or objects inside one another. Brackets inside
 * strings do not count (escapes are honoured). Linear in the text's length; the text need not
 * be valid JSON (the parser refuses that afterwards).
 */
export function exceedsJsonDepth(text: string, max: number = maxJsonDepth): boolean {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i += 1) {
    const code = text.charCodeAt(i);
    if (inString) {
      if (code === 0x5c)
        i += 1; // backslash: skip the escaped character
      else if (code === 0x22) inString = false;
    } else if (code === 0x22) inString = true;
    else if (code === 0x5b || code === 0x7b) {
      depth += 1;
      if (depth > max) return true;
    } else if (code === 0x5d || code === 0x7d) depth -= 1;
  }
  return false;
}
