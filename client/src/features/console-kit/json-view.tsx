/** Event data and metadata, folded by default: a <details> is keyboard- and screen-reader-friendly for free. */
export function JsonView({ label, value, open = false }: { label: string; value: unknown; open?: boolean }) {
  return (
    <details className="admin-json" open={open}>
      <summary>{label}</summary>
      <pre>{JSON.stringify(value, null, 2)}</pre>
    </details>
  );
}
