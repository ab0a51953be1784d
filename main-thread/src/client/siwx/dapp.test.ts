import { waitFor } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import type { SiwxDappConfig, SiwxSession } from '@portico/shared-types'
import { MESSAGES, PorticoError } from '@portico/shared-types/errors'
import { siwxInputSchema } from '@portico/shared-types/siwx'
import { ADDRESS, announceWallet, createTestClient, testConfig, type FakeWallet } from '../../../test/harness.tsx'
import { createClient } from '../createClient.ts'
import { adoptDappSessions, revokeDappSessions, signedInChains, siwxDappAnswerer } from './dapp.ts'

const CAIP = `eip155:31337:${ADDRESS}` as const
const session = (over: Partial<SiwxSession['data']> = {}): SiwxSession => ({
  data: { accountAddress: ADDRESS, chainId: 'eip155:31337', domain: 'dapp.example', nonce: 'abcdefgh12', expirationTime: new Date(Date.now() + 60_000).toISOString(), ...over },
  message: 'signed',
  signature: '0x01',
})

/** A dapp's own configuration, as a dapp writes it (a class with methods, toString on its message's prototype). */
class DappSiwx {
  calls: string[] = []
  sessions: SiwxSession[] = []
  verdict: unknown = true
  answer: unknown = null
  async createMessage(input: { accountAddress: string; chainId: string }) {
    this.calls.push('createMessage')
    if (this.answer !== null) return this.answer
    class Message {
      accountAddress = input.accountAddress
      chainId = input.chainId
      domain = 'dapp.example'
      nonce = 'abcdefgh12'
      toString() {
        return `dapp.example wants you to sign in with your Ethereum account:\n${this.accountAddress}`
      }
    }
    return new Message()
  }
  async addSession(s: SiwxSession) {
    this.calls.push('addSession')
    this.sessions.push(s)
  }
  async getSessions() {
    this.calls.push('getSessions')
    return this.sessions
  }
  async revokeSession(chainId: string, address: string) {
    this.calls.push(`revokeSession ${chainId} ${address}`)
  }
  async verify() {
    this.calls.push('verify')
    return this.verdict
  }
}

function configOf(dapp: DappSiwx): SiwxDappConfig {
  return siwxInputSchema.parse({
    createMessage: (i: { accountAddress: string; chainId: string }) => dapp.createMessage(i),
    addSession: (s: SiwxSession) => dapp.addSession(s),
    getSessions: () => dapp.getSessions(),
    revokeSession: (c: string, a: string) => dapp.revokeSession(c, a),
    verify: () => dapp.verify(),
  }) as SiwxDappConfig
}

let wallet: FakeWallet | undefined
afterEach(() => {
  wallet?.cleanup()
  wallet = undefined
})

