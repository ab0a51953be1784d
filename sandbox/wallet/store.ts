import { z } from 'zod'
import type { KeyValueStorage, SandboxChain } from './types.ts'

/** The wallet's own localStorage key: what a browser extension keeps in its own storage. */
export const STORAGE_KEY = 'dev.portico.sandbox-wallet'

const chainSchema = z.object({
  id: z.number().int().positive(),
  name: z.string(),
  rpcUrl: z.string(),
  nativeCurrency: z.object({ name: z.string(), symbol: z.string(), decimals: z.number() }).optional(),
  blockExplorerUrl: z.string().optional(),
})

const recordSchema = z.object({
  version: z.literal(1),
  /** origin → when the person approved it. */
  authorised: z.record(z.string(), z.object({ grantedAt: z.number() })),
  activeChainId: z.number().int().positive().optional(),
  addedChains: z.array(chainSchema),
})
export type WalletRecord = z.infer<typeof recordSchema>

const empty = (): WalletRecord => ({ version: 1, authorised: {}, addedChains: [] })

/** Reads the record; a missing, unreadable or foreign value counts as empty. */
export function readRecord(storage: KeyValueStorage | undefined, key: string): WalletRecord {
  try {
    const text = storage?.getItem(key)
    if (!text) return empty()
    const parsed = recordSchema.safeParse(JSON.parse(text))
    return parsed.success ? parsed.data : empty()
  } catch {
    return empty()
  }
}

/** Writes the record; a full or blocked storage only loses persistence, never the request. */
export function writeRecord(storage: KeyValueStorage | undefined, key: string, record: WalletRecord): void {
  try {
    storage?.setItem(key, JSON.stringify(record))
  } catch {
    // Private mode or quota: the wallet goes on in memory.
  }
}

export const toStoredChain = (chain: SandboxChain): WalletRecord['addedChains'][number] => ({
  id: chain.id,
  name: chain.name,
  rpcUrl: chain.rpcUrl,
  ...(chain.nativeCurrency ? { nativeCurrency: chain.nativeCurrency } : {}),
  ...(chain.blockExplorerUrl ? { blockExplorerUrl: chain.blockExplorerUrl } : {}),
})
