/**
 * The evidence of the admin's Verify dialog (decision 0044) as the dialog lists it: the checks
 * the seller passed, account age, listings, reports and the risk queue's score and reasons
 * (`GET /api/admin/seller-evidence/{uid}?id=`).
 */
import type { SellerEvidence } from '#contract/trust';
import * as apiRoutes from '#contract/route-table';
import { verificationTexts } from '#contract/verification-texts';
import { apiCall } from '#web/lib/api-client';

/** The evidence of seller `id`, asked by the admin `adminUid`. @throws ApiError */
export function fetchSellerEvidence(adminUid: string, id: string): Promise<SellerEvidence> {
  return apiCall(apiRoutes.sellerEvidence, { params: { uid: adminUid }, query: { id } });
}

const dateFormat = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium' });
const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;

/** The evidence as label and value lines, in the order an admin reads them. */
export function evidenceFacts(evidence: SellerEvidence): { label: string; value: string }[] {
  const { phone, identity, listings, reports, risk } = evidence;
  const identityValue = identity.verified
    ? `${verificationTexts.identity} on ${dateFormat.format(new Date(identity.verified_at!))}`
    : identity.status === 'declined'
      ? `Declined${identity.reason ? `: ${identity.reason}` : ''}`
      : identity.status === 'pending'
        ? 'Check under way'
        : 'Not checked';
  const riskValue =
    risk.listings.length === 0
      ? 'Not in the risk queue'
      : `Score ${risk.score}: ${risk.listings
          .map(
            (item) =>
              `${item.product_name} (${item.score}): ${item.reasons.map((reason) => reason.text).join('; ')}`,
          )
          .join(' · ')}`;
  return [
    {
      label: 'Phone',
      value: phone.verified ? `${verificationTexts.phone}: ${phone.number}` : 'Not verified',
    },
    { label: 'ID', value: identityValue },
    {
      label: 'Account age',
      value: `${plural(evidence.account_age_days, 'day')} (since ${dateFormat.format(new Date(evidence.account_created_at))})`,
    },
    { label: 'Listings', value: `${listings.live} live of ${listings.total}` },
    {
      label: 'Reports',
      value: `${plural(reports.listings, 'report')} of listings, ${plural(reports.messages, 'report')} of messages`,
    },
    { label: 'Risk queue', value: riskValue },
  ];
}
