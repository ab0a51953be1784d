import { MESSAGES } from '@portico/shared-types'
import { Hono, type Context } from 'hono'
import type { Hex } from 'viem'
import { z } from 'zod'
import { ENTRY_POINT_V08 } from '../aa/contracts.ts'
import { rpcUserOperationSchema, signedPaymasterData, stubPaymasterData } from '../aa/sponsor.ts'
import { errorResponse, parseJsonRpcBody, parseQuery } from '../http/errors.ts'
import type { ChainBundler } from '../services/bundler.ts'
import { findChainById, type DataApiContext } from './context.ts'

/** What the data API needs of the ERC-4337 stack (services/bundler.ts and the sandbox's projects). */
export type DataApiAccountAbstraction = {
  bundler(chainId: number): ChainBundler | undefined
  /** Projects whose operations the sandbox paymaster sponsors: the projects the sandbox knows. */
  isSponsoredProject(projectId: string): boolean
  /** The key the paymaster trusts (aa/keys.ts, `sponsorSigner`). */
  sponsorKey: Hex
}

/** The bundler the sandbox runs (alto is Pimlico's); SPEC.md §7's `bundler` query names it. */
export const SUPPORTED_BUNDLERS = ['pimlico'] as const
const REQUEST_LIMIT = 256 * 1024
const BUNDLER_TIMEOUT_MS = 60_000
/** How long a call waits for a bundler that is still starting (or that it starts). */
const READY_WAIT_MS = 60_000

const querySchema = z.object({
  chainId: z
    .string()
    .regex(/^(eip155:)?[0-9]{1,12}$/, 'Expected a chain id such as 31337 or eip155:31337')
    .transform((v) => Number(v.replace(/^eip155:/, ''))),
  bundler: z.string().min(1).max(64),
})

const hash32 = z.string().regex(/^0x[0-9a-fA-F]{64}$/, 'Expected a 32-byte hash')
const address = z.string().regex(/^0x[0-9a-fA-F]{40}$/, 'Expected an address')
const hexQuantity = z.string().regex(/^0x[0-9a-fA-F]{1,64}$/, 'Expected a hex quantity')
const hex = z.string().regex(/^0x[0-9a-fA-F]*$/, 'Expected hex')
/** An operation before its gas is known (estimation, the paymaster's stub): who, which nonce, what. */
const draftUserOperation = z.looseObject({ sender: address, nonce: hexQuantity, callData: hex, factory: address.nullish(), factoryData: hex.nullish() })
const sentUserOperation = rpcUserOperationSchema.extend({ signature: hex })
const paymasterContext = z.record(z.string(), z.unknown()).nullish()

/** The methods passed to the bundler, each with its parameters' schema. Anything else: -32601. */
const FORWARDED: Record<string, z.ZodType<readonly unknown[]>> = {
  eth_sendUserOperation: z.tuple([sentUserOperation, address]),
  eth_estimateUserOperationGas: z.tuple([draftUserOperation, address]).rest(z.record(z.string(), z.unknown())),
  eth_getUserOperationReceipt: z.tuple([hash32]),
  eth_getUserOperationByHash: z.tuple([hash32]),
  eth_supportedEntryPoints: z.tuple([]),
  eth_chainId: z.tuple([]),
  pimlico_getUserOperationGasPrice: z.tuple([]),
  pimlico_getUserOperationStatus: z.tuple([hash32]),
}
/** ERC-7677: answered here, by the sandbox paymaster's sponsor. */
const PAYMASTER = {
  pm_getPaymasterStubData: z.tuple([draftUserOperation, address, hexQuantity]).rest(paymasterContext),
  pm_getPaymasterData: z.tuple([rpcUserOperationSchema, address, hexQuantity]).rest(paymasterContext),
}

const callSchema = z.object({
  jsonrpc: z.literal('2.0'),
  id: z.union([z.string().max(100), z.number(), z.null()]).optional(),
  method: z.string().max(100),
  params: z.array(z.unknown()).max(8).optional(),
})
type Call = z.infer<typeof callSchema>
const bodySchema = z.union([callSchema, z.array(callSchema).min(1).max(20)])

