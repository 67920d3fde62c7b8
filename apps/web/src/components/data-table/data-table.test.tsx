import { describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useLocation } from 'react-router';
import type { ColumnDef } from '@tanstack/react-table';
import { renderWithApp } from '@/test/render';
import { DataTable, type PageRequest } from './data-table';
import { actionsColumn } from './columns';
import { toCsv } from './csv';

type Person = { id: string; name: string; city: string };

const people: Person[] = Array.from({ length: 25 }, (_, i) => ({
  id: `p${i + 1}`,
  name: `Person ${String(i + 1).padStart(2, '0')}`,
  city: i % 2 ? 'Montréal' : 'Calgary',
}));

const columns: ColumnDef<Person>[] = [
  { accessorKey: 'name', header: 'Name', meta: { label: 'Name' } },
  { accessorKey: 'city', header: 'City', meta: { label: 'City' } },
];

function Search() {
  return <output data-testid="search">{useLocation().search}</output>;
}

function renderClient(path = '/', data: Person[] | undefined = people, extra: { isLoading?: boolean; error?: unknown } = {}) {
  return renderWithApp(
    <>
      <DataTable
        label="People"
        columns={columns}
        data={data}
        filterColumn="name"
        filterPlaceholder="Filter names..."
        getRowId={(p) => p.id}
        exportName="people"
        enableSelection
        {...extra}
      />
      <Search />
    </>,
    { path },
  );
}

function readBlob(blob: Blob) {
  return new Promise<string>((resolve) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.readAsText(blob);
  });
}

const bodyRows = () => within(screen.getByRole('table', { name: 'People' })).getAllByRole('row').slice(1);
const firstCell = () => within(bodyRows()[0]!).getAllByRole('cell')[1]!.textContent;

