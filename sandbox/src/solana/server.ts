import { createServer, type Server } from 'node:http'
import { WebSocketServer, type RawData, type WebSocket } from 'ws'
import { z } from 'zod'
import { FaultStore } from '../faults/store.ts'
import { createBaseApp } from '../http/base-app.ts'
import { RequestLog } from '../http/request-log.ts'
import { createHttpServer } from '../http/server.ts'
import { SANDBOX_HOST } from '../options.ts'
import { PortInUseError } from '../ports.ts'
import { devSigner, SOLANA_AUTHORITY_INDEX, solanaDevAccount, solanaDevAccounts, type SolanaDevAccount } from './dev-keys.ts'
import { RPC_CODES, SolanaRpcError } from './errors.ts'
import { SolanaLedger, type StoredTransaction } from './ledger.ts'
import { SOLANA_GENESIS_HASH, SOLANA_LOCALNET_CAIP_ID } from './localnet.ts'
import { answerHttpMethod, rpcBodySchema, rpcCallSchema, rpcError, type RpcAnswer, type RpcCall, type RpcContext, type RpcId } from './rpc.ts'
import { associatedTokenAddress, seedLedger, SOLANA_HISTORY_DAYS, type SolanaToken } from './seed.ts'

/** The largest request body or websocket frame taken. */
const REQUEST_LIMIT = 256 * 1024

export type SolanaChainOptions = {
  rpcPort: number
  wsPort: number
  /**
   * Fault rules of its own (its `/__admin/faults`; none by default). Not the sandbox's shared store:
   * like the anvil nodes, the chain itself answers whatever the data API and catalogue are set to do.
   */
  faults?: FaultStore
  /** Seed the transfers between the dev accounts (default true); false funds them and mints their tokens only. */
  history?: boolean
  log?: (line: string) => void
}

/** A token balance of an account on the local chain. */
export type SolanaTokenHolding = { token: SolanaToken; amount: bigint }

export type SolanaChainHandle = {
  rpcUrl: string
  wsUrl: string
  /** `solana:` and the genesis hash's first 32 characters. */
  caipNetworkId: typeof SOLANA_LOCALNET_CAIP_ID
  genesisHash: string
  ledger: SolanaLedger
  tokens: readonly SolanaToken[]
  devAccounts: readonly SolanaDevAccount[]
  /** Transactions written by the seed. */
  seededTransactions: number
  /** Lamports and the sandbox's SPL tokens `owner` holds (tokens it holds none of are left out). */
  balances(owner: string): { lamports: bigint; tokens: SolanaTokenHolding[] }
  /** The associated token account of `owner` for a sandbox token. */
  tokenAccountAddress(owner: string, token: SolanaToken): Promise<string>
  /** Every request the RPC received. */
  requests(): ReturnType<RequestLog['list']>
  /** The RPC's own fault rules (500s, hangs, garbage… for its HTTP answers), off unless set. */
  faults: FaultStore
  /** Milliseconds from the call to listening with the seed written. */
  readyInMs: number
  stop(): Promise<void>
}

const subscribeParamsSchema = z
  .tuple([z.string().regex(/^[1-9A-HJ-NP-Za-km-z]{64,88}$/), z.object({ commitment: z.string().optional(), enableReceivedNotification: z.boolean().optional() }).optional()])
  .or(z.tuple([z.string().regex(/^[1-9A-HJ-NP-Za-km-z]{64,88}$/)]))
const unsubscribeParamsSchema = z.tuple([z.number().int().nonnegative()])
const slotSubscribeParamsSchema = z.tuple([])

