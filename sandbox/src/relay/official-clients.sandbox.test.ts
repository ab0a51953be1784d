import type { IWalletKit } from '@reown/walletkit'
import type { ISignClient, SessionTypes } from '@walletconnect/types'
import { UniversalProvider } from '@walletconnect/universal-provider'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { startRelay, type RelayHandle } from './relay.ts'
import { ACCOUNT, MemoryStorage, TEST_PROJECT_ID, DAPP_METADATA, approvedNamespaces, connectDapp, guardFetch, shutdown, startDapp, startWallet } from './test-clients.ts'

// Port of this file (README "Tests"): 22602.
const PORT = 22602
const CHAIN = 'eip155:31337'
const HELLO = '0x68656c6c6f' // "hello"

let relay: RelayHandle
let fetchGuard: ReturnType<typeof guardFetch>
const running: Array<{ core: ISignClient['core'] }> = []

function track<T extends { core: ISignClient['core'] }>(client: T): T {
  running.push(client)
  return client
}

/** A wallet that approves every proposal and signs `personal_sign` with a fixed answer. */
function autoApprove(wallet: IWalletKit, seen: string[] = []): string[] {
  wallet.on('session_proposal', (proposal) => {
    seen.push(`proposal ${proposal.verifyContext.verified.validation}`)
    void wallet.approveSession({ id: proposal.id, namespaces: approvedNamespaces(proposal.params) })
  })
  wallet.on('session_request', (request) => {
    seen.push(`request ${request.params.request.method} ${request.verifyContext.verified.validation}`)
    void wallet.respondSessionRequest({ topic: request.topic, response: { id: request.id, jsonrpc: '2.0', result: `0xsigned-${request.id}` } })
  })
  return seen
}

const requiredEip155 = { eip155: { chains: [CHAIN], methods: ['personal_sign', 'wallet_switchEthereumChain'], events: ['chainChanged', 'accountsChanged'] } }

async function pair(dapp: Awaited<ReturnType<typeof startDapp>>, wallet: IWalletKit): Promise<{ session: SessionTypes.Struct; uriMs: number; pairingMs: number }> {
  const t0 = performance.now()
  const { uri, approved } = await connectDapp(dapp, { optionalNamespaces: requiredEip155 })
  const uriMs = performance.now() - t0
  const t1 = performance.now()
  await wallet.pair({ uri })
  const session = await approved
  return { session, uriMs, pairingMs: performance.now() - t1 }
}

const once = <T>(subscribe: (resolve: (value: T) => void) => void): Promise<T> => new Promise<T>((resolve) => subscribe(resolve))

beforeAll(async () => {
  fetchGuard = guardFetch()
  relay = await startRelay({ port: PORT })
})
afterEach(async () => {
  await Promise.all(running.splice(0).map((c) => shutdown(c.core)))
})
afterAll(async () => {
  await relay?.stop()
  fetchGuard?.restore()
})

