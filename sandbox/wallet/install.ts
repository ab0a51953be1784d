import './zod-jitless.ts' // first: before any zod object schema of this graph is built
import { eip6963ProviderInfoSchema, type Eip6963ProviderInfo } from '@portico/shared-types'
import { announceProvider } from './announce.ts'
import { ICON_DATA_URI } from './icon.ts'
import { createApprovalPrompt } from './prompt.ts'
import { createSandboxProvider, TEST_MNEMONIC, type SandboxProvider } from './provider.ts'
import { STORAGE_KEY } from './store.ts'
import type { SandboxSolanaWallet } from './solana.ts'
import type { KeyValueStorage, SandboxChain } from './types.ts'

import { SANDBOX_WALLET_NAME, SANDBOX_WALLET_RDNS } from './info.ts'

export { SANDBOX_WALLET_NAME, SANDBOX_WALLET_RDNS }

export type SandboxWalletOptions = {
  /** Default: the standard test mnemonic `test test … junk`. */
  mnemonic?: string
  /** Default 0: 0xf39F…2266. */
  addressIndex?: number
  /** Default: 31337 at http://127.0.0.1:8545 and 31338 at http://127.0.0.1:8546. */
  chains?: readonly SandboxChain[]
  /** Default 31337. */
  defaultChainId?: number
  /** The localStorage key of the wallet's memory. Default 'dev.portico.sandbox-wallet'. */
  storageKey?: string
  /** EIP-5792 (`wallet_getCapabilities`, `wallet_sendCalls`, `wallet_getCallsStatus`). Default true; false: a wallet without them (4200). */
  eip5792?: boolean
  /**
   * The Solana side, registered through Wallet Standard on the sandbox's Solana Localnet with the
   * sandbox's Solana dev account `addressIndex` (its code loads only then). Default: off.
   */
  solana?: { rpcUrl?: string | undefined } | false | undefined
  /** The window to install into. Default: the global window. */
  window?: Window
}

export type SandboxWallet = {
  readonly info: Readonly<Eip6963ProviderInfo>
  readonly provider: SandboxProvider
  /** The Solana side once registered; null when not asked for. */
  readonly solana: Promise<SandboxSolanaWallet | null>
  /** Announces again (it also answers every eip6963:requestProvider). */
  announce(): void
  /** Stops announcing, closes the prompt (rejecting what waits) and stops following other tabs. */
  uninstall(): void
}

const INSTALLED = Symbol.for('dev.portico.sandbox-wallet')
type Marked = Window & { [INSTALLED]?: SandboxWallet }

function randomUuid(win: Window): string {
  const crypto = win.crypto ?? globalThis.crypto
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID()
  // Pages on a plain-http LAN address are not a secure context and have no randomUUID.
  const bytes = crypto.getRandomValues(new Uint8Array(16))
  bytes[6] = ((bytes[6] ?? 0) & 0x0f) | 0x40
  bytes[8] = ((bytes[8] ?? 0) & 0x3f) | 0x80
  const hex = [...bytes].map((b) => b.toString(16).padStart(2, '0')).join('')
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`
}

function localStorageOf(win: Window): KeyValueStorage | undefined {
  try {
    return win.localStorage
  } catch {
    return undefined // sandboxed frame or storage disabled: the wallet remembers in memory
  }
}

/**
 * Installs the Sandbox Wallet into a page: an EIP-1193 provider announced through EIP-6963
 * (never window.ethereum) that asks the person through its own prompt. Installing twice in one
 * window answers the wallet already installed.
 */
export function installSandboxWallet(options: SandboxWalletOptions = {}): SandboxWallet {
  const win = (options.window ?? window) as Marked
  const existing = win[INSTALLED]
  if (existing) return existing

  const storageKey = options.storageKey ?? STORAGE_KEY
  const prompt = createApprovalPrompt(win.document)
  const provider = createSandboxProvider({
    approve: prompt.approve,
    origin: win.location.origin,
    mnemonic: options.mnemonic,
    addressIndex: options.addressIndex,
    chains: options.chains,
    defaultChainId: options.defaultChainId,
    eip5792: options.eip5792,
    storage: localStorageOf(win),
    storageKey,
  })
  const info = Object.freeze(eip6963ProviderInfoSchema.parse({ uuid: randomUuid(win), name: SANDBOX_WALLET_NAME, icon: ICON_DATA_URI, rdns: SANDBOX_WALLET_RDNS }))

  // Another tab approved, revoked or switched chain: follow it, as an extension would.
  const solanaKey = `${storageKey}.solana`
  const solana = options.solana
    ? Promise.all([import('./solana.ts'), import('./solana-keys.ts')]).then(async ([{ registerSandboxSolanaWallet }, { solanaDevSigner }]) =>
        registerSandboxSolanaWallet({
          signer: await solanaDevSigner(options.mnemonic ?? TEST_MNEMONIC, options.addressIndex ?? 0),
          approve: prompt.approve,
          origin: win.location.origin,
          rpcUrl: (options.solana || {}).rpcUrl ?? 'http://127.0.0.1:8899',
          storage: localStorageOf(win),
          storageKey: solanaKey,
        }),
      )
    : Promise.resolve(null)
  const onStorage = (event: StorageEvent): void => {
    if (event.key === storageKey || event.key === null) provider.sync()
    if (event.key === solanaKey || event.key === null) void solana.then((wallet) => wallet?.sync())
  }
  win.addEventListener('storage', onStorage)
  const announcer = announceProvider(win, { info, provider })

  const wallet: SandboxWallet = {
    info,
    provider,
    solana,
    announce: announcer.announce,
    uninstall() {
      announcer.stop()
      win.removeEventListener('storage', onStorage)
      prompt.destroy()
      if (win[INSTALLED] === wallet) delete win[INSTALLED]
    },
  }
  win[INSTALLED] = wallet
  return wallet
}
