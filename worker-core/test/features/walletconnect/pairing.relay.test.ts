/**
 * Integration: the pairings the core makes ahead of the visitor's click, against the sandbox's
 * WalletConnect relay alone (no chain is needed to pair): one URI made ready per intent, handed out
 * at most once, renewed only while shown, and dropped when it expires unused (SPEC.md §4, §9).
 * Test-only: the packages never import the sandbox.
 */
import 'fake-indexeddb/auto'
import { startRelay, type RelayHandle } from '@portico/sandbox'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { CoreConfig, CoreState } from '@portico/shared-types'
import { PAIRING_EXPIRED_BELOW_MS } from '@portico/shared-types/constants'
import { MemoryStorage } from '../../../../sandbox/src/relay/test-clients.ts'
import { createCore, type Core } from '../../../src/core.ts'
import { createStorage } from '../../../src/infra/storage.ts'

const PORT = 12_389 + (Number(process.env['PORTICO_E2E_PORT_OFFSET'] ?? 0) || 0)
/** A short life, so the end of one (under 10 s left, SPEC.md §9) comes 1.5 s after it was made. */
const EXPIRY_MS = PAIRING_EXPIRED_BELOW_MS + 1500

let relay: RelayHandle

beforeAll(async () => {
  relay = await startRelay({ port: PORT })
})
afterAll(async () => {
  await relay?.stop()
})

function config(pairingExpiryMs?: number): CoreConfig {
  return {
    projectId: 'pairing-test',
    // Nothing answers here: pairing needs the relay alone.
    apiUrl: 'http://127.0.0.1:9',
    networks: [
      {
        id: 31337,
        caipNetworkId: 'eip155:31337',
        chainNamespace: 'eip155',
        name: 'Portico Local',
        nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
        rpcUrls: { default: { http: ['http://127.0.0.1:9'] } },
      },
    ],
    metadata: { name: 'Pairing test dapp', description: 'A dapp in a test', url: 'http://127.0.0.1:5173', icons: [] },
    walletConnect: { relayUrl: relay.url, ...(pairingExpiryMs ? { pairingExpiryMs } : {}) },
  } as CoreConfig
}

/** The WalletConnect client's storage of each core made here. */
const clientStorage = new WeakMap<Core, MemoryStorage>()

async function newCore(pairingExpiryMs?: number): Promise<Core> {
  const storage = new MemoryStorage()
  const core = createCore({ storage: createStorage({ dbName: `pairing-${Math.random()}` }), warn: () => undefined, walletConnect: { storage } })
  clientStorage.set(core, storage)
  await core.configure(config(pairingExpiryMs))
  return core
}

/**
 * The proposals the WalletConnect client still waits on, as it stores them: a pairing given up has
 * its proposal expired at once (else the client's own 5-minute timer on it ends in a rejection
 * nobody handles, and the wallet could still answer it).
 */
async function pendingProposals(core: Core, expected: number): Promise<number> {
  const read = async () => {
    const entries = await clientStorage.get(core)!.getEntries<unknown[]>()
    return entries.find(([key]) => key.endsWith('//proposal'))?.[1]?.length ?? 0
  }
  const started = Date.now()
  let count = await read()
  while (count !== expected && Date.now() - started < 3000) {
    await new Promise((r) => setTimeout(r, 50))
    count = await read()
  }
  return count
}

async function until(core: Core, test: (state: CoreState) => boolean, ms = 10_000): Promise<CoreState> {
  const started = Date.now()
  for (;;) {
    const state = await core.getState()
    if (test(state)) return state
    if (Date.now() - started > ms) throw new Error(`timed out; walletConnect state: ${JSON.stringify(state.walletConnect)}`)
    await new Promise((r) => setTimeout(r, 20))
  }
}

/** The pairing proposals the relay received since `from` (one per URI made). */
const proposals = (from: number) => relay.requests().filter((r) => r.method === 'wc_proposeSession' && r.time >= from).length

