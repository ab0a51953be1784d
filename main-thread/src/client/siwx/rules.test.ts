import { describe, expect, it } from 'vitest'
import type { CoreState, SiwxSession } from '@portico/shared-types'
import { hasSiwxSession, siwxAccountToAsk, siwxModal, siwxSessionEndsAt, siwxSessionExpired } from './rules.ts'

const ADDRESS = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266'
const CAIP = `eip155:31337:${ADDRESS}` as const
const NOW = Date.parse('2026-11-23T12:00:00Z')
const options = { required: true, expiresInMs: 60_000 }

const session = (over: Partial<SiwxSession['data']> = {}): SiwxSession => ({
  data: { accountAddress: ADDRESS.toLowerCase(), chainId: 'eip155:31337', expirationTime: '2026-11-23T13:00:00Z', ...over },
  message: 'm',
  signature: '0x01',
})

function connected(sessions: SiwxSession[] = [], caipAddress: string = CAIP): CoreState {
  return {
    activeNamespace: 'eip155',
    connections: { eip155: { status: 'connected', caipAddress: caipAddress as typeof CAIP, connectorId: 'w', connectorName: 'W', connectorType: 'ANNOUNCED' } },
    siwxSessions: sessions,
  } as unknown as CoreState
}
const disconnected = { activeNamespace: null, connections: {}, siwxSessions: [] } as unknown as CoreState

describe('SIWX on the page', () => {
  it('asks a connected solana account too (Sign In With Solana), on a listed Solana network, until it has a session; not another namespace', () => {
    const LOCALNET = 'solana:CVKvLJxd3XizetK5FTJT3EZAi4RhiiK4'
    const SOL_ADDRESS = 'oeYf6KAJkLYhBuR8CiGc6L4D4Xtfepr85fuDgA9kq96'
    const solanaCaip = `${LOCALNET}:${SOL_ADDRESS}`
    const state = (sessions: SiwxSession[] = [], caipAddress = solanaCaip) =>
      ({
        activeNamespace: caipAddress.split(':')[0],
        connections: { [caipAddress.split(':')[0]!]: { status: 'connected', caipAddress, connectorId: 'walletStandard:W', connectorName: 'W', connectorType: 'ANNOUNCED' } },
        siwxSessions: sessions,
      }) as unknown as CoreState
    expect(siwxAccountToAsk(options, [LOCALNET], state(), NOW)).toBe(solanaCaip)
    expect(siwxAccountToAsk(options, ['eip155:31337'], state(), NOW)).toBeNull()
    expect(siwxAccountToAsk(options, [LOCALNET], state([session({ accountAddress: SOL_ADDRESS, chainId: LOCALNET })]), NOW)).toBeNull()
    const bitcoin = 'bip122:000000000019d6689c085ae165831e93:bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq'
    expect(siwxAccountToAsk(options, ['bip122:000000000019d6689c085ae165831e93'], state([], bitcoin), NOW)).toBeNull()
  })

  it('asks a connected eip155 account on a listed network without a valid session, and nobody else', () => {
    expect(siwxAccountToAsk(options, ['eip155:31337'], connected(), NOW)).toBe(CAIP)
    expect(siwxAccountToAsk(null, ['eip155:31337'], connected(), NOW)).toBeNull()
    expect(siwxAccountToAsk(options, ['eip155:31338'], connected(), NOW)).toBeNull() // unsupported network: no prompt
    expect(siwxAccountToAsk(options, ['eip155:31337'], connected([session()]), NOW)).toBeNull()
    expect(siwxAccountToAsk(options, ['eip155:31337'], disconnected, NOW)).toBeNull()
  })

  it('a session counts for its account and chain until it expires', () => {
    expect(hasSiwxSession([session()], CAIP, NOW)).toBe(true)
    expect(hasSiwxSession([session({ chainId: 'eip155:31338' })], CAIP, NOW)).toBe(false)
    expect(hasSiwxSession([session({ expirationTime: '2026-11-23T11:59:59Z' })], CAIP, NOW)).toBe(false)
    expect(siwxAccountToAsk(options, ['eip155:31337'], connected([session({ expirationTime: '2026-11-23T11:00:00Z' })]), NOW)).toBe(CAIP)
  })

  it('a session whose expiry cannot be read does not count: it is asked again, not trusted for ever', () => {
    expect(hasSiwxSession([session({ expirationTime: 'never' })], CAIP, NOW)).toBe(false)
    expect(siwxAccountToAsk(options, ['eip155:31337'], connected([session({ expirationTime: 'not a date' })]), NOW)).toBe(CAIP)
    expect(hasSiwxSession([session({ expirationTime: undefined })], CAIP, NOW)).toBe(true)
  })

  it('opens the sign view, keeps it, closes it once signed, and gives way to Connect when the account leaves', () => {
    const closed = { open: false, router: { history: [{ name: 'Account' as const }] } }
    const asking = siwxModal(closed, CAIP, new Set(), true)
    expect(asking).toEqual({ open: true, router: { history: [{ name: 'SIWXSignMessage' }] } })
    expect(siwxModal(asking, CAIP, new Set(), true)).toBe(asking)
    expect(siwxModal(closed, CAIP, new Set([CAIP]), true)).toBe(closed)
    expect(siwxModal(asking, null, new Set(), true)).toEqual({ open: false, router: { history: [{ name: 'Account' }] } })
    expect(siwxModal(asking, null, new Set(), false)).toEqual({ open: true, router: { history: [{ name: 'Connect' }] } })
    // The older siweConfig names the same view ConnectingSiwe.
    const legacy = siwxModal(closed, CAIP, new Set(), true, 'ConnectingSiwe')
    expect(legacy).toEqual({ open: true, router: { history: [{ name: 'ConnectingSiwe' }] } })
    expect(siwxModal(legacy, null, new Set(), true)).toEqual({ open: false, router: { history: [{ name: 'Account' }] } })
  })
})

describe("SIWX 'Session Expired'", () => {
  it('says the sign-in ran out only when the account had one here and every one of them expired', () => {
    expect(siwxSessionExpired([session({ expirationTime: '2026-11-23T11:00:00Z' })], CAIP, NOW)).toBe(true)
    expect(siwxSessionExpired([session({ expirationTime: '2026-11-23T11:00:00Z' }), session()], CAIP, NOW)).toBe(false)
    expect(siwxSessionExpired([], CAIP, NOW)).toBe(false)
    expect(siwxSessionExpired([session({ chainId: 'eip155:31338', expirationTime: '2026-11-23T11:00:00Z' })], CAIP, NOW)).toBe(false)
  })

  it('knows when the valid session runs out, so the page asks again at that moment', () => {
    expect(siwxSessionEndsAt([session()], CAIP, NOW)).toBe(Date.parse('2026-11-23T13:00:00Z'))
    expect(siwxSessionEndsAt([session({ expirationTime: '2026-11-23T11:00:00Z' })], CAIP, NOW)).toBeNull()
    expect(siwxSessionEndsAt([session({ expirationTime: undefined })], CAIP, NOW)).toBeNull()
  })
})
