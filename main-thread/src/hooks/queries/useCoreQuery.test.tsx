import { act, renderHook, waitFor } from '@testing-library/react'
import type { ReactNode } from 'react'
import { describe, expect, it, vi } from 'vitest'
import { PorticoProvider } from '../../PorticoProvider.tsx'
import { connectInCore, createTestClient, type TestPortico } from '../../../test/harness.tsx'
import { useCoreInfiniteQuery } from './useCoreInfiniteQuery.ts'
import { useCoreQuery } from './useCoreQuery.ts'

function hook<P, T>(portico: TestPortico, fn: (props: P) => T, initialProps: P) {
  const wrapper = ({ children }: { children: ReactNode }) => <PorticoProvider client={portico.client}>{children}</PorticoProvider>
  return renderHook(fn, { wrapper, initialProps })
}

/** Answers the test settles by hand, in any order. */
function deferred() {
  const calls: { arg: string; resolve: (value: string) => void; reject: (error: Error) => void }[] = []
  const fn = vi.fn(
    (arg: string) =>
      new Promise<string>((resolve, reject) => {
        calls.push({ arg, resolve, reject })
      }),
  )
  return { fn, calls }
}

describe('useCoreQuery', () => {
  it('asks under a key, drops the answer of a key no longer shown, and asks nothing when disabled', async () => {
    const portico = createTestClient()
    const { fn, calls } = deferred()
    const { result, rerender } = hook(portico, ({ id, enabled }: { id: string; enabled: boolean }) => useCoreQuery({ queryKey: ['test', { id }], queryFn: () => fn(id), enabled }), {
      id: 'a',
      enabled: true,
    })
    expect(result.current.status).toBe('loading')
    await waitFor(() => expect(calls).toHaveLength(1))
    rerender({ id: 'b', enabled: true })
    await waitFor(() => expect(calls).toHaveLength(2))
    await act(async () => calls[1]!.resolve('answer b'))
    await act(async () => calls[0]!.resolve('answer a'))
    expect(result.current).toMatchObject({ status: 'success', data: 'answer b', isFetching: false })
    rerender({ id: 'c', enabled: false })
    expect(result.current).toMatchObject({ status: 'idle', data: undefined, isFetching: false })
    expect(fn).toHaveBeenCalledTimes(2)
    portico.client.destroy()
  })

  it('keeps the last answer beside an error, renders it at once when mounted again, and refetch asks past the cache', async () => {
    const portico = createTestClient()
    const queryFn = vi.fn<(api: unknown, context: { force: boolean }) => Promise<number>>().mockResolvedValueOnce(1).mockRejectedValueOnce(new Error('down')).mockResolvedValue(3)
    const first = hook(portico, () => useCoreQuery({ queryKey: ['count'], queryFn }), {})
    await waitFor(() => expect(first.result.current.data).toBe(1))
    act(() => first.result.current.refetch())
    await waitFor(() => expect(first.result.current.status).toBe('error'))
    expect(first.result.current).toMatchObject({ data: 1, error: new Error('down') })
    expect(queryFn.mock.calls[1]![1]).toEqual({ force: true })
    first.unmount()
    const second = hook(portico, () => useCoreQuery({ queryKey: ['count'], queryFn }), {})
    expect(second.result.current).toMatchObject({ status: 'success', data: 1, isFetching: true })
    await waitFor(() => expect(second.result.current).toMatchObject({ data: 3, isFetching: false }))
    portico.client.destroy()
  })

  it('asks again when the page comes back online', async () => {
    const portico = createTestClient()
    await connectInCore(portico)
    const queryFn = vi.fn(async () => 'ok')
    hook(portico, () => useCoreQuery({ queryKey: ['online'], queryFn }), {})
    await waitFor(() => expect(queryFn).toHaveBeenCalledTimes(1))
    await act(async () => portico.core.setOnline(false))
    // The page hears it is offline (the core's next push), as it does between the browser's two events.
    await waitFor(() => expect(portico.client.getSnapshot().core?.online).toBe(false))
    await act(async () => portico.core.setOnline(true))
    await waitFor(() => expect(queryFn).toHaveBeenCalledTimes(2))
    portico.client.destroy()
  })
})

describe('useCoreInfiniteQuery', () => {
  it('appends pages, starts over for a new key, and tries a failed page again', async () => {
    const portico = createTestClient()
    const asked: string[] = []
    let fail = false
    const { result, rerender } = hook(
      portico,
      ({ list }: { list: string }) =>
        useCoreInfiniteQuery({
          queryKey: ['list', { list }],
          queryFn: async (_, page: number) => {
            asked.push(`${list}${page}`)
            if (fail) throw new Error('down')
            return { list, page }
          },
          initialPageParam: 1,
          getNextPageParam: (last) => (last.page < 3 ? last.page + 1 : undefined),
        }),
      { list: 'a' },
    )
    await waitFor(() => expect(result.current.pages).toEqual([{ list: 'a', page: 1 }]))
    act(() => result.current.fetchNextPage())
    await waitFor(() => expect(result.current.pages).toHaveLength(2))
    fail = true
    act(() => result.current.fetchNextPage())
    await waitFor(() => expect(result.current.status).toBe('error'))
    expect(result.current.pages).toHaveLength(2)
    fail = false
    act(() => result.current.retry())
    await waitFor(() => expect(result.current.pages.map((p) => p.page)).toEqual([1, 2, 3]))
    expect(result.current.hasNextPage).toBe(false)
    rerender({ list: 'b' })
    await waitFor(() => expect(result.current.pages).toEqual([{ list: 'b', page: 1 }]))
    expect(asked).toEqual(['a1', 'a2', 'a3', 'a3', 'b1'])
    portico.client.destroy()
  })
})
