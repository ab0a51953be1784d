import { act, render, screen, waitFor, within } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { groupTransactions } from '@portico/worker-core'
import type { Transaction, TransactionsState } from '@portico/shared-types'
import { PorticoProvider } from '../../../PorticoProvider.tsx'
import { ADDRESS, createTestClient, testConfig, type TestPortico } from '../../../../test/harness.tsx'
import { ActivityList } from './ActivityList.tsx'

const NOW = Date.parse('2025-03-20T12:00:00Z')

function tx(id: string, minedAt: string, partial: { status?: Transaction['metadata']['status']; direction?: 'in' | 'out'; operationType?: string } = {}): Transaction {
  return {
    id,
    metadata: { operationType: partial.operationType ?? 'send', hash: `0x${id}`, minedAt, sentFrom: ADDRESS, sentTo: ADDRESS, status: partial.status ?? 'confirmed', nonce: 0, chain: 'eip155:31337' },
    transfers: [{ fungible_info: { name: 'Ether', symbol: 'ETH', icon: null }, direction: partial.direction ?? 'out', quantity: { numeric: '1234.5' } }],
  }
}

function state(data: Transaction[], next: string | null = null): TransactionsState {
  return { status: 'success', caipAddress: null, data, grouped: groupTransactions(data), next, coinbaseTransactions: [], empty: data.length === 0, updatedAt: NOW, error: null }
}

/** IntersectionObserver that the test triggers: happy-dom has no layout to intersect. */
const observers: { callback: IntersectionObserverCallback; node: Element | null }[] = []
beforeEach(() => {
  vi.stubGlobal(
    'IntersectionObserver',
    class {
      entry: { callback: IntersectionObserverCallback; node: Element | null }
      constructor(callback: IntersectionObserverCallback) {
        this.entry = { callback, node: null }
        observers.push(this.entry)
      }
      observe(node: Element) {
        this.entry.node = node
      }
      disconnect() {
        observers.splice(observers.indexOf(this.entry), 1)
      }
    },
  )
})
afterEach(() => {
  vi.unstubAllGlobals()
  observers.splice(0)
})

function renderList(portico: TestPortico, transactions: TransactionsState) {
  return render(
    <PorticoProvider client={portico.client}>
      <ActivityList transactions={transactions} now={NOW} />
    </PorticoProvider>,
  )
}

const history = [
  tx('a', '2025-03-20T10:00:00Z', { direction: 'in', operationType: 'receive' }),
  tx('b', '2025-03-02T12:00:00Z', { status: 'pending' }),
  tx('c', '2025-02-10T12:00:00Z', { status: 'failed' }),
]

describe('ActivityList', () => {
  it('groups by month, with abbreviated relative times, status and direction', () => {
    const portico = createTestClient()
    renderList(portico, state(history))
    const march = screen.getByRole('region', { name: 'March 2025' })
    const february = screen.getByRole('region', { name: 'February 2025' })
    expect(within(march).getAllByRole('listitem')).toHaveLength(2)
    const [received, pending] = within(march).getAllByRole('listitem')
    expect(received!.textContent).toBe('ReceiveReceived 1,234.5 ETH2 hrs')
    expect(pending!.textContent).toBe('Send · PendingSent 1,234.5 ETH18 days')
    expect(within(february).getByRole('listitem').textContent).toContain('Send · Failed')
    portico.client.destroy()
  })

  it('speaks the configured language: months, numbers and times', () => {
    const portico = createTestClient({ config: testConfig({ locale: 'de' }) })
    renderList(portico, state(history))
    const march = screen.getByRole('region', { name: 'März 2025' })
    expect(within(march).getAllByRole('listitem')[0]!.textContent).toBe('ReceiveEmpfangen 1.234,5 ETH2 Std.')
    portico.client.destroy()
  })

  it('asks the core for the next cursor when the visitor reaches the end', async () => {
    const portico = createTestClient()
    const loadMore = vi.spyOn(portico.core, 'loadMoreTransactions').mockResolvedValue(undefined)
    renderList(portico, state(history, 'cursor-2'))
    screen.getByLabelText('Loading activity')
    expect(loadMore).not.toHaveBeenCalled()
    const sentinel = observers.at(-1)!
    await act(async () => sentinel.callback([{ isIntersecting: true, target: sentinel.node! } as IntersectionObserverEntry], {} as IntersectionObserver))
    await waitFor(() => expect(loadMore).toHaveBeenCalledWith({ cursor: 'cursor-2' }))
    portico.client.destroy()
  })

  it('says when there is no activity yet', () => {
    const portico = createTestClient()
    renderList(portico, state([]))
    screen.getByText('No activity yet')
    portico.client.destroy()
  })
})