describe('pairings made ahead', () => {
  it('prepares nothing once the visitor connected another wallet; a click on WalletConnect still pairs', async () => {
    // A project of its own: its socket is not counted by the other tests.
    const core = createCore({ storage: createStorage({ dbName: `pairing-${Math.random()}` }), warn: () => undefined, walletConnect: { storage: new MemoryStorage() } })
    await core.configure({ ...config(), projectId: 'pairing-test-connected' })
    const started = Date.now()
    try {
      await core.setConnected({ caipAddress: 'eip155:31337:0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266', connectorId: 'io.metamask', connectorName: 'MetaMask' })
      await core.prepareWalletConnect()
      expect((await core.getState()).walletConnect.uri).toBeNull()
      expect(proposals(started)).toBe(0)
      const answer = core.connectWalletConnect()
      const shown = await until(core, (s) => s.walletConnect.status === 'pairing' && !!s.walletConnect.uri)
      expect(shown.walletConnect.uri).toMatch(/^wc:/)
      expect(proposals(started)).toBe(1)
      await core.disconnectWalletConnect()
      expect(await answer).toMatchObject({ ok: false })
      // The visitor is still connected with the extension: the called-off attempt makes nothing ahead.
      expect((await core.getState()).walletConnect).toMatchObject({ status: 'idle', uri: null })
      expect(proposals(started)).toBe(1)
    } finally {
      core.dispose()
    }
  })

  it('prepares nothing while the visitor is connecting another wallet; WalletConnect being connected still pairs', async () => {
    const core = createCore({ storage: createStorage({ dbName: `pairing-${Math.random()}` }), warn: () => undefined, walletConnect: { storage: new MemoryStorage() } })
    await core.configure({ ...config(), projectId: 'pairing-test-connecting' })
    const started = Date.now()
    try {
      await core.setConnecting('eip155', 'io.metamask', 'ANNOUNCED')
      await core.prepareWalletConnect()
      expect((await core.getState()).walletConnect.uri).toBeNull()
      expect(proposals(started)).toBe(0)
      // The extension's request was declined: the visitor is back at the list, and the pairing is made ahead again.
      await core.setDisconnected('eip155')
      await core.setConnecting('eip155', 'walletConnect', 'WALLET_CONNECT')
      await core.prepareWalletConnect()
      expect((await core.getState()).walletConnect.uri).toMatch(/^wc:/)
      expect(proposals(started)).toBe(1)
    } finally {
      core.dispose()
    }
  })

  it('makes one URI per intent, reused until handed out; once shown and called off it is never shown again, and a new one is ready at once', async () => {
    const core = await newCore()
    const started = Date.now()
    try {
      expect(relay.connections().filter((c) => c.projectId === 'pairing-test')).toHaveLength(0)
      expect((await core.getState()).walletConnect.clientLoaded).toBe(false)
      // Intent twice (the pointer nears the row, then focuses it): one URI, one proposal, one socket.
      await core.prepareWalletConnect()
      const prepared = (await core.getState()).walletConnect
      expect(prepared).toMatchObject({ status: 'pairing', uri: expect.stringMatching(/^wc:[0-9a-f]{64}@2\?/), clientLoaded: true })
      expect(relay.connections().filter((c) => c.projectId === 'pairing-test')).toHaveLength(1)
      await core.prepareWalletConnect()
      expect((await core.getState()).walletConnect.uri).toBe(prepared.uri)
      expect(proposals(started)).toBe(1)
      expect(relay.connections().filter((c) => c.projectId === 'pairing-test')).toHaveLength(1)

      // The QR view shows it (the view asks to connect): the URI handed out is the one prepared.
      const answer = core.connectWalletConnect()
      await new Promise((r) => setTimeout(r, 100))
      expect((await core.getState()).walletConnect.uri).toBe(prepared.uri)
      expect(proposals(started)).toBe(1)
      // The visitor steps back: whoever waits hears it was called off, and a new URI is made ready.
      await core.disconnectWalletConnect()
      expect(await answer).toMatchObject({ ok: false, error: { code: 4001 } })
      const next = await until(core, (s) => s.walletConnect.status === 'pairing' && !!s.walletConnect.uri)
      expect(next.walletConnect.uri).not.toBe(prepared.uri)
      // The proposal called off is expired: the client waits on the new one alone.
      expect(await pendingProposals(core, 1)).toBe(1)

      // The next intent and the next QR view get that new one, never the first.
      await core.prepareWalletConnect()
      expect((await core.getState()).walletConnect.uri).toBe(next.walletConnect.uri)
      const again = core.connectWalletConnect()
      await new Promise((r) => setTimeout(r, 100))
      expect((await core.getState()).walletConnect.uri).toBe(next.walletConnect.uri)
      expect(proposals(started)).toBe(2)
      await core.disconnectWalletConnect()
      await again
    } finally {
      core.dispose()
    }
  }, 60_000)

  it('drops a URI made ahead that nobody took when it expires (no renewal), and makes a new one on the next intent', async () => {
    const core = await newCore(EXPIRY_MS)
    try {
      await core.prepareWalletConnect()
      const first = (await core.getState()).walletConnect
      expect(first.status).toBe('pairing')
      expect(first.expiresAt! - Date.now()).toBeLessThanOrEqual(EXPIRY_MS)
      const made = Date.now()
      // The URI's own proposal may reach the relay's log a moment after the URI is shown: it is not a renewal.
      const firstTopic = first.uri!.slice('wc:'.length, first.uri!.indexOf('@'))
      const renewals = () => relay.requests().filter((r) => r.method === 'wc_proposeSession' && r.time >= made && !r.topics.includes(firstTopic)).length
      // Under 10 s left it is expired: dropped, not replaced while nobody looks at it.
      const dropped = await until(core, (s) => s.walletConnect.uri === null, 5000)
      expect(dropped.walletConnect.status).toBe('idle')
      expect(Date.now() - made).toBeGreaterThanOrEqual(1000)
      await new Promise((r) => setTimeout(r, 2000))
      expect((await core.getState()).walletConnect).toMatchObject({ status: 'idle', uri: null })
      expect(renewals()).toBe(0)
      // Its proposal was expired with it: nothing is left waiting for a wallet.
      expect(await pendingProposals(core, 0)).toBe(0)

      await core.prepareWalletConnect()
      const second = (await core.getState()).walletConnect
      expect(second.status).toBe('pairing')
      expect(second.uri).not.toBe(first.uri)
    } finally {
      core.dispose()
    }
  }, 30_000)

  it('renews a URI while its QR code is shown, before it expires', async () => {
    const core = await newCore(EXPIRY_MS)
    try {
      await core.prepareWalletConnect()
      const shown = (await core.getState()).walletConnect.uri
      const answer = core.connectWalletConnect()
      const renewed = await until(core, (s) => s.walletConnect.status === 'pairing' && !!s.walletConnect.uri && s.walletConnect.uri !== shown, 5000)
      expect(renewed.walletConnect.uri).toMatch(/^wc:/)
      // The proposal it replaced is expired: the client waits on the new one alone.
      expect(await pendingProposals(core, 1)).toBe(1)
      await core.disconnectWalletConnect()
      expect((await answer).ok).toBe(false)
      expect(await pendingProposals(core, 0)).toBe(0)
    } finally {
      core.dispose()
    }
  }, 30_000)
})
