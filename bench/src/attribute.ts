import { existsSync, readFileSync } from 'node:fs'
import { SourceMapConsumer, type RawSourceMap } from 'source-map-js'
import { root } from './paths.ts'

/** Who a byte of a bundle belongs to. `react` is the host's framework (the floor has it too). */
export type Category = 'portico' | 'deps' | 'react' | 'app' | 'runtime'
export const CATEGORIES: readonly Category[] = ['portico', 'deps', 'react', 'app', 'runtime']

const REACT = new Set(['react', 'react-dom', 'scheduler'])
const PORTICO = /(^|\/)(main-thread|worker-core|shared-types|service-worker)\/|@portico\//
const rootPrefix = root.replace(/^\/+/, '')

/** A short, stable label for a source: the package for dependencies, the repo path for our files. */
export function labelOf(source: string | null): string {
  if (!source) return '(bundler runtime)'
  const nm = /.*node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(source)
  if (nm?.[1]) return nm[1]
  const path = source.replace(/^(\.\.\/|\.\/)+/, '')
  return path.startsWith(rootPrefix) ? path.slice(rootPrefix.length) : path
}

export function categoryOf(source: string | null): Category {
  if (!source || source.startsWith('\0') || /(^|\/)(vite|rolldown)\/|vite\/(preload-helper|modulepreload-polyfill)/.test(source)) return 'runtime'
  const nm = /.*node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(source)
  if (nm?.[1]) return REACT.has(nm[1]) ? 'react' : PORTICO.test(`${nm[1]}/`) ? 'portico' : 'deps'
  return PORTICO.test(source) ? 'portico' : 'app'
}

export type Attribution = { byCategory: Record<Category, string>; bySource: Record<string, number> }

/**
 * Splits a bundle's text by the source map: each generated span (from one mapping to the next on a
 * line) belongs to the mapping's source; text no mapping covers is the bundler's runtime.
 */
export function attribute(code: string, mapFile: string): Attribution | null {
  if (!existsSync(mapFile)) return null
  const raw = JSON.parse(readFileSync(mapFile, 'utf8')) as RawSourceMap
  const consumer = new SourceMapConsumer(raw)
  const lines = code.split('\n')
  const perLine: { column: number; source: string | null }[][] = lines.map(() => [])
  consumer.eachMapping((m) => {
    perLine[m.generatedLine - 1]?.push({ column: m.generatedColumn, source: m.source ?? null })
  })
  const parts: Record<Category, string[]> = { portico: [], deps: [], react: [], app: [], runtime: [] }
  const bySource: Record<string, number> = {}
  const take = (source: string | null, text: string) => {
    if (!text) return
    parts[categoryOf(source)].push(text)
    const label = labelOf(source)
    bySource[label] = (bySource[label] ?? 0) + Buffer.byteLength(text)
  }
  lines.forEach((line, i) => {
    const marks = (perLine[i] ?? []).sort((a, b) => a.column - b.column)
    take(null, line.slice(0, marks[0]?.column ?? line.length))
    for (const [j, mark] of marks.entries()) take(mark.source, line.slice(mark.column, marks[j + 1]?.column ?? line.length))
  })
  const byCategory = Object.fromEntries(CATEGORIES.map((c) => [c, parts[c].join('')])) as Record<Category, string>
  return { byCategory, bySource }
}
