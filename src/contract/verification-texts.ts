/**
 * The texts of verified people (decision 0044): the badges' names and what each promises, and
 * the phone form's texts. Zod-free, so the SPA's shared components (the badges on every card)
 * import it without shipping zod in the entry chunk.
 */
/** The badges' names and what each promises (the tooltip or sheet beside the badge). */
export const verificationTexts = {
  phone: 'Phone verified',
  phoneMeaning:
    'The seller entered a code we sent by text message to their phone number. It says the number reaches them, not who they are.',
  identity: 'ID verified',
  identityMeaning:
    'An identity check matched the seller’s photo ID with a selfie. We keep only the result, not the document.',
  admin: 'Verified seller',
  adminMeaning:
    'An admin of Second Gear reviewed this seller’s account, listings and reports and verified them.',
  badgesTitle: 'What was checked',
  phoneTitle: 'Phone number',
  phoneHelp:
    'Verify your number to show buyers a "Phone verified" badge and to message sellers without the limits of new accounts.',
  sendCode: 'Send code',
  codeLabel: 'Code from the text message',
  verify: 'Verify',
  codeSent: 'We sent a 6-digit code to',
  phoneVerified: 'Phone verified',
  badPhone: 'body.phone is not a valid phone number',
  numberTaken: 'This number is verified on another account',
  alreadyVerified: 'This number is already verified on your account',
  noCode: 'No code is waiting for this account: ask for a new code',
  codeExpired: 'The code has expired: ask for a new code',
  wrongCodeEnded: 'Wrong code. That was the last try: ask for a new code',
} as const;
