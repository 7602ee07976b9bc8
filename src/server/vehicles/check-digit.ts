/**
 * The VIN check digit (position 9), as 49 CFR § 565.15 defines it for vehicles sold in North
 * America: each character is transliterated to a number (digits as themselves, letters by the
 * table below), multiplied by its position's weight, and the sum taken modulo 11; a remainder of
 * 10 is written `X`. Other regions do not require it (ISO 3779), so it is only checked where the
 * VIN's first character says North America (1–5).
 */

// prettier-ignore
const letterValues: Record<string, number> = {
  A: 1, B: 2, C: 3, D: 4, E: 5, F: 6, G: 7, H: 8,
  J: 1, K: 2, L: 3, M: 4, N: 5, P: 7, R: 9,
  S: 2, T: 3, U: 4, V: 5, W: 6, X: 7, Y: 8, Z: 9,
};
const weights = [8, 7, 6, 5, 4, 3, 2, 10, 0, 9, 8, 7, 6, 5, 4, 3, 2];

/**
 * The check digit `vin` should have at position 9: `0`–`9` or `X`.
 * @param vin 17 characters of A–H, J–N, P, R–Z, 0–9 (upper case).
 * @throws RangeError for anything else.
 */
export function expectedCheckDigit(vin: string): string {
  if (!/^[A-HJ-NPR-Z0-9]{17}$/.test(vin)) throw new RangeError(`not a VIN: ${vin}`);
  let sum = 0;
  for (let i = 0; i < 17; i += 1) {
    const char = vin[i]!;
    const value = /\d/.test(char) ? Number(char) : letterValues[char]!;
    sum += value * weights[i]!;
  }
  const remainder = sum % 11;
  return remainder === 10 ? 'X' : String(remainder);
}

/** True when the VIN's world manufacturer identifier is North American (first character 1–5). */
export function isNorthAmerican(vin: string): boolean {
  return /^[1-5]/.test(vin);
}
