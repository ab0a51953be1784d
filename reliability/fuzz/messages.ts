/**
 * Messages between windows and between tabs: the embedded frame's protocol (what the page reads from
 * the frame, what the frame reads from the page, the social-login callback), the WalletConnect session
 * and one-click sign-in answer, and the messages the tabs' workers exchange (`createCoreHub`).
 */
import { coreStateSchema, followStateChanges, PorticoError, siwxCacaoSchema, walletConnectSessionSchema, walletConnectStateSchema, type CoreState } from '@portico/shared-types'
import {
  appMessageSchema,
  EMBEDDED_EVENT_NAMES,
  EMBEDDED_EVENTS,
  frameMessageSchema,
  frameQuerySchema,
  parseFrameAnswer,
  socialCallbackMessageSchema,
  type EmbeddedEvent,
} from '@portico/shared-types/embedded'
import { createCoreHub, type ChannelLike } from '../../worker-core/src/infra/hub.ts'
import { boundaryInputs, fuzz, validSamples } from './harness.ts'
import { ADDRESSES } from './samples.ts'

const ROW = 'Fuzz: messages (embedded frame, WalletConnect, between tabs)'
const ID = '0b7c3f0e-6c2a-4d7e-9a51-3f3f3b1d2c4e'
/** One passkey as the frame lists it (never a key). */
const passkey = { id: ID, name: 'This device', createdAt: 1_764_000_000_000, lastUsedAt: null }
const user = {
  email: 'a@example.org',
  address: ADDRESSES.A,
  chainId: 31337,
  accounts: [{ address: ADDRESSES.A, type: 'eoa' }],
  socialProvider: 'google',
  smartAccountDeployed: false,
  preferredAccountType: 'eoa',
}

/** A success answer of the frame for each event, where one is not empty. */
const SUCCESS: Partial<Record<EmbeddedEvent, unknown>> = {
  SWITCH_NETWORK: { chainId: 31337 },
  CONNECT_EMAIL: { action: 'VERIFY_OTP' },
  CONNECT_SOCIAL: user,
  GET_SOCIAL_REDIRECT_URI: { uri: 'http://127.0.0.1:8790/oauth/google?state=x' },
  GET_USER: user,
  IS_CONNECTED: { isConnected: true },
  GET_CHAIN_ID: { chainId: 'eip155:31337' },
  RPC_REQUEST: { result: '0x1' },
  UPDATE_EMAIL: { action: 'VERIFY_PRIMARY_OTP' },
  UPDATE_EMAIL_SECONDARY_OTP: { newEmail: 'b@example.org' },
  GET_SMART_ACCOUNT_ENABLED_NETWORKS: { smartAccountEnabledNetworks: [31337] },
  SET_PREFERRED_ACCOUNT: { type: 'eoa', address: ADDRESSES.A },
  CONNECT_FARCASTER: user,
  GET_FARCASTER_URI: { url: 'http://127.0.0.1:8790/farcaster?channel=1' },
  END_SESSION: { ended: true },
  END_ALL_SESSIONS: { ended: 2 },
  GET_PASSKEYS: { passkeys: [passkey] },
  ADD_PASSKEY: { passkey },
  REMOVE_PASSKEY: { removed: true },
  CONNECT_PASSKEY: user,
  EXPORT_KEY: { exported: true },
}
/** A request of the page for each event, where one is not empty. */
const REQUEST: Partial<Record<EmbeddedEvent, unknown>> = {
  SWITCH_NETWORK: { chainId: 31338 },
  CONNECT_EMAIL: { email: 'a@example.org' },
  CONNECT_OTP: { otp: '123456' },
  CONNECT_SOCIAL: { uri: 'http://127.0.0.1:8790/callback?code=1&state=2' },
  GET_SOCIAL_REDIRECT_URI: { provider: 'google' },
  GET_USER: { chainId: 31337, preferredAccountType: 'eoa' },
  RPC_REQUEST: { method: 'personal_sign', params: ['0x68656c6c6f', ADDRESSES.A], chainId: 31337 },
  UPDATE_EMAIL: { email: 'b@example.org' },
  UPDATE_EMAIL_PRIMARY_OTP: { otp: '000000' },
  UPDATE_EMAIL_SECONDARY_OTP: { otp: '999999' },
  SYNC_THEME: { themeMode: 'dark', themeVariables: { '--portico-accent': '#0f9d58' } },
  SYNC_DAPP_DATA: { metadata: { name: 'Demo', description: 'd', url: 'http://127.0.0.1:5173', icons: [] }, sdkVersion: '4', sdkType: 'portico', projectId: 'portico-demo' },
  SET_PREFERRED_ACCOUNT: { type: 'smartAccount' },
  END_SESSION: { id: '0b7c3f0e-6c2a-4d7e-9a51-3f3f3b1d2c4e' },
  END_ALL_SESSIONS: { keepCurrent: true },
  REMOVE_PASSKEY: { id: ID },
  EXPORT_KEY: { chain: 'evm' },
}
const events = EMBEDDED_EVENT_NAMES

