import { describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import { ApiError } from '@/lib/api-client';
import { QueryState } from './query-state';

const states = {
  loading: <p>loading</p>,
  notFound: <p>not found</p>,
  failed: (error: unknown) => <p>failed: {(error as Error).message}</p>,
  children: (data: string) => <p>page of {data}</p>,
};
const query = (patch: { data?: string; error?: Error | null }) => ({ data: undefined, error: null, isError: !!patch.error, ...patch });

describe('QueryState', () => {
  it('shows the loading state until the record is in, then the page with it', () => {
    const { rerender } = render(<QueryState query={query({})} {...states} />);
    expect(screen.getByText('loading')).toBeInTheDocument();
    rerender(<QueryState query={query({ data: 'MW-1' })} {...states} />);
    expect(screen.getByText('page of MW-1')).toBeInTheDocument();
  });

  it('tells a 404 from any other failure', () => {
    const { rerender } = render(<QueryState query={query({ error: new ApiError(404, { message: 'Not found', code: 'common.notFound' }) })} {...states} />);
    expect(screen.getByText('not found')).toBeInTheDocument();
    rerender(<QueryState query={query({ error: new ApiError(500, { message: 'Boom', code: 'common.internal' }) })} {...states} />);
    expect(screen.getByText(/^failed:/)).toBeInTheDocument();
  });

  it('shows a 410 as gone where the page has words for it, and as any other failure where it has none', () => {
    const expired = query({ error: new ApiError(410, { message: 'This link has expired', code: 'commerce.orderLinkExpired' }) });
    const { rerender } = render(<QueryState query={expired} gone={<p>link expired</p>} {...states} />);
    expect(screen.getByText('link expired')).toBeInTheDocument();
    expect(screen.queryByText(/^failed:/)).not.toBeInTheDocument();
    rerender(<QueryState query={expired} {...states} />);
    expect(screen.getByText('failed: This link has expired')).toBeInTheDocument();
  });

  it('shows an address that names nothing as not found, without waiting for an answer', () => {
    render(<QueryState query={query({})} missing {...states} />);
    expect(screen.getByText('not found')).toBeInTheDocument();
  });
});
