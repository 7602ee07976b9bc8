/**
 * The texts of identity checks (decision 0044) and the sandbox's test document numbers.
 * Zod-free, so the profile page imports them without shipping zod.
 */

/**
 * The sandbox's test document numbers, as the payment sandbox has test cards: the number
 * decides, the pictures are only checked to be the caller's uploads. Any other number is
 * declined, as a real document would be in a sandbox.
 */
export const sandboxIdentityDocuments = {
  approved: { number: '000000000', outcome: 'approved' },
  selfieMismatch: {
    number: '111111111',
    outcome: 'declined',
    reason: 'The selfie does not match the photo on the document.',
  },
  expired: { number: '222222222', outcome: 'declined', reason: 'The document has expired.' },
} as const;

export const identityTexts = {
  title: 'Identity',
  help: 'Verify your identity with a photo ID and a selfie to show buyers an "ID verified" badge. We keep only the result, never the pictures.',
  verified: 'ID verified',
  pending: 'Your identity check is waiting for the result.',
  declined: 'Your identity check was declined:',
  canceled: 'Your identity check was canceled.',
  documentImage: 'Photo of your ID document',
  selfieImage: 'Selfie',
  documentNumber: 'Document number',
  sandboxHint:
    'Sandbox: document number 000000000 is approved; 111111111 (selfie mismatch), 222222222 (expired) and any other are declined.',
  submit: 'Verify my identity',
  startStripe: 'Verify my identity with Stripe',
  alreadyVerified: 'Your identity is already verified',
  otherDocument: 'The sandbox approves only its test document number 000000000.',
  notYourUpload: 'must be a picture you uploaded',
} as const;
