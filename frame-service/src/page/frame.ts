import { FrameError } from '../messages.ts'
// First: zod must not probe `new Function` under the page's CSP (see zod-jitless.ts).
import './zod-jitless.ts'
import { EMBEDDED_EVENT_NAMES, appMessageSchema, classifyRpcMethod, type AppMessage, type EmbeddedEvent, type EmbeddedRequest, type EmbeddedResponse } from '@portico/shared-types/embedded'
import { EMBEDDED_ERRORS, MESSAGES } from '@portico/shared-types/errors'
import type { Address } from 'viem'
import * as z from 'zod'
import { originAllowed } from '../allow-list.ts'
import { FRAME_API, FRAME_CONFIG_ELEMENT_ID, frameApiErrorSchema, framePageConfigSchema, type FrameApi, type FrameApiName } from '../api.ts'
import { ApprovalNeedsMore, createApprovals, RpcCodeError, visibilityV2 } from './approval.ts'
import { APPROVAL_TEXT, ApprovalRefused, callsAsTransactions, chainNumber, dappUserOperationCalls, freezeRequest, simulationView, type ChainFacts } from './describe.ts'
import { isSolanaMethod, solanaLookupTablesOf, solanaSimulationView } from './describe-solana.ts'
import { APPROVAL_CHAINS_PATH, approvalChainsSchema, readContext } from './reads.ts'
import { createPanels, PANEL_TEXT } from './panel.ts'
import { ApiError, codeField, createPanelFlows, isStepUpCode, passkeyStepUp, passkeysUsable, typedCode, type FlowHost, type FlowResult } from './panel-flows.ts'
import { openPanelWindow, PANEL_WINDOW_TEXT } from './panel-window.ts'
import type { PanelTask } from './panel-window-messages.ts'

/**
 * The secure frame, loaded by the modal in a hidden iframe. It accepts its embedder only when the
 * embedder's origin is on the project's allow-list, then takes APP_* messages from that origin and
 * window alone and answers each with FRAME_<EVENT>_SUCCESS or _ERROR, posted to that exact origin.
 * The keys stay with the frame service (same origin); the dapp sees addresses and signatures only.
 */

const SESSION_KEY = 'portico-frame.session'
const DEVICE_KEY = 'portico-frame.device'
/** How long CONNECT_DEVICE and CONNECT_FARCASTER keep waiting (the link and the channel expire then). */
const WAIT_LIMIT_MS = 10 * 60_000

/**
 * This browser session's binding secret: random, kept in the frame origin's sessionStorage (this tab
 * only), sent with every API call. A Farcaster channel or a social sign-in is finished only with the
 * secret of the session that started it.
 */
const BINDING_KEY = 'portico-frame.binding'
function bindingSecret(): string {
  const fresh = () =>
    btoa(String.fromCharCode(...crypto.getRandomValues(new Uint8Array(32))))
      .replaceAll('+', '-')
      .replaceAll('/', '_')
      .replace(/=+$/, '')
  try {
    let secret = sessionStorage.getItem(BINDING_KEY)
    if (secret === null || !/^[A-Za-z0-9_-]{32,128}$/.test(secret)) {
      secret = fresh()
      sessionStorage.setItem(BINDING_KEY, secret)
    }
    return secret
  } catch {
    return (memoryBinding ??= fresh())
  }
}
let memoryBinding: string | undefined

const memory = new Map<string, string>()
const storage = {
  get(key: string): string | undefined {
    try {
      return localStorage.getItem(key) ?? undefined
    } catch {
      return memory.get(key)
    }
  },
  set(key: string, value: string | undefined): void {
    try {
      if (value === undefined) localStorage.removeItem(key)
      else localStorage.setItem(key, value)
    } catch {
      if (value === undefined) memory.delete(key)
      else memory.set(key, value)
    }
  },
}

function readConfig() {
  const element = document.getElementById(FRAME_CONFIG_ELEMENT_ID)
  try {
    const parsed = framePageConfigSchema.safeParse(JSON.parse(element?.textContent ?? ''))
    return parsed.success ? parsed.data : undefined
  } catch {
    return undefined
  }
}

/** The embedding page's origin: Chromium and Safari name it in ancestorOrigins; others through the referrer. */
function embedderOrigin(): string | undefined {
  if (window.parent === window) return undefined
  const ancestors = (location as Location & { ancestorOrigins?: DOMStringList }).ancestorOrigins
  if (ancestors && ancestors.length > 0) return ancestors[0] ?? undefined
  try {
    return document.referrer ? new URL(document.referrer).origin : undefined
  } catch {
    return undefined
  }
}

