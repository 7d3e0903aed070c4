/** A quiet placeholder that reserves space while data or messages load. */
export function Skeleton({ lines = 6, label }: { lines?: number; label?: string }) {
  return (
    <div className="vf-skeleton" part="skeleton" role="status" aria-busy="true" aria-label={label}>
      {Array.from({ length: lines }, (_, i) => (
        <div key={i} className="vf-skeleton__line" />
      ))}
    </div>
  );
}
