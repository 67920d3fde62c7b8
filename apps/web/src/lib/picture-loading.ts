/**
 * How a picture in a grid loads, by its place: the first ones are in view on a phone's first screen, so
 * they load at once (the very first before anything else); the rest wait until they come near the view.
 */
export function pictureLoading(position: number | undefined): { loading: 'eager' | 'lazy'; fetchPriority?: 'high' } {
  if (position === undefined || position > 1) return { loading: 'lazy' };
  return position === 0 ? { loading: 'eager', fetchPriority: 'high' } : { loading: 'eager' };
}
