import { describe, expect, it, vi } from 'vitest'
import { CONFIG_DEFAULTS, PREFERS_DARK, browserLocale, startupConfig } from './config-defaults.ts'
import { porticoConfigSchema, type PorticoConfigInput } from './config.ts'
import { sharesSessionAcrossNamespaces, walletImageUrl } from './connectors.ts'
import { RECORDS } from './records.ts'

const input: PorticoConfigInput = {
  projectId: 'p',
  networks: [
    { id: 1, caipNetworkId: 'eip155:1', chainNamespace: 'eip155', name: 'One', nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 }, rpcUrls: { default: { http: ['http://127.0.0.1:1'] } } },
  ],
  metadata: { name: 'T', url: 'http://localhost' },
  apiUrl: 'http://api.test',
}

describe('connectors', () => {
  it('builds wallet image URLs with the project fields, the id encoded', () => {
    expect(walletImageUrl({ catalogueUrl: 'http://127.0.0.1:8788', projectId: 'p', imageId: 'a b' })).toBe('http://127.0.0.1:8788/getWalletImage/a%20b?projectId=p&st=portico&sv=react-portico-0.1.0')
  })

  it('shares one session across namespaces for walletConnect and auth only (SPEC.md §4)', () => {
    expect(sharesSessionAcrossNamespaces('WALLET_CONNECT')).toBe(true)
    expect(sharesSessionAcrossNamespaces('AUTH')).toBe(true)
    for (const type of ['ANNOUNCED', 'INJECTED', 'EXTERNAL', 'MULTI_CHAIN', null, undefined] as const) expect(sharesSessionAcrossNamespaces(type)).toBe(false)
  })

  it('reads a connection stored before connector types were kept, with no type', () => {
    const stored = {
      connections: { eip155: { status: 'connected', caipAddress: 'eip155:1:0x70997970C51812dc3A010C7d01b50e0d17dc79C8', connectorId: 'io.metamask', connectorName: 'MetaMask' } },
      activeNamespace: 'eip155',
      activeCaipNetworkId: 'eip155:1',
    }
    expect(RECORDS.connection.schema.parse(stored).connections.eip155).toMatchObject({ connectorId: 'io.metamask', connectorType: null })
  })
})

describe('configuration defaults', () => {
  it('the page reads before the session what the schema defaults to', () => {
    const parsed = porticoConfigSchema.parse(input)
    const startup = startupConfig(input)
    expect(startup).toEqual({
      themeMode: parsed.themeMode,
      themeVariables: parsed.themeVariables,
      // No locale configured: the browser's languages choose it (English outside a browser).
      locale: parsed.locale ?? browserLocale(),
      networks: parsed.networks,
      defaultNetwork: parsed.defaultNetwork,
      enableNetworkSwitch: parsed.enableNetworkSwitch,
      serviceWorker: true,
      // No themeMode and no browser (no matchMedia): light, following the browser's scheme where there is one.
      themeFollowsSystem: true,
    })
    expect(startupConfig({ ...input, themeMode: 'dark', locale: 'de', enableNetworkSwitch: false, serviceWorker: false })).toMatchObject({
      themeMode: 'dark',
      themeFollowsSystem: false,
      locale: 'de',
      enableNetworkSwitch: false,
      serviceWorker: false,
    })
  })

  it("with no themeMode, starts in the browser's colour scheme (prefers-color-scheme); a themeMode given wins", () => {
    const media = (dark: boolean) => vi.fn((query: string) => ({ matches: dark && query === PREFERS_DARK }) as MediaQueryList)
    try {
      vi.stubGlobal('matchMedia', media(true))
      expect(startupConfig(input)).toMatchObject({ themeMode: 'dark', themeFollowsSystem: true })
      expect(startupConfig({ ...input, themeMode: 'light' })).toMatchObject({ themeMode: 'light', themeFollowsSystem: false })
      vi.stubGlobal('matchMedia', media(false))
      expect(startupConfig(input).themeMode).toBe('light')
      vi.stubGlobal('matchMedia', undefined)
      expect(startupConfig(input).themeMode).toBe('light')
    } finally {
      vi.unstubAllGlobals()
    }
  })

  it('the schema defaults to CONFIG_DEFAULTS, each parse with its own lists', () => {
    const parsed = porticoConfigSchema.parse(input)
    expect(parsed).toMatchObject({ ...CONFIG_DEFAULTS, metadata: { ...CONFIG_DEFAULTS.metadata, name: 'T' } })
    expect(parsed.features.socials).toHaveLength(7)
    parsed.features.socials.pop()
    expect(porticoConfigSchema.parse(input).features.socials).toHaveLength(7)
  })
})