const config = readConfig()
const parentOrigin = embedderOrigin()
const log = (...args: unknown[]) => void (config?.logger && console.info('[portico frame]', ...args))

function post(message: object): void {
  if (parentOrigin === undefined || parentOrigin === 'null') return
  window.parent.postMessage(message, parentOrigin)
}

let deviceId = storage.get(DEVICE_KEY)
if (deviceId === undefined || !/^[A-Za-z0-9_-]{16,64}$/.test(deviceId)) {
  deviceId = crypto.randomUUID().replaceAll('-', '')
  storage.set(DEVICE_KEY, deviceId)
}
const device = deviceId

/** One call to the frame service's JSON API, answer parsed with its schema. */
async function call<N extends FrameApiName>(name: N, body: z.input<FrameApi[N]['request']>): Promise<z.output<FrameApi[N]['response']>> {
  const route = FRAME_API[name]
  const token = storage.get(SESSION_KEY)
  let res: Response
  try {
    res = await fetch(route.path, {
      method: 'POST',
      // The service checks these against the project's allow-list (its Origin check is the browser's own header).
      headers: {
        'content-type': 'application/json',
        'x-portico-project': config?.projectId ?? '',
        'x-portico-embedder': parentOrigin ?? '',
        'x-portico-binding': bindingSecret(),
        ...(token ? { authorization: `Bearer ${token}` } : {}),
      },
      body: JSON.stringify(body),
      credentials: 'omit',
    })
  } catch {
    throw new ApiError(MESSAGES.embeddedDefaultError, 0)
  }
  const json: unknown = await res.json().catch(() => undefined)
  if (!res.ok) {
    if (res.status === 401) storage.set(SESSION_KEY, undefined)
    const error = frameApiErrorSchema.safeParse(json)
    throw new ApiError(error.success ? error.data.error : MESSAGES.embeddedDefaultError, res.status)
  }
  const parsed = route.response.safeParse(json)
  if (!parsed.success) throw new ApiError(MESSAGES.embeddedDefaultError, res.status)
  return parsed.data as z.output<FrameApi[N]['response']>
}

/** Names this session's device on the service ('Firefox on Linux', from the User-Agent), for the visitor's list of sessions; best effort. */
function nameDevice(): void {
  void call('sessionDevice', { userAgent: navigator.userAgent.slice(0, 1024) }).catch(() => undefined)
}

let pendingEmail: string | undefined
let farcasterChannel: string | undefined
let pageChainId = config?.chainId ?? config?.chains[0]?.id ?? 1
let dappData: unknown

/** The chains' native currencies and prices, for the approval's words (fetched once, from the frame's own service). */
let chainFacts: Promise<ChainFacts[]> | undefined
const facts = (): Promise<ChainFacts[]> => {
  chainFacts ??= fetch(APPROVAL_CHAINS_PATH, { credentials: 'omit' })
    .then((res) => res.json())
    .then((json) => approvalChainsSchema.parse(json).chains)
  chainFacts.catch(() => (chainFacts = undefined))
  return chainFacts
}

