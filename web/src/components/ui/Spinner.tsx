/** A spinning ring; decorative (pair it with visible or visually hidden text). */
export function Spinner({ size = 'md' }: { size?: 'sm' | 'md' | 'lg' }) {
  return <span className={`spinner spinner-${size}`} aria-hidden="true" />;
}
