/**
 * Every stored record kind (`RECORDS`), fuzzed through the core's storage as it reads IndexedDB
 * (`createStorage` + `createPersister` over fake-indexeddb, which stores by structured clone as a
 * browser does): a generated value sits in the database where the record lives, and is read back.
 */
import 'fake-indexeddb/auto'
import { createStore, set } from 'idb-keyval'
import { RECORDS, type RecordDefinition } from '@portico/shared-types'
import { STORAGE_VERSION } from '@portico/shared-types/constants'
import { z } from 'zod'
import { createPersister } from '../../worker-core/src/infra/persister.ts'
import { createStorage } from '../../worker-core/src/infra/storage.ts'
import { boundaryInputs, fuzz, validSamples } from './harness.ts'
import { ADDRESSES, HTTP_SAMPLES, nftHolding, siwxSession, tokenBalance, transaction, usdcBalance, walletListing } from './samples.ts'

const ROW = 'Fuzz: stored records (IndexedDB)'
const CAIP = `eip155:31337:${ADDRESSES.A}` as const

/** A valid value of each kind (kinds added later are fuzzed from generated values only). */
const DATA: Partial<Record<string, unknown>> = {
  connection: {
    connections: { eip155: { status: 'connected', caipAddress: CAIP, connectorId: 'dev.portico.sandbox-wallet', connectorName: 'Sandbox Wallet', connectorType: 'ANNOUNCED' } },
    activeNamespace: 'eip155',
    activeCaipNetworkId: 'eip155:31337',
  },
  recentWallets: [walletListing],
  siwxSessions: [siwxSession],
  accountTypes: { eip155: 'eoa' },
  embeddedWallet: { loginUsed: true, email: 'a@example.org', lastChain: 'eip155:31337', socialUsername: null, accounts: [{ address: ADDRESSES.A, type: 'eoa' }], preferredAccountType: 'eoa' },
  portfolio: { source: 'api', balances: [tokenBalance, usdcBalance] },
  nativeBalance: { value: '1000000000000000000', decimals: 18, symbol: 'ETH' },
  transactions: { data: [transaction], next: null },
  identity: HTTP_SAMPLES.identity[0],
  names: HTTP_SAMPLES.profileReverse[0],
  nftHoldings: [nftHolding],
}

export async function run() {
  const store = createStore('portico-fuzz', 'core')
  const storage = createStorage({ dbName: 'portico-fuzz', storeName: 'core', warn: () => undefined })
  const persister = createPersister(storage, () => undefined)
  for (const [kind, definition] of Object.entries(RECORDS) as [string, RecordDefinition<z.core.$ZodType, unknown[]>][]) {
    const known = kind in DATA
    const sample = { v: STORAGE_VERSION, savedAt: 1_764_000_000_000, data: known ? DATA[kind] : {} }
    const bound: RecordDefinition<z.core.$ZodType> = { kind, key: () => `fuzz:${kind}`, schema: definition.schema }
    if (known) validSamples(ROW, `record ${kind}`, [sample], (s) => z.safeParse(definition.schema, (s as typeof sample).data).success)
    await fuzz({
      row: ROW,
      boundary: `record ${kind}`,
      inputs: boundaryInputs([sample, { ...sample, v: STORAGE_VERSION + 1 }]),
      exercise: async (input) => {
        try {
          await set(bound.key(), input, store)
        } catch {
          // A value IndexedDB cannot store (a function, a symbol) never reaches a reader.
          return undefined
        }
        return persister.read(bound)
      },
      // Read back, a record is either dropped or valid for its kind.
      check: (result) => (result === undefined || z.safeParse(definition.schema, (result as { data: unknown }).data).success ? null : 'read a record its schema refuses'),
    })
  }
}
