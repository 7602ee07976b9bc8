/**
 * Prints the precision and recall of the scam-warning rules on their labelled set (decision
 * 0028), overall and per code, and the messages they get wrong:
 *
 *     npx tsx scripts/message-warnings-score.ts
 */
import { scoreMessageWarnings } from '../src/server/trust/message-warnings-score.js';

const result = scoreMessageWarnings();
const pct = (ratio: number) => ratio.toFixed(3);
console.log(`${result.messages} labelled messages`);
console.log('code                  precision  recall   tp  fp  fn');
for (const [code, s] of Object.entries(result.byCode)) {
  console.log(
    `${code.padEnd(22)}${pct(s.precision).padStart(9)}${pct(s.recall).padStart(8)}` +
      `${String(s.truePositives).padStart(5)}${String(s.falsePositives).padStart(4)}${String(s.falseNegatives).padStart(4)}`,
  );
}
const o = result.overall;
console.log(
  `${'overall'.padEnd(22)}${pct(o.precision).padStart(9)}${pct(o.recall).padStart(8)}` +
    `${String(o.truePositives).padStart(5)}${String(o.falsePositives).padStart(4)}${String(o.falseNegatives).padStart(4)}`,
);
if (process.argv.includes('--mistakes')) {
  for (const m of result.mistakes) {
    console.log(`- expected [${m.expected.join(', ')}] got [${m.got.join(', ')}]: ${m.text}`);
  }
}