const frameSamples: unknown[] = [
  { type: 'FRAME_READY' },
  { type: 'FRAME_INIT_ERROR', payload: { message: 'Invalid App Configuration' } },
  ...events.map((e) => ({ type: `FRAME_${e}_SUCCESS`, id: ID, payload: SUCCESS[e] ?? {} })),
  ...events.slice(0, 5).map((e) => ({ type: `FRAME_${e}_ERROR`, id: ID, payload: { message: 'Wrong code' } })),
]
const appSamples: unknown[] = events.map((e) => ({ type: `APP_${e}`, id: ID, payload: REQUEST[e] ?? {} }))

const wcSession = {
  topic: 'a'.repeat(64),
  peer: { name: 'Sandbox Phone Wallet', url: 'http://127.0.0.1:8791', icons: ['http://127.0.0.1:8791/icon.svg'] },
  namespaces: { eip155: { chains: ['eip155:31337'], accounts: [`eip155:31337:${ADDRESSES.A}`], methods: ['personal_sign'], events: ['chainChanged'] } },
  defaultChain: 'eip155:31337',
  expiry: 1_900_000_000,
}
const cacao = {
  h: { t: 'caip122' },
  p: {
    domain: '127.0.0.1:5173',
    aud: 'http://127.0.0.1:5173',
    nonce: 'abcdefgh1234',
    iss: `did:pkh:eip155:31337:${ADDRESSES.A}`,
    version: '1',
    iat: '2026-11-25T10:00:00.000Z',
    exp: '2026-11-26T10:00:00.000Z',
    statement: 'Sign in',
    resources: [],
  },
  s: { t: 'eip191', s: '0xdeadbeef' },
}

export async function run() {
  validSamples(ROW, 'frame → page', frameSamples, (m) => frameMessageSchema.safeParse(m).success)
  validSamples(ROW, 'page → frame', appSamples, (m) => appMessageSchema.safeParse(m).success)
  await fuzz({
    row: ROW,
    boundary: 'frame → page (frameMessageSchema, parseFrameAnswer)',
    inputs: boundaryInputs(frameSamples),
    exercise: (input) => {
      const parsed = frameMessageSchema.safeParse(input)
      if (!parsed.success) return null
      return events.map((event) => [event, parseFrameAnswer(event, parsed.data)] as const)
    },
    check: (result) => {
      if (result === null) return null
      for (const [event, answer] of result as [EmbeddedEvent, ReturnType<typeof parseFrameAnswer>][]) {
        if (!answer) continue
        if (answer.ok && !EMBEDDED_EVENTS[event].response.safeParse(answer.payload).success) return `accepted a ${event} answer its schema refuses`
        if (!answer.ok && (typeof answer.message !== 'string' || answer.message.length === 0)) return `a ${event} error without a message`
      }
      return null
    },
  })
  await fuzz({
    row: ROW,
    boundary: 'page → frame (appMessageSchema)',
    inputs: boundaryInputs(appSamples),
    exercise: (input) => appMessageSchema.safeParse(input),
    check: (result) => {
      const parsed = result as ReturnType<typeof appMessageSchema.safeParse>
      if (!parsed.success) return null
      const event = parsed.data.type.slice('APP_'.length) as EmbeddedEvent
      if (!events.includes(event)) return `accepted an unknown event ${parsed.data.type}`
      return EMBEDDED_EVENTS[event].request.safeParse(parsed.data.payload).success ? null : `accepted an APP_${event} request its schema refuses`
    },
  })
  await fuzz({
    row: ROW,
    boundary: 'social-login callback (socialCallbackMessageSchema)',
    inputs: boundaryInputs([{ type: 'PORTICO_SOCIAL_CALLBACK', uri: 'http://127.0.0.1:8790/callback?code=1&state=2' }]),
    exercise: (input) => socialCallbackMessageSchema.safeParse(input),
  })
  await fuzz({
    row: ROW,
    boundary: 'frame query (frameQuerySchema)',
    inputs: boundaryInputs([{ projectId: 'portico-demo', chainId: '31337', version: '4', enableLogger: 'false' }]),
    exercise: (input) => frameQuerySchema.safeParse(input),
  })

  validSamples(ROW, 'WalletConnect session', [wcSession], (s) => walletConnectSessionSchema.safeParse(s).success)
  validSamples(ROW, 'one-click sign-in CACAO', [cacao], (s) => siwxCacaoSchema.safeParse(s).success)
  await fuzz({ row: ROW, boundary: 'WalletConnect session', inputs: boundaryInputs([wcSession]), exercise: (input) => walletConnectSessionSchema.safeParse(input) })
  await fuzz({
    row: ROW,
    boundary: 'WalletConnect state',
    inputs: boundaryInputs([{ status: 'pairing', uri: 'wc:abc@2?relay-protocol=irn&symKey=00', expiresAt: 1_900_000_000_000, error: null, session: wcSession }]),
    exercise: (input) => walletConnectStateSchema.safeParse(input),
  })
  await fuzz({ row: ROW, boundary: 'one-click sign-in CACAO', inputs: boundaryInputs([cacao]), exercise: (input) => siwxCacaoSchema.safeParse(input) })
  await betweenTabs()
}

