/** Shown for the moment a page's code or words are loading; no text, as the words may not be here yet. */
export function PageFallback() {
  return (
    <div className="flex min-h-[50vh] items-center justify-center" aria-busy="true">
      <span className="size-8 animate-spin rounded-full border-4 border-secondary border-t-primary" />
    </div>
  );
}
