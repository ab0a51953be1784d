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
import * as z from 'zod/mini'

/** What the simulation reads from a Solana network: accounts (base64, every answer read through a schema) and the address lookup tables a v0 transaction loads accounts from. */

/** What the simulation asks of a Solana network: one JSON-RPC call, answering its `result` or rejecting (with the JSON-RPC error's `code` where there is one). */
export type SolanaNode = {
  /** The network's name, for the reasons said to the visitor. */
  name: string
  call(method: string, params: unknown[], signal: AbortSignal): Promise<unknown>
}

/** An RPC's answer that is an error (`code` from JSON-RPC), or no readable answer (`code` undefined). */
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

/** One call: its result read with `schema`, else a SolanaRpcCallError. */
export async function solanaCall<S extends z.ZodMiniType>(node: SolanaNode, method: string, params: unknown[], schema: S, signal: AbortSignal): Promise<z.output<S>> {
  let result: unknown
  try {
    result = await node.call(method, params, signal)
  } catch (error) {
    if (error instanceof SolanaRpcCallError) throw error
    const code = typeof (error as { code?: unknown } | null)?.code === 'number' ? (error as { code: number }).code : undefined
    throw new SolanaRpcCallError(signal.aborted ? `${node.name} did not answer in time` : code !== undefined && error instanceof Error ? error.message : `${node.name} does not answer`, code)
  }
  const parsed = schema.safeParse(result)
  if (!parsed.success) throw new SolanaRpcCallError(`${node.name} gave an unreadable answer to ${method}`)
  return parsed.data
}

const base58Address = z.string().check(z.regex(/^[1-9A-HJ-NP-Za-km-z]{32,44}$/))
/** An account as the RPC writes it with `encoding: 'base64'` (null where none exists), its data decoded. */
export const rpcAccountSchema = z.nullable(
  z.pipe(
    z.object({
      lamports: z.int().check(z.nonnegative()),
      owner: base58Address,
      data: z.tuple([z.string().check(z.maxLength(14_000_000)), z.literal('base64')]),
      executable: z.boolean(),
    }),
    z.transform((a) => ({ lamports: BigInt(a.lamports), owner: a.owner, data: new Uint8Array(getBase64Encoder().encode(a.data[0])), executable: a.executable })),
  ),
)
export type RpcAccount = z.output<typeof rpcAccountSchema>

const contextSchema = z.object({ slot: z.int().check(z.nonnegative()) })

/** The most accounts one getMultipleAccounts call may name. */
const MULTIPLE_ACCOUNTS_MAX = 100

/** Accounts by address (base64), in the order asked, with the slot they were read at; more than 100 are read 100 at a time. */
export async function readAccounts(node: SolanaNode, addresses: readonly string[], signal: AbortSignal): Promise<{ slot: number; accounts: RpcAccount[] }> {
  const accounts: RpcAccount[] = []
  let slot = 0
  for (let i = 0; i < addresses.length; i += MULTIPLE_ACCOUNTS_MAX) {
    const chunk = addresses.slice(i, i + MULTIPLE_ACCOUNTS_MAX)
    const answer = await solanaCall(
      node,
      'getMultipleAccounts',
      [chunk, { encoding: 'base64', commitment: 'confirmed' }],
      z.object({ context: contextSchema, value: z.array(rpcAccountSchema).check(z.length(chunk.length)) }),
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
 * The lookup tables at `addresses` on `node` (getAddressLookupTable's semantics: the account read
 * with its owner checked, then decoded): each readable table's active addresses. A table that does
 * not exist, is not owned by the lookup table program or does not decode is left out.
 */
export async function readLookupTables(node: SolanaNode, addresses: readonly string[], signal: AbortSignal): Promise<Record<string, Address[]>> {
  const unique = [...new Set(addresses)]
  const { slot, accounts } = await readAccounts(node, unique, signal)
  const tables: Record<string, Address[]> = {}
  unique.forEach((address, i) => {
    const account = accounts[i]
    if (!account || account.owner !== ADDRESS_LOOKUP_TABLE_PROGRAM) return
    const table = decodeLookupTable(account.data)
    if (table) tables[address] = activeAddresses(table, BigInt(slot))
  })
  return tables
}