/** Answers a list of calls (already parsed from JSON); notifications (no id) get no answer. */
async function answerCalls(items: readonly unknown[], answer: (call: RpcCall) => Promise<unknown> | unknown): Promise<RpcAnswer[]> {
  const answers: RpcAnswer[] = []
  for (const item of items) {
    const call = rpcCallSchema.safeParse(item)
    if (!call.success) {
      answers.push(rpcError(null, new SolanaRpcError(RPC_CODES.invalidRequest, 'Invalid request')))
      continue
    }
    const id: RpcId = call.data.id ?? null
    try {
      const result = await answer(call.data)
      if (call.data.id !== undefined) answers.push({ jsonrpc: '2.0', id, result })
    } catch (err) {
      if (call.data.id === undefined) continue
      if (err instanceof SolanaRpcError) answers.push(rpcError(id, err))
      else {
        console.error('[solana rpc]', err)
        answers.push(rpcError(id, new SolanaRpcError(RPC_CODES.internalError, 'Internal error')))
      }
    }
  }
  return answers
}

/** A body's answer: one answer, a batch's list, or nothing for notifications only. */
async function answerBody(text: string, answer: (call: RpcCall) => Promise<unknown> | unknown): Promise<RpcAnswer | RpcAnswer[] | undefined> {
  let json: unknown
  try {
    json = JSON.parse(text)
  } catch {
    return rpcError(null, new SolanaRpcError(RPC_CODES.parseError, 'Parse error'))
  }
  const body = rpcBodySchema.safeParse(json)
  if (!body.success || (Array.isArray(body.data) && body.data.length === 0)) return rpcError(null, new SolanaRpcError(RPC_CODES.invalidRequest, 'Invalid request'))
  if (!Array.isArray(body.data)) {
    const [one] = await answerCalls([body.data], answer)
    return one
  }
  const all = await answerCalls(body.data, answer)
  return all.length > 0 ? all : undefined
}

/** The websocket side (8900): signatureSubscribe and slotSubscribe with their unsubscribes. */
function startSubscriptions(ledger: SolanaLedger, port: number): Promise<{ server: Server; wss: WebSocketServer }> {
  const server = createServer((_req, res) => {
    res.writeHead(426, { 'content-type': 'application/json' }).end(JSON.stringify({ error: 'Connect with a websocket' }))
  })
  const wss = new WebSocketServer({ server, maxPayload: REQUEST_LIMIT })
  let nextId = 0
  wss.on('connection', (socket: WebSocket) => {
    const signatureSubs = new Map<number, string>()
    const slotSubs = new Set<number>()
    const send = (message: unknown) => {
      if (socket.readyState === socket.OPEN) socket.send(JSON.stringify(message))
    }
    const notifySignature = (id: number, tx: StoredTransaction) => {
      signatureSubs.delete(id)
      send({ jsonrpc: '2.0', method: 'signatureNotification', params: { result: { context: { slot: tx.slot }, value: { err: tx.err } }, subscription: id } })
    }
    const offTransaction = ledger.onTransaction((tx) => {
      for (const [id, signature] of signatureSubs) if (signature === tx.signature) notifySignature(id, tx)
    })
    const offSlot = ledger.onSlot((slot) => {
      for (const id of slotSubs) send({ jsonrpc: '2.0', method: 'slotNotification', params: { result: { parent: slot - 1, root: slot, slot }, subscription: id } })
    })
    const answer = (call: RpcCall): unknown => {
      const parse = <S extends z.ZodType>(schema: S): z.output<S> => {
        const parsed = schema.safeParse(call.params ?? [])
        if (!parsed.success) throw new SolanaRpcError(RPC_CODES.invalidParams, `Invalid params: ${parsed.error.issues[0]?.message ?? 'invalid value'}.`)
        return parsed.data
      }
      switch (call.method) {
        case 'signatureSubscribe': {
          const [signature] = parse(subscribeParamsSchema)
          const id = nextId++
          signatureSubs.set(id, signature)
          // Already executed: told at once (after the subscription's own answer).
          const done = ledger.transaction(signature)
          if (done) setImmediate(() => signatureSubs.has(id) && notifySignature(id, done))
          return id
        }
        case 'signatureUnsubscribe': {
          const [id] = parse(unsubscribeParamsSchema)
          return signatureSubs.delete(id)
        }
        case 'slotSubscribe': {
          parse(slotSubscribeParamsSchema)
          const id = nextId++
          slotSubs.add(id)
          return id
        }
        case 'slotUnsubscribe': {
          const [id] = parse(unsubscribeParamsSchema)
          return slotSubs.delete(id)
        }
        default:
          throw new SolanaRpcError(RPC_CODES.methodNotFound, 'Method not found')
      }
    }
    socket.on('message', (data: RawData) => {
      void answerBody(data.toString(), answer).then((reply) => reply && send(reply))
    })
    socket.on('close', () => {
      offTransaction()
      offSlot()
    })
  })
  return new Promise((resolve, reject) => {
    server.once('error', (err: NodeJS.ErrnoException) => reject(err.code === 'EADDRINUSE' ? new PortInUseError(port, 'Solana websocket') : err))
    server.listen({ port, host: SANDBOX_HOST, exclusive: true }, () => resolve({ server, wss }))
  })
}

