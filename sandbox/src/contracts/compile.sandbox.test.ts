import { mkdtemp, readdir, rm } from 'node:fs/promises'
import { createRequire } from 'node:module'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { artifactsKey, compileContracts } from './compile.ts'

const cacheDir = await mkdtemp(join(tmpdir(), 'portico-contracts-'))
afterAll(() => rm(cacheDir, { recursive: true, force: true }))

describe('compileContracts', () => {
  it('keys the cache by sources and compiler', () => {
    const key = artifactsKey({ 'A.sol': 'contract A {}' }, '0.8.37')
    expect(artifactsKey({ 'A.sol': 'contract A {}' }, '0.8.37')).toBe(key)
    expect(artifactsKey({ 'A.sol': 'contract A { }' }, '0.8.37')).not.toBe(key)
    expect(artifactsKey({ 'A.sol': 'contract A {}' }, '0.8.38')).not.toBe(key)
  })

  it('compiles PorticoToken once, then serves it from the cache', async () => {
    const first = await compileContracts({ cacheDir })
    expect(first.fromCache).toBe(false)
    expect(first.artifacts.PorticoToken?.bytecode).toMatch(/^0x[0-9a-f]{100,}$/)
    expect(first.artifacts.PorticoToken?.abi.some((e) => e.type === 'function' && e.name === 'mint')).toBe(true)
    const second = await compileContracts({ cacheDir })
    expect(second).toMatchObject({ fromCache: true, key: first.key })
    expect(second.artifacts).toEqual(first.artifacts)
    expect(await readdir(cacheDir)).toEqual([`contracts-${first.key}.json`])
    // The compiler (GPL-3.0) ran in a process of its own: none of solc's code was loaded into this one (its package.json is read for the version).
    expect(Object.keys(createRequire(import.meta.url).cache).filter((file) => /[\\/]node_modules[\\/]solc[\\/].*\.js$/.test(file))).toEqual([])
  })
})
