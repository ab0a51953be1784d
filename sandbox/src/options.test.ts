import { describe, expect, it } from 'vitest'
import { z } from 'zod'
import { resolveOptions } from './options.ts'

describe('resolveOptions', () => {
  it('defaults to 8545/8546/8787', () => {
    const resolved = resolveOptions({ env: {} })
    expect(resolved.chains.map((c) => [c.key, c.port, c.externalRpcUrl])).toEqual([
      ['a', 8545, undefined],
      ['b', 8546, undefined],
    ])
    expect(resolved.dataApiPort).toBe(8787)
  })

  it('reads PORTICO_* env variables, and options win over them', () => {
    const env = { PORTICO_CHAIN_A_PORT: '9545', PORTICO_CHAIN_B_RPC: 'http://127.0.0.1:7000', PORTICO_DATA_API_PORT: '9787' }
    const fromEnv = resolveOptions({ env })
    expect(fromEnv.chains[0]?.port).toBe(9545)
    expect(fromEnv.chains[1]?.externalRpcUrl).toBe('http://127.0.0.1:7000')
    expect(fromEnv.dataApiPort).toBe(9787)
    expect(resolveOptions({ env, chainPorts: { a: 10545 }, dataApiPort: 10787 })).toMatchObject({ dataApiPort: 10787, chains: [{ port: 10545 }, {}] })
  })

  it('rejects bad values with the variable name', () => {
    expect(() => resolveOptions({ env: { PORTICO_DATA_API_PORT: 'eighty' } })).toThrow("Invalid PORTICO_DATA_API_PORT='eighty'")
    expect(() => resolveOptions({ dataApiPort: 70000 })).toThrow(z.ZodError)
    expect(() => resolveOptions({ dataApiPort: 70000 })).toThrow(expect.objectContaining({ issues: [expect.objectContaining({ path: ['dataApiPort'], code: 'too_big', maximum: 65535 })] }))
  })
})

describe('resolveOptions: the rest of the services', () => {
  it('puts the catalogue next to the data API unless told otherwise', () => {
    expect(resolveOptions({ env: {} }).cataloguePort).toBe(8788)
    expect(resolveOptions({ env: {}, dataApiPort: 28787 }).cataloguePort).toBe(28788)
    expect(resolveOptions({ env: { PORTICO_CATALOGUE_PORT: '9999' } }).cataloguePort).toBe(9999)
  })

  it('reads faults, name suffix and history switch from the environment', () => {
    const resolved = resolveOptions({
      env: { PORTICO_SANDBOX_FAULTS: '[{"route":"/v1/convert","kind":"500","rate":0.5}]', PORTICO_NAME_SUFFIX: '.wcn.id', PORTICO_SANDBOX_SEED_HISTORY: '0' },
    })
    expect(resolved.faults).toEqual([{ route: '/v1/convert', kind: '500', rate: 0.5 }])
    expect(resolved.nameSuffix).toBe('.wcn.id')
    expect(resolved.seedHistory).toBe(false)
    expect(resolveOptions({ env: {} })).toMatchObject({ faults: [], nameSuffix: '.reown.id', seedHistory: true })
    expect(() => resolveOptions({ env: { PORTICO_SANDBOX_FAULTS: '[{"kind":"500"}]' } })).toThrow('Invalid PORTICO_SANDBOX_FAULTS')
  })
})
