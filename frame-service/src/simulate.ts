import { BaseError, createPublicClient, decodeErrorResult, decodeEventLog, erc20Abi, getAddress, http, maxUint256, parseAbi, type Address, type Hex, type Log } from 'viem'
import { simulateBlocks } from 'viem/actions'
import { readToken, type Rpc } from './page/reads.ts'
import type { FrameChain } from './rpc.ts'

/**
 * What a request would do to the visitor's account, before it is approved: its calls run on the
 * chain's own node with `eth_simulateV1` (viem's `simulateBlocks`, with `traceTransfers`, so native
 * transfers come back as Transfer logs too), from the account that would send them, on the latest
 * block; the account's side of every Transfer, Approval and ApprovalForAll log is summed up. No outside service: the dapp's (or the
 * deployer's) RPC node answers. The approval shows the result as signed amounts, the allowances the
 * calls grant, and a revert before the visitor can approve.
 */

/** One asset the account sends or receives: `diff` is negative when it leaves the account. */
export type AssetChange = {
  kind: 'native' | 'erc20' | 'erc721' | 'erc1155'
  /** The token's contract; absent for the chain's native currency. */
  token?: Address | undefined
  symbol?: string | undefined
  decimals?: number | undefined
  /** ERC-721 and ERC-1155: the token ids that move. */
  tokenIds?: string[] | undefined
  diff: bigint
}

/** One allowance the calls grant from the account. `amount` is 'all' for setApprovalForAll; `unlimited` for 2^256 − 1. */
export type ApprovalGrant = {
  kind: 'erc20' | 'nft' | 'all'
  token: Address
  symbol?: string | undefined
  decimals?: number | undefined
  spender: Address
  amount?: bigint | undefined
  tokenId?: string | undefined
  unlimited: boolean
  revoked: boolean
}

export type Simulation = { status: 'simulated'; changes: AssetChange[]; approvals: ApprovalGrant[] } | { status: 'reverts'; call: number; reason: string } | { status: 'unavailable'; reason: string }

export type SimulatedCall = { to?: Address | undefined; value?: bigint | undefined; data?: Hex | undefined }

const nftAbi = parseAbi([
  'event Transfer(address indexed from, address indexed to, uint256 indexed tokenId)',
  'event Approval(address indexed owner, address indexed approved, uint256 indexed tokenId)',
  'event ApprovalForAll(address indexed owner, address indexed operator, bool approved)',
  'event TransferSingle(address indexed operator, address indexed from, address indexed to, uint256 id, uint256 value)',
  'event TransferBatch(address indexed operator, address indexed from, address indexed to, uint256[] ids, uint256[] values)',
])

/** How long a simulation may take before the approval says it could not simulate. */
export const SIMULATION_TIMEOUT_MS = 8_000

/** The errors tokens commonly revert with (ERC-6093's, as OpenZeppelin names them, and the shorter names other tokens use), to name a revert that is not a string. */
const tokenErrorsAbi = parseAbi([
  'error ERC20InsufficientBalance(address sender, uint256 balance, uint256 needed)',
  'error InsufficientBalance(address account, uint256 balance, uint256 needed)',
  'error InsufficientAllowance(address spender, uint256 allowance, uint256 needed)',
  'error ERC20InsufficientAllowance(address spender, uint256 allowance, uint256 needed)',
  'error ERC20InvalidReceiver(address receiver)',
  'error ERC721NonexistentToken(uint256 tokenId)',
  'error ERC721IncorrectOwner(address sender, uint256 tokenId, address owner)',
  'error ERC721InsufficientApproval(address operator, uint256 tokenId)',
])

