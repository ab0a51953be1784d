import { useEffect, useRef, useState } from 'react'
import { ONRAMP_DELIVERY_POLL_MS } from '@portico/shared-types/onramp'
import type { CaipAddress, TransactionsState } from '@portico/shared-types/light'
import { usePorticoClient, useSnapshot } from '../context.ts'

export type OnrampDelivery = TransactionsState['coinbaseTransactions'][number]

export type UseOnrampDeliveriesReturnType = {
  /** The onramp's deliveries to the account on its network, newest first (the core loads them apart). */
  deliveries: readonly OnrampDelivery[]
  /** The first delivery that was not there when following began; null until it arrives. */
  arrived: OnrampDelivery | null
}

/**
 * The onramp's deliveries to an account: loaded once shown, then, while `following` (a purchase is
 * pending), asked again every 2 s until a new one is there. When it arrives, the core refreshes the
 * account past its caches, so the balance and Activity of every tab show it.
 *
 * @example
 * const { deliveries, arrived } = useOnrampDeliveries({ caipAddress, following: pending })
 */
export function useOnrampDeliveries({ caipAddress, following }: { caipAddress: CaipAddress | undefined; following: boolean }): UseOnrampDeliveriesReturnType {
  const client = usePorticoClient()
  const { core } = useSnapshot()
  const transactions = core?.transactions
  const deliveries = transactions && transactions.caipAddress === caipAddress ? transactions.coinbaseTransactions : []
  const [arrived, setArrived] = useState<OnrampDelivery | null>(null)
  const baseline = useRef<Set<string> | null>(null)
  const latest = useRef(deliveries)
  latest.current = deliveries

  useEffect(() => {
    if (!caipAddress) return
    void client.withCore((api) => api.loadTransactions({ onramp: 'coinbase' })).catch(() => undefined)
  }, [client, caipAddress])

  useEffect(() => {
    if (!following || !caipAddress) {
      baseline.current = null
      return
    }
    baseline.current = new Set(latest.current.map((d) => d.id))
    setArrived(null)
    const id = setInterval(() => void client.withCore((api) => api.loadTransactions({ onramp: 'coinbase' })).catch(() => undefined), ONRAMP_DELIVERY_POLL_MS)
    return () => clearInterval(id)
  }, [client, caipAddress, following])

  useEffect(() => {
    const seen = baseline.current
    if (!following || !seen || arrived) return
    const fresh = deliveries.find((d) => !seen.has(d.id))
    if (!fresh) return
    setArrived(fresh)
    void client.withCore((api) => api.refresh({ force: true })).catch(() => undefined)
  }, [client, deliveries, following, arrived])

  return { deliveries, arrived }
}
