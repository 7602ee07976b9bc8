/**
 * The bill of sale of a released protected payment (decision 0042): a one-page PDF made with
 * pdfkit that names the seller and the buyer, the car (make, model, year, VIN, mileage), the
 * price, the date, time and place of the handover, the order number and a "sold as seen" line.
 *
 * It is made once, in the transaction that releases the money, and kept byte for byte in
 * `bills_of_sale` with its SHA-256 (also on `order_payments.bill_of_sale_sha256`), so the copy
 * mailed to both sides, the one served at `GET /api/order/{id}/bill-of-sale` and the recorded
 * digest always agree, whatever later changes to this layout or to pdfkit.
 */
import { createHash } from 'node:crypto';
import PDFDocument from 'pdfkit';
import { eq } from 'drizzle-orm';
import { centsToDollars, formatDollars } from '#contract/index.js';
import { KM_PER_MILE } from '#contract/dealers.js';
import { billsOfSale, orderPayments, orders, products } from '../db/schema.js';
import type { Executor } from '../jobs/queue.js';

/** What a bill of sale says. Times are shown in UTC (the server knows no reader's zone). */
export interface BillOfSaleFacts {
  /** The order number (the order's id). */
  orderId: string;
  sellerName: string;
  buyerName: string;
  /** The listing's title, for a car whose make or model was not given. */
  productName: string;
  make: string | null;
  model: string | null;
  modelYear: number | null;
  vin: string | null;
  /** Kilometres. */
  mileageKm: number | null;
  /** The price paid, in cents (US dollars). */
  priceCents: number;
  /** When the car changed hands: the seller entered the buyer's code, else the release. */
  handoverAt: Date;
  /** The meeting place of the booking. */
  handoverPlace: string;
  /** How the handover was confirmed: `handover` (code), `automatic`, `admin`. */
  confirmedBy: string | null;
  /** When the money went to the seller. */
  releasedAt: Date;
}

/** The sentence every bill of sale carries (tests look for it). */
export const soldAsSeen =
  'Sold as seen: the buyer has had the chance to inspect the vehicle and accepts it in its ' +
  'present condition, with no warranty given by the seller.';

const notGiven = 'not given';

const dayFormat = new Intl.DateTimeFormat('en-GB', {
  day: 'numeric',
  month: 'long',
  year: 'numeric',
  timeZone: 'UTC',
});
const timeFormat = new Intl.DateTimeFormat('en-GB', {
  hour: '2-digit',
  minute: '2-digit',
  hour12: false,
  timeZone: 'UTC',
});
const wholeNumber = new Intl.NumberFormat('en-US', { maximumFractionDigits: 0 });

/** "85,000 km (52,817 mi)". */
export function formatMileage(km: number): string {
  return `${wholeNumber.format(km)} km (${wholeNumber.format(km / KM_PER_MILE)} mi)`;
}

/** Characters the PDF standard fonts (WinAnsiEncoding, i.e. Windows-1252) can show. */
const winAnsiExtras = new Set('€‚ƒ„…†‡ˆ‰Š‹ŒŽ‘’“”•–—˜™š›œžŸ');
function printable(char: string): boolean {
  const code = char.codePointAt(0)!;
  return (
    (code >= 0x20 && code <= 0x7e) || (code >= 0xa0 && code <= 0xff) || winAnsiExtras.has(char)
  );
}

/**
 * `text` as the standard fonts can print it: letters with accents outside Windows-1252 lose the
 * accent (NFKD), anything else left becomes "?". The bill uses the built-in Helvetica so it
 * needs no font files; names in other scripts are the known limit (decision 0042).
 */
export function pdfSafe(text: string): string {
  return [...text.normalize('NFC')]
    .map((char) => {
      if (printable(char)) return char;
      const plain = char.normalize('NFKD').replace(/\p{M}/gu, '');
      return [...plain].every(printable) && plain !== '' ? plain : '?';
    })
    .join('');
}

function confirmation(facts: BillOfSaleFacts): string {
  switch (facts.confirmedBy) {
    case 'handover':
      return "the buyer's handover code, entered by the seller";
    case 'admin':
      return "a Second Gear admin's decision on a dispute";
    case 'automatic':
      return 'automatic release after the waiting time (no handover code entered)';
    default:
      return 'release of the payment';
  }
}

/** The labelled lines of each section, in order (what the PDF prints, before pdfSafe). */
export function billOfSaleSections(facts: BillOfSaleFacts): [string, [string, string][]][] {
  return [
    ['Seller', [['Name', facts.sellerName]]],
    ['Buyer', [['Name', facts.buyerName]]],
    [
      'Vehicle',
      [
        ['Listing', facts.productName],
        ['Make', facts.make ?? notGiven],
        ['Model', facts.model ?? notGiven],
        ['Year', facts.modelYear === null ? notGiven : String(facts.modelYear)],
        ['VIN', facts.vin ?? notGiven],
        ['Mileage', facts.mileageKm === null ? notGiven : formatMileage(facts.mileageKm)],
      ],
    ],
    [
      'Price',
      [
        ['Price paid', `${formatDollars(centsToDollars(facts.priceCents), { cents: true })} (USD)`],
        [
          'Payment',
          `Held by Second Gear and released to the seller on ${dayFormat.format(facts.releasedAt)}`,
        ],
      ],
    ],
    [
      'Handover',
      [
        ['Date', dayFormat.format(facts.handoverAt)],
        ['Time', `${timeFormat.format(facts.handoverAt)} UTC`],
        ['Place', facts.handoverPlace],
        ['Confirmed by', confirmation(facts)],
      ],
    ],
  ];
}

