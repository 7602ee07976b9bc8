/**
 * Typed reads of an `app.inject` answer's JSON. light-my-request types `response.json()` as
 * `any`; these check the body against a schema instead, so a test reads only what the answer
 * really holds. For an answer without a schema here, `response.json<T>()` names its type.
 */
import { z } from 'zod';

const messageSchema = z.object({ message: z.string() });

/**
 * The `message` of an answer's JSON (an error answer's text, or an answer's note such as a
 * declined offer's); fails the test when the body has no string `message`.
 */
export function messageOf(response: { json(): unknown }): string {
  return messageSchema.parse(response.json()).message;
}
