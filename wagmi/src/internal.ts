// What `porticoConnector` and `syncConnections` share; not exported by the package.
import { ChainNotConfiguredError, type CreateConnectorFn } from '@wagmi/core'
import { getAddress } from 'viem'
import type { Chain } from 'viem'
import type { ClientSnapshot, PorticoClient } from '@portico/react'

/** The `type` of every connector this package makes (the Portico one and each wallet's). */
export const PORTICO_TYPE = 'portico' as const

/** The emitters of the `porticoConnector`s wagmi set up, with their Portico client. */
export const primaries = new WeakMap<object, PorticoClient>()

/** Emitters of `porticoConnector`s whose config `syncConnections` keeps: wagmi's connections are its to write, the connector tells wagmi nothing. */
export const synced = new WeakSet<object>()

/** Resolves with `pick(snapshot)` once it is defined, rejects with `fail()` when that answers an error. */
export function when<T>(client: PorticoClient, pick: (s: ClientSnapshot) => T | undefined, fail?: (s: ClientSnapshot) => Error | undefined, timeoutMs?: number): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    let timer: ReturnType<typeof setTimeout> | undefined
    const check = () => {
      const snapshot = client.getSnapshot()
      const value = pick(snapshot)
      const error = value === undefined ? fail?.(snapshot) : undefined
      if (value === undefined && !error) return false
      unsubscribe?.()
      if (timer) clearTimeout(timer)
      if (error) reject(error)
      else resolve(value as T)
      return true
    }
    let unsubscribe: (() => void) | undefined
    if (check()) return
    unsubscribe = client.subscribe(() => void check())
    if (timeoutMs !== undefined) {
      timer = setTimeout(() => {
        unsubscribe?.()
        reject(new Error(`Portico did not answer within ${timeoutMs} ms`))
      }, timeoutMs)
    }
  })
}

/**
 * Moves the wallet in use to `chainId` through Portico (`@portico/react/actions`' `switchNetwork`), so
 * its modal and every tab follow and the wallet adds the chain on 4902; resolves once `reached` says
 * Portico reports it.
 */
export async function switchChainThroughPortico(client: PorticoClient, chains: readonly Chain[], chainId: number, reached: (s: ClientSnapshot) => boolean, timeoutMs: number): Promise<Chain> {
  const chain = chains.find((c) => c.id === chainId)
  if (!chain) throw new ChainNotConfiguredError()
  const { switchNetwork } = await import('@portico/react/actions')
  await switchNetwork(client, { caipNetworkId: `eip155:${chainId}` })
  await when(client, (s) => (reached(s) ? true : undefined), undefined, timeoutMs)
  return chain
}

type Emitter = Parameters<CreateConnectorFn>[0]['emitter']

/** A wallet's EIP-1193 events as wagmi's connector events: what every connector of this package answers. */
export function walletEvents(emitter: Emitter) {
  return {
    onAccountsChanged(accounts: string[]) {
      if (accounts.length === 0) emitter.emit('disconnect')
      else emitter.emit('change', { accounts: accounts.map((a) => getAddress(a)) })
    },
    onChainChanged(chain: string) {
      emitter.emit('change', { chainId: Number(chain) })
    },
    onDisconnect() {
      emitter.emit('disconnect')
    },
  }
}
