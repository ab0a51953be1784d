import { getAddress, hexToBigInt, hexToNumber, type Address, type Hex, type PublicClient } from 'viem'
import { z } from 'zod'
import { rpc } from '../chain/rpc.ts'

const hex = z.string().regex(/^0x[0-9a-fA-F]*$/) as unknown as z.ZodType<Hex>
const address = z
  .string()
  .regex(/^0x[0-9a-fA-F]{40}$/)
  .transform((a): Address => getAddress(a))

export const rawLogSchema = z.object({ address, topics: z.array(hex), data: hex })
export type RawLog = z.infer<typeof rawLogSchema>

/** The parts of a JSON-RPC transaction receipt the indexer reads. */
export const rawReceiptSchema = z.object({
  transactionHash: hex,
  transactionIndex: hex.transform((v) => hexToNumber(v)),
  blockNumber: hex.transform((v) => hexToBigInt(v)),
  status: hex.transform((v): 'confirmed' | 'failed' => (v === '0x1' ? 'confirmed' : 'failed')),
  contractAddress: address.nullable().optional(),
  logs: z.array(rawLogSchema),
})
export type RawReceipt = z.infer<typeof rawReceiptSchema>

/**
 * Every receipt of block `number`: one eth_getBlockReceipts call where the node has it (anvil,
 * hardhat, geth), else one eth_getTransactionReceipt per transaction.
 */
export async function blockReceipts(client: PublicClient, number: bigint, hashes: readonly Hex[]): Promise<RawReceipt[]> {
  if (hashes.length === 0) return []
  const all = await rpc(client, 'eth_getBlockReceipts', [`0x${number.toString(16)}`]).catch(() => undefined)
  const parsed = z.array(rawReceiptSchema).safeParse(all)
  if (parsed.success && parsed.data.length === hashes.length) return parsed.data
  const one = await Promise.all(hashes.map((h) => rpc(client, 'eth_getTransactionReceipt', [h])))
  return one.map((r) => rawReceiptSchema.parse(r))
}