type RpcAnswer = { jsonrpc: '2.0'; id: Call['id'] | null; result?: unknown; error?: { code: number; message: string; data?: unknown } }
const rpcError = (id: Call['id'], code: number, message: string): RpcAnswer => ({ jsonrpc: '2.0', id: id ?? null, error: { code, message } })
const rpcResult = (id: Call['id'], result: unknown): RpcAnswer => ({ jsonrpc: '2.0', id: id ?? null, result })

/** JSON-RPC error codes of ERC-7677 / ERC-4337 bundlers that a client shows. */
const INVALID_PARAMS = -32602
const NOT_SPONSORED = -32001
const BUNDLER_UNAVAILABLE = -32603

export const BUNDLER_MESSAGES = {
  notSponsored: (projectId: string) => `Gas sponsorship refused: project ${JSON.stringify(projectId)} is not a project of this sandbox, and the sandbox paymaster pays only for its own projects`,
  wrongEntryPoint: (given: string) => `Unsupported EntryPoint ${given}: this bundler serves ERC-4337 v0.8 at ${ENTRY_POINT_V08}`,
  wrongChain: (given: number, chainId: number) => `The operation is for chain ${given}, this endpoint serves chain ${chainId}`,
  unsupportedBundler: (name: string) => `Unsupported bundler: ${name} (the sandbox runs ${SUPPORTED_BUNDLERS.join(', ')})`,
  noBundler: (chainId: number) => `No bundler runs for chain ${chainId} (PORTICO_SANDBOX_BUNDLER=0?)`,
  notReady: (chainId: number) => `The bundler of chain ${chainId} is not ready`,
  unreachable: (chainId: number) => `The bundler of chain ${chainId} did not answer`,
} as const

function invalidParams(call: Call, error: z.ZodError): RpcAnswer {
  const issue = error.issues[0]
  return rpcError(call.id, INVALID_PARAMS, `Invalid params for ${call.method}: ${issue ? `${issue.path.join('.') || 'params'}: ${issue.message}` : 'invalid'}`)
}

/** Starts the chain's bundler if it is not running (a lazy sandbox), and waits for it to answer. */
async function waitReady(bundler: ChainBundler): Promise<boolean> {
  const timeout = new Promise<false>((resolve) => setTimeout(() => resolve(false), READY_WAIT_MS).unref())
  return Promise.race([
    bundler.start().then(
      () => true,
      () => false,
    ),
    timeout,
  ])
}

/** The sandbox paymaster's ERC-7677 answers for a sponsored project. */
async function answerPaymaster(ctx: DataApiContext, aa: DataApiAccountAbstraction, call: Call, chainId: number, projectId: string, bundler: ChainBundler): Promise<RpcAnswer> {
  const method = call.method as keyof typeof PAYMASTER
  const parsed = PAYMASTER[method].safeParse(call.params ?? [])
  if (!parsed.success) return invalidParams(call, parsed.error)
  const [, entryPoint, chainHex] = parsed.data
  if (entryPoint.toLowerCase() !== ENTRY_POINT_V08.toLowerCase()) return rpcError(call.id, INVALID_PARAMS, BUNDLER_MESSAGES.wrongEntryPoint(entryPoint))
  if (Number(BigInt(chainHex)) !== chainId) return rpcError(call.id, INVALID_PARAMS, BUNDLER_MESSAGES.wrongChain(Number(BigInt(chainHex)), chainId))
  if (!aa.isSponsoredProject(projectId)) return rpcError(call.id, NOT_SPONSORED, BUNDLER_MESSAGES.notSponsored(projectId))
  const deployment = await bundler.deployment
  // Chain time, not the wall clock: the sponsorship's window is checked against the block.
  const block = await findChainById(ctx, chainId)?.client.getBlock({ blockTag: 'latest' })
  const nowSeconds = Number(block?.timestamp ?? BigInt(Math.floor(Date.now() / 1000)))
  if (method === 'pm_getPaymasterStubData') return rpcResult(call.id, stubPaymasterData(deployment.paymaster, nowSeconds))
  const op = rpcUserOperationSchema.parse(call.params?.[0])
  return rpcResult(call.id, await signedPaymasterData(op, { chainId, paymaster: deployment.paymaster, sponsorKey: aa.sponsorKey, nowSeconds }))
}

