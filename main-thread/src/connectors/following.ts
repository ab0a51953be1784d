import type { Eip1193Provider, Eip1193RequestArguments } from '@portico/shared-types'
import { WalletError } from '@portico/shared-types/errors'
import type { CaipAddress } from '@portico/shared-types/light'
import { splitCaipAddress } from '@portico/shared-types/light'

/** The events a wallet's EIP-1193 provider emits that the dapp may follow. */
const FORWARDED = ['accountsChanged', 'chainChanged', 'connect', 'disconnect', 'message'] as const

type Listener = (...args: never[]) => void

export type FollowingProvider = Eip1193Provider & {
  /**
   * Sends the dapp's requests to `provider` (the wallet in use) from now on. A wallet of another
   * account, or on another chain, is told to the dapp's listeners (`accountsChanged`, `chainChanged`),
   * as a wallet tells its own switch.
   */
  follow(provider: Eip1193Provider, caipAddress: CaipAddress): void
  /** Stops listening to the wallet in use. */
  destroy(): void
}

/**
 * The one EIP-1193 provider a dapp holds for a namespace (`useProvider`) while several wallets are
 * connected: its requests reach the wallet in use, its listeners hear that wallet's events, and a
 * switch to another wallet reaches them as the events of a wallet that changed account.
 */
export function createFollowingProvider(): FollowingProvider {
  const listeners = new Map<string, Set<Listener>>()
  let target: Eip1193Provider | null = null
  let current: CaipAddress | null = null
  /** The wallet's own listeners, by event, removed when the dapp's requests move to another wallet. */
  let relays: [string, Listener][] = []

  const emit = (event: string, ...args: unknown[]) => {
    for (const listener of [...(listeners.get(event) ?? [])]) {
      try {
        ;(listener as (...a: unknown[]) => void)(...args)
      } catch {
        /* a listener's error is the dapp's own; the others still hear */
      }
    }
  }

  const unrelay = () => {
    for (const [event, relay] of relays) target?.removeListener?.(event, relay as never)
    relays = []
  }

  return {
    async request(args: Eip1193RequestArguments) {
      // EIP-1193's 4900: the provider is disconnected from every chain.
      if (!target) throw new WalletError('No wallet is connected', { code: 4900 })
      return target.request(args)
    },
    on(event, listener) {
      let set = listeners.get(event)
      if (!set) listeners.set(event, (set = new Set()))
      set.add(listener)
    },
    removeListener(event, listener) {
      listeners.get(event)?.delete(listener)
    },
    follow(provider, caipAddress) {
      const before = current
      current = caipAddress
      // The same wallet tells its own changes (relayed); only a move to another wallet is told here.
      if (provider === target) return
      unrelay()
      target = provider
      relays = FORWARDED.map((event) => [event, ((...args: unknown[]) => emit(event, ...args)) as Listener])
      for (const [event, relay] of relays) provider.on?.(event, relay as never)
      if (!before || before === caipAddress) return
      const [was, now] = [splitCaipAddress(before), splitCaipAddress(caipAddress)]
      if (was.address.toLowerCase() !== now.address.toLowerCase()) emit('accountsChanged', [now.address])
      if (was.reference !== now.reference) emit('chainChanged', now.namespace === 'eip155' ? `0x${Number(now.reference).toString(16)}` : now.reference)
    },
    destroy() {
      unrelay()
      target = null
      current = null
    },
  }
}
