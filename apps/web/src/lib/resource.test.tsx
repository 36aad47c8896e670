import { act, render, screen, waitFor } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { useInfiniteResource } from './infinite-resource';
import { invalidateResources, keyMatches, prefetchResource, setResourceData, useResource, type ResourceSpec } from './resource';
import { forgetSession, setLoginToken } from './session';

/** A resource whose answers the test releases one by one, recording each call and its signal. */
function controlledResource(key = 'thing') {
  const calls: { signal: AbortSignal; answer: (value: string) => void }[] = [];
  const spec: ResourceSpec<string> = {
    key,
    fetch: (signal) => new Promise<string>((resolve) => calls.push({ signal, answer: resolve })),
  };
  return { spec, calls };
}

function Reader({ spec, label = 'reader' }: { spec: ResourceSpec<string>; label?: string }) {
  const { data, loading } = useResource(spec);
  return <p aria-label={label}>{loading ? 'loading' : data}</p>;
}

describe('resource layer', () => {
  it('sends one request for many readers of the same key and shows them all the answer', async () => {
    const { spec, calls } = controlledResource();
    render(
      <>
        <Reader spec={spec} label="a" />
        <Reader spec={spec} label="b" />
        <Reader spec={spec} label="c" />
      </>,
    );
    expect(calls).toHaveLength(1);
    act(() => calls[0]!.answer('hello'));
    expect(await screen.findAllByText('hello')).toHaveLength(3);
  });

  it('shows the cached answer at once on a remount, without reading again while it is fresh', async () => {
    const { spec, calls } = controlledResource();
    const first = render(<Reader spec={spec} />);
    act(() => calls[0]!.answer('cached'));
    await screen.findByText('cached');
    first.unmount();
    render(<Reader spec={spec} />);
    expect(screen.getByText('cached')).toBeTruthy();
    expect(calls).toHaveLength(1);
  });

  it('reads again when the window regains focus, and not while a read is under way', async () => {
    const { spec, calls } = controlledResource();
    render(<Reader spec={spec} />);
    window.dispatchEvent(new Event('focus'));
    expect(calls).toHaveLength(1);
    act(() => calls[0]!.answer('v1'));
    await screen.findByText('v1');
    act(() => void window.dispatchEvent(new Event('focus')));
    expect(calls).toHaveLength(2);
    act(() => calls[1]!.answer('v2'));
    expect(await screen.findByText('v2')).toBeTruthy();
  });

  it('prefetches a key before anyone reads it: a reader that mounts meanwhile joins that read, a fresh answer is kept', async () => {
    const { spec, calls } = controlledResource();
    prefetchResource(spec);
    expect(calls).toHaveLength(1);
    render(<Reader spec={spec} />);
    expect(calls).toHaveLength(1);
    act(() => calls[0]!.answer('early'));
    expect(await screen.findByText('early')).toBeTruthy();
    prefetchResource(spec);
    expect(calls).toHaveLength(1);
  });

  it('aborts the request when the last reader leaves before the answer', () => {
    const { spec, calls } = controlledResource();
    const { unmount } = render(<Reader spec={spec} />);
    expect(calls[0]!.signal.aborted).toBe(false);
    unmount();
    expect(calls[0]!.signal.aborted).toBe(true);
  });

  it('reads the keys a money action invalidates again, and only those', async () => {
    const balance = controlledResource('balance');
    const other = controlledResource('user-info');
    render(
      <>
        <Reader spec={balance.spec} label="balance" />
        <Reader spec={other.spec} label="user" />
      </>,
    );
    act(() => {
      balance.calls[0]!.answer('₹1');
      other.calls[0]!.answer('me');
    });
    await screen.findByText('₹1');
    act(() => invalidateResources(keyMatches('balance')));
    expect(balance.calls).toHaveLength(2);
    expect(other.calls).toHaveLength(1);
    act(() => balance.calls[1]!.answer('₹2'));
    expect(await screen.findByText('₹2')).toBeTruthy();
  });

  it('takes data from a money action answer and drops a read that would overwrite it with older data', async () => {
    const { spec, calls } = controlledResource();
    render(<Reader spec={spec} />);
    act(() => setResourceData('thing', 'from the answer'));
    expect(screen.getByText('from the answer')).toBeTruthy();
    expect(calls[0]!.signal.aborted).toBe(true);
    act(() => calls[0]!.answer('stale'));
    await Promise.resolve();
    expect(screen.getByText('from the answer')).toBeTruthy();
  });

  it('forgets everything when the session ends, so the next player sees nothing of the last one', async () => {
    setLoginToken('tok');
    const { spec, calls } = controlledResource();
    render(<Reader spec={spec} />);
    act(() => calls[0]!.answer('secret'));
    await screen.findByText('secret');
    act(() => forgetSession());
    expect(screen.queryByText('secret')).toBeNull();
  });

  it('pages a list with cursors and reads the shown pages again on focus', async () => {
    const fetchPage = vi.fn(async (cursor: string | null) => (cursor === null ? { items: ['a', 'b'], next: 'c1' } : { items: ['c'], next: null }));
    function List() {
      const [spec] = useState(() => ({ key: 'list', fetchPage, nextCursor: (p: { next: string | null }) => p.next }));
      const list = useInfiniteResource(spec);
      return (
        <>
          <p>{list.pages.flatMap((p) => p.items).join(',')}</p>
          {list.hasMore && (
            <button type="button" onClick={list.loadMore}>
              more
            </button>
          )}
        </>
      );
    }
    render(<List />);
    expect(await screen.findByText('a,b')).toBeTruthy();
    act(() => screen.getByRole('button', { name: 'more' }).click());
    expect(await screen.findByText('a,b,c')).toBeTruthy();
    expect(fetchPage.mock.calls.map((c) => c[0])).toEqual([null, 'c1']);
    act(() => void window.dispatchEvent(new Event('focus')));
    await waitFor(() => expect(fetchPage).toHaveBeenCalledTimes(4));
    expect(fetchPage.mock.calls.slice(2).map((c) => c[0])).toEqual([null, 'c1']);
    expect(screen.getByText('a,b,c')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'more' })).toBeNull();
  });
});
