/** A small spinning ring with an accessible name, announced politely while work is pending. */
export function Spinner({ label, className = "" }: { label: string; className?: string }) {
  return (
    <span role="status" aria-label={label} className={`inline-flex items-center gap-2 text-sm text-muted ${className}`}>
      <span
        aria-hidden
        className="size-4 animate-spin rounded-full border-2 border-stone-300 border-t-brand motion-reduce:animate-none"
      />
      <span aria-hidden>{label}</span>
    </span>
  );
}
