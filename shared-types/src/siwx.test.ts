import { describe, expect, it } from 'vitest'
import { porticoConfigSchema } from './config.ts'
import { siwxConfigSchema, siwxInputSchema, siwxOptions } from './siwx.ts'

const dappConfig = {
  createMessage: async () => ({ accountAddress: '0x1', chainId: 'eip155:1' as const, toString: () => 'm' }),
  addSession: async () => undefined,
  getSessions: async () => [],
  revokeSession: async () => undefined,
  getRequired: () => true,
}

describe('siwx configuration', () => {
  it('takes siwx or the older siweConfig, with defaults, and rejects both at once', () => {
    const options = siwxConfigSchema.parse({ required: true })
    expect(options).toEqual({ required: true, expiresInMs: 24 * 60 * 60 * 1000 })
    expect(siwxOptions({ siwx: options })).toBe(options)
    expect(siwxOptions({ siweConfig: options })).toBe(options)
    expect(siwxOptions({})).toBeNull()
    expect(() => siwxOptions({ siwx: options, siweConfig: options })).toThrow('Set either siwx or siweConfig, not both')
  })

  it("takes a dapp's own SIWX configuration, keeping its functions; both it and siweConfig is rejected", () => {
    const parsed = siwxInputSchema.parse(dappConfig)
    expect(parsed).toMatchObject({ createMessage: dappConfig.createMessage, getRequired: dappConfig.getRequired, signOutOnDisconnect: true })
    expect(siwxInputSchema.parse({ required: true })).toEqual({ required: true, expiresInMs: 24 * 60 * 60 * 1000 })
    const base = { networks: [{ id: 1, caipNetworkId: 'eip155:1', chainNamespace: 'eip155', name: 'E', nativeCurrency: { name: 'E', symbol: 'E', decimals: 18 }, rpcUrls: { default: { http: ['http://127.0.0.1:1'] } } }], metadata: { name: 'd', url: 'http://127.0.0.1/' }, apiUrl: 'http://127.0.0.1:2' }
    const config = porticoConfigSchema.parse({ ...base, siwx: dappConfig })
    expect(config.siwx).toMatchObject({ addSession: dappConfig.addSession })
    expect(() => siwxOptions(porticoConfigSchema.parse({ ...base, siwx: dappConfig, siweConfig: {} }))).toThrow('Set either siwx or siweConfig, not both')
  })

  it('refuses a dapp configuration given in part, naming what is missing or not a function', () => {
    const { revokeSession: _missing, ...partial } = dappConfig
    expect(siwxInputSchema.safeParse(partial).error?.issues[0]).toMatchObject({ path: ['revokeSession'], message: 'siwx.revokeSession must be a function' })
    expect(siwxInputSchema.safeParse({ ...dappConfig, getSessions: 'no' }).error?.issues[0]?.message).toBe('siwx.getSessions must be a function')
  })
})
