import { describe, expect, it } from 'vitest'
import { resolveOptions } from '../options.ts'
import { bundlerMode, bundlerPort, bundlerService } from './bundler.ts'

describe('the bundlers service settings', () => {
  it('is lazy by default, eager or off when PORTICO_SANDBOX_BUNDLER says so, and refuses another value', () => {
    expect(bundlerMode(resolveOptions({ env: {} }))).toBe('lazy')
    expect(bundlerMode(resolveOptions({ env: { PORTICO_SANDBOX_BUNDLER: 'eager' } }))).toBe('eager')
    expect(bundlerMode(resolveOptions({ env: { PORTICO_SANDBOX_BUNDLER: '1' } }))).toBe('eager')
    expect(bundlerMode(resolveOptions({ env: { PORTICO_SANDBOX_BUNDLER: 'off' } }))).toBe('off')
    expect(bundlerMode(resolveOptions({ env: { PORTICO_SANDBOX_BUNDLER: '0' } }))).toBe('off')
    expect(() => bundlerMode(resolveOptions({ env: { PORTICO_SANDBOX_BUNDLER: 'sometimes' } }))).toThrow("Invalid PORTICO_SANDBOX_BUNDLER='sometimes': expected eager, lazy or off")
  })

  it('takes its ports from the options, then the env, else the data API port + 6 and + 7; off, it binds none', () => {
    const byDefault = resolveOptions({ env: {} })
    expect([bundlerPort(byDefault, 'a'), bundlerPort(byDefault, 'b')]).toEqual([8793, 8794])
    expect(bundlerService.endpoints(resolveOptions({ env: {}, dataApiPort: 18787 })).map((e) => [e.label, e.url])).toEqual([
      ['bundler 31337', 'http://127.0.0.1:18793'],
      ['bundler 31338', 'http://127.0.0.1:18794'],
    ])
    const fromEnv = resolveOptions({ env: { PORTICO_BUNDLER_A_PORT: '9001', PORTICO_BUNDLER_B_PORT: '9002' } })
    expect([bundlerPort(fromEnv, 'a'), bundlerPort(fromEnv, 'b')]).toEqual([9001, 9002])
    const fromOptions = resolveOptions({ env: { PORTICO_BUNDLER_A_PORT: '9001' }, ports: { bundlerA: 9101 } })
    expect(bundlerPort(fromOptions, 'a')).toBe(9101)
    expect(bundlerService.endpoints(resolveOptions({ env: { PORTICO_SANDBOX_BUNDLER: 'off' } }))).toEqual([])
  })
})
