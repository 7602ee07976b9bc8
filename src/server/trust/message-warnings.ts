/**
 * Scam warnings on messages (decision 0028): plain rules — regular expressions over the message
 * after light normalisation — one list per warning code, each rule with a label, so a warning
 * always names what triggered it (the label and the words matched). No model, no network: the
 * rules are measured on the labelled set `message-warnings.fixtures.json` (precision and recall
 * per message and code; `npx tsx scripts/message-warnings-score.ts` prints them and
 * `message-warnings.test.ts` holds them to ≥ 0.90 and ≥ 0.85).
 *
 * The codes, after the scams private car sales see most:
 * - `off_platform_payment`: gift cards, wire transfer, crypto, money-transfer services;
 * - `advance_payment`: a deposit or payment before seeing the car (Second Gear's own viewing
 *   deposit, decision 0020, is not one);
 * - `shipping_or_agent`: a courier, shipping agent or transport company, a seller abroad;
 * - `move_off_platform`: taking the talk to another app or e-mail;
 * - `suspicious_link`: a link to pay, a link shortener, or a look-alike of our own domain;
 * - `overpayment`: paying more than the price and refunding the difference;
 * - `verification_code`: asking for a code the reader just received (by text message, e-mail or
 *   an app): a code is the key to their phone number or account (decision 0044).
 */
import type { MessageWarning, MessageWarningCode } from '../../contract/index.js';

/** One rule: a pattern over the normalised text and what it is called in the warning. */
interface Rule {
  label: string;
  pattern: RegExp;
}

/**
 * Lower case, compatibility forms folded (full-width letters, ligatures), curly quotes and
 * dashes made plain, runs of white space made one space.
 */
export function normaliseMessage(text: string): string {
  return text
    .normalize('NFKC')
    .toLowerCase()
    .replace(/[\u2018\u2019\u02bc]/g, "'")
    .replace(/[\u201c\u201d]/g, '"')
    .replace(/[\u2010-\u2015]/g, '-')
    .replace(/\s+/g, ' ')
    .trim();
}

// Shared pieces. `money` is an amount in figures or words, or "money", "payment", "funds".
const numberWord =
  '(?:one|two|three|four|five|six|seven|eight|nine|ten|fifteen|twenty|thirty|forty|fifty|hundred|thousand|grand|k)';
const amount = `(?:[$€£]\\s?\\d[\\d,.]*k?|\\d[\\d,.]*\\s?(?:k|usd|dollars?|bucks|eur|euros?|pounds?|gbp)?|(?:${numberWord}[ -]?){1,4}(?:dollars?|bucks|euros?|pounds?)?)`;
const pay = '(?:send|sent|pay|paid|transfer|wire|deposit|put down|give|make)';

