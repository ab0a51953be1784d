import { readRecord, toStoredChain, writeRecord, type WalletRecord } from './store.ts'
import type { KeyValueStorage, SandboxChain } from './types.ts'

export type WalletStateOptions = {
  origin: string
  chains: readonly SandboxChain[]
  defaultChainId: number
  storage: KeyValueStorage | undefined
  storageKey: string
}

/** What the wallet remembers: authorised origins, the active chain and chains added by dapps. */
export type WalletState = {
  isAuthorised(): boolean
  authorise(): void
  revoke(): void
  activeChain(): SandboxChain
  knownChain(id: number): SandboxChain | undefined
  setActiveChain(id: number): void
  addChain(chain: SandboxChain): void
  /** Re-reads storage (another tab wrote it). */
  reload(): void
}

export function createWalletState(options: WalletStateOptions): WalletState {
  const { origin, storage, storageKey } = options
  const configured = new Map(options.chains.map((chain) => [chain.id, chain]))
  if (!configured.has(options.defaultChainId)) throw new Error(`Sandbox Wallet: default chain ${options.defaultChainId} is not among its chains`)
  let record: WalletRecord = readRecord(storage, storageKey)

  const knownChain = (id: number): SandboxChain | undefined => configured.get(id) ?? record.addedChains.find((chain) => chain.id === id)

  /** Read-modify-write, so two tabs writing in turn do not undo each other. */
  const update = (change: (current: WalletRecord) => WalletRecord): void => {
    record = change(readRecord(storage, storageKey))
    writeRecord(storage, storageKey, record)
  }

  return {
    isAuthorised: () => record.authorised[origin] !== undefined,
    authorise: () => update((r) => ({ ...r, authorised: { ...r.authorised, [origin]: { grantedAt: Date.now() } } })),
    revoke: () =>
      update((r) => {
        const { [origin]: _removed, ...rest } = r.authorised
        return { ...r, authorised: rest }
      }),
    activeChain: () => {
      const id = record.activeChainId
      return (id !== undefined ? knownChain(id) : undefined) ?? (configured.get(options.defaultChainId) as SandboxChain)
    },
    knownChain,
    setActiveChain: (id) => update((r) => ({ ...r, activeChainId: id })),
    addChain: (chain) => update((r) => ({ ...r, addedChains: [...r.addedChains.filter((c) => c.id !== chain.id), toStoredChain(chain)] })),
    reload: () => {
      record = readRecord(storage, storageKey)
    },
  }
}
