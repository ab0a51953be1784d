import {
  getAddressDecoder,
  getArrayDecoder,
  getBase64Encoder,
  getOptionDecoder,
  getStructDecoder,
  getU16Decoder,
  getU32Decoder,
  getU64Decoder,
  getU8Decoder,
  type Address,
  type Option,
} from '@solana/kit'
import { z } from 'zod'
import type { FrameSolanaNetwork } from './solana-rpc.ts'

/**
 * What the frame service reads from a Solana network's RPC for an approval: accounts (base64, every
 * answer parsed with zod) and the address lookup tables a v0 transaction loads its accounts from.
 */

/** An RPC's answer that is an error (`code` from JSON-RPC), or no answer at all (`code` undefined: unreachable, too slow, unreadable). */
export class SolanaRpcCallError extends Error {
  override readonly name = 'SolanaRpcCallError'
  constructor(
    message: string,
    readonly code?: number | undefined,
  ) {
    super(message)
  }
}

/** JSON-RPC's "method not found": the RPC does not offer the method. */
export const METHOD_NOT_FOUND = -32601

const envelopeSchema = z.union([z.object({ result: z.unknown() }).refine((v) => 'result' in v), z.object({ error: z.object({ code: z.number().int(), message: z.string().max(2_000) }) })])

/** One JSON-RPC call to the network's RPC: its result parsed with `schema`, else a SolanaRpcCallError. */
export async function solanaCall<S extends z.ZodType>(network: FrameSolanaNetwork, method: string, params: unknown[], schema: S, signal: AbortSignal): Promise<z.output<S>> {
  let json: unknown
  try {
    const res = await fetch(network.rpcUrl, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }), signal })
    json = await res.json()
  } catch {
    throw new SolanaRpcCallError(signal.aborted ? `${network.name} did not answer in time` : `${network.name} does not answer`)
  }
  const envelope = envelopeSchema.safeParse(json)
  if (!envelope.success) throw new SolanaRpcCallError(`${network.name} gave an unreadable answer`)
  if ('error' in envelope.data) throw new SolanaRpcCallError(envelope.data.error.message, envelope.data.error.code)
  const result = schema.safeParse(envelope.data.result)
  if (!result.success) throw new SolanaRpcCallError(`${network.name} gave an unreadable answer to ${method}`)
  return result.data
}

const base58Address = z.string().regex(/^[1-9A-HJ-NP-Za-km-z]{32,44}$/)
/** An account as the RPC writes it with `encoding: 'base64'` (null where none exists), its data decoded. */
export const rpcAccountSchema = z
  .object({
    lamports: z.number().int().nonnegative(),
    owner: base58Address,
    data: z.tuple([z.string().max(14_000_000), z.literal('base64')]),
    executable: z.boolean(),
  })
  .transform((a) => ({ lamports: BigInt(a.lamports), owner: a.owner, data: new Uint8Array(getBase64Encoder().encode(a.data[0])), executable: a.executable }))
  .nullable()
export type RpcAccount = z.output<typeof rpcAccountSchema>

const contextSchema = z.object({ slot: z.number().int().nonnegative() })

/** The most accounts one getMultipleAccounts call may name. */
const MULTIPLE_ACCOUNTS_MAX = 100

/** Accounts by address (base64), in the order asked, with the slot they were read at; more than 100 are read 100 at a time. */
export async function readAccounts(network: FrameSolanaNetwork, addresses: readonly string[], signal: AbortSignal): Promise<{ slot: number; accounts: RpcAccount[] }> {
  const accounts: RpcAccount[] = []
  let slot = 0
  for (let i = 0; i < addresses.length; i += MULTIPLE_ACCOUNTS_MAX) {
    const chunk = addresses.slice(i, i + MULTIPLE_ACCOUNTS_MAX)
    const answer = await solanaCall(
      network,
      'getMultipleAccounts',
      [chunk, { encoding: 'base64', commitment: 'confirmed' }],
      z.object({ context: contextSchema, value: z.array(rpcAccountSchema).length(chunk.length) }),
      signal,
    )
    slot = Math.max(slot, answer.context.slot)
    accounts.push(...answer.value)
  }
  return { slot, accounts }
}

/** The program that owns every address lookup table. */
export const ADDRESS_LOOKUP_TABLE_PROGRAM = 'AddressLookupTab1e1111111111111111111111111'
/** A lookup table's account type (ProgramState::LookupTable). */
const LOOKUP_TABLE_DISCRIMINATOR = 1
/** The size of a table's header; its addresses follow, 32 bytes each. */
const LOOKUP_TABLE_META_SIZE = 56

/** An address lookup table's account, decoded. */
export type AddressLookupTable = {
  deactivationSlot: bigint
  lastExtendedSlot: bigint
  lastExtendedSlotStartIndex: number
  authority: Option<Address>
  addresses: Address[]
}

/** The address lookup table program's account layout (as the program's own client reads it). */
const lookupTableDecoder = getStructDecoder([
  ['discriminator', getU32Decoder()],
  ['deactivationSlot', getU64Decoder()],
  ['lastExtendedSlot', getU64Decoder()],
  ['lastExtendedSlotStartIndex', getU8Decoder()],
  ['authority', getOptionDecoder(getAddressDecoder(), { noneValue: 'zeroes' })],
  ['padding', getU16Decoder()],
  ['addresses', getArrayDecoder(getAddressDecoder(), { size: 'remainder' })],
])

/** Decodes a lookup table's account data; undefined when it is no lookup table (another type, a torn address list). */
export function decodeLookupTable(data: Uint8Array): AddressLookupTable | undefined {
  if (data.length < LOOKUP_TABLE_META_SIZE || (data.length - LOOKUP_TABLE_META_SIZE) % 32 !== 0) return undefined
  const { discriminator, padding: _, ...table } = lookupTableDecoder.decode(data)
  return discriminator === LOOKUP_TABLE_DISCRIMINATOR ? table : undefined
}

/**
 * The addresses a transaction may load from `table` at `slot`, as the runtime allows: all of them
 * once the slot is past the table's last extension, only those from before it in that slot.
 */
export function activeAddresses(table: AddressLookupTable, slot: bigint): Address[] {
  return slot > table.lastExtendedSlot ? table.addresses : table.addresses.slice(0, table.lastExtendedSlotStartIndex)
}

/**
 * The lookup tables at `addresses` on `network` (getAddressLookupTable's semantics: the account read
 * with its owner checked, then decoded): each readable table's active addresses. A table that does
 * not exist, is not owned by the lookup table program or does not decode is left out.
 */
export async function readLookupTables(network: FrameSolanaNetwork, addresses: readonly string[], signal: AbortSignal): Promise<Record<string, Address[]>> {
  const unique = [...new Set(addresses)]
  const { slot, accounts } = await readAccounts(network, unique, signal)
  const tables: Record<string, Address[]> = {}
  unique.forEach((address, i) => {
    const account = accounts[i]
    if (!account || account.owner !== ADDRESS_LOOKUP_TABLE_PROGRAM) return
    const table = decodeLookupTable(account.data)
    if (table) tables[address] = activeAddresses(table, BigInt(slot))
  })
  return tables
}