async function forward(bundler: ChainBundler, calls: readonly Call[]): Promise<RpcAnswer[]> {
  const res = await fetch(bundler.url, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(calls.length === 1 ? calls[0] : calls),
    signal: AbortSignal.timeout(BUNDLER_TIMEOUT_MS),
  })
  const json: unknown = await res.json()
  const answers = z.array(z.looseObject({ id: z.unknown() })).safeParse(Array.isArray(json) ? json : [json])
  if (!answers.success) throw new Error('The bundler answered no JSON-RPC')
  return answers.data as RpcAnswer[]
}

/**
 * POST /v1/bundler?projectId&chainId&bundler (SPEC.md §7): JSON-RPC in front of the chain's alto.
 * The ERC-4337 methods go to the bundler (`eth_sendUserOperation`, `eth_estimateUserOperationGas`,
 * `eth_getUserOperationReceipt`, …), each with its parameters checked; ERC-7677's
 * `pm_getPaymasterStubData` / `pm_getPaymasterData` are answered here by the sandbox paymaster for
 * the sandbox's projects (viem's bundler client with `paymaster: true` uses both through this URL).
 */
export function bundlerRoutes(ctx: DataApiContext): Hono {
  const app = new Hono()
  app.post('/bundler', async (c: Context) => {
    const query = parseQuery(c, querySchema)
    if (!query.ok) return query.response
    const { chainId, bundler: bundlerName } = query.data
    const projectId = c.req.query('projectId') ?? ''
    if (!(SUPPORTED_BUNDLERS as readonly string[]).includes(bundlerName)) return errorResponse(c, 400, BUNDLER_MESSAGES.unsupportedBundler(bundlerName))
    if (!findChainById(ctx, chainId)) return errorResponse(c, 400, MESSAGES.unsupportedChain)
    const bundler = ctx.accountAbstraction?.bundler(chainId)
    if (!ctx.accountAbstraction || !bundler) return errorResponse(c, 503, BUNDLER_MESSAGES.noBundler(chainId))

    const body = await parseJsonRpcBody(c, bodySchema, REQUEST_LIMIT)
    if (!body.ok) return body.response
    const batch = Array.isArray(body.data)
    const calls = Array.isArray(body.data) ? body.data : [body.data]

    if (!(await waitReady(bundler))) return errorResponse(c, 503, BUNDLER_MESSAGES.notReady(chainId))
    const answers = new Map<Call, RpcAnswer>()
    // The calls for the bundler, each beside the call it came from.
    const toBundler: Array<{ from: Call; sent: Call }> = []
    for (const call of calls) {
      if (call.method in PAYMASTER) {
        answers.set(call, await answerPaymaster(ctx, ctx.accountAbstraction, call, chainId, projectId, bundler))
        continue
      }
      const schema = FORWARDED[call.method]
      if (!schema) {
        answers.set(call, rpcError(call.id, -32601, `the method ${call.method} does not exist/is not available`))
        continue
      }
      const params = schema.safeParse(call.params ?? [])
      if (!params.success) answers.set(call, invalidParams(call, params.error))
      // The checked parameters as they came (the schemas read quantities as numbers).
      else toBundler.push({ from: call, sent: { jsonrpc: '2.0', id: call.id ?? null, method: call.method, params: call.params ?? [] } })
    }
    if (toBundler.length > 0) {
      let forwarded: RpcAnswer[]
      try {
        forwarded = await forward(
          bundler,
          toBundler.map((t) => t.sent),
        )
      } catch {
        return errorResponse(c, 502, BUNDLER_MESSAGES.unreachable(chainId))
      }
      // A batch's answers may come in any order: matched by id (in order when ids repeat).
      const unmatched = [...forwarded]
      for (const { from, sent } of toBundler) {
        const at = unmatched.findIndex((a) => a.id === sent.id)
        answers.set(from, at >= 0 ? unmatched.splice(at, 1)[0]! : rpcError(sent.id, BUNDLER_UNAVAILABLE, BUNDLER_MESSAGES.unreachable(chainId)))
      }
    }
    const ordered = calls.map((call) => answers.get(call) ?? rpcError(call.id, BUNDLER_UNAVAILABLE, BUNDLER_MESSAGES.unreachable(chainId)))
    return c.json(batch ? ordered : ordered[0])
  })
  return app
}
