/**
 * Precision and recall of the scam-warning rules (decision 0028) on the labelled set
 * `message-warnings.fixtures.json`. Counted per message and code: a warning the rules give that
 * the label has is a true positive, one it lacks a false positive, a labelled code the rules miss
 * a false negative. Printed by `scripts/message-warnings-score.ts`; held to its targets by
 * `message-warnings.test.ts`.
 */
import { readFileSync } from 'node:fs';
import { messageWarningCodes, type MessageWarningCode } from '../../contract/index.js';
import { matchWarnings } from './message-warnings.js';

/** One labelled message. */
export interface LabelledMessage {
  text: string;
  codes: MessageWarningCode[];
}

/** Reads the labelled set shipped beside the rules. */
export function labelledMessages(): LabelledMessage[] {
  const file = new URL('./message-warnings.fixtures.json', import.meta.url);
  return (JSON.parse(readFileSync(file, 'utf8')) as { messages: LabelledMessage[] }).messages;
}

/** Counts and the two ratios (1 when nothing was predicted or labelled). */
export interface Score {
  truePositives: number;
  falsePositives: number;
  falseNegatives: number;
  precision: number;
  recall: number;
}

function score(tp: number, fp: number, fn: number): Score {
  return {
    truePositives: tp,
    falsePositives: fp,
    falseNegatives: fn,
    precision: tp + fp === 0 ? 1 : tp / (tp + fp),
    recall: tp + fn === 0 ? 1 : tp / (tp + fn),
  };
}

/** The whole set's score, each code's, and the messages the rules got wrong. */
export function scoreMessageWarnings(messages: LabelledMessage[] = labelledMessages()): {
  messages: number;
  overall: Score;
  byCode: Record<MessageWarningCode, Score>;
  mistakes: { text: string; expected: string[]; got: string[] }[];
} {
  const counts = Object.fromEntries(
    messageWarningCodes.map((code) => [code, { tp: 0, fp: 0, fn: 0 }]),
  ) as Record<MessageWarningCode, { tp: number; fp: number; fn: number }>;
  const mistakes: { text: string; expected: string[]; got: string[] }[] = [];
  for (const message of messages) {
    const got = new Set(matchWarnings(message.text).map((match) => match.code));
    const expected = new Set(message.codes);
    for (const code of messageWarningCodes) {
      if (got.has(code) && expected.has(code)) counts[code].tp += 1;
      else if (got.has(code)) counts[code].fp += 1;
      else if (expected.has(code)) counts[code].fn += 1;
    }
    if (got.size !== expected.size || [...got].some((code) => !expected.has(code))) {
      mistakes.push({ text: message.text, expected: [...expected].sort(), got: [...got].sort() });
    }
  }
  const total = Object.values(counts).reduce(
    (sum, c) => ({ tp: sum.tp + c.tp, fp: sum.fp + c.fp, fn: sum.fn + c.fn }),
    { tp: 0, fp: 0, fn: 0 },
  );
  return {
    messages: messages.length,
    overall: score(total.tp, total.fp, total.fn),
    byCode: Object.fromEntries(
      messageWarningCodes.map((code) => [
        code,
        score(counts[code].tp, counts[code].fp, counts[code].fn),
      ]),
    ) as Record<MessageWarningCode, Score>,
    mistakes,
  };
}