/** A follower tab fed generated channel messages: no crash, nothing but a warning, no state that fails its schema. */
async function betweenTabs() {
  const listeners: ((event: MessageEvent) => void)[] = []
  const channel: ChannelLike = {
    postMessage: () => undefined,
    addEventListener: (_type, listener) => void listeners.push(listener),
    close: () => undefined,
  }
  // A tab that follows: another tab holds the lock.
  const hub = createCoreHub({
    createCore: () => {
      throw new Error('a follower makes no core')
    },
    channel,
    locks: { request: (_name, options, callback) => (options.ifAvailable ? Promise.resolve(callback(null)) : new Promise(() => undefined)) },
    tabId: 'follower',
    warn: () => undefined,
  })
  await hub.ready
  // Each state the tab takes is checked as it arrives and not kept (a thousand large states would fill the heap).
  let wrongStates = 0
  await hub.subscribe(
    followStateChanges((state: CoreState) => {
      if (!coreStateSchema.safeParse(state).success) wrongStates += 1
    }),
  )
  const hubSamples = [
    { t: 'reply', id: 'follower:1', to: 'follower', leader: 'leader', ok: true, value: null },
    { t: 'reply', id: 'follower:1', to: 'follower', leader: 'leader', ok: false, value: null, error: { name: 'PorticoError', message: 'Something went wrong' } },
    { t: 'state', leader: 'leader', state: { revision: 1 } },
    { t: 'hello', from: 'other' },
    { t: 'leader', from: 'leader' },
    { t: 'call', id: 'x:1', from: 'x', method: 'getState', args: [] },
  ]
  const unhandled: unknown[] = []
  const onUnhandled = (reason: unknown) => void unhandled.push(reason)
  process.on('unhandledRejection', onUnhandled)
  try {
    await fuzz({
      row: ROW,
      boundary: 'between tabs (createCoreHub)',
      inputs: boundaryInputs(hubSamples),
      exercise: async (input) => {
        for (const listener of listeners) listener(new MessageEvent('message', { data: input }))
        await new Promise((resolve) => setImmediate(resolve))
        if (wrongStates > 0) {
          wrongStates = 0
          throw new PorticoError('A tab took a state that fails its schema')
        }
        return unhandled.splice(0)
      },
      check: (result) => ((result as unknown[]).length > 0 ? `unhandled rejection: ${String((result as unknown[])[0])}` : null),
      judge: (error) => `${error instanceof Error ? error.message : String(error)}`,
    })
  } finally {
    process.off('unhandledRejection', onUnhandled)
    hub.dispose()
  }
}