/** The frame's own approval of unsafe requests: shown in this document, decided only by the visitor here. */
const approvals = createApprovals({
  post,
  requester: parentOrigin ?? '',
  async context(request) {
    const user = await call('user', {})
    const rpc = async (method: string, params: unknown[], chainId: number) => (await call('rpc', { method, params, chainId })).result
    const lookupNames = async (addresses: readonly Address[]) => (await call('names', { addresses: [...addresses] })).names
    return readContext(rpc, request, await facts(), user.address as Address, lookupNames)
  },
  async solanaContext(request) {
    const user = await call('user', {})
    if (!user.solanaAddress) throw new FrameError(MESSAGES.embeddedDefaultError)
    const network = config?.solanaNetworks.find((n) => n.caipNetworkId === request.network)
    const context = { account: user.solanaAddress, networkName: network?.name ?? request.network }
    // A v0 transaction's accounts from address lookup tables, read by the service; a table it cannot read stays unread (and the approval says so).
    const tables = request.method === 'solana_signMessage' ? [] : solanaLookupTablesOf(request.params[0].transaction)
    if (tables.length === 0) return context
    const read = await call('solanaLookupTables', { network: request.network, addresses: tables.slice(0, 64) }).catch(() => ({ tables: {} }))
    return { ...context, lookupTables: new Map(Object.entries(read.tables)) }
  },
  async simulateSolana(request, context) {
    if (request.method === 'solana_signMessage') return { state: 'unavailable', reason: 'a message moves nothing' }
    return solanaSimulationView(await call('solanaSimulate', { network: request.network, from: context.account, transaction: request.params[0].transaction }))
  },
  async simulate(request, context) {
    const transactions = request.method === 'eth_sendUserOperation' ? callsAsTransactions(request).map((t) => t.params[0]) : request.method === 'eth_sendTransaction' ? [request.params[0]] : []
    if (transactions.length === 0) return { state: 'unavailable', reason: 'its calls cannot be read' }
    const from = request.method === 'eth_sendUserOperation' ? request.params[0].userOperation.sender : (transactions[0]!.from ?? context.account)
    const calls = transactions.map((tx) => {
      const data = tx.data ?? tx.input
      return { ...(tx.to === undefined ? {} : { to: tx.to }), ...(tx.value === undefined ? {} : { value: tx.value }), ...(data === undefined ? {} : { data }) }
    })
    return simulationView(await call('simulate', { chainId: request.chainId, from, calls }), context)
  },
  async sign(request) {
    // Exactly the frozen copy that was shown goes to the service.
    const send = async () => {
      if ('network' in request) return (await call('solana', { method: request.method, params: request.params, network: request.network })).result
      if (request.method === 'eth_sendUserOperation') return (await call('userOperationSend', { chainId: request.chainId, userOperation: request.params[0].userOperation })).hash
      return (await call('rpc', { method: request.method, params: request.params as unknown as unknown[], chainId: request.chainId })).result
    }
    try {
      return await send()
    } catch (err) {
      // A large amount, and no sign-in or second factor in the last 5 minutes: the service asks for one, here.
      if (!(err instanceof ApiError) || err.message !== EMBEDDED_ERRORS.freshFactorNeeded) throw err
      await approvalStepUp()
      return await send()
    }
  },
})

/** The code field the approval shows once the service asked for a second factor (the authenticator app's). */
let approvalCode: ReturnType<typeof codeField> | null = null

/** The approval shown again with a field for a code of the visitor's authenticator app, and `message`. */
function askApprovalCode(message: string): ApprovalNeedsMore {
  approvalCode = codeField('approval-step-up-code', PANEL_TEXT.approvalStepUpCode)
  return new ApprovalNeedsMore(message, approvalCode.element)
}

/**
 * A fresh second factor for a large approval, in this frame and in the visitor's approving click: the
 * code typed in the approval (the app's, or a recovery code), else one of their passkeys; with neither
 * usable, a field for the app's code when the app is on, or the service's refusal.
 */
async function approvalStepUp(): Promise<void> {
  const typed = approvalCode ? typedCode(approvalCode.input) : ''
  if (typed !== '') {
    if (!isStepUpCode(typed)) throw askApprovalCode(PANEL_TEXT.stepUpCodeInvalid)
    try {
      await call('totpStepUp', { code: typed })
    } catch (err) {
      // A wrong or spent code: said in place, and another one asked for.
      if (err instanceof ApiError && err.status < 500) throw askApprovalCode(err.message)
      throw err
    }
    approvalCode = null
    return
  }
  try {
    await passkeyStepUp(flowHost)
    return
  } catch (err) {
    // No passkey here, or the visitor closed the browser's prompt: the app's code instead, when it is on.
    if ((await call('totpStatus', {})).enabled) throw askApprovalCode(EMBEDDED_ERRORS.freshFactorNeeded)
    if (err instanceof ApiError && err.message !== EMBEDDED_ERRORS.freshFactorNeeded) throw err
    throw new FrameError(EMBEDDED_ERRORS.freshFactorNeeded)
  }
}

/** The frame's own settings panels (passkeys, the authenticator app, key export): never while an approval waits. */
const panels = createPanels({ post, requester: parentOrigin ?? '', busy: () => approvals.pending > 0 })

/** What the panels' flows may do, with this frame's session. */
const flowHost: FlowHost = {
  panels,
  call: (name, body) => call(name, body),
  async passkeyLogin(response) {
    const { token } = await call('passkeyLogin', { response })
    storage.set(SESSION_KEY, token)
  },
}
const flows = createPanelFlows(flowHost)

