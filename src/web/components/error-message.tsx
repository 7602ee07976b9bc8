/** A failed load, shown in place of a list: the server's message or the network error. */
export function ErrorMessage({ error }: { error: unknown }) {
  const message = error instanceof Error ? error.message : String(error);
  return (
    <div role="alert" className="alert alert-error alert-soft my-6">
      <span>{message}</span>
    </div>
  );
}
