import { toSimpleSmartAccount } from 'permissionless/accounts'
import { createPublicClient, http, isHex, serializeErc6492Signature, type Address, type Hex, type LocalAccount, type PublicClient } from 'viem'
import {
  createBundlerClient,
  entryPoint08Address,
  formatUserOperation,
  formatUserOperationRequest,
  getUserOperationHash,
  type RpcUserOperation,
  type SmartAccount,
  type UserOperation,
} from 'viem/account-abstraction'
import * as z from 'zod'
import { unsignedUserOperationSchema, type UnsignedUserOperation } from './api.ts'
import { FRAME_MESSAGES, FrameError } from './messages.ts'
import type { FrameChain } from './rpc.ts'

/**
 * The embedded wallet's smart accounts (SPEC.md §3 account type smartAccount): a SimpleAccount of
 * ERC-4337 v0.8 (permissionless' `toSimpleSmartAccount`) owned by the user's key, its address
 * counterfactual until its first user operation deploys it. The account is the sandbox's
 * SimpleAccount1271 (contracts/aa/SimpleAccount1271.sol: the published v0.8 SimpleAccount plus
 * ERC-1271) from its SimpleAccount1271Factory, which anyone may call: so a message it signs verifies
 * through EIP-1271 once deployed and through EIP-6492 before (`signMessage`). User operations are built here and
 * signed here only after the frame page showed them: `prepare` answers the unsigned operation with
 * its hash, `send` signs exactly the operation the page sends back (after checking it is this
 * user's account's) and hands it to the bundler. The bundler and the paymaster (ERC-7677 `pm_`
 * methods) are reached through the blockchain-data API's bundler call (SPEC.md §7), for the
 * project the frame runs for.
 */

export type BundlerEndpoint = (projectId: string, chainId: number) => string

/** The blockchain-data API's bundler call: `{base}/bundler?projectId=…&chainId=…&bundler=pimlico`. */
export function dataApiBundlerUrl(apiBase: string): BundlerEndpoint {
  const base = apiBase.replace(/\/+$/, '')
  return (projectId, chainId) => `${base}/bundler?${new URLSearchParams({ projectId, chainId: String(chainId), bundler: 'pimlico', st: 'portico-frame', sv: '1' })}`
}

export type { UnsignedUserOperation }

export type PreparedUserOperation = {
  userOperation: UnsignedUserOperation
  /** ERC-4337's hash of the operation for the EntryPoint and chain: what the owner signs. */
  hash: Hex
  entryPoint: Address
  /** A paymaster pays the gas (the project's sponsorship). */
  sponsored: boolean
}

export type SmartAccountInfo = { address: Address; deployed: boolean }

export type SmartAccounts = {
  /** Whether the chain has the EntryPoint v0.8 (its code read once). */
  available(chain: FrameChain): Promise<boolean>
  /** The owner's SimpleAccount on the chain: its counterfactual address and whether code is there. */
  info(owner: LocalAccount, chain: FrameChain): Promise<SmartAccountInfo>
  /** The counterfactual address of the SimpleAccount `owner` (an address) has on the chain (the factory's getAddress, salt 0). */
  addressOf(owner: Address, chain: FrameChain): Promise<Address>
  /** The owner's SimpleAccount. */
  account(owner: LocalAccount, chain: FrameChain): Promise<SmartAccount>
  /**
   * A signature as the account of what `sign` has the owner sign (a personal_sign message, typed
   * data): deployed, the owner's signature, which the account's isValidSignature accepts (EIP-1271);
   * not yet, that signature wrapped with the factory call that deploys the account (EIP-6492).
   */
  signAs(owner: LocalAccount, chain: FrameChain, sign: () => Promise<Hex>): Promise<Hex>
  prepare(owner: LocalAccount, chain: FrameChain, projectId: string, calls: readonly { to: Address; value: bigint; data: Hex }[]): Promise<PreparedUserOperation>
  /** Signs the operation the page approved and sends it: its hash, as the bundler answers it. */
  send(owner: LocalAccount, chain: FrameChain, projectId: string, operation: UnsignedUserOperation): Promise<Hex>
  /** A user-operation read (receipt, by hash, entry points) passed to the bundler. */
  read(chain: FrameChain, projectId: string, method: string, params: unknown): Promise<unknown>
}

