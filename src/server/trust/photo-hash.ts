/**
 * Perceptual hashes of photos (decision 0028): a 64-bit pHash. The picture is turned upright,
 * flattened onto white, made grey and shrunk to 32×32 pixels; its 2-D discrete cosine transform
 * (DCT-II) is taken and the 8×8 lowest frequencies kept; bit `i` (row-major, most significant
 * first) is 1 when coefficient `i` is above the median of the 63 non-constant ones. Re-encoding,
 * resizing and brightness changes leave it (almost) unchanged; cropping a few per cent changes a
 * few bits. Two photos are near-identical when their hashes differ in at most
 * {@link duplicateMaxDistance} bits. (A 9×8 dHash, tried first, moved 5–9 bits on a JPEG
 * re-encode of our own photos; the pHash 0–2.)
 *
 * The lookup is multi-index hashing: the 64 bits are cut into four 16-bit bands (indexed columns
 * of `product_photo_hashes`). Two hashes within 7 bits of each other agree within one bit on at
 * least one band (pigeonhole: 4 bands × 2 differing bits = 8 > 7), so the candidates are the
 * photos that have, in some band, the query's band value or one of its 16 one-bit neighbours;
 * the exact Hamming distance then decides.
 */
import sharp from 'sharp';

/** Near-identical photos differ in at most this many of the 64 bits (decision 0028). */
export const duplicateMaxDistance = 7;

/** Side of the grey square the DCT is taken of (pixels). */
const SIDE = 32;
/** Frequencies kept per direction (8 × 8 = 64 bits). */
const KEPT = 8;

/** `cosines[k][n]` = cos(π/SIDE · (n + ½) · k), the DCT-II basis. */
const cosines = Array.from({ length: KEPT }, (_row, k) =>
  Array.from({ length: SIDE }, (_cell, n) => Math.cos((Math.PI / SIDE) * (n + 0.5) * k)),
);

/**
 * The 64-bit pHash of an image, as a signed 64-bit integer (PostgreSQL `bigint`).
 * @param input image bytes in any format sharp reads
 * @throws when sharp cannot decode the bytes.
 */
export async function photoHash(input: Buffer): Promise<bigint> {
  const { data } = await sharp(input, { failOn: 'none' })
    .rotate()
    .flatten({ background: '#ffffff' })
    .greyscale()
    .resize(SIDE, SIDE, { fit: 'fill' })
    .raw()
    .toBuffer({ resolveWithObject: true });
  // Separable DCT: along each row first (only the kept frequencies), then down the columns.
  const rows: number[][] = [];
  for (let y = 0; y < SIDE; y += 1) {
    const row: number[] = [];
    for (let k = 0; k < KEPT; k += 1) {
      let sum = 0;
      for (let x = 0; x < SIDE; x += 1) sum += data[y * SIDE + x]! * cosines[k]![x]!;
      row.push(sum);
    }
    rows.push(row);
  }
  const coefficients: number[] = [];
  for (let ky = 0; ky < KEPT; ky += 1) {
    for (let kx = 0; kx < KEPT; kx += 1) {
      let sum = 0;
      for (let y = 0; y < SIDE; y += 1) sum += rows[y]![kx]! * cosines[ky]![y]!;
      coefficients.push(sum);
    }
  }
  // The median of the non-constant coefficients (the first is the mean brightness); 63 of them, so the 32nd.
  const sorted = coefficients.slice(1).sort((a, b) => a - b);
  const median = sorted[31]!;
  let hash = 0n;
  for (const coefficient of coefficients) hash = (hash << 1n) | (coefficient > median ? 1n : 0n);
  return BigInt.asIntN(64, hash);
}

/** How many of the 64 bits differ between two hashes. */
export function hammingDistance(a: bigint, b: bigint): number {
  let x = BigInt.asUintN(64, a ^ b);
  let count = 0;
  while (x) {
    x &= x - 1n;
    count += 1;
  }
  return count;
}

/** The four 16-bit bands of a hash, most significant first (as the table's band0–band3). */
export function hashBands(hash: bigint): [number, number, number, number] {
  const unsigned = BigInt.asUintN(64, hash);
  return [48n, 32n, 16n, 0n].map((shift) => Number((unsigned >> shift) & 0xffffn)) as [
    number,
    number,
    number,
    number,
  ];
}

/**
 * The values each band of a candidate may have: for every query hash, its band value and the
 * 16 values one bit away. Deduplicated; per band at most 17 × the number of hashes.
 */
export function bandProbes(hashes: readonly bigint[]): [number[], number[], number[], number[]] {
  const probes = [new Set<number>(), new Set<number>(), new Set<number>(), new Set<number>()];
  for (const hash of hashes) {
    hashBands(hash).forEach((value, band) => {
      probes[band]!.add(value);
      for (let bit = 0; bit < 16; bit += 1) probes[band]!.add(value ^ (1 << bit));
    });
  }
  return probes.map((set) => [...set]) as [number[], number[], number[], number[]];
}