/**
 * Starts the local Solana chain: a LiteSVM funded and seeded (two SPL mints, the dev accounts' tokens
 * and a month of history), its slot clock, the JSON-RPC server on `rpcPort` and the subscriptions'
 * websocket on `wsPort`.
 */
export async function startSolanaChain(options: SolanaChainOptions): Promise<SolanaChainHandle> {
  const started = performance.now()
  const anchorMs = Date.now()
  const ledger = new SolanaLedger(anchorMs - (SOLANA_HISTORY_DAYS + 1) * 86_400_000)
  const seed = await seedLedger(ledger, anchorMs, { history: options.history ?? true })
  ledger.startClock()
  const faucet = await devSigner(solanaDevAccount(SOLANA_AUTHORITY_INDEX))
  const ctx: RpcContext = { ledger, faucet }

  const log = new RequestLog()
  const faults = options.faults ?? new FaultStore([])
  const app = createBaseApp({ name: 'solana rpc', log, faults })
  app.get('/health', (c) => c.json({ ok: true, genesisHash: SOLANA_GENESIS_HASH, slot: ledger.slot }))
  app.post('/', async (c) => {
    const text = await c.req.text()
    if (text.length > REQUEST_LIMIT) return c.json(rpcError(null, new SolanaRpcError(RPC_CODES.invalidRequest, 'Request too large')), 413)
    const reply = await answerBody(text, (call) => answerHttpMethod(ctx, call.method, call.params))
    return reply === undefined ? c.body(null, 204) : c.json(reply)
  })
  const http = createHttpServer(app, options.rpcPort, 'Solana RPC')
  let ws: { server: Server; wss: WebSocketServer } | undefined
  try {
    await http.start()
    ws = await startSubscriptions(ledger, options.wsPort)
  } catch (err) {
    ledger.stopClock()
    await http.stop()
    throw err
  }
  const subscriptions = ws

  const tokenAccountAddress = (owner: string, token: SolanaToken) => associatedTokenAddress(owner as never, token.mint)
  return {
    rpcUrl: http.url,
    wsUrl: `ws://${SANDBOX_HOST}:${options.wsPort}`,
    caipNetworkId: SOLANA_LOCALNET_CAIP_ID,
    genesisHash: SOLANA_GENESIS_HASH,
    ledger,
    tokens: seed.tokens,
    devAccounts: solanaDevAccounts(),
    seededTransactions: seed.transactions,
    balances(owner) {
      const held = ledger.tokenAccountsByOwner(owner)
      const tokens = seed.tokens.flatMap((token) => {
        const amount = held.filter((a) => a.mint === token.mint).reduce((sum, a) => sum + a.amount, 0n)
        return amount > 0n ? [{ token, amount }] : []
      })
      return { lamports: ledger.balance(owner), tokens }
    },
    tokenAccountAddress,
    requests: () => log.list(),
    faults,
    readyInMs: Math.round(performance.now() - started),
    async stop() {
      ledger.stopClock()
      for (const client of subscriptions.wss.clients) client.terminate()
      await new Promise<void>((resolve) => subscriptions.wss.close(() => resolve()))
      await new Promise<void>((resolve) => {
        subscriptions.server.close(() => resolve())
        subscriptions.server.closeAllConnections()
      })
      await http.stop()
    },
  }
}
