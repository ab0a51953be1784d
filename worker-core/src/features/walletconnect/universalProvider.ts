import { UniversalProvider } from '@walletconnect/universal-provider'
import { formatMessage } from '@walletconnect/utils'
import { Buffer } from 'buffer'
import type { IKeyValueStorage } from '@walletconnect/keyvaluestorage'
import type { CoreConfig } from '@portico/shared-types'
import { useNativeRelayAuth, type RelayAuthCrypto } from './relayAuth.ts'

const DEFAULT_RELAY_URL = 'wss://relay.walletconnect.org'

/** The client's instance type. */
export type UniversalProviderClient = InstanceType<typeof UniversalProvider>

export type StartUniversalProviderParameters = {
  config: CoreConfig
  /** The key-value storage of the client (IndexedDB in a worker by default; tests pass one in memory). */
  storage?: IKeyValueStorage | undefined
}

/**
 * The WalletConnect client, in its own chunk: loaded by the core only when a visitor heads for
 * WalletConnect or a stored session is restored. Its keys live under `wc@2:universal_provider:` (the
 * universal provider's own prefix, SPEC.md §9) in the worker's IndexedDB, so a new worker finds the
 * session again. Its relay auth (the JWT each socket carries) is signed with the browser's Ed25519
 * where there is one (`relayAuth.ts`): the same token, without the JavaScript Ed25519's first-use cost.
 */
export async function startUniversalProvider({ config, storage }: StartUniversalProviderParameters): Promise<UniversalProviderClient> {
  provideBuffer()
  const provider = await UniversalProvider.init({
    projectId: config.projectId,
    relayUrl: config.walletConnect?.relayUrl ?? DEFAULT_RELAY_URL,
    metadata: config.metadata ?? { name: 'Portico', description: 'Portico', url: 'http://localhost', icons: [] },
    logger: 'error',
    telemetryEnabled: false,
    ...(storage ? { storage } : {}),
  })
  // Before the first pairing opens the socket (a stored session's reconnection may already be under way with the client's own).
  useNativeRelayAuth(provider.client.core.crypto as unknown as RelayAuthCrypto)
  return provider
}

/**
 * @walletconnect/utils 2.21 encodes and decodes with Node's global `Buffer` when it calls (the ReCaps of
 * one-click sign-in, among others), which a browser's worker lacks: the `buffer` package stands in,
 * where no `Buffer` is defined, before the client starts. Loading the chunk sets nothing.
 */
function provideBuffer(): void {
  const scope = globalThis as { Buffer?: unknown }
  scope.Buffer ??= Buffer
}

/**
 * The EIP-4361 text a wallet signed for a CACAO of one-click sign-in (the protocol's own formatting,
 * the ReCap statement included), so the verifier checks exactly what was signed.
 */
export function cacaoMessage(cacao: { p: Parameters<typeof formatMessage>[0] & { iss: string } }): string {
  return formatMessage(cacao.p, cacao.p.iss)
}
