import { Slider as SliderPrimitive } from 'radix-ui';
import type { ComponentProps } from 'react';
import { cn } from '@/lib/utils';

type SliderProps = ComponentProps<typeof SliderPrimitive.Root> & {
  thumbLabelledBy?: string;
  thumbLabel?: string;
  thumbValueText?: string;
};

export function Slider({ className, thumbLabelledBy, thumbLabel, thumbValueText, ...props }: SliderProps) {
  return (
    <SliderPrimitive.Root
      className={cn('relative flex w-full touch-none items-center py-2 select-none data-[disabled]:opacity-60', className)}
      {...props}
    >
      <SliderPrimitive.Track className="relative h-2 w-full grow overflow-hidden rounded-full bg-secondary">
        <SliderPrimitive.Range className="absolute h-full bg-primary" />
      </SliderPrimitive.Track>
      <SliderPrimitive.Thumb
        aria-labelledby={thumbLabelledBy}
        aria-label={thumbLabel}
        aria-valuetext={thumbValueText}
        className="block size-5 rounded-full border-2 border-primary bg-background shadow transition-colors focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring"
      />
    </SliderPrimitive.Root>
  );
}
