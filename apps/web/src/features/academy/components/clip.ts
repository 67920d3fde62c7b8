/** Keeps a long text to one readable line in a table cell: its first `max` characters plus "..." (SPEC: 50). */
export function clip(text: string | null | undefined, max = 50) {
  const value = text ?? '';
  return value.length > max ? `${value.slice(0, max)}...` : value;
}