describe('sign-client dapp and walletkit wallet through the relay', () => {
  it('pair, settle, round-trip personal_sign, and carry the session update, events and delete to the dapp', async () => {
    const dapp = track(await startDapp(relay.url))
    const wallet = track(await startWallet(relay.url))
    const seen = autoApprove(wallet)

    const { session, uriMs, pairingMs } = await pair(dapp, wallet)
    expect(session.namespaces.eip155?.accounts).toEqual([`${CHAIN}:${ACCOUNT}`])
    expect(session.peer.metadata.name).toBe('Relay test wallet')
    expect(wallet.getActiveSessions()[session.topic]?.peer.metadata.name).toBe(DAPP_METADATA.name)

    const t = performance.now()
    const signature = await dapp.request<string>({ topic: session.topic, chainId: CHAIN, request: { method: 'personal_sign', params: [HELLO, ACCOUNT] } })
    const roundTripMs = performance.now() - t
    expect(signature).toMatch(/^0xsigned-/)
    console.log(`sign-client + walletkit: URI in ${uriMs.toFixed(0)} ms, pairing to session ${pairingMs.toFixed(0)} ms, personal_sign round trip ${roundTripMs.toFixed(0)} ms`)

    const updated = once<SessionTypes.Namespaces>((resolve) => dapp.on('session_update', ({ params }) => resolve(params.namespaces)))
    const namespaces = { eip155: { ...session.namespaces.eip155!, chains: [CHAIN, 'eip155:31338'], accounts: [`${CHAIN}:${ACCOUNT}`, `eip155:31338:${ACCOUNT}`] } }
    await (await wallet.updateSession({ topic: session.topic, namespaces })).acknowledged()
    expect((await updated).eip155?.chains).toEqual([CHAIN, 'eip155:31338'])

    const event = once<{ name: string; data: unknown; chainId: string }>((resolve) => dapp.on('session_event', ({ params }) => resolve({ ...params.event, chainId: params.chainId })))
    await wallet.emitSessionEvent({ topic: session.topic, chainId: 'eip155:31338', event: { name: 'chainChanged', data: 31338 } })
    expect(await event).toEqual({ name: 'chainChanged', data: 31338, chainId: 'eip155:31338' })

    const deleted = once<string>((resolve) => dapp.on('session_delete', ({ topic }) => resolve(topic)))
    await wallet.disconnectSession({ topic: session.topic, reason: { code: 6000, message: 'User disconnected.' } })
    expect(await deleted).toBe(session.topic)
    expect(dapp.session.getAll()).toEqual([])

    // The relay filled verify's place with an empty attestation: no look-up, validation UNKNOWN.
    expect(seen).toEqual(['proposal UNKNOWN', 'request personal_sign UNKNOWN'])
  })

  it("the dapp's disconnect reaches the wallet", async () => {
    const dapp = track(await startDapp(relay.url))
    const wallet = track(await startWallet(relay.url))
    autoApprove(wallet)
    const { session } = await pair(dapp, wallet)
    const deleted = once<string>((resolve) => wallet.on('session_delete', ({ topic }) => resolve(topic)))
    await dapp.disconnect({ topic: session.topic, reason: { code: 6000, message: 'User disconnected.' } })
    expect(await deleted).toBe(session.topic)
    expect(wallet.getActiveSessions()).toEqual({})
  })

  it('a request sent while the wallet is offline reaches it when it comes back (the relay stored it)', async () => {
    const dapp = track(await startDapp(relay.url))
    const wallet = track(await startWallet(relay.url))
    const seen = autoApprove(wallet)
    const { session } = await pair(dapp, wallet)

    await wallet.core.relayer.transportClose()
    const pending = dapp.request<string>({ topic: session.topic, chainId: CHAIN, request: { method: 'personal_sign', params: [HELLO, ACCOUNT] } })
    await expect.poll(() => relay.stats().messages).toBeGreaterThan(0)
    await new Promise((r) => setTimeout(r, 200))
    expect(seen).toEqual(['proposal UNKNOWN'])

    await wallet.core.relayer.transportOpen()
    expect(await pending).toMatch(/^0xsigned-/)
    expect(seen).toEqual(['proposal UNKNOWN', 'request personal_sign UNKNOWN'])
  })

  it('a restarted wallet (same storage, same client id) gets no old message again and answers a new request', async () => {
    const dapp = track(await startDapp(relay.url))
    const storage = new MemoryStorage()
    const first = track(await startWallet(relay.url, storage))
    autoApprove(first)
    const { session } = await pair(dapp, first)
    expect(await dapp.request({ topic: session.topic, chainId: CHAIN, request: { method: 'personal_sign', params: [HELLO, ACCOUNT] } })).toMatch(/^0xsigned-/)
    const clientId = await first.core.crypto.getClientId()
    const deliveredBefore = relay.deliveries().filter((d) => d.clientId === clientId).length
    expect(deliveredBefore).toBeGreaterThanOrEqual(2) // the proposal and the request
    await shutdown(first.core)

    const restartedAt = Date.now()
    const restarted = track(await startWallet(relay.url, storage))
    expect(await restarted.core.crypto.getClientId()).toBe(clientId)
    const seen = autoApprove(restarted)
    expect(Object.keys(restarted.getActiveSessions())).toEqual([session.topic])
    await expect.poll(() => relay.connections().filter((c) => c.clientId === clientId).length).toBe(1)
    await expect
      .poll(() =>
        relay
          .connections()
          .find((c) => c.clientId === clientId)
          ?.topics.includes(session.topic),
      )
      .toBe(true)

    expect(await dapp.request({ topic: session.topic, chainId: CHAIN, request: { method: 'personal_sign', params: [HELLO, ACCOUNT] } })).toMatch(/^0xsigned-/)
    const redelivered = relay.deliveries().filter((d) => d.clientId === clientId && d.time >= restartedAt && d.publishedAt < restartedAt)
    expect(redelivered).toEqual([])
    expect(seen).toEqual(['request personal_sign UNKNOWN'])
  })
})

describe('universal-provider dapp', () => {
  it('shows a URI, settles with the wallet and signs through provider.request', async () => {
    const wallet = track(await startWallet(relay.url))
    autoApprove(wallet)
    const t0 = performance.now()
    const provider = await UniversalProvider.init({
      projectId: TEST_PROJECT_ID,
      relayUrl: relay.url,
      metadata: DAPP_METADATA,
      customStoragePrefix: 'universal',
      storage: new MemoryStorage(),
      logger: 'silent',
    })
    const initMs = performance.now() - t0
    track(provider.client)
    const shown = once<{ uri: string; ms: number }>((resolve) => provider.on('display_uri', (uri: string) => resolve({ uri, ms: performance.now() - t1 })))
    const t1 = performance.now()
    const connected = provider.connect({ optionalNamespaces: { eip155: { ...requiredEip155.eip155, rpcMap: { 31337: 'http://127.0.0.1:1' } } } })
    const { uri, ms: uriMs } = await shown
    const t2 = performance.now()
    await wallet.pair({ uri })
    const session = await connected
    const pairingMs = performance.now() - t2
    expect(session?.namespaces.eip155?.accounts).toEqual([`${CHAIN}:${ACCOUNT}`])

    const t3 = performance.now()
    expect(await provider.request({ method: 'personal_sign', params: [HELLO, ACCOUNT] }, CHAIN)).toMatch(/^0xsigned-/)
    const roundTripMs = performance.now() - t3
    expect(await provider.request({ method: 'eth_accounts' }, CHAIN)).toEqual([ACCOUNT])
    console.log(
      `universal-provider + walletkit: init ${initMs.toFixed(0)} ms, display_uri ${uriMs.toFixed(0)} ms, pairing to session ${pairingMs.toFixed(0)} ms, personal_sign round trip ${roundTripMs.toFixed(0)} ms`,
    )
    await provider.disconnect()
  })
})

describe('offline', () => {
  it('the clients asked nothing of the hosted verify service; walletkit tried its one telemetry event per start, refused at once', () => {
    expect(fetchGuard.outside.filter((u) => u.includes('verify.walletconnect'))).toEqual([])
    const telemetry = fetchGuard.outside.filter((u) => u.startsWith('https://pulse.walletconnect.org/'))
    expect(telemetry.length).toBeGreaterThan(0)
    expect(fetchGuard.outside.filter((u) => !u.startsWith('https://pulse.walletconnect.org/'))).toEqual([])
  })
})