/** The rules of each code, most specific first (the first that matches names the warning). */
const rules: Record<MessageWarningCode, Rule[]> = {
  off_platform_payment: [
    {
      label: 'gift cards',
      pattern:
        /\b(?:gift ?-?ca?rds?|giftcards?|gift vouchers?|(?:itunes|apple|google ?play|steam|amazon|ebay|vanilla|visa prepaid|razer ?gold|sephora|target|walmart) ?(?:gift )?(?:cards?|vouchers?|codes?)|card codes?|scratch (?:the )?(?:back|card))\b/,
    },
    {
      label: 'a money-transfer service',
      pattern:
        /\b(?:western ?union|wu transfer|money ?gram|moneygram|ria (?:money )?transfer|world ?remit|remitly|xoom|paysend|cash ?app|venmo|zelle|paypal (?:friends|f&f|ff|family)|(?:as|via|with) friends (?:and|&) family|friends (?:and|&) family (?:payment|option|only))\b/,
    },
    {
      label: 'a wire transfer',
      pattern:
        /\b(?:wire (?:transfer|the (?:money|funds|payment|deposit|balance|rest)|it|me|you|the amount)|wired|bank wire|swift (?:transfer|payment)|international (?:bank )?transfer|iban\b[^.]*(?:send|pay|transfer))\b/,
    },
    {
      label: 'crypto',
      pattern:
        /\b(?:bitcoins?|btc|crypto(?:currency|currencies)?|usdt|tether|ethereum|\beth\b|litecoin|ltc|binance|coinbase|wallet address|my wallet|trc-?20|erc-?20)\b/,
    },
  ],
  advance_payment: [
    {
      label: 'a payment before the viewing',
      pattern: new RegExp(
        `\\b(?:${pay}\\w*|secure|hold|reserve)\\b[^.?!]{0,60}\\b(?:before|prior to|ahead of)\\b[^.?!]{0,25}\\b(?:view(?:ing)?|see(?:ing)?|inspect(?:ion|ing)?|come|visit|test ?drive|pick ?-?up|collect(?:ion|ing)?|deliver(?:y|ed)?|ship(?:ping|ped)?)`,
      ),
    },
    {
      label: 'a deposit up front',
      pattern: new RegExp(
        `\\b(?:deposit|down ?payment|holding fee|reservation fee|booking fee|advance|(?:first|half|part|small|refundable) (?:payment|of the (?:money|price|amount))|${amount} (?:deposit|to (?:hold|reserve|secure)))\\b[^.?!]{0,50}\\b(?:first|up ?-?front|in advance|today|now|right away|asap|to (?:hold|reserve|secure|keep|lock)|before|so i (?:can|know)|and i(?:'ll| will)|then i(?:'ll| will)|otherwise)`,
      ),
    },
    {
      label: 'a deposit to hold the car',
      pattern: new RegExp(
        `\\b(?:send|sent|transfer|wire|pay|make)\\b[^.?!]{0,30}\\b(?:deposit|down ?payment|holding fee|reservation fee|advance payment|(?:part|half) of the (?:money|price|payment))\\b`,
      ),
    },
    {
      label: 'money first',
      pattern:
        /\b(?:send|sending|transfer|wire|pay)\b[^.?!]{0,25}\b(?:first|now|up ?-?front|in advance)\b[^.?!]{0,40}\b(?:hold|reserve|keep|i (?:will|'ll) (?:bring|deliver|ship|send|post|hold|keep)|the rest|so i know|or i|if not|otherwise|before)\b|\b(?:holding|reservation|booking|shipping|transport|delivery) fee\b[^.?!]{0,40}\b(?:first|before|then|to (?:my|our|the) account|now)\b|\b(?:send|sending|pay|transfer)\b[^.?!]{0,20}\b(?:half|part|some) (?:of )?the (?:money|price|payment|amount)\b/,
    },
    {
      label: 'paying in full up front',
      pattern:
        /\b(?:pay(?:ment)?|send|transfer)\b[^.?!]{0,25}\b(?:in full|full (?:amount|price|payment)|whole (?:amount|price))\b[^.?!]{0,30}\b(?:first|up ?-?front|in advance|before|then|and (?:i|we|the courier|the agent))\b/,
    },
    {
      label: 'a payment to hold the car',
      pattern:
        /\b(?:(?:hold|reserve|keep)s? (?:it|the (?:car|bike|van|truck|vehicle)) for you (?:if|once|when|as soon as) you (?:send|pay|transfer|wire)|first (?:come|to pay),? first serve?d? (?:with|by) (?:a )?(?:deposit|payment))\b/,
    },
  ],
  shipping_or_agent: [
    {
      label: 'a seller abroad',
      pattern:
        /\b(?:i(?:'m| am| m)?|we(?:'re| are)?|currently|presently|now|seller is|owner is|he(?:'s| is)?|she(?:'s| is)?|my (?:brother|sister|husband|wife|son|daughter|uncle|father|mother|friend|boss)(?: is)?)\b[^.?!]{0,20}\b(?:abroad|overseas|out of (?:the )?(?:country|state|town for (?:work|months))|offshore|on (?:an? )?(?:oil rig|ship|deployment|military (?:duty|base|mission))|deployed|stationed (?:in|at|abroad|overseas)|working (?:abroad|overseas|in (?:dubai|the uk|germany|qatar|nigeria)))\b/,
    },
    {
      label: 'a shipping agent or courier',
      pattern:
        /\b(?:shipping (?:company|agent|agency|firm|service|fees?|cost)|shipp?ing agents?|courier(?: company| service)?|delivery (?:company|agent|agency|firm|service)|transport(?:ation)? (?:company|agent|agency|firm)|logistics (?:company|agent|firm)|(?:fedex|dhl|ups|tnt|usps|maersk) (?:will|would|can|to|agent|shipping|delivery)|my agent|an agent will|the agent will|(?:i'm|i am|im) (?:just |only )?(?:the|an|his|her|their) agent|escrow (?:agent|company|service))\b/,
    },
    {
      label: 'shipping the car to you',
      pattern:
        /\b(?:ship|deliver|send|transport)(?:ped|ed|ing|s)? (?:it|the (?:car|vehicle|bike|van|truck|keys and papers)) (?:to (?:you|your (?:door|home|house|address|place))|over to you|door to door)\b|\b(?:delivered|shipped) (?:straight |right )?to your (?:door|home|house|address|doorstep)\b|\bdoor ?-?to ?-?door delivery\b/,
    },
  ],
  move_off_platform: [
    {
      label: 'WhatsApp',
      pattern: /\b(?:whats? ?-?app?|wats ?app|watsapp|whatapp|wa\.me|wapp)\b/,
    },
    {
      label: 'another messaging app',
      pattern:
        /\b(?:telegram|tele gram|signal app|on signal|viber|wechat|we chat|kik|line app|hangouts?|google chat|snapchat|instagram dm|facebook messenger|messenger)\b/,
    },
    {
      label: 'e-mail',
      pattern:
        /\b[a-z0-9._%+-]+ ?(?:@|\(at\)|\[at\]| at ) ?[a-z0-9-]+ ?(?:\.|\(dot\)|\[dot\]| dot ) ?(?:com|net|org|co|uk|de|io|info|me)\b|\b(?:e-?mail|mail|contact|reach|write)(?:ed)? me (?:at|on|via|directly|privately|off (?:here|this (?:site|app)))\b|\bmy (?:e-?mail|gmail|yahoo|hotmail|outlook)(?: address)? (?:is|:)|\b(?:send|give) me your (?:e-?mail|gmail|number|phone number|whats ?app)\b/,
    },
    {
      label: 'talking outside Second Gear',
      pattern:
        /\b(?:text|txt|message|msg|contact|call) me (?:on|at|via)\b[^.?!]{0,20}(?:\+?\d[\d -]{7,}|app|number)|\b(?:talk|chat|continue|discuss|deal|speak|communicate)\w*\b[^.?!]{0,15}\b(?:outside|off) (?:of )?(?:this|the) (?:site|app|platform|website|chat)\b|\be-?mail me\b|\b(?:don't|do not|dont) (?:reply|answer|write) (?:here|on this)\b|\bi (?:rarely|don't|dont|do not|barely) (?:check|use|come on) (?:this|here|the app|the site)\b/,
    },
  ],
  suspicious_link: [
    {
      label: 'a link shortener',
      pattern:
        /\b(?:bit\.ly|tinyurl\.com|goo\.gl|t\.co|ow\.ly|is\.gd|cutt\.ly|rebrand\.ly|shorturl\.at|rb\.gy|tiny\.cc)\/\S+/,
    },
    {
      label: 'a look-alike of Second Gear',
      pattern:
        /\b(?:https?:\/\/)?(?:[a-z0-9-]+\.)*(?:s[e3]c[o0]nd[-_.]?g[e3]a?r|sec[o0]nd[-_.]?gaer|scondgear|secondgeer|2nd[-_.]?gear|second[-_.]?gear[-_.]?(?:pay|secure|safe|verify|escrow|payments?|delivery|checkout|support|help))[a-z0-9-]*\.(?!example\b)[a-z]{2,}(?:\/\S*)?/,
    },
    {
      label: 'a payment link',
      pattern:
        /\b(?:https?:\/\/|www\.)\S*(?:pay|checkout|invoice|escrow|secure|verify|wallet|deposit|claim|transfer|billing|bank)\S*|\b[a-z0-9-]+\.(?:com|net|org|info|xyz|top|online|site|shop|co|io|link|app)\/\S*(?:pay|checkout|invoice|escrow|deposit|verify|claim)\S*/,
    },
  ],
  overpayment: [
    {
      label: 'paying more and refunding the difference',
      pattern:
        /\b(?:refund|return|send back|sendback|pay back|give back|wire back|transfer back|reimburse)\b[^.?!]{0,30}\b(?:the )?(?:difference|balance|extra|excess|remaining|overpaid|surplus|rest(?! of the car))\b/,
    },
    {
      label: 'a cheque or payment for more than the price',
      pattern: new RegExp(
        `\\b(?:(?:cheque|check|payment|transfer|money order|bank draft)\\b[^.?!]{0,30}\\b(?:more than|above|over|higher than|extra|in excess of)\\b[^.?!]{0,20}\\b(?:the )?(?:price|asking|amount)|over ?-?pa(?:y|id|yment)|${pay}\\w* (?:you )?(?:${amount} )?(?:more|extra) (?:than (?:the|your) (?:price|asking)|and (?:you|u) (?:send|give|pass|pay|forward))|(?:includes?|including|plus) (?:the )?(?:shipping|agent|courier|transport)(?: company| agent| agency)?(?:'s)? (?:fee|fees|cost|money)\\b[^.?!]{0,30}\\b(?:send|pay|forward|pass)\\b)`,
      ),
    },
  ],
  verification_code: [
    {
      label: 'the code you received',
      pattern:
        /\bwhat(?:'s|s| is| was) (?:the|that|ur|your) code (?:you|u) (?:just )?(?:got|received|get)\b|\b(?:i|we) (?:just )?(?:sent|texted) (?:you )?(?:a |the )?code\b[^.?!]{0,20}\b(?:send|give|tell|read|text|forward) (?:it|me|us)\b/,
    },
    {
      label: 'a verification code you received',
      pattern:
        /\b(?:send|sent|give|tell|share|forward|read|text|type|pass|provide|let me (?:know|have)|what(?:'s| is| was))\b[^.?!]{0,40}\b(?:(?:verification|verify|confirmation|confirm|security|activation|login|sign-?in|access|one-time|otp|sms|text|[46] ?-?digit|six ?-?digit|four ?-?digit|google voice|whatsapp)\s?-?\s?(?:code|pin|number)s?|otp|the code (?:you|u) (?:just )?(?:got|get|received|receive|will (?:get|receive))|code (?:that )?(?:i|we|they|google|whatsapp) (?:sent|send|texted|will send)|code (?:sent|texted) to (?:you|your (?:phone|number|email)))/,
    },
    {
      label: 'a code sent to your phone',
      pattern:
        /\b(?:you(?:'ll| will)? (?:get|receive|see)|(?:i|we)(?:'ll| will)? (?:send|text)(?: you)?|just (?:got|received)) (?:a |an |the )?(?:\d-digit |six-digit |verification |confirmation |security )?code\b[^.?!]{0,60}\b(?:send|give|tell|share|forward|text|read|pass)\b[^.?!]{0,15}\b(?:it|me|us|back|them)\b/,
    },
  ],
};

/**
 * Texts that take a code back: Second Gear's own viewing deposit (decision 0020) is not an
 * advance payment outside Second Gear.
 */
const exceptions: Partial<Record<MessageWarningCode, RegExp>> = {
  advance_payment:
    /\b(?:viewing deposit|(?:second ?gear|the app|the site|the listing)(?:'s)? (?:own )?(?:viewing )?deposit|deposit (?:through|via|on|in|with) (?:second ?gear|the app|the site|the listing|the booking))\b/,
};

/** What to do, per code: the second half of every warning. */
const advice: Record<MessageWarningCode, string> = {
  off_platform_payment:
    'Payments like this cannot be traced or refunded. Pay only through Second Gear, after you have seen the car.',
  advance_payment:
    'Do not pay anything before you have seen the car. The only deposit Second Gear holds for you is the viewing deposit shown on the listing, paid through Second Gear.',
  shipping_or_agent:
    'A seller who cannot meet you and sends the car through an agent is a common scam. See the car and the seller in person before you pay.',
  move_off_platform:
    'Keep the conversation on Second Gear until you have seen the car: here we can help if something goes wrong.',
  suspicious_link:
    'Do not pay or sign in through links in messages. Second Gear’s payment page is only reached from the listing itself.',
  overpayment:
    'Paying more than the price and asking for the difference back is a known scam: the payment is reversed after you have sent the money. Accept exactly the price.',
  verification_code:
    'Never share a code you received by text message, e-mail or an app: with it someone takes over your phone number or account. No real buyer or seller needs it.',
};

/** The opening of each code's warning. */
const noticed: Record<MessageWarningCode, (label: string, words: string) => string> = {
  off_platform_payment: (label, words) => `This message mentions paying by ${label} (“${words}”).`,
  advance_payment: (label, words) => `This message asks for ${label} (“${words}”).`,
  shipping_or_agent: (label, words) => `This message mentions ${label} (“${words}”).`,
  move_off_platform: (label, words) => `This message asks to continue by ${label} (“${words}”).`,
  suspicious_link: (label, words) => `This message contains ${label} (“${words}”).`,
  overpayment: (label, words) => `This message mentions ${label} (“${words}”).`,
  verification_code: (label, words) => `This message asks for ${label} (“${words}”).`,
};

/** The words a warning quotes: the match, cut to 60 characters. */
function quote(match: string): string {
  const words = match.trim();
  return words.length > 60 ? `${words.slice(0, 57)}…` : words;
}

/** One code's verdict on a message: the first rule that matched and what it matched. */
export interface WarningMatch {
  code: MessageWarningCode;
  label: string;
  words: string;
}

/** Every code whose rules match `text`, with the first matching rule (the explanation). */
export function matchWarnings(text: string): WarningMatch[] {
  const normalised = normaliseMessage(text);
  const found: WarningMatch[] = [];
  for (const [code, list] of Object.entries(rules) as [MessageWarningCode, Rule[]][]) {
    if (exceptions[code]?.test(normalised)) continue;
    for (const rule of list) {
      const match = rule.pattern.exec(normalised);
      if (match) {
        found.push({ code, label: rule.label, words: quote(match[0]) });
        break;
      }
    }
  }
  return found;
}

/**
 * The scam warnings of a message (the `warnings` of `GET /api/conversations/{id}/messages`):
 * for each code that matches, what triggered it and what to do.
 * @param text the message as sent (plain text, ≤ 2,000 characters)
 */
export function messageWarnings(text: string): MessageWarning[] {
  return matchWarnings(text).map(({ code, label, words }) => ({
    code,
    text: `${noticed[code](label, words)} ${advice[code]}`,
  }));
}
