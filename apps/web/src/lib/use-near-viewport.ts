import { useEffect, useRef, useState } from 'react';

/** True once the element comes within `margin` of the viewport; used to load below-the-fold code late. */
export function useNearViewport<T extends Element>(margin = '300px') {
  const ref = useRef<T>(null);
  // False on the server and on the first render in the browser alike, so the page the server sent is taken over as is.
  const [near, setNear] = useState(false);
  useEffect(() => {
    const el = ref.current;
    if (near || !el) return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) {
          setNear(true);
          observer.disconnect();
        }
      },
      { rootMargin: margin },
    );
    observer.observe(el);
    return () => observer.disconnect();
  }, [near, margin]);
  return [ref, near] as const;
}
