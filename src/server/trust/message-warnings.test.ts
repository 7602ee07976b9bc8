/**
 * The scam-warning rules (decision 0028): precision ≥ 0.90 and recall ≥ 0.85 on the labelled set
 * of at least 300 messages, every warning explained by the words that triggered it, and Second
 * Gear's own viewing deposit not taken for an advance payment.
 */
import { describe, expect, it } from 'vitest';
import { messageWarnings } from './message-warnings.js';
import { labelledMessages, scoreMessageWarnings } from './message-warnings-score.js';

describe('scam warnings on messages', () => {
  it('reaches precision ≥ 0.90 and recall ≥ 0.85 on the labelled set', () => {
    const messages = labelledMessages();
    expect(messages.length).toBeGreaterThanOrEqual(300);
    // Both kinds are well represented: ordinary talk and every warning code.
    expect(messages.filter((m) => m.codes.length === 0).length).toBeGreaterThanOrEqual(150);
    const result = scoreMessageWarnings(messages);
    console.log(
      `message warnings: ${result.messages} messages, precision ${result.overall.precision.toFixed(3)}, recall ${result.overall.recall.toFixed(3)}`,
    );
    expect(result.overall.precision).toBeGreaterThanOrEqual(0.9);
    expect(result.overall.recall).toBeGreaterThanOrEqual(0.85);
    for (const [code, score] of Object.entries(result.byCode)) {
      expect(score.truePositives, code).toBeGreaterThanOrEqual(10);
    }
  });

  it('names the words that triggered a warning and what to do', () => {
    const [warning] = messageWarnings('Please pay with STEAM gift cards, it is faster');
    expect(warning?.code).toBe('off_platform_payment');
    expect(warning?.text).toContain('“steam gift cards”');
    expect(warning?.text).toMatch(/Pay only through Second Gear/);
  });

  it("does not take Second Gear's own viewing deposit for an advance payment", () => {
    expect(messageWarnings('I paid the viewing deposit on Second Gear, see you at 6.')).toEqual([]);
    expect(messageWarnings('Send me a deposit of 500 and I will hold it for you.')).toHaveLength(1);
  });
});
