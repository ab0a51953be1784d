import { simpleAccountAbi as accountAbi } from '@portico/frame-service/simple-account-abi.ts'
import { decodeEventLog, decodeFunctionData, getAddress, hexToBigInt, slice, toEventSelector, zeroAddress, type Abi, type Address, type Block, type Hex, type Transaction } from 'viem'
import { entryPoint08Abi, entryPoint08Address } from 'viem/account-abstraction'
import { ammAbi } from '../contracts/abis.ts'
import { NATIVE_TOKEN_ADDRESS } from '../contracts/pools.ts'
import type { RawLog, RawReceipt } from './receipts.ts'
import type { IndexedTx, Movement } from './types.ts'

export const TRANSFER_TOPIC = toEventSelector('Transfer(address,address,uint256)')
const SWAP_TOPIC = toEventSelector('Swap(address,address,address,uint256,uint256,address)')

const topicAddress = (topic: Hex | undefined): Address => getAddress(slice(topic ?? `0x${'0'.repeat(64)}`, 12))

/** An ERC-20 Transfer has 3 topics and the value in data; an ERC-721 Transfer has the id as 4th topic. */
function transferMovement(log: RawLog): Movement | undefined {
  if (log.topics[0] !== TRANSFER_TOPIC) return undefined
  const from = topicAddress(log.topics[1])
  const to = topicAddress(log.topics[2])
  if (log.topics.length === 4 && log.topics[3]) return { kind: 'erc721', token: log.address, from, to, tokenId: hexToBigInt(log.topics[3]) }
  if (log.topics.length === 3 && log.data.length >= 66) return { kind: 'erc20', token: log.address, from, to, amount: hexToBigInt(slice(log.data, 0, 32)) }
  return undefined
}

/** PorticoAmm pays the native coin out by a plain call, which leaves no log but its Swap event. */
function nativeSwapOut(log: RawLog, amms: ReadonlySet<string>): Movement | undefined {
  if (log.topics[0] !== SWAP_TOPIC || !amms.has(log.address.toLowerCase())) return undefined
  const { args } = decodeEventLog({ abi: ammAbi, eventName: 'Swap', data: log.data, topics: log.topics as [Hex, ...Hex[]] })
  if (args.tokenOut.toLowerCase() !== NATIVE_TOKEN_ADDRESS.toLowerCase()) return undefined
  return { kind: 'native', from: log.address, to: args.to, amount: args.amountOut }
}

const USER_OPERATION_EVENT = toEventSelector('UserOperationEvent(bytes32,address,address,uint256,bool,uint256,uint256)')

/**
 * The native coin a bundle's successful user operations moved out of their smart accounts (a call's
 * value leaves no log): each operation of the EntryPoint's handleOps whose UserOperationEvent says
 * success, its callData read as the account's execute or executeBatch. ERC-20 transfers have logs.
 */
function userOperationMovements(tx: Transaction, logs: readonly RawLog[]): Movement[] {
  if (tx.to?.toLowerCase() !== entryPoint08Address.toLowerCase()) return []
  const succeeded = new Set<string>()
  for (const log of logs) {
    if (log.topics[0] !== USER_OPERATION_EVENT || log.address.toLowerCase() !== entryPoint08Address.toLowerCase()) continue
    const { args } = decodeEventLog({ abi: entryPoint08Abi, eventName: 'UserOperationEvent', data: log.data, topics: log.topics as [Hex, ...Hex[]] })
    if (args.success) succeeded.add(`${args.sender.toLowerCase()}:${args.nonce}`)
  }
  if (succeeded.size === 0) return []
  try {
    const call = decodeFunctionData({ abi: entryPoint08Abi, data: tx.input })
    if (call.functionName !== 'handleOps') return []
    const movements: Movement[] = []
    for (const op of call.args[0]) {
      if (!succeeded.has(`${op.sender.toLowerCase()}:${op.nonce}`)) continue
      let calls: readonly { target: Address; value: bigint }[] = []
      try {
        const inner = decodeFunctionData({ abi: accountAbi, data: op.callData })
        calls = inner.functionName === 'execute' ? [{ target: inner.args[0], value: inner.args[1] }] : inner.args[0]
      } catch {
        continue
      }
      for (const c of calls) if (c.value > 0n) movements.push({ kind: 'native', from: getAddress(op.sender), to: getAddress(c.target), amount: c.value })
    }
    return movements
  } catch {
    return []
  }
}

export type BlockWithTransactions = Block<bigint, true>

/** The transactions of one block with what each moved, from the block and its receipts. */
export function decodeBlock(chainId: number, block: BlockWithTransactions, receipts: readonly RawReceipt[], amms: ReadonlySet<string>): IndexedTx[] {
  const byHash = new Map(receipts.map((r) => [r.transactionHash.toLowerCase(), r]))
  return block.transactions.map((tx: Transaction) => {
    const receipt = byHash.get(tx.hash.toLowerCase())
    if (!receipt) throw new Error(`No receipt for ${tx.hash} in block ${block.number}`)
    const movements: Movement[] = []
    if (receipt.status === 'confirmed') {
      if (tx.value > 0n && tx.to) movements.push({ kind: 'native', from: getAddress(tx.from), to: getAddress(tx.to), amount: tx.value })
      for (const log of receipt.logs) {
        const m = transferMovement(log) ?? nativeSwapOut(log, amms)
        if (m) movements.push(m)
      }
      movements.push(...userOperationMovements(tx, receipt.logs))
    }
    return {
      chainId,
      hash: tx.hash,
      blockNumber: block.number ?? 0n,
      index: receipt.transactionIndex,
      timestamp: Number(block.timestamp),
      from: getAddress(tx.from),
      to: tx.to ? getAddress(tx.to) : null,
      contractAddress: receipt.contractAddress ?? null,
      nonce: tx.nonce,
      status: receipt.status,
      value: tx.value,
      selector: tx.input.length >= 10 ? slice(tx.input, 0, 4) : undefined,
      movements,
    }
  })
}

/** Every address a transaction concerns: sender, recipient, created contract, and each party of a movement. */
export function participants(tx: IndexedTx): Set<string> {
  const all = new Set<string>([tx.from.toLowerCase()])
  if (tx.to) all.add(tx.to.toLowerCase())
  if (tx.contractAddress) all.add(tx.contractAddress.toLowerCase())
  for (const m of tx.movements) {
    all.add(m.from.toLowerCase())
    all.add(m.to.toLowerCase())
  }
  all.delete(zeroAddress)
  return all
}