/**
 * One settings panel, where the visitor's decision is safe: in this frame where the engine shows
 * that it is fully visible (IntersectionObserver v2), else in the panel window of this origin,
 * opened by the visitor's click on the frame's own panel (its flows run there, their calls here).
 */
async function runPanel<F extends PanelTask['flow']>(task: PanelTask & { flow: F }, title: string): Promise<FlowResult[F]> {
  if (visibilityV2()) return (await flows.run(task)) as FlowResult[F]
  let opened: ReturnType<typeof openPanelWindow> | undefined
  const value = await panels.ask({
    title,
    body: PANEL_WINDOW_TEXT.body,
    action: PANEL_WINDOW_TEXT.action,
    testId: 'panel-open-window',
    working: PANEL_WINDOW_TEXT.waiting,
    run() {
      opened = openPanelWindow(task, { host: flowHost, requester: parentOrigin ?? '' })
      return opened.done
    },
    stop: () => opened?.stop(),
  })
  const parsed = windowResultSchemas[task.flow].safeParse(value)
  if (!parsed.success) throw new FrameError(MESSAGES.embeddedDefaultError)
  return parsed.data as FlowResult[F]
}

/** What the panel window may answer for each flow (checked as anything from outside this document). */
const windowResultSchemas = {
  ADD_PASSKEY: FRAME_API.passkeyRegister.response,
  REMOVE_PASSKEY: FRAME_API.passkeyRemove.response,
  CONNECT_PASSKEY: z.object({}).strict(),
  SETUP_TOTP: z.object({ enabled: z.literal(true) }).strict(),
  EXPORT_KEY: z.object({ exported: z.literal(true) }).strict(),
} satisfies { [F in PanelTask['flow']]: z.ZodType }

/**
 * A smart account's transaction (SPEC.md §3): built by the service as one user operation (sponsored
 * by the project's paymaster when it agrees), shown here with its hash and decoded calls, signed and
 * sent to the bundler only after the visitor approves it. Answers the user operation's hash.
 */
async function sendAsUserOperation(params: unknown, chainId: number, account: string): Promise<unknown> {
  const request = freezeRequest('eth_sendTransaction', params, chainId)
  if (request.method !== 'eth_sendTransaction') throw new FrameError(MESSAGES.embeddedDefaultError)
  const [tx] = request.params
  // Sent from the smart account, or not at all: a transaction that names another sender is refused.
  if (tx.from !== undefined && tx.from.toLowerCase() !== account.toLowerCase()) throw new ApprovalRefused(`Unknown account ${tx.from}`)
  if (tx.to === undefined) throw new ApprovalRefused(APPROVAL_TEXT.unsupported.replace('{method}', 'contract creation from a smart account'))
  const data = tx.data ?? tx.input ?? '0x'
  const prepared = await call('userOperationPrepare', { chainId, calls: [{ to: tx.to, value: tx.value ?? '0x0', data }] })
  return approvals.askUserOperation(prepared, chainId)
}

/**
 * A user operation the dapp built (`eth_sendUserOperation`): never shown or signed as the page made it.
 * Its calls alone are taken (for the user's smart account and EntryPoint v0.8, else refused) and the
 * service prepares an operation of its own with them (its gas limits, fees, paymaster and hash), which
 * is shown and signed like the frame's other operations. Answers that operation's hash.
 */
async function resendUserOperation(params: unknown, chainId: number): Promise<unknown> {
  const user = await call('user', {})
  if (user.preferredAccountType !== 'smartAccount') throw new ApprovalRefused(APPROVAL_TEXT.unsupported.replace('{method}', 'eth_sendUserOperation'))
  const calls = dappUserOperationCalls(params, user.address as Address)
  const prepared = await call('userOperationPrepare', { chainId, calls })
  return approvals.askUserOperation(prepared, chainId)
}

const hexQuantity = z.string().regex(/^0x[0-9a-fA-F]{0,64}$/)
/** EIP-5792 `wallet_sendCalls`' one param, as far as the frame needs it (the dapp's page checked it already; this frame checks again). */
const sendCallsParams = z.tuple([
  z.object({
    chainId: z.string().regex(/^0x[0-9a-fA-F]+$/),
    from: z
      .string()
      .regex(/^0x[0-9a-fA-F]{40}$/)
      .optional(),
    calls: z
      .array(
        z.object({
          to: z.string().regex(/^0x[0-9a-fA-F]{40}$/),
          value: hexQuantity.optional(),
          data: z
            .string()
            .regex(/^0x([0-9a-fA-F]{2})*$/)
            .optional(),
        }),
      )
      .min(1)
      .max(16),
  }),
])