/** A revert's reason as the visitor reads it: the contract's message, a token's known error in words, else what the node said. */
function revertReason(error: unknown, data: Hex | undefined): string {
  if (data && data.length >= 10) {
    try {
      const decoded = decodeErrorResult({ abi: tokenErrorsAbi, data })
      const args = decoded.args as readonly unknown[]
      switch (decoded.errorName) {
        case 'ERC20InsufficientBalance':
        case 'InsufficientBalance':
          return `not enough of the token: the account holds ${args[1]} and this needs ${args[2]} (in the token's smallest units)`
        case 'ERC20InsufficientAllowance':
        case 'InsufficientAllowance':
          return `the allowance of ${args[0]} is ${args[1]}, and this needs ${args[2]} (in the token's smallest units)`
        case 'ERC20InvalidReceiver':
          return `the token refuses the receiver ${args[0]}`
        case 'ERC721NonexistentToken':
          return `token #${args[0]} does not exist`
        case 'ERC721IncorrectOwner':
          return `token #${args[1]} belongs to ${args[2]}`
        case 'ERC721InsufficientApproval':
          return `${args[0]} may not move token #${args[1]}`
      }
    } catch {
      /* not one of these */
    }
  }
  if (error instanceof BaseError) {
    const reason = (error.walk((e) => typeof (e as { reason?: unknown }).reason === 'string') as { reason?: string } | null)?.reason
    if (reason) return reason
    return error.shortMessage
  }
  return error instanceof Error ? error.message : 'reverted'
}

/** The address eth_simulateV1 reports native transfers from, as Transfer logs (with `traceTransfers`). */
const NATIVE_LOG_ADDRESS = '0xeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeee'

