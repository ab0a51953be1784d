import type { getCompiledTransactionMessageDecoder } from '@solana/kit'

/** The account list a transaction runs with, from its compiled message and the lookup tables it reads (no schema, no RPC: the frame's page takes it too). */

/** A compiled transaction message, legacy or v0. */
export type CompiledMessage = ReturnType<ReturnType<typeof getCompiledTransactionMessageDecoder>['decode']>

/**
 * The address lookup tables a v0 transaction reads, as the network holds them: each table's address
 * and the addresses it lends (those a transaction may load now, in their order).
 */
export type SolanaLookupTables = ReadonlyMap<string, readonly string[]>

/** The account list a transaction runs with: its own accounts, then those it loads from lookup tables. */
export type SolanaAccountKeys = {
  /** Every account by its index in the instructions; undefined where a table's entry could not be read. */
  keys: (string | undefined)[]
  /** Whether each account may be written (its balance or data may change). */
  writable: boolean[]
  /** The lookup tables the transaction reads (none for a legacy transaction). */
  tables: string[]
  /** Tables that could not be read, or whose entries the transaction names past their end. */
  unresolved: string[]
}

const lookupsOf = (message: CompiledMessage) => ('addressTableLookups' in message ? (message.addressTableLookups ?? []) : [])

/**
 * The full account list of a compiled message, as the runtime builds it: the static accounts, then
 * every table's writable entries (table by table), then every table's read-only ones.
 */
export function solanaAccountKeys(message: CompiledMessage, tables: SolanaLookupTables = new Map()): SolanaAccountKeys {
  const { numSignerAccounts, numReadonlySignerAccounts, numReadonlyNonSignerAccounts } = message.header
  const statics: string[] = [...message.staticAccounts]
  const keys: (string | undefined)[] = [...statics]
  const writable = statics.map((_, i) => (i < numSignerAccounts ? i < numSignerAccounts - numReadonlySignerAccounts : i < statics.length - numReadonlyNonSignerAccounts))
  const lookups = lookupsOf(message)
  const unresolved = new Set<string>()
  for (const kind of ['writableIndexes', 'readonlyIndexes'] as const) {
    for (const lookup of lookups) {
      const entries = tables.get(lookup.lookupTableAddress)
      for (const index of lookup[kind]) {
        const key = entries?.[index]
        if (key === undefined) unresolved.add(lookup.lookupTableAddress)
        keys.push(key)
        writable.push(kind === 'writableIndexes')
      }
    }
  }
  return { keys, writable, tables: lookups.map((l) => l.lookupTableAddress), unresolved: [...unresolved] }
}