/**
 * EIP-5792 `wallet_sendCalls` from the smart account: every call in one user operation (atomic: all
 * or none), shown and approved like any other, its hash the batch's id (`wallet_getCallsStatus`).
 */
async function sendCallsAsUserOperation(params: unknown, chainId: number): Promise<{ id: string }> {
  const parsed = sendCallsParams.safeParse(params)
  if (!parsed.success) throw new ApprovalRefused(APPROVAL_TEXT.invalidParams.replace('{method}', 'wallet_sendCalls').replace('{detail}', parsed.error.issues[0]?.message ?? 'invalid'))
  const [request] = parsed.data
  if (Number(BigInt(request.chainId)) !== chainId)
    throw new ApprovalRefused(APPROVAL_TEXT.wrongTransactionChain.replace('{given}', String(Number(BigInt(request.chainId)))).replace('{chain}', String(chainId)))
  const calls = request.calls.map((c) => ({ to: c.to, value: c.value && c.value !== '0x' ? c.value : '0x0', data: c.data ?? '0x' }))
  const prepared = await call('userOperationPrepare', { chainId, calls })
  return { id: String(await approvals.askUserOperation(prepared, chainId)) }
}

type Handlers = { [E in EmbeddedEvent]: (payload: EmbeddedRequest<E>) => Promise<EmbeddedResponse<E>> }