/** Runs `calls` from `account` on `chain` and answers what they would change (or why it cannot tell). */
export async function simulateForAccount(chain: FrameChain, account: Address, calls: readonly SimulatedCall[]): Promise<Simulation> {
  const client = createPublicClient({ chain: chain.viemChain, transport: http(chain.rpcUrl, { timeout: SIMULATION_TIMEOUT_MS, retryCount: 0 }) })
  const run = () =>
    simulateBlocks(client, {
      blocks: [{ calls: calls.map((c) => ({ account, to: c.to, value: c.value, data: c.data })) as { account: Address; to: Address }[] }],
      traceTransfers: true,
    })
  let blocks: Awaited<ReturnType<typeof run>>
  try {
    blocks = await run()
  } catch (error) {
    // A node without eth_simulateV1 (method not found), or no answer in time: today's decoding stands alone.
    return { status: 'unavailable', reason: error instanceof BaseError ? error.shortMessage : 'The node did not answer' }
  }
  const results = blocks[0]?.calls ?? []
  const failed = results.findIndex((r) => r.status === 'failure')
  if (failed >= 0) return { status: 'reverts', call: failed, reason: revertReason(results[failed]!.error, results[failed]!.data) }
  const me = account.toLowerCase()
  const logs = results.flatMap((r) => (r.logs ?? []) as Log[])
  const approvals: ApprovalGrant[] = []
  /** Per asset (the native one under NATIVE_LOG_ADDRESS): the net amount, and the NFT ids that move. */
  const moved = new Map<string, { kind: AssetChange['kind']; diff: bigint; ids: Set<string> }>()
  const add = (token: string, kind: AssetChange['kind'], diff: bigint, id?: bigint) => {
    const entry = moved.get(token) ?? { kind, diff: 0n, ids: new Set<string>() }
    entry.diff += diff
    if (id !== undefined) entry.ids.add(id.toString())
    moved.set(token, entry)
  }
  const direction = (from: string, to: string) => (from.toLowerCase() === me ? -1n : 0n) + (to.toLowerCase() === me ? 1n : 0n)
  for (const log of logs) {
    const token = log.address.toLowerCase()
    // ERC-20's Transfer and Approval carry their amount in the data (3 topics); ERC-721's carry the token id as a 4th topic.
    const erc20 = log.topics.length === 3 ? tryDecode(erc20Abi, log) : null
    if (erc20?.eventName === 'Transfer') {
      add(token, token === NATIVE_LOG_ADDRESS ? 'native' : 'erc20', direction(erc20.args.from, erc20.args.to) * erc20.args.value)
      continue
    }
    if (erc20?.eventName === 'Approval') {
      if (erc20.args.owner.toLowerCase() === me)
        approvals.push({
          kind: 'erc20',
          token: getAddress(token),
          spender: getAddress(erc20.args.spender),
          amount: erc20.args.value,
          unlimited: erc20.args.value === maxUint256,
          revoked: erc20.args.value === 0n,
        })
      continue
    }
    const nft = tryDecode(nftAbi, log)
    if (!nft) continue
    if (nft.eventName === 'Transfer') add(token, 'erc721', direction(nft.args.from, nft.args.to), nft.args.tokenId)
    else if (nft.eventName === 'Approval' && nft.args.owner.toLowerCase() === me) {
      const approved = String(nft.args.approved)
      approvals.push({ kind: 'nft', token: getAddress(token), spender: getAddress(approved), tokenId: nft.args.tokenId.toString(), unlimited: false, revoked: /^0x0{40}$/i.test(approved) })
    } else if (nft.eventName === 'ApprovalForAll' && nft.args.owner.toLowerCase() === me) {
      const granted = nft.args.approved === true
      approvals.push({ kind: 'all', token: getAddress(token), spender: getAddress(nft.args.operator), unlimited: granted, revoked: !granted })
    } else if (nft.eventName === 'TransferSingle' || nft.eventName === 'TransferBatch') {
      const ids = nft.eventName === 'TransferSingle' ? [nft.args.id] : [...nft.args.ids]
      const values = nft.eventName === 'TransferSingle' ? [nft.args.value] : [...nft.args.values]
      const sign = direction(nft.args.from, nft.args.to)
      for (const [i, v] of values.entries()) add(token, 'erc1155', sign * v, sign === 0n ? undefined : ids[i])
    }
  }
  // Symbols and decimals read as the approval reads them (page/reads.ts): an ERC-20's, or an NFT collection's symbol.
  const rpc: Rpc = (method, params) => client.request({ method, params } as never)
  const tokenFacts = async (address: Address) => {
    const token = await readToken(rpc, chain.id, address).catch(() => null)
    return { symbol: token?.symbol, decimals: token && !token.nft ? token.decimals : undefined }
  }
  const changes: AssetChange[] = []
  for (const [token, { kind, diff, ids }] of moved) {
    if (diff === 0n) continue
    if (kind === 'native') {
      changes.push({ kind, diff, decimals: chain.viemChain.nativeCurrency.decimals, symbol: chain.viemChain.nativeCurrency.symbol })
      continue
    }
    const address = getAddress(token)
    const { symbol, decimals } = await tokenFacts(address)
    changes.push({ kind, token: address, symbol, decimals, diff, ...(ids.size > 0 ? { tokenIds: [...ids] } : {}) })
  }
  // Each allowance named by its token's symbol (and an ERC-20's amount by its decimals).
  await Promise.all(
    approvals.map(async (grant) => {
      const { symbol, decimals } = await tokenFacts(grant.token)
      if (symbol !== undefined) grant.symbol = symbol
      if (decimals !== undefined) grant.decimals = decimals
    }),
  )
  return { status: 'simulated', changes, approvals }
}

/** A log decoded with `abi`, or null; its arguments as the event names them. */
function tryDecode(abi: readonly unknown[], log: Log): { eventName: string; args: Args } | null {
  try {
    const decoded = decodeEventLog({ abi: abi as typeof nftAbi, data: log.data, topics: log.topics as [Hex, ...Hex[]] })
    return { eventName: decoded.eventName, args: decoded.args as unknown as Args }
  } catch {
    return null
  }
}

/** The arguments of the events read here, by name. */
type Args = {
  owner: Address
  spender: Address
  /** ERC-721's Approval: the approved address; ApprovalForAll: whether it is granted. */
  approved: unknown
  operator: Address
  from: Address
  to: Address
  value: bigint
  tokenId: bigint
  id: bigint
  ids: readonly bigint[]
  values: readonly bigint[]
}