describe("a dapp's own SIWX configuration, in the page", () => {
  it('createMessage: its data and its text cross to the core; a wrong shape is the typed initialisation error', async () => {
    const dapp = new DappSiwx()
    const answer = siwxDappAnswerer(configOf(dapp))
    const created = await answer({ method: 'siwx_createMessage', params: [{ accountAddress: ADDRESS, chainId: 'eip155:31337' }] })
    expect(created).toEqual({
      data: { accountAddress: ADDRESS, chainId: 'eip155:31337', domain: 'dapp.example', nonce: 'abcdefgh12' },
      message: `dapp.example wants you to sign in with your Ethereum account:\n${ADDRESS}`,
    })
    dapp.answer = { accountAddress: ADDRESS }
    const error = await answer({ method: 'siwx_createMessage', params: [{ accountAddress: ADDRESS, chainId: 'eip155:31337' }] }).catch((e: unknown) => e)
    expect(error).toBeInstanceOf(PorticoError)
    expect((error as PorticoError).shortMessage).toBe(MESSAGES.siwxInitFailed)
    expect((error as PorticoError).details).toMatch(/^siwx\.createMessage answered chainId:/)
  })

  it('addSession: verify first (false or a non-boolean refuses with Signature declined), then addSession', async () => {
    const dapp = new DappSiwx()
    const answer = siwxDappAnswerer(configOf(dapp))
    await answer({ method: 'siwx_addSession', params: [session()] })
    expect(dapp.calls).toEqual(['verify', 'addSession'])
    dapp.verdict = false
    await expect(answer({ method: 'siwx_addSession', params: [session()] })).rejects.toThrow(MESSAGES.signatureDeclined)
    dapp.verdict = 'yes'
    await expect(answer({ method: 'siwx_addSession', params: [session()] })).rejects.toThrow(MESSAGES.signatureDeclined)
    expect(dapp.sessions).toHaveLength(1)
  })

  it("getSessions: the account's valid sessions count as signed in and the core keeps them; a wrong shape is the typed initialisation error", async () => {
    const portico = createTestClient({ config: testConfig() })
    await portico.client.start()
    const dapp = new DappSiwx()
    const config = configOf(dapp)
    expect(await adoptDappSessions(config, portico.core, CAIP)).toBe(false)
    dapp.sessions = [session({ expirationTime: new Date(Date.now() - 1000).toISOString() }), session({ chainId: 'eip155:31338' })]
    expect(await adoptDappSessions(config, portico.core, CAIP)).toBe(false)
    dapp.sessions.push(session())
    expect(await adoptDappSessions(config, portico.core, CAIP)).toBe(true)
    expect((await portico.core.getState()).siwxSessions).toEqual([session({ expirationTime: dapp.sessions[2]!.data.expirationTime })])
    dapp.sessions = [{ data: { chainId: 'eip155:31337' } } as unknown as SiwxSession]
    await expect(adoptDappSessions(config, portico.core, CAIP)).rejects.toThrow(MESSAGES.siwxInitFailed)

    // Disconnecting revokes every chain the account signed in on.
    dapp.calls = []
    await revokeDappSessions(
      config,
      CAIP,
      signedInChains(CAIP, [session(), session({ chainId: 'eip155:31338' }), session({ chainId: 'eip155:1', accountAddress: '0x0000000000000000000000000000000000000001' })]),
    )
    expect(dapp.calls.sort()).toEqual([`revokeSession eip155:31337 ${ADDRESS}`, `revokeSession eip155:31338 ${ADDRESS}`])
    portico.client.destroy()
  })

  it("a wallet's own disconnect, seen by two tabs: the dapp hears it once (revokeSession per chain the account signed in on)", async () => {
    wallet = announceWallet()
    // The visitor approved this page before (a returning visitor): the wallet answers its account.
    await wallet.provider.request({ method: 'eth_requestAccounts' })
    const dapp = new DappSiwx()
    const config = testConfig({ siwx: configOf(dapp) })
    const first = createTestClient({ config })
    const second = createClient({ config, spawn: () => ({ api: first.core as never, kind: 'dedicated', close: () => undefined }) })
    await first.client.start()
    await second.start()
    for (const chainId of ['eip155:31337', 'eip155:31338'] as const) await first.core.addSiwxSession(session({ chainId }))
    await first.core.setConnected({ caipAddress: CAIP, connectorId: 'dev.test.wallet', connectorName: 'Test Wallet', connectorType: 'ANNOUNCED' })
    await waitFor(() => expect(wallet!.provider.on.mock.calls.filter(([event]) => event === 'accountsChanged').length).toBeGreaterThanOrEqual(2))
    dapp.calls = []

    // The visitor disconnects in the wallet itself: it forgets the page and says so to every tab.
    await wallet.provider.request({ method: 'wallet_revokePermissions' })
    for (const [event, listener] of wallet.provider.on.mock.calls) if (event === 'accountsChanged') (listener as (accounts: string[]) => void)([])

    await waitFor(() => expect(dapp.calls.filter((c) => c.startsWith('revokeSession')).sort()).toEqual([`revokeSession eip155:31337 ${ADDRESS}`, `revokeSession eip155:31338 ${ADDRESS}`]))
    await new Promise((resolve) => setTimeout(resolve, 50))
    expect(dapp.calls.filter((c) => c.startsWith('revokeSession'))).toHaveLength(2)
    const state = await first.core.getState()
    expect(state.siwxSessions).toEqual([])
    expect(state.siwxSignOuts).toEqual([])
    second.destroy()
    first.client.destroy()
  })

  it('Disconnect in the modal tells the dapp once, from that tab, and leaves nothing for the others', async () => {
    wallet = announceWallet()
    await wallet.provider.request({ method: 'eth_requestAccounts' })
    const dapp = new DappSiwx()
    const portico = createTestClient({ config: testConfig({ siwx: configOf(dapp) }) })
    await portico.client.start()
    await portico.core.addSiwxSession(session())
    await portico.core.setConnected({ caipAddress: CAIP, connectorId: 'dev.test.wallet', connectorName: 'Test Wallet', connectorType: 'ANNOUNCED' })
    dapp.calls = []
    await portico.client.disconnect()
    await new Promise((resolve) => setTimeout(resolve, 50))
    expect(dapp.calls.filter((c) => c.startsWith('revokeSession'))).toEqual([`revokeSession eip155:31337 ${ADDRESS}`])
    expect((await portico.core.getState()).siwxSignOuts).toEqual([])
    portico.client.destroy()
  })
})