const handlers: Handlers = {
  async CONNECT_EMAIL({ email }) {
    pendingEmail = email
    return call('emailConnect', { email, deviceId: device })
  },
  async CONNECT_DEVICE() {
    if (!pendingEmail) throw new FrameError(MESSAGES.embeddedDefaultError)
    const until = Date.now() + WAIT_LIMIT_MS
    while (Date.now() < until) {
      if ((await call('emailDevice', { email: pendingEmail, deviceId: device })).confirmed) return {}
    }
    throw new FrameError(MESSAGES.somethingWentWrong)
  },
  async CONNECT_OTP({ otp }) {
    if (!pendingEmail) throw new FrameError(MESSAGES.embeddedDefaultError)
    const { token } = await call('emailOtp', { email: pendingEmail, deviceId: device, otp })
    storage.set(SESSION_KEY, token)
    pendingEmail = undefined
    nameDevice()
    return {}
  },
  async GET_USER({ chainId }) {
    const user = await call('user', chainId === undefined ? {} : { chainId })
    pageChainId = Number(user.chainId) || pageChainId
    return user
  },
  async IS_CONNECTED() {
    if (!storage.get(SESSION_KEY)) return { isConnected: false }
    try {
      await call('user', {})
      return { isConnected: true }
    } catch (err) {
      if (err instanceof ApiError && err.status === 401) return { isConnected: false }
      throw err
    }
  },
  async GET_CHAIN_ID() {
    if (!storage.get(SESSION_KEY)) return { chainId: pageChainId }
    try {
      return { chainId: (await call('user', {})).chainId }
    } catch (err) {
      // A session that ended elsewhere: the frame's own chain.
      if (err instanceof ApiError && err.status === 401) return { chainId: pageChainId }
      throw err
    }
  },
  async SWITCH_NETWORK({ chainId }) {
    if (storage.get(SESSION_KEY)) {
      const answer = await call('switchChain', { chainId })
      pageChainId = answer.chainId
      return answer
    }
    const id = typeof chainId === 'number' ? chainId : Number(String(chainId).replace(/^eip155:/, ''))
    if (!config?.chains.some((c) => c.id === id)) throw new FrameError(MESSAGES.unsupportedChain)
    pageChainId = id
    return { chainId: id }
  },
  async SIGN_OUT() {
    await call('signOut', {}).catch(() => undefined)
    storage.set(SESSION_KEY, undefined)
    return {}
  },
  async RPC_REQUEST({ method, params, chainId }) {
    const kind = classifyRpcMethod(method)
    if (kind === 'notAllowed') throw new FrameError(MESSAGES.rpcNotAllowed)
    // A settings panel (passkey, key export) has the frame's document: no approval replaces it meanwhile.
    if (kind === 'unsafe' && panels.open) throw new FrameError(PANEL_TEXT.busy)
    if (kind === 'unsafe' && method.startsWith('solana_')) {
      // A Solana request: on one of the service's Solana networks, shown and signed like the EVM ones.
      const network = String(chainId ?? '')
      if (!config?.solanaNetworks.some((n) => n.caipNetworkId === network)) throw new FrameError(MESSAGES.unsupportedChain)
      if (!isSolanaMethod(method)) throw new FrameError(APPROVAL_TEXT.unsupported.replace('{method}', method))
      return { result: await approvals.ask(method, params, network) }
    }
    if (kind === 'unsafe') {
      // Shown in this frame and signed only after the visitor's own click here (see approval.ts).
      const chain = chainId === undefined ? pageChainId : chainNumber(String(chainId).replace(/^eip155:/, ''))
      if (!Number.isSafeInteger(chain) || chain <= 0) throw new FrameError(MESSAGES.unsupportedChain)
      if (method === 'eth_sendUserOperation') return { result: await resendUserOperation(params, chain) }
      if (method === 'eth_sendTransaction' || method === 'wallet_sendCalls') {
        const user = await call('user', {})
        const smart = user.preferredAccountType === 'smartAccount'
        if (smart && method === 'eth_sendTransaction') return { result: await sendAsUserOperation(params, chain, user.address) }
        // A batch runs atomically only as a smart account's user operation; the EOA has no EIP-5792 batches.
        if (method === 'wallet_sendCalls') {
          if (!smart) throw new FrameError(APPROVAL_TEXT.unsupported.replace('{method}', method))
          return { result: await sendCallsAsUserOperation(params, chain) }
        }
      }
      return { result: await approvals.ask(method, params, chain) }
    }
    return call('rpc', { method, ...(params === undefined ? {} : { params }), ...(chainId === undefined ? {} : { chainId }) })
  },
  async ABORT_APPROVALS() {
    return { aborted: approvals.abortAll() + panels.abort() }
  },
  UPDATE_EMAIL: ({ email }) => call('updateEmail', { email }),
  UPDATE_EMAIL_PRIMARY_OTP: ({ otp }) => call('updateEmailPrimary', { otp }),
  async UPDATE_EMAIL_SECONDARY_OTP({ otp }) {
    // The change of email replaces the session: the new token is kept, the dapp gets the email only.
    const { newEmail, token } = await call('updateEmailSecondary', { otp })
    storage.set(SESSION_KEY, token)
    return { newEmail }
  },
  async SYNC_THEME({ themeMode }) {
    // Only the mode: the approval keeps its own colours and layout whatever the page sends.
    if (themeMode) document.documentElement.dataset['theme'] = themeMode
    return {}
  },
  async SYNC_DAPP_DATA(payload) {
    if (payload.projectId !== config?.projectId) throw new FrameError(MESSAGES.invalidAppConfiguration)
    dappData = payload
    return {}
  },
  async GET_SMART_ACCOUNT_ENABLED_NETWORKS() {
    return { smartAccountEnabledNetworks: (await call('smartAccountNetworks', {})).chainIds }
  },
  async SET_PREFERRED_ACCOUNT({ type }) {
    const answer = await call('preferredAccount', { type })
    return { type: answer.type, address: answer.address }
  },
  async GET_SOCIAL_REDIRECT_URI({ provider }) {
    if (!config || parentOrigin === undefined) throw new FrameError(MESSAGES.invalidAppConfiguration)
    return call('socialStart', { provider, projectId: config.projectId, dappOrigin: parentOrigin })
  },
  async CONNECT_SOCIAL({ uri }) {
    const { token } = await call('socialFinish', { uri })
    storage.set(SESSION_KEY, token)
    nameDevice()
    return call('user', {})
  },
  async GET_FARCASTER_URI() {
    const { url, channelToken } = await call('farcasterStart', {})
    farcasterChannel = channelToken
    return { url }
  },
  async CONNECT_FARCASTER() {
    const channelToken = farcasterChannel
    if (!channelToken) throw new FrameError(MESSAGES.embeddedDefaultError)
    const until = Date.now() + WAIT_LIMIT_MS
    while (Date.now() < until) {
      const answer = await call('farcasterFinish', { channelToken })
      if ('token' in answer) {
        storage.set(SESSION_KEY, answer.token)
        farcasterChannel = undefined
        nameDevice()
        return call('user', {})
      }
    }
    throw new FrameError(MESSAGES.somethingWentWrong)
  },
  async GET_SESSIONS() {
    // This device is named (again) as it asks: a session made before devices were named gets its name here.
    return call('sessions', { userAgent: navigator.userAgent.slice(0, 1024) })
  },
  END_SESSION: ({ id }) => call('endSession', { id }),
  async END_ALL_SESSIONS({ keepCurrent }) {
    const answer = await call('endAllSessions', { keepCurrent })
    // Signed out here too: the token is dead.
    if (!keepCurrent) storage.set(SESSION_KEY, undefined)
    return answer
  },
  GET_PASSKEYS: () => call('passkeys', {}),
  async ADD_PASSKEY() {
    // Signed in first (a 401 before any panel), then only the visitor's click in the panel makes it.
    await call('user', {})
    passkeysUsable()
    return runPanel({ flow: 'ADD_PASSKEY' }, PANEL_TEXT.addPasskeyTitle)
  },
  async REMOVE_PASSKEY({ id }) {
    const { passkeys } = await call('passkeys', {})
    const passkey = passkeys.find((p) => p.id === id)
    if (!passkey) return { removed: false }
    return runPanel({ flow: 'REMOVE_PASSKEY', id, name: passkey.name }, PANEL_TEXT.removePasskeyTitle)
  },
  async CONNECT_PASSKEY() {
    passkeysUsable()
    await runPanel({ flow: 'CONNECT_PASSKEY' }, PANEL_TEXT.signInTitle)
    nameDevice()
    return call('user', {})
  },
  GET_TOTP: () => call('totpStatus', {}),
  async SETUP_TOTP() {
    await call('user', {})
    return runPanel({ flow: 'SETUP_TOTP' }, PANEL_TEXT.totpTitle)
  },
  async EXPORT_KEY({ chain }) {
    await call('user', {})
    await runPanel({ flow: 'EXPORT_KEY', chain }, PANEL_TEXT.exportTitle)
    return { exported: true }
  },
  async RELOAD() {
    setTimeout(() => location.reload(), 0)
    return {}
  },
}

