import { afterEach, describe, expect, it, vi } from 'vitest'
import { parsePorticoConfig, porticoConfigSchema, type PorticoConfigInput } from '../src/config.ts'
import { SchemaValidationError } from '../src/errors.ts'
import { editDistance, nearest, unknownKeyMessage } from '../src/suggest.ts'

const network: PorticoConfigInput['networks'][number] = {
  id: 31337,
  caipNetworkId: 'eip155:31337',
  chainNamespace: 'eip155',
  name: 'Portico Local',
  nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
  rpcUrls: { default: { http: ['http://127.0.0.1:8545'] } },
}
const valid: PorticoConfigInput = { projectId: 'p', networks: [network], metadata: { name: 'Dapp', url: 'https://dapp.example' }, apiUrl: 'https://api.example' }

const failure = (input: unknown): SchemaValidationError => {
  try {
    parsePorticoConfig(input)
  } catch (error) {
    if (error instanceof SchemaValidationError) return error
    throw error
  }
  throw new Error('parsed')
}

describe('the configuration’s errors', () => {
  it('an unknown key is an error naming the nearest known key', () => {
    const error = failure({ ...valid, themMode: 'dark' })
    expect(error.message).toBe("Invalid PorticoProvider config (1 issue):\n- themMode: Unknown key 'themMode'. Did you mean 'themeMode'?")
    expect(error.shortMessage).toBe(error.message)
  })

  it('lists every issue, not only the first, nested keys with their path', () => {
    const error = failure({
      projectId: 'p',
      networks: [],
      metadata: { name: 'Dapp', url: 'https://dapp.example', icon: ['x'] },
      apiUrl: 'not a url',
      themeMode: 'blue',
      fetaures: { analytics: false },
      features: { analytcs: false, swaps: 'yes' },
      colour: 'red',
      serviceWorker: { scop: '/' },
      termsConditionsUrl: 'javascript:alert(1)',
    })
    const lines = error.message.split('\n').slice(1)
    expect(error.message.split('\n')[0]).toBe(`Invalid PorticoProvider config (${lines.length} issues):`)
    expect(lines).toEqual(
      expect.arrayContaining([
        '- networks: At least one network is required',
        "- metadata.icon: Unknown key 'icon'. Did you mean 'icons'?",
        expect.stringMatching(/^- apiUrl: /),
        expect.stringMatching(/^- themeMode: /),
        "- fetaures: Unknown key 'fetaures'. Did you mean 'features'?",
        "- colour: Unknown key 'colour'.",
        "- features.analytcs: Unknown key 'analytcs'. Did you mean 'analytics'?",
        expect.stringMatching(/^- features\.swaps: /),
        "- serviceWorker.scop: Unknown key 'scop'. Did you mean 'scope'?",
        '- termsConditionsUrl: Expected an https URL (or http on a loopback host)',
      ]),
    )
    expect(lines).toHaveLength(10)
    expect(error.issues.length).toBeGreaterThanOrEqual(8)
  })

  it('unknown keys of walletConnect and core are errors too', () => {
    const error = failure({ ...valid, walletConnect: { relayURL: 'ws://127.0.0.1:8789' }, core: { swapChain: ['eip155:1'] } })
    expect(error.message.split('\n').slice(1)).toEqual([
      "- walletConnect.relayURL: Unknown key 'relayURL'. Did you mean 'relayUrl'?",
      "- core.swapChain: Unknown key 'swapChain'. Did you mean 'swapChains'?",
    ])
    expect(parsePorticoConfig({ ...valid, walletConnect: { relayUrl: 'ws://127.0.0.1:8789', pairingExpiryMs: 15_000 }, core: { swapChains: ['eip155:31337'] } }).walletConnect.relayUrl).toBe(
      'ws://127.0.0.1:8789',
    )
  })

  it('a wallet link of a custom wallet that Portico may not open is a configuration error', () => {
    const error = failure({ ...valid, customWallets: [{ id: 'w', name: 'W', mobile_link: 'javascript:alert(1)', webapp_link: 'data:text/html,x' }] })
    expect(error.message).toContain('customWallets.0.mobile_link: Expected an https URL')
    expect(error.message).toContain('customWallets.0.webapp_link: Expected an https URL')
    expect(parsePorticoConfig({ ...valid, customWallets: [{ id: 'w', name: 'W', mobile_link: 'mywallet://', webapp_link: 'https://app.mywallet.example' }] }).customWallets).toHaveLength(1)
  })

  it('a network’s explorer that Portico may not link to is a configuration error', () => {
    const error = failure({ ...valid, networks: [{ ...network, blockExplorers: { default: { name: 'X', url: 'javascript:alert(1)' } } }] })
    expect(error.message).toContain('networks.0.blockExplorers.default.url: Expected an https URL')
  })

  it('a valid configuration parses with its defaults; other schemas keep the first issue as their message', () => {
    expect(parsePorticoConfig(valid)).toMatchObject({ themeMode: 'light', features: { analytics: true } })
    const parsed = porticoConfigSchema.safeParse({ ...valid, themMode: 'dark' })
    expect(parsed.success).toBe(false)
    expect(new SchemaValidationError('x', parsed.error!.issues).message).toBe("Unknown key 'themMode'. Did you mean 'themeMode'?")
  })
})

describe('nearest known key', () => {
  it('edit distance counts insertions, deletions, substitutions and swaps, case aside', () => {
    expect(editDistance('themMode', 'themeMode')).toBe(1)
    expect(editDistance('fetaures', 'features')).toBe(1)
    expect(editDistance('ProjectID', 'projectId')).toBe(0)
    expect(editDistance('', 'abc')).toBe(3)
    expect(editDistance('kitten', 'sitting')).toBe(3)
  })
  it('suggests only a key close enough to be what was meant', () => {
    expect(nearest('themMode', ['themeMode', 'themeVariables'])).toBe('themeMode')
    expect(nearest('apiURL', ['apiUrl', 'catalogueUrl'])).toBe('apiUrl')
    expect(nearest('colour', ['themeMode', 'locale'])).toBeNull()
    expect(unknownKeyMessage('x', [])).toBe("Unknown key 'x'.")
  })
})

describe('the demo’s and the examples’ configurations parse', () => {
  afterEach(() => {
    vi.unstubAllGlobals()
    vi.resetModules()
  })
  const page = (search = '') => vi.stubGlobal('window', { location: { origin: 'http://127.0.0.1:5173', search } })

  it.each(['', '?features=-analytics', '?features=collapseWallets', '?features=legalCheckbox,collapseWallets', '?siwx=required', '?siwx=optional', '?siwx=custom', '?pairingExpiryMs=15000'])(
    'demo at %s',
    async (search) => {
      page(search)
      const { porticoConfig } = await import('../../demo/src/config.ts')
      expect(() => parsePorticoConfig(porticoConfig)).not.toThrow()
    },
  )

  const examples: Record<string, () => Promise<{ config: PorticoConfigInput }>> = {
    'vite-react': () => import('../../examples/vite-react/src/config.ts'),
    wagmi: () => import('../../examples/wagmi/src/config.ts'),
    webpack: () => import('../../examples/webpack/src/config.ts'),
    nextjs: () => import('../../examples/nextjs/app/config.ts'),
  }
  it.each(Object.keys(examples))('examples/%s', async (name) => {
    page()
    const { config } = await examples[name]!()
    expect(() => parsePorticoConfig(config)).not.toThrow()
  })
})
