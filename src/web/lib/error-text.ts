/** A readable message for a failed call: the server's or the provider's message. */
export function errorText(error: unknown): string {
  if (error instanceof TypeError)
    return 'Network error: please check your connection and try again.';
  if (error instanceof Error && error.message) return error.message;
  return 'Something went wrong, please try again';
}