/** The event of a message that looks like a request (`APP_<EVENT>` with an id) but did not parse. */
function eventOf(data: unknown): { event: EmbeddedEvent; id: string } | undefined {
  if (typeof data !== 'object' || data === null) return undefined
  const { type, id } = data as { type?: unknown; id?: unknown }
  if (typeof type !== 'string' || typeof id !== 'string' || !type.startsWith('APP_')) return undefined
  const event = type.slice(4) as EmbeddedEvent
  return EMBEDDED_EVENT_NAMES.includes(event) && /^[0-9a-f-]{36}$/i.test(id) ? { event, id } : undefined
}

async function handle(message: AppMessage): Promise<void> {
  const event = message.type.slice(4) as EmbeddedEvent
  log('request', event, message.id)
  try {
    const handler = handlers[event] as (payload: unknown) => Promise<unknown>
    const payload = await handler(message.payload)
    post({ type: `FRAME_${event}_SUCCESS`, id: message.id, payload })
  } catch (err) {
    const text = err instanceof Error && err.message ? err.message : MESSAGES.embeddedDefaultError
    log('error', event, text)
    const code = err instanceof RpcCodeError ? { code: err.code } : {}
    post({ type: `FRAME_${event}_ERROR`, id: message.id, payload: { message: text, ...code } })
  }
}

function start(): void {
  if (parentOrigin === undefined) {
    document.body.textContent = 'Portico secure frame: this page runs inside a dapp.'
    return
  }
  if (!config || config.allowedOrigins === null || !originAllowed(parentOrigin, config.allowedOrigins)) {
    post({ type: 'FRAME_INIT_ERROR', payload: { message: MESSAGES.invalidAppConfiguration } })
    return
  }
  window.addEventListener('message', (event: MessageEvent) => {
    // Pinned: only the embedding page (its origin and its window) is heard.
    if (event.origin !== parentOrigin || event.source !== window.parent) return
    const parsed = appMessageSchema.safeParse(event.data)
    if (parsed.success) return void handle(parsed.data as AppMessage)
    const asked = eventOf(event.data)
    if (asked) post({ type: `FRAME_${asked.event}_ERROR`, id: asked.id, payload: { message: MESSAGES.embeddedDefaultError } })
  })
  post({ type: 'FRAME_READY' })
  log('ready for', parentOrigin)
}

void dappData
start()
