import { useQuery } from '@tanstack/react-query';
import { fireEvent, render, screen } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithQuery } from '../../test/render.tsx';
import { changeLanguage } from '../i18n/i18n.ts';
import { RequestError } from '../request/request-error.ts';
import { allQueries, QueryView, type QueryState } from './query-view.tsx';

const state = <T,>(change: Partial<QueryState<T>>): QueryState<T> => ({ data: undefined, error: null, isPending: false, isError: false, refetch: vi.fn(async () => undefined), ...change });
const items = (list: string[]) => <ul data-testid="items">{list.map((item) => <li key={item}>{item}</li>)}</ul>;

beforeEach(async () => {
  await changeLanguage('en');
});

describe('QueryView', () => {
  it('shows the page loading view, or a compact status in a section', () => {
    const { unmount } = render(<QueryView query={state<string[]>({ isPending: true })}>{items}</QueryView>);
    expect(screen.getByTestId('loading-view')).toHaveTextContent('Loading');
    unmount();
    render(<QueryView query={state<string[]>({ isPending: true })} size="section">{items}</QueryView>);
    expect(screen.getByRole('status')).toHaveTextContent('Loading');
    expect(screen.queryByTestId('loading-view')).toBeNull();
  });

  it('shows a failure with its texts and test ids, and Retry refetches', () => {
    const query = state<string[]>({ isError: true, error: new Error('boom') });
    render(
      <QueryView query={query} errorTitle="Could not load the orders" errorText={(error) => (error as Error).message} errorTestId="orders-error" retryTestId="orders-retry">
        {items}
      </QueryView>,
    );
    const failure = screen.getByTestId('orders-error');
    expect(failure).toHaveAttribute('role', 'alert');
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Could not load the orders');
    expect(failure).toHaveTextContent('boom');
    fireEvent.click(screen.getByTestId('orders-retry'));
    expect(query.refetch).toHaveBeenCalledTimes(1);
    expect(screen.queryByTestId('items')).toBeNull();
  });

  it('a section failure says Request failed unless told otherwise, without a page heading', () => {
    render(<QueryView query={state<string[]>({ isError: true })} size="section">{items}</QueryView>);
    expect(screen.getByRole('alert')).toHaveTextContent('Request failed');
    expect(screen.queryByRole('heading')).toBeNull();
    expect(screen.getByRole('button', { name: 'Retry' })).toBeInTheDocument();
  });

  it('renderError replaces the failure state and gets a retry', () => {
    const query = state<string[]>({ isError: true, error: 'missing' });
    render(
      <QueryView query={query} renderError={(error, retry) => <button onClick={retry}>{`gone: ${String(error)}`}</button>}>
        {items}
      </QueryView>,
    );
    fireEvent.click(screen.getByRole('button', { name: 'gone: missing' }));
    expect(query.refetch).toHaveBeenCalledTimes(1);
  });

  it('a lost connection keeps the standard failure with Retry, even where the page has its own (offline is not "not found")', () => {
    const offline = new RequestError({ kind: 'network', message: 'Network connection error, please check your network settings' });
    const query = state<string[]>({ isError: true, error: offline });
    render(
      <QueryView query={query} renderError={() => <p>Order not found</p>}>
        {items}
      </QueryView>,
    );
    expect(screen.queryByText('Order not found')).toBeNull();
    expect(screen.getByRole('alert')).toHaveTextContent('Network connection error, please check your network settings');
    fireEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(query.refetch).toHaveBeenCalledTimes(1);
  });

  it('shows the empty state for an empty answer, else the data', () => {
    const empty = <p data-testid="nothing">Nothing yet</p>;
    const { rerender } = render(<QueryView query={state({ data: [] as string[] })} isEmpty={(list) => list.length === 0} empty={empty}>{items}</QueryView>);
    expect(screen.getByTestId('nothing')).toBeInTheDocument();
    rerender(<QueryView query={state({ data: ['a', 'b'] })} isEmpty={(list) => list.length === 0} empty={empty}>{items}</QueryView>);
    expect(screen.getByTestId('items')).toHaveTextContent('ab');
    expect(screen.queryByTestId('nothing')).toBeNull();
  });

  it('a failed refetch hides the data unless keepDataOnError', () => {
    const failedRefetch = state({ data: ['a'], isError: true });
    const { rerender } = render(<QueryView query={failedRefetch}>{items}</QueryView>);
    expect(screen.getByRole('alert')).toBeInTheDocument();
    rerender(<QueryView query={failedRefetch} keepDataOnError>{items}</QueryView>);
    expect(screen.getByTestId('items')).toHaveTextContent('a');
  });

  it('with a real query: Retry after a failure loads the data', async () => {
    let calls = 0;
    function Orders() {
      const query = useQuery({
        queryKey: ['query-view-test'],
        queryFn: async () => {
          calls += 1;
          if (calls === 1) throw new Error('down');
          return ['order 1'];
        },
      });
      return <QueryView query={query} errorTestId="failed">{items}</QueryView>;
    }
    renderWithQuery(<Orders />);
    fireEvent.click(await screen.findByRole('button', { name: 'Retry' }));
    expect(await screen.findByTestId('items')).toHaveTextContent('order 1');
    expect(calls).toBe(2);
  });
});

describe('allQueries', () => {
  it('fails when one fails, loads while one loads, and joins the data in order', () => {
    const loaded = state({ data: 1 });
    const loading = state<string>({ isPending: true });
    const failed = state<string>({ isError: true, error: 'x' });
    expect(allQueries(loaded, loading)).toMatchObject({ isPending: true, isError: false, data: undefined });
    expect(allQueries(loading, failed)).toMatchObject({ isPending: false, isError: true, error: 'x' });
    expect(allQueries(loaded, state({ data: 'two' })).data).toEqual([1, 'two']);
  });

  it('retries every query', async () => {
    const first = state({ isError: true });
    const second = state({ data: 2 });
    await allQueries(first, second).refetch();
    expect(first.refetch).toHaveBeenCalledTimes(1);
    expect(second.refetch).toHaveBeenCalledTimes(1);
  });
});