describe('DataTable', { timeout: 20_000 }, () => {
  it('pages 10 rows at a time, with first, previous, next and last, and keeps the page in the URL', async () => {
    const user = userEvent.setup();
    renderClient();
    expect(bodyRows()).toHaveLength(10);
    expect(screen.getByText('Page 1 of 3')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Go to previous page' })).toBeDisabled();

    await user.click(screen.getByRole('button', { name: 'Go to next page' }));
    expect(screen.getByText('Page 2 of 3')).toBeInTheDocument();
    expect(firstCell()).toBe('Person 11');
    expect(screen.getByTestId('search')).toHaveTextContent('?page=2');

    await user.click(screen.getByRole('button', { name: 'Go to last page' }));
    expect(screen.getByText('Page 3 of 3')).toBeInTheDocument();
    expect(bodyRows()).toHaveLength(5);
    expect(screen.getByRole('button', { name: 'Go to next page' })).toBeDisabled();

    await user.click(screen.getByRole('button', { name: 'Go to first page' }));
    expect(screen.getByText('Page 1 of 3')).toBeInTheDocument();
  });

  it('opens on the page, size, sort and filter the URL says', () => {
    renderClient('/?pageSize=20&page=1&sort=name&order=desc&q=Person%202');
    expect(screen.getByRole('searchbox', { name: 'Filter names...' })).toHaveValue('Person 2');
    expect(bodyRows()).toHaveLength(6);
    expect(firstCell()).toBe('Person 25');
    expect(screen.getByText('Page 1 of 1')).toBeInTheDocument();
  });

  it('sorts by a header, ascending then descending', async () => {
    const user = userEvent.setup();
    renderClient();
    await user.click(screen.getByRole('button', { name: 'Name' }));
    expect(firstCell()).toBe('Person 01');
    expect(screen.getByRole('columnheader', { name: 'Name' })).toHaveAttribute('aria-sort', 'ascending');
    await user.click(screen.getByRole('button', { name: 'Name' }));
    expect(firstCell()).toBe('Person 25');
    expect(screen.getByTestId('search')).toHaveTextContent('?sort=name&order=desc');
  });

  it('filters, says "No results." when nothing matches, and counts selected rows', async () => {
    const user = userEvent.setup();
    renderClient();
    expect(screen.getByText('0 of 25 row(s) selected.')).toBeInTheDocument();
    await user.click(within(bodyRows()[0]!).getByRole('checkbox', { name: 'Select row' }));
    await user.click(within(bodyRows()[1]!).getByRole('checkbox', { name: 'Select row' }));
    expect(screen.getByText('2 of 25 row(s) selected.')).toBeInTheDocument();

    await user.type(screen.getByRole('searchbox', { name: 'Filter names...' }), 'Person 1');
    expect(bodyRows()).toHaveLength(10);
    expect(screen.getByText('2 of 10 row(s) selected.')).toBeInTheDocument();
    await user.type(screen.getByRole('searchbox', { name: 'Filter names...' }), 'x');
    expect(screen.getByText('No results.')).toBeInTheDocument();
    expect(screen.getByText('Page 1 of 1')).toBeInTheDocument();
  });

  it('shows loading and error states', () => {
    const { unmount } = renderClient('/', undefined, { isLoading: true });
    expect(screen.getByText('Loading...')).toBeInTheDocument();
    unmount();
    renderClient('/', undefined, { error: new Error('x') });
    expect(screen.getByRole('alert')).toHaveTextContent('The list could not be loaded.');
  });

  it('shows one state at a time: no row count or pages beside the loading or error row', () => {
    const { unmount } = renderClient('/', undefined, { isLoading: true });
    expect(screen.getByText('Loading...')).toBeInTheDocument();
    expect(screen.queryByText(/row\(s\) selected/)).not.toBeInTheDocument();
    expect(screen.queryByText(/^Page \d+ of/)).not.toBeInTheDocument();
    unmount();
    renderClient('/', undefined, { error: new Error('down') });
    expect(screen.getAllByRole('alert')).toHaveLength(1);
    expect(screen.queryByText(/row\(s\) selected/)).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Go to next page' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Export CSV' })).toBeDisabled();
  });

  it("keeps a row's actions in a column pinned to the right edge", () => {
    const withActions: ColumnDef<Person>[] = [
      ...columns,
      actionsColumn<Person>('Actions', (p) => <button type="button">Edit {p.name}</button>),
    ];
    renderWithApp(<DataTable label="People" columns={withActions} data={people.slice(0, 2)} />);
    const cell = screen.getByRole('button', { name: 'Edit Person 01' }).closest('td')!;
    expect(cell).toHaveClass('sticky', 'right-0', 'bg-background');
    expect(screen.getByRole('columnheader', { name: 'Actions' })).toHaveClass('sticky', 'right-0');
    // Nothing scrolls in a test document, so no edge shadow is drawn.
    expect(screen.queryByTestId('scroll-hint-left')).not.toBeInTheDocument();
  });

  it('exports the filtered rows of every page as CSV', async () => {
    const user = userEvent.setup();
    const blobs: Blob[] = [];
    const create = vi.fn((blob: Blob) => (blobs.push(blob), 'blob:x'));
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL: create, revokeObjectURL: vi.fn() }));
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
    renderClient('/?q=Person%201');
    await user.click(screen.getByRole('button', { name: 'Export CSV' }));
    expect(click).toHaveBeenCalled();
    const text = (await readBlob(blobs[0]!)).replace(/^\uFEFF/, '');
    const lines = text.split('\r\n');
    expect(lines[0]).toBe('Name,City');
    expect(lines).toHaveLength(11);
    expect(lines[1]).toBe('Person 10,Montréal');
    click.mockRestore();
  });

  it('asks the server for the page, size, sort and filter in the URL', async () => {
    const fetchPage = vi.fn(async (request: PageRequest) => ({
      items: people.slice((request.page - 1) * request.pageSize, request.page * request.pageSize),
      total: people.length,
    }));
    const user = userEvent.setup();
    renderWithApp(
      <DataTable
        mode="server"
        label="People"
        columns={columns}
        queryKey={['people']}
        fetchPage={fetchPage}
        filterColumn="name"
        filterPlaceholder="Filter names..."
      />,
      { path: '/?page=2&sort=city&order=desc' },
    );
    await screen.findByText('Person 11', {}, { timeout: 5000 });
    expect(fetchPage).toHaveBeenLastCalledWith({ page: 2, pageSize: 10, sort: 'city', order: 'desc', q: '' });
    expect(screen.getByText('Page 2 of 3')).toBeInTheDocument();
    await user.type(screen.getByRole('searchbox', { name: 'Filter names...' }), 'Ann');
    await waitFor(() => expect(fetchPage).toHaveBeenLastCalledWith({ page: 1, pageSize: 10, sort: 'city', order: 'desc', q: 'Ann' }), {
      timeout: 5000,
    });
  });
});

describe('toCsv', () => {
  it('quotes commas, quotes and line breaks, and defuses formulas', () => {
    expect(toCsv(['a', 'b'], [['x,y', 'say "hi"'], ['=SUM(A1)', null], ['line\nbreak', 3]])).toBe(
      'a,b\r\n"x,y","say ""hi"""\r\n\'=SUM(A1),\r\n"line\nbreak",3',
    );
  });
});
