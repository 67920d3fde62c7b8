import type { ComponentType, ReactNode } from 'react';
import type { ColumnDef } from '@tanstack/react-table';
import { Thumb } from '@/components/admin/thumb';
import { RowActions } from '@/components/admin/row-actions';
import { formatDate } from '@/lib/format';
import { cn } from '@/lib/utils';

type Dated = { created_at: string } | { updated_at: string };

/** A date column (`created_at` or `updated_at`): the local date on screen, YYYY-MM-DD in the CSV, hidden on phones. */
export function dateColumn<T extends Dated>(key: 'created_at' | 'updated_at', header: string, language: string | undefined): ColumnDef<T> {
  const value = (row: T) => (row as Record<typeof key, string>)[key];
  return {
    id: key,
    accessorFn: value,
    header,
    meta: { label: header, csv: (row: T) => value(row).slice(0, 10), className: 'hidden sm:table-cell' },
    cell: ({ row }) => <span className="whitespace-nowrap">{formatDate(value(row.original), language)}</span>,
  };
}

/** A long text cut to two lines, hidden on phones; `empty` stands in for a missing one. */
export function descriptionColumn<T>(options: {
  header: string;
  value: (row: T) => string | null | undefined;
  /** The width the text may take, as a Tailwind class. */
  width?: string;
  empty?: string;
}): ColumnDef<T> {
  const { header, value, width = 'max-w-96', empty } = options;
  return {
    id: 'description',
    accessorFn: (row) => value(row) ?? '',
    header,
    enableSorting: false,
    meta: { label: header, className: 'hidden md:table-cell' },
    cell: ({ row }) => <span className={cn('line-clamp-2 text-muted-foreground', width)}>{empty ? value(row.original) || empty : value(row.original)}</span>,
  };
}

/** The text of a name that opens its row, styled as a link. */
export function OpenButton({ onClick, className, children }: { onClick: () => void; className?: string; children: ReactNode }) {
  return (
    <button
      type="button"
      className={cn('rounded-sm text-left font-medium text-primary underline-offset-4 hover:underline focus-visible:outline-2 focus-visible:outline-ring', className)}
      onClick={onClick}
    >
      {children}
    </button>
  );
}

/** The `name` column with the row's picture before it; the name opens the row when `open` is given. */
export function nameThumbColumn<T extends { name: string }>(options: {
  header: string;
  image: (row: T) => string | null | undefined;
  /** Opens the row; absent, the name is plain text. */
  open?: (row: T) => void;
  /** Classes of the cell's wrapper, such as a minimum width. */
  className?: string;
  /** A mark after the name (such as French missing), or nothing. */
  badge?: (row: T) => ReactNode;
}): ColumnDef<T> {
  const { header, image, open, className, badge } = options;
  return {
    id: 'name',
    accessorFn: (row) => row.name,
    header,
    meta: { label: header },
    cell: ({ row }) => {
      const name = open ? <OpenButton onClick={() => open(row.original)}>{row.original.name}</OpenButton> : row.original.name;
      const mark = badge?.(row.original);
      return (
        <span className={cn('flex items-center gap-3', open ? className : ['font-medium', className])}>
          <Thumb src={image(row.original)} />
          {mark ? (
            <span className="grid justify-items-start gap-1">
              {name}
              {mark}
            </span>
          ) : (
            name
          )}
        </span>
      );
    },
  };
}

/** The row's buttons, right-aligned under a header only screen readers read. */
export function actionsColumn<T>(header: string, cell: (row: T) => ReactNode): ColumnDef<T> {
  return {
    id: 'actions',
    header: () => <span className="sr-only">{header}</span>,
    enableHiding: false,
    enableSorting: false,
    cell: ({ row }) => cell(row.original),
  };
}

/** The Edit and Delete buttons of a row named by `name`; without `edit`, only Delete. */
export function rowActionsColumn<T extends { name: string }>(header: string, handlers: { edit?: (row: T) => void; remove: (row: T) => void }): ColumnDef<T> {
  return actionsColumn<T>(header, (row) => (
    <RowActions name={row.name} onEdit={handlers.edit ? () => handlers.edit!(row) : undefined} onDelete={() => handlers.remove(row)} />
  ));
}

/** A picture of its own at the start of a row, or `icon` on a grey square when there is none; round for people. */
export function imageColumn<T>(options: {
  header: string;
  src: (row: T) => string | null | undefined;
  icon: ComponentType<{ className?: string }>;
  round?: boolean;
}): ColumnDef<T> {
  const { header, src, icon: Icon, round } = options;
  const shape = round ? 'rounded-full' : 'rounded-md';
  return {
    id: 'image',
    header: () => <span className="sr-only">{header}</span>,
    enableSorting: false,
    enableHiding: false,
    // A picture keeps its size however narrow the screen: the other columns scroll instead.
    meta: { className: 'w-14 min-w-14' },
    cell: ({ row }) => {
      const image = src(row.original);
      return image ? (
        <img src={image} alt="" className={cn('size-10 max-w-none shrink-0 border object-cover', shape)} loading="lazy" />
      ) : (
        <span className={cn('flex size-10 shrink-0 items-center justify-center bg-muted', shape)} aria-hidden>
          <Icon className="size-5 text-muted-foreground" />
        </span>
      );
    },
  };
}
