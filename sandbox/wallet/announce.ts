import type { Eip6963ProviderInfo } from '@portico/shared-types'
import type { SandboxProvider } from './provider.ts'

export type Eip6963ProviderDetail = Readonly<{ info: Readonly<Eip6963ProviderInfo>; provider: SandboxProvider }>

/**
 * EIP-6963: announces now and again on every `eip6963:requestProvider`.
 * Returns a function that stops answering.
 */
export function announceProvider(target: Window, detail: Eip6963ProviderDetail): { announce(): void; stop(): void } {
  const frozen: Eip6963ProviderDetail = Object.freeze({ info: Object.freeze(detail.info), provider: detail.provider })
  const EventCtor = (target as Window & typeof globalThis).CustomEvent ?? CustomEvent
  const announce = (): void => {
    target.dispatchEvent(new EventCtor('eip6963:announceProvider', { detail: frozen }))
  }
  target.addEventListener('eip6963:requestProvider', announce)
  announce()
  return { announce, stop: () => target.removeEventListener('eip6963:requestProvider', announce) }
}
