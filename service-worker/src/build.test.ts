import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { gzipSync } from 'node:zlib'
import { build, type Rolldown } from 'vite'
import { afterAll, describe, expect, it } from 'vitest'
import { buildServiceWorker, MANIFEST_PLACEHOLDER } from './build.ts'
import { isHashedAsset } from './routes.ts'
import { porticoServiceWorker } from './vite.ts'

describe('buildServiceWorker', () => {
  it('gives one classic script with Workbox in production mode and the manifest placeholder once', async () => {
    const { code, build: id } = await buildServiceWorker()
    expect(code).not.toMatch(/^\s*(import|export)\s/m)
    expect(code).not.toContain('process.env')
    expect(code.split(MANIFEST_PLACEHOLDER)).toHaveLength(2)
    expect(code).toContain(`__PORTICO_SW_BUILD__=${JSON.stringify(id)}`)
    expect(gzipSync(code).length).toBeLessThan(20 * 1024)
  })

  it('injects the precache list, and a different list is a different build', async () => {
    const a = await buildServiceWorker({ manifest: [{ url: 'index.html', revision: '1' }] })
    const b = await buildServiceWorker({ manifest: [{ url: 'index.html', revision: '2' }] })
    expect(a.code).not.toContain(MANIFEST_PLACEHOLDER)
    expect(a.code).toContain('[{"url":"index.html","revision":"1"}]')
    expect(a.build).not.toBe(b.build)
  })
})

describe('porticoServiceWorker (Vite plugin)', () => {
  const root = mkdtempSync(join(tmpdir(), 'portico-sw-plugin-'))
  afterAll(() => rmSync(root, { recursive: true, force: true }))

  it("emits portico-service-worker.js at the output's root with the app's own files precached", async () => {
    mkdirSync(join(root, 'src'))
    writeFileSync(join(root, 'index.html'), '<!doctype html><script type="module" src="/src/main.js"></script>')
    writeFileSync(join(root, 'src/main.js'), "import('./lazy.js').then((m) => m.run())\n")
    writeFileSync(join(root, 'src/lazy.js'), 'export const run = () => document.body.append("lazy")\n')
    const output = (await build({
      root,
      configFile: false,
      logLevel: 'silent',
      plugins: [porticoServiceWorker()],
      build: { write: false, sourcemap: true },
    })) as Rolldown.RolldownOutput
    const files = output.output.map((o) => o.fileName)
    const sw = output.output.find((o) => o.fileName === 'portico-service-worker.js')
    expect(sw?.type).toBe('asset')
    const code = String(sw?.type === 'asset' ? sw.source : '')
    const start = code.indexOf('[{"url"')
    const manifest = JSON.parse(code.slice(start, code.indexOf('}]', start) + 2)) as { url: string; revision: string | null }[]
    const urls = manifest.map((e) => e.url)
    expect(urls).toContain('index.html')
    // The shell (the entry) is precached; the lazy chunk is kept only once something fetches it.
    const entry = output.output.find((o) => o.type === 'chunk' && o.isEntry)?.fileName
    const lazy = output.output.find((o) => o.type === 'chunk' && !o.isEntry)?.fileName
    expect(urls).toContain(entry)
    expect(urls).not.toContain(lazy)
    // The other hashed files are named by their folder: every one of them is kept once fetched.
    const assets = JSON.parse(/__PORTICO_SW_ASSETS__=("[^"]*"|\[[^\]]*\]);/.exec(code)?.[1] ?? 'null') as string
    expect(assets).toBe('assets/')
    const kept = (file: string) => isHashedAsset(new URL(file, 'https://dapp.example/'), new URL(assets, 'https://dapp.example/'))
    expect(kept(lazy!)).toBe(true)
    expect(files.filter((f) => f.endsWith('.js') && f !== 'portico-service-worker.js').every((f) => urls.includes(f) || kept(f))).toBe(true)
    expect(urls.some((u) => u.endsWith('.map'))).toBe(false)
    expect(urls).not.toContain('portico-service-worker.js')
    // Hashed files need no revision; index.html is revisioned by its content.
    expect(manifest.find((e) => e.url === 'index.html')?.revision).toMatch(/^[0-9a-f]{16}$/)
    expect(manifest.filter((e) => e.url.startsWith('assets/')).every((e) => e.revision === null)).toBe(true)
  })

  it('lists the kept files by name when the host picks some out of the cache', async () => {
    const output = (await build({
      root,
      configFile: false,
      logLevel: 'silent',
      plugins: [porticoServiceWorker({ precache: (file) => !file.includes('lazy') && /\.(?:html|js)$/.test(file) })],
      build: { write: false },
    })) as Rolldown.RolldownOutput
    const sw = output.output.find((o) => o.fileName === 'portico-service-worker.js')
    const code = String(sw?.type === 'asset' ? sw.source : '')
    const assets = JSON.parse(/__PORTICO_SW_ASSETS__=("[^"]*"|\[[^\]]*\]);/.exec(code)?.[1] ?? 'null') as unknown
    expect(assets).toEqual([])
  })
})
