/** A failed action's message, announced at once (role alert); nothing when there is none. */
export function ErrorAlert({ message }: { message: string | null | undefined }) {
  return message ? (
    <p className="vf-error" role="alert">
      {message}
    </p>
  ) : null;
}
