import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PackageIcon } from 'lucide-react';
import type { ProductImageOut } from '@meltway/shared/catalogue/product.schema';
import { cn } from '@/lib/utils';

/** The product's images in their order; thumbnails are buttons, so arrows, Tab and Enter all work. */
export function ProductGallery({ images, name }: { images: ProductImageOut[]; name: string }) {
  const { t } = useTranslation('catalogue');
  const ordered = [...images].sort((a, b) => a.position - b.position);
  const [index, setIndex] = useState(0);
  const current = ordered[Math.min(index, ordered.length - 1)];

  if (!current) {
    return (
      <div className="flex aspect-[4/3] items-center justify-center rounded-xl border bg-secondary text-primary/50">
        <PackageIcon className="size-16" aria-hidden />
      </div>
    );
  }

  const move = (delta: number) => {
    const next = (index + delta + ordered.length) % ordered.length;
    setIndex(next);
    document.getElementById(`gallery-thumb-${next}`)?.focus();
  };

  return (
    <div className="grid content-start gap-3">
      <div className="aspect-[4/3] overflow-hidden rounded-xl border bg-secondary">
        <img
          src={current.url}
          alt={t('product.imageAlt', { name, n: index + 1, total: ordered.length })}
          width={800}
          height={800}
          fetchPriority="high"
          className="size-full object-contain"
        />
      </div>
      {ordered.length > 1 ? (
        <div
          role="group"
          aria-label={t('product.gallery')}
          className="flex gap-2 overflow-x-auto p-1"
          onKeyDown={(event) => {
            if (event.key === 'ArrowRight') {
              event.preventDefault();
              move(1);
            } else if (event.key === 'ArrowLeft') {
              event.preventDefault();
              move(-1);
            }
          }}
        >
          {ordered.map((image, i) => (
            <button
              key={image.id}
              id={`gallery-thumb-${i}`}
              type="button"
              aria-pressed={i === index}
              aria-label={t('product.showImage', { n: i + 1, total: ordered.length })}
              onClick={() => setIndex(i)}
              className={cn(
                'size-16 shrink-0 overflow-hidden rounded-md border-2 bg-secondary focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring sm:size-20',
                i === index ? 'border-primary' : 'border-transparent opacity-80 hover:opacity-100',
              )}
            >
              <img src={image.url} alt="" width={80} height={80} loading="lazy" className="size-full object-cover" />
            </button>
          ))}
        </div>
      ) : null}
    </div>
  );
}
