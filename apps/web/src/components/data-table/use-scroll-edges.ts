import { useCallback, useEffect, useRef, useState } from 'react';

/** Whether a sideways-scrolling box has more to show on its left and on its right; follows scrolling and resizing. */
export function useScrollEdges<E extends HTMLElement>() {
  const ref = useRef<E>(null);
  const [edges, setEdges] = useState({ left: false, right: false });

  const measure = useCallback(() => {
    const box = ref.current;
    if (!box) return;
    const max = box.scrollWidth - box.clientWidth;
    const left = box.scrollLeft > 1;
    const right = max - box.scrollLeft > 1;
    setEdges((prev) => (prev.left === left && prev.right === right ? prev : { left, right }));
  }, []);

  useEffect(() => {
    const box = ref.current;
    if (!box) return;
    measure();
    box.addEventListener('scroll', measure, { passive: true });
    const observer = typeof ResizeObserver === 'undefined' ? undefined : new ResizeObserver(measure);
    observer?.observe(box);
    if (box.firstElementChild) observer?.observe(box.firstElementChild);
    return () => {
      box.removeEventListener('scroll', measure);
      observer?.disconnect();
    };
  }, [measure]);

  return { ref, edges, measure };
}