/**
 * The embedded wallet's account factory: SimpleAccount1271Factory (the v0.8 SimpleAccount with
 * ERC-1271, its factory callable by anyone, EIP-6492), deployed through the deterministic deployer,
 * so at this address on every chain that has it (the sandbox deploys it at start).
 */
export const SIMPLE_ACCOUNT_1271_FACTORY: Address = '0x3B8b423BcE0128772670d1d760533eCdDE87a668'
const ACCOUNT_FACTORY: Address = SIMPLE_ACCOUNT_1271_FACTORY
const factoryAbi = [
  {
    type: 'function',
    name: 'getAddress',
    stateMutability: 'view',
    inputs: [
      { name: 'owner', type: 'address' },
      { name: 'salt', type: 'uint256' },
    ],
    outputs: [{ type: 'address' }],
  },
] as const

const rpcAnswerSchema = z.object({ result: z.unknown().optional(), error: z.object({ message: z.string(), code: z.number().optional() }).optional() })

/** The short message of a viem or bundler error, as the visitor reads it. */
function reason(err: unknown): string {
  const details = (err as { details?: unknown }).details
  const short = (err as { shortMessage?: unknown }).shortMessage
  if (typeof details === 'string' && details.length > 0 && details.length < 300) return details
  return typeof short === 'string' ? short : err instanceof Error ? err.message : FRAME_MESSAGES.defaultError
}

