/** A small busy indicator with an accessible name. */
export function DotSpinner({ label }: { label: string }) {
  return <span className="mine-spinner" role="status" aria-label={label} />;
}
