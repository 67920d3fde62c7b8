import { useRef } from 'react';
import { ArrowDownIcon, ArrowUpIcon } from 'lucide-react';
import { Button } from '@/components/ui/button';

type Props = { index: number; count: number; upLabel: string; downLabel: string; onMove: (step: -1 | 1) => void };

/**
 * Up and down buttons for one item of a list. After a move the focus stays with the moved item, on
 * the same button (or the other one once the item reaches an end), so the keyboard can keep moving it.
 */
export function MoveButtons({ index, count, upLabel, downLabel, onMove }: Props) {
  const up = useRef<HTMLButtonElement>(null);
  const down = useRef<HTMLButtonElement>(null);
  const move = (step: -1 | 1) => {
    const to = index + step;
    onMove(step);
    const atEnd = step === -1 ? to === 0 : to === count - 1;
    const target = step === -1 ? (atEnd ? down : up) : atEnd ? up : down;
    requestAnimationFrame(() => target.current?.focus());
  };
  return (
    <>
      <Button ref={up} type="button" variant="ghost" size="icon" className="size-8" disabled={index === 0} onClick={() => move(-1)} aria-label={upLabel}>
        <ArrowUpIcon aria-hidden />
      </Button>
      <Button ref={down} type="button" variant="ghost" size="icon" className="size-8" disabled={index === count - 1} onClick={() => move(1)} aria-label={downLabel}>
        <ArrowDownIcon aria-hidden />
      </Button>
    </>
  );
}