export function createSmartAccounts(bundlerUrl: BundlerEndpoint | undefined): SmartAccounts {
  const clients = new Map<number, PublicClient>()
  const client = (chain: FrameChain): PublicClient => {
    let c = clients.get(chain.id)
    if (!c) {
      c = createPublicClient({ chain: chain.viemChain, transport: http(chain.rpcUrl) }) as PublicClient
      clients.set(chain.id, c)
    }
    return c
  }
  const entryPointCode = new Map<number, Promise<boolean>>()
  const addresses = new Map<string, Address>()

  async function available(chain: FrameChain): Promise<boolean> {
    if (!bundlerUrl) return false
    let known = entryPointCode.get(chain.id)
    if (!known) {
      const hasCode = (address: Address) =>
        client(chain)
          .getCode({ address })
          .then((code) => code !== undefined && code.length > 2)
      known = Promise.all([hasCode(entryPoint08Address), hasCode(ACCOUNT_FACTORY)]).then(([entryPoint, factory]) => entryPoint && factory)
      // A chain that did not answer (or had no EntryPoint yet) is asked again next time.
      void known.then(
        (yes) => void (yes || entryPointCode.delete(chain.id)),
        () => entryPointCode.delete(chain.id),
      )
      entryPointCode.set(chain.id, known)
    }
    return known.catch(() => false)
  }

  async function account(owner: LocalAccount, chain: FrameChain): Promise<SmartAccount> {
    if (!(await available(chain))) throw new FrameError(FRAME_MESSAGES.smartAccountsUnavailable)
    const key = `${chain.id}:${owner.address}`
    const known = addresses.get(key)
    const made = await toSimpleSmartAccount({
      client: client(chain),
      owner,
      factoryAddress: ACCOUNT_FACTORY,
      entryPoint: { address: entryPoint08Address, version: '0.8' },
      ...(known ? { address: known } : {}),
    })
    addresses.set(key, made.address)
    return made
  }

  function bundler(smart: SmartAccount, chain: FrameChain, projectId: string, sponsored: boolean) {
    if (!bundlerUrl) throw new FrameError(FRAME_MESSAGES.smartAccountsUnavailable)
    return createBundlerClient({ account: smart, client: client(chain), transport: http(bundlerUrl(projectId, chain.id), { timeout: 60_000 }), ...(sponsored ? { paymaster: true } : {}) })
  }

  async function deployed(address: Address, chain: FrameChain): Promise<boolean> {
    // A read that fails says not yet.
    const code = await client(chain)
      .getCode({ address })
      .catch(() => undefined)
    return code !== undefined && code.length > 2
  }

  return {
    available,
    account,
    async signAs(owner, chain, sign) {
      const smart = await account(owner, chain)
      const signature = await sign()
      if (await deployed(smart.address, chain)) return signature
      const { factory, factoryData } = await smart.getFactoryArgs()
      if (!factory || !factoryData) throw new FrameError(FRAME_MESSAGES.smartAccountsUnavailable)
      return serializeErc6492Signature({ address: factory, data: factoryData, signature })
    },
    async addressOf(owner, chain) {
      return client(chain).readContract({ address: ACCOUNT_FACTORY, abi: factoryAbi, functionName: 'getAddress', args: [owner, 0n] })
    },
    async info(owner, chain) {
      const smart = await account(owner, chain)
      // Whether it is deployed is read each time (its first operation deploys it).
      return { address: smart.address, deployed: await deployed(smart.address, chain) }
    },
    async prepare(owner, chain, projectId, calls) {
      const smart = await account(owner, chain)
      const build = async (sponsored: boolean) => {
        const prepared = await bundler(smart, chain, projectId, sponsored).prepareUserOperation({ account: smart, calls: calls.map((c) => ({ to: c.to, value: c.value, data: c.data })) })
        const { signature: _stub, ...unsigned } = formatUserOperationRequest(prepared as UserOperation)
        return unsignedUserOperationSchema.parse(JSON.parse(JSON.stringify(unsigned)))
      }
      let userOperation: UnsignedUserOperation
      try {
        // Sponsored by the project's paymaster when it agrees (ERC-7677); else the account pays its gas.
        userOperation = await build(true).catch(() => build(false))
      } catch (err) {
        throw new FrameError(reason(err))
      }
      const hash = getUserOperationHash({ userOperation: formatUserOperation(userOperation as RpcUserOperation), entryPointAddress: entryPoint08Address, entryPointVersion: '0.8', chainId: chain.id })
      return { userOperation, hash, entryPoint: entryPoint08Address, sponsored: userOperation.paymaster !== undefined }
    },
    async send(owner, chain, projectId, operation) {
      const smart = await account(owner, chain)
      if (operation.sender.toLowerCase() !== smart.address.toLowerCase()) throw new FrameError(FRAME_MESSAGES.unknownAccount.replace('{address}', operation.sender))
      const op = formatUserOperation(operation as RpcUserOperation)
      const signature = await smart.signUserOperation({ ...op, chainId: chain.id } as Parameters<SmartAccount['signUserOperation']>[0])
      const answer = await this.read(chain, projectId, 'eth_sendUserOperation', [{ ...operation, signature }, entryPoint08Address])
      if (typeof answer !== 'string' || !isHex(answer) || answer.length !== 66) throw new FrameError(FRAME_MESSAGES.defaultError, 502)
      return answer
    },
    async read(chain, projectId, method, params) {
      if (!bundlerUrl) throw new FrameError(FRAME_MESSAGES.smartAccountsUnavailable)
      let res: Response
      try {
        res = await fetch(bundlerUrl(projectId, chain.id), {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params: params ?? [] }),
          signal: AbortSignal.timeout(60_000),
        })
      } catch {
        throw new FrameError(`The bundler of ${chain.name} does not answer`, 502)
      }
      const answer = rpcAnswerSchema.safeParse(await res.json().catch(() => undefined))
      if (!answer.success) throw new FrameError(`The bundler of ${chain.name} gave an unreadable answer`, 502)
      if (answer.data.error) throw new FrameError(answer.data.error.message)
      return answer.data.result ?? null
    },
  }
}
