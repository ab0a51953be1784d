import 'fake-indexeddb/auto'
import { describe, expect, it } from 'vitest'
import type { SiwxSession } from '@portico/shared-types'
import { ADDRESS, CAIP_ADDRESS, setupCore, testConfig } from '../../../test/fixtures.ts'

const session = (chainId: 'eip155:31337' | 'eip155:31338', now: number): SiwxSession => ({
  data: { accountAddress: ADDRESS, chainId, domain: 'example.org', nonce: `n-${chainId}`, expirationTime: new Date(now + 60_000).toISOString() },
  message: 'example.org wants you to sign in',
  signature: '0x01',
})

async function signedIn() {
  const setup = setupCore()
  await setup.core.configure(testConfig)
  await setup.core.setConnected({ caipAddress: CAIP_ADDRESS, connectorId: 'x', connectorName: 'X' })
  await setup.core.addSiwxSession(session('eip155:31337', setup.clock.now))
  await setup.core.addSiwxSession(session('eip155:31338', setup.clock.now))
  return setup
}

describe('sign-outs left for the dapp to hear of', () => {
  it('a disconnect no page told the dapp of leaves one, with the chains signed in on; only the first taker gets it', async () => {
    const { core } = await signedIn()
    await core.setDisconnected('eip155')
    const state = await core.getState()
    expect(state.siwxSessions).toEqual([])
    expect(state.siwxSignOuts).toHaveLength(1)
    const [signOut] = state.siwxSignOuts
    expect(signOut).toMatchObject({ caipAddress: CAIP_ADDRESS })
    expect([...signOut!.chainIds].sort()).toEqual(['eip155:31337', 'eip155:31338'])
    expect(await core.takeSiwxSignOut(signOut!.id)).toBe(true)
    expect(await core.takeSiwxSignOut(signOut!.id)).toBe(false)
    expect((await core.getState()).siwxSignOuts).toEqual([])
  })

  it('none when the page told the dapp itself, and none for an account that was not signed in', async () => {
    const { core } = await signedIn()
    await core.setDisconnected('eip155', { dappSignedOut: true })
    expect((await core.getState()).siwxSignOuts).toEqual([])
    await core.setConnected({ caipAddress: CAIP_ADDRESS, connectorId: 'x', connectorName: 'X' })
    await core.setDisconnected('eip155')
    expect((await core.getState()).siwxSignOuts).toEqual([])
  })
})
