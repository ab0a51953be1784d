import { FrameError } from '../messages.ts'
// First: zod must not probe `new Function` under the page's CSP (see zod-jitless.ts).
import './zod-jitless.ts'
import { EMBEDDED_EVENT_NAMES, appMessageSchema, classifyRpcMethod, type AppMessage, type EmbeddedEvent, type EmbeddedRequest, type EmbeddedResponse } from '@portico/shared-types/embedded'
import { MESSAGES } from '@portico/shared-types/errors'
import type * as z from 'zod'
import { originAllowed } from '../allow-list.ts'
import { FRAME_API, FRAME_CONFIG_ELEMENT_ID, frameApiErrorSchema, framePageConfigSchema, type FrameApi, type FrameApiName } from '../api.ts'
import { ApiError, RpcCodeError } from './errors.ts'
import type { FrameWallet } from './frame-wallet.ts'

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

/**
 * The frame's approvals and settings panels (frame-wallet.ts, with viem, Solana and WebAuthn): loaded
 * when first asked for, or ahead once a session is known, so the frame is ready for the email form
 * with much less code.
 */
let wallet: Promise<FrameWallet> | undefined
let walletNow: FrameWallet | undefined
function loadWallet(): Promise<FrameWallet> {
  wallet ??= import('./frame-wallet.ts').then((m) => {
    walletNow = m.createFrameWallet({
      post,
      requester: parentOrigin ?? '',
      call,
      keepSession: (token) => storage.set(SESSION_KEY, token),
      solanaNetworks: config?.solanaNetworks ?? [],
      pageChainId: () => pageChainId,
    })
    return walletNow
  })
  wallet.catch(() => (wallet = undefined))
  return wallet
}
/** Loads the wallet's code in the background once the visitor is signed in (an approval then shows at once). */
const warmWallet = () => void loadWallet().catch(() => undefined)

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
    warmWallet()
    return user
  },
  async IS_CONNECTED() {
    if (!storage.get(SESSION_KEY)) return { isConnected: false }
    try {
      await call('user', {})
      warmWallet()
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
    if (kind === 'unsafe') return { result: await (await loadWallet()).unsafe(method, params, chainId) }
    return call('rpc', { method, ...(params === undefined ? {} : { params }), ...(chainId === undefined ? {} : { chainId }) })
  },
  async ABORT_APPROVALS() {
    return { aborted: walletNow?.abort() ?? 0 }
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
    return (await loadWallet()).panel({ flow: 'ADD_PASSKEY' })
  },
  async REMOVE_PASSKEY({ id }) {
    const { passkeys } = await call('passkeys', {})
    const passkey = passkeys.find((p) => p.id === id)
    if (!passkey) return { removed: false }
    return (await loadWallet()).panel({ flow: 'REMOVE_PASSKEY', id, name: passkey.name })
  },
  async CONNECT_PASSKEY() {
    await (await loadWallet()).panel({ flow: 'CONNECT_PASSKEY' })
    nameDevice()
    return call('user', {})
  },
  GET_TOTP: () => call('totpStatus', {}),
  async SETUP_TOTP() {
    await call('user', {})
    return (await loadWallet()).panel({ flow: 'SETUP_TOTP' })
  },
  async EXPORT_KEY({ chain }) {
    await call('user', {})
    await (await loadWallet()).panel({ flow: 'EXPORT_KEY', chain })
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
