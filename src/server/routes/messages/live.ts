/**
 * Live delivery of new messages to the open pages of their recipients: an in-process
 * hub of Server-Sent-Event listeners per user id. A message is published after its transaction
 * commits, to both parties (the sender's other tabs too). With several instances (Redis pub/sub,
 * or PostgreSQL NOTIFY without Redis) the others are told too (`app.peers`,
 * plugins/invalidation.ts: the message id and both parties' ids); each one that holds a stream of
 * either party loads the message and hands it to its own hub. A page also refreshes
 * its lists when it regains focus.
 */
import type { Message, MessageWarning } from '#contract/index.js';

/** Receives one message for its user (`mine` already set for that user). */
export type MessageListener = (message: Message) => void;

export class MessageHub {
  private readonly listeners = new Map<string, Set<MessageListener>>();

  /** Adds a listener for `userId`. @returns a function that removes it. */
  subscribe(userId: string, listener: MessageListener): () => void {
    let set = this.listeners.get(userId);
    if (!set) {
      set = new Set();
      this.listeners.set(userId, set);
    }
    set.add(listener);
    return () => {
      set.delete(listener);
      if (set.size === 0) this.listeners.delete(userId);
    };
  }

  /**
   * Hands `message` (as its sender sees it) to every listener of the two parties; the
   * recipient's copy carries `warnings`, the scam warnings stored with it (decision 0028), the
   * sender's none.
   */
  publish(
    message: Message,
    warnings: MessageWarning[],
    senderId: string,
    recipientId: string,
  ): void {
    for (const [userId, mine] of [
      [senderId, true],
      [recipientId, false],
    ] as const) {
      const copy = { ...message, mine, warnings: mine ? [] : warnings };
      for (const listener of this.listeners.get(userId) ?? []) listener(copy);
    }
  }

  /** Whether `userId` has an open listener here. */
  listens(userId: string): boolean {
    return this.listeners.has(userId);
  }

  /** Open listeners (for tests and metrics). */
  get size(): number {
    let n = 0;
    for (const set of this.listeners.values()) n += set.size;
    return n;
  }
}