/**
 * Renders the bill of sale as a PDF (A4, built-in Helvetica). The document's creation date is
 * the release time, so the same facts give the same text and metadata.
 * @returns the PDF bytes.
 */
export function renderBillOfSale(facts: BillOfSaleFacts): Promise<Buffer> {
  const doc = new PDFDocument({
    size: 'A4',
    margin: 56,
    info: {
      Title: pdfSafe(`Bill of sale, order ${facts.orderId}`),
      Author: 'Second Gear',
      Subject: pdfSafe(facts.productName),
      CreationDate: facts.releasedAt,
    },
  });
  const chunks: Buffer[] = [];
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  const width = doc.page.width - 112;
  doc.font('Helvetica-Bold').fontSize(22).text('Bill of sale');
  doc.moveDown(0.2);
  doc.font('Helvetica').fontSize(10).fillColor('#444').text(`Order number: ${facts.orderId}`);
  doc.fillColor('#000');
  for (const [heading, lines] of billOfSaleSections(facts)) {
    doc.moveDown(1);
    doc.font('Helvetica-Bold').fontSize(13).text(heading);
    doc.moveDown(0.2);
    for (const [label, value] of lines) {
      doc.font('Helvetica-Bold').fontSize(10.5).text(`${label}: `, { continued: true, width });
      doc.font('Helvetica').text(pdfSafe(value), { width });
    }
  }
  doc.moveDown(1.2);
  doc.font('Helvetica-Bold').fontSize(10.5).text(soldAsSeen, { width });
  doc.moveDown(1.2);
  doc
    .font('Helvetica')
    .fontSize(9)
    .fillColor('#444')
    .text(
      `Made by Second Gear when the payment was released (${dayFormat.format(facts.releasedAt)}, ` +
        `${timeFormat.format(facts.releasedAt)} UTC). Second Gear records the SHA-256 digest of ` +
        'this file on the order, so a copy can be checked against it.',
      { width },
    );
  doc.end();
  return done;
}

/** SHA-256 of `bytes`, lower-case hex. */
export function sha256Hex(bytes: Uint8Array): string {
  return createHash('sha256').update(bytes).digest('hex');
}

/** The facts of the bill of `orderId` from the database, or null when it has no payment. */
export async function billOfSaleFacts(
  tx: Executor,
  orderId: string,
): Promise<BillOfSaleFacts | null> {
  const [row] = await tx
    .select({
      orderId: orders.id,
      sellerName: orders.sellerName,
      buyerName: orders.customerName,
      productName: orders.productName,
      meetingLocation: orders.meetingLocation,
      make: products.make,
      model: products.model,
      modelYear: products.modelYear,
      vin: products.vin,
      mileageKm: products.mileageKm,
      amountCents: orderPayments.amountCents,
      handedOverAt: orderPayments.handedOverAt,
      releasedAt: orderPayments.releasedAt,
      releaseReason: orderPayments.releaseReason,
    })
    .from(orderPayments)
    .innerJoin(orders, eq(orders.id, orderPayments.orderId))
    .innerJoin(products, eq(products.id, orders.productId))
    .where(eq(orderPayments.orderId, orderId));
  if (!row) return null;
  const releasedAt = row.releasedAt ?? new Date();
  return {
    orderId: row.orderId,
    sellerName: row.sellerName,
    buyerName: row.buyerName,
    productName: row.productName,
    make: row.make,
    model: row.model,
    modelYear: row.modelYear,
    vin: row.vin,
    mileageKm: row.mileageKm,
    priceCents: row.amountCents,
    handoverAt: row.handedOverAt ?? releasedAt,
    handoverPlace: row.meetingLocation,
    confirmedBy: row.releaseReason,
    releasedAt,
  };
}

/**
 * Makes and keeps the bill of sale of the released payment of `orderId` in `tx`, once: a bill
 * already kept is returned as it is. Records its SHA-256 on the payment.
 * @returns the PDF and its digest, or null when the order has no payment.
 */
export async function ensureBillOfSale(
  tx: Executor,
  orderId: string,
): Promise<{ pdf: Buffer; sha256: string } | null> {
  const [kept] = await tx.select().from(billsOfSale).where(eq(billsOfSale.orderId, orderId));
  if (kept) return { pdf: kept.pdf, sha256: kept.sha256 };
  const facts = await billOfSaleFacts(tx, orderId);
  if (!facts) return null;
  const pdf = await renderBillOfSale(facts);
  const sha256 = sha256Hex(pdf);
  const [inserted] = await tx
    .insert(billsOfSale)
    .values({ orderId, pdf, sha256 })
    .onConflictDoNothing({ target: billsOfSale.orderId })
    .returning();
  if (!inserted) {
    // Made meanwhile by another transaction: that one is the bill.
    const [other] = await tx.select().from(billsOfSale).where(eq(billsOfSale.orderId, orderId));
    return other ? { pdf: other.pdf, sha256: other.sha256 } : null;
  }
  await tx
    .update(orderPayments)
    .set({ billOfSaleSha256: sha256 })
    .where(eq(orderPayments.orderId, orderId));
  return { pdf, sha256 };
}

/** The file name of the bill of `orderId` (mail attachment and download). */
export function billOfSaleFilename(orderId: string): string {
  return `bill-of-sale-${orderId}.pdf`;
}
