import { DECEPTIVE_CHARACTERS } from '@portico/shared-types/constants'
import type { ApprovalGrant, AssetChange, SimulatedCall, Simulation } from '@portico/shared-types/write'
import { BaseError, decodeErrorResult, decodeEventLog, erc20Abi, getAddress, maxUint256, parseAbi, type Address, type Chain, type Client, type Hex, type Log, type Transport } from 'viem'
import { readContract, simulateBlocks } from 'viem/actions'

/**
 * What calls would do to the visitor's account, before anything is signed: the calls run on the
 * chain's own node with `eth_simulateV1` (viem's `simulateBlocks` with `traceTransfers`, so native
 * transfers come back as Transfer logs too), from the account that would send them, on the latest
 * block; the account's side of every Transfer, TransferSingle/Batch, Approval and ApprovalForAll log
 * is summed up. No outside service: the dapp's (or the deployer's) RPC node answers. The modal's
 * Review step (in the core) and the embedded wallet's approvals (in the frame service) both show it.
 */

export type { ApprovalGrant, AssetChange, SimulatedCall, Simulation }

/** How long a simulation may take before the preview says it could not simulate. */
export const SIMULATION_TIMEOUT_MS = 8_000

/** A token's symbol and decimals as the preview names it; undefined where it cannot tell. */
export type TokenFacts = { symbol?: string | undefined; decimals?: number | undefined }

/** What the simulation needs of a viem client. */
export type SimulationClient = Pick<Client<Transport, Chain | undefined>, 'chain' | 'request'>

export type SimulateCallsOptions = {
  /** The chain's node: a viem client, or any object with its `request` and `chain` (the chain gives the native currency's symbol and decimals). */
  client: SimulationClient
  /** The account that would send the calls (an EOA, or a smart account whose calls they are). */
  account: Address
  calls: readonly SimulatedCall[]
  /** Names a token the calls move or approve; by default its `symbol()` and `decimals()`, read from the chain (see `readTokenFacts`). */
  readToken?: ((address: Address) => Promise<TokenFacts | null>) | undefined
  /** Default `SIMULATION_TIMEOUT_MS`. */
  timeoutMs?: number | undefined
}

const nftAbi = parseAbi([
  'event Transfer(address indexed from, address indexed to, uint256 indexed tokenId)',
  'event Approval(address indexed owner, address indexed approved, uint256 indexed tokenId)',
  'event ApprovalForAll(address indexed owner, address indexed operator, bool approved)',
  'event TransferSingle(address indexed operator, address indexed from, address indexed to, uint256 id, uint256 value)',
  'event TransferBatch(address indexed operator, address indexed from, address indexed to, uint256[] ids, uint256[] values)',
])

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

/**
 * A token's symbol and decimals, read from the chain: a symbol longer than 32 characters or holding
 * characters that change how it reads (shared-types' one rule) is not a name (the preview shows the contract's address), and
 * decimals above 36 are not believed.
 */
export async function readTokenFacts(node: SimulationClient, address: Address): Promise<TokenFacts> {
  const client = node as Client<Transport, Chain | undefined>
  const [symbol, decimals] = await Promise.all([
    readContract(client, { address, abi: erc20Abi, functionName: 'symbol' }).catch(() => undefined),
    readContract(client, { address, abi: erc20Abi, functionName: 'decimals' }).catch(() => undefined),
  ])
  return {
    symbol: typeof symbol === 'string' && symbol.length > 0 && symbol.length <= 32 && !DECEPTIVE_CHARACTERS.test(symbol) ? symbol : undefined,
    decimals: typeof decimals === 'number' && decimals <= 36 ? decimals : undefined,
  }
}

class SimulationTimeout extends Error {
  override name = 'SimulationTimeout'
}

/** Runs `calls` from `account` on the client's chain and answers what they would change (or why it cannot tell). */
export async function simulateCalls(options: SimulateCallsOptions): Promise<Simulation> {
  const { account, calls } = options
  // viem's actions use a client's `request` and `chain` (and its own action where the client has one; none here).
  const client = options.client as Client<Transport, Chain | undefined>
  const timeoutMs = options.timeoutMs ?? SIMULATION_TIMEOUT_MS
  let timer: ReturnType<typeof setTimeout> | undefined
  const run = simulateBlocks(client, {
    blocks: [{ calls: calls.map((c) => ({ account, to: c.to, value: c.value, data: c.data })) as { account: Address; to: Address }[] }],
    traceTransfers: true,
  })
  let blocks: Awaited<typeof run>
  try {
    blocks = await Promise.race([run, new Promise<never>((_, reject) => (timer = setTimeout(() => reject(new SimulationTimeout(`No answer in ${timeoutMs / 1000} s`)), timeoutMs)))])
  } catch (error) {
    // A node without eth_simulateV1 (method not found), or no answer in time: the preview says it could not simulate.
    return { status: 'unavailable', reason: error instanceof BaseError ? error.shortMessage : error instanceof SimulationTimeout ? error.message : 'The node did not answer' }
  } finally {
    clearTimeout(timer)
  }
  const results = blocks[0]?.calls ?? []
  const failed = results.findIndex((r) => r.status === 'failure')
  if (failed >= 0) return { status: 'reverts', call: failed, reason: revertReason(results[failed]!.error, results[failed]!.data) }
  const { moved, approvals } = sumLogs(
    account,
    results.flatMap((r) => (r.logs ?? []) as Log[]),
  )
  const readToken = options.readToken ?? ((address: Address) => readTokenFacts(client, address))
  const facts = new Map<string, Promise<TokenFacts>>()
  const tokenFacts = (address: Address) => {
    let known = facts.get(address)
    if (!known)
      facts.set(
        address,
        (known = readToken(address).then(
          (f) => f ?? {},
          () => ({}),
        )),
      )
    return known
  }
  const native = client.chain?.nativeCurrency ?? { symbol: 'ETH', decimals: 18 }
  const changes: AssetChange[] = []
  for (const [token, { kind, diff, ids }] of moved) {
    if (diff === 0n) continue
    if (kind === 'native') {
      changes.push({ kind, diff, decimals: native.decimals, symbol: native.symbol })
      continue
    }
    const address = getAddress(token)
    const { symbol, decimals } = await tokenFacts(address)
    changes.push({
      kind,
      token: address,
      diff,
      ...(symbol !== undefined ? { symbol } : {}),
      ...(decimals !== undefined && kind === 'erc20' ? { decimals } : {}),
      ...(ids.size > 0 ? { tokenIds: [...ids] } : {}),
    })
  }
  // Each allowance named by its token's symbol (and an ERC-20's amount by its decimals).
  for (const grant of approvals) {
    const { symbol, decimals } = await tokenFacts(grant.token)
    if (symbol !== undefined) grant.symbol = symbol
    if (decimals !== undefined && grant.kind === 'erc20') grant.decimals = decimals
  }
  return { status: 'simulated', changes, approvals }
}

type Moved = Map<string, { kind: AssetChange['kind']; diff: bigint; ids: Set<string> }>

/** The account's side of the logs: per asset (the native one under NATIVE_LOG_ADDRESS) the net amount and the NFT ids that move, and the allowances it grants. */
function sumLogs(account: Address, logs: readonly Log[]): { moved: Moved; approvals: ApprovalGrant[] } {
  const me = account.toLowerCase()
  const approvals: ApprovalGrant[] = []
  const moved: Moved = new Map()
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
  return { moved, approvals }
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
