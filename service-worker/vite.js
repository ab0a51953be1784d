// Entry of `@portico/service-worker/vite` for Node (Vite loads a host's vite.config.ts with its
// dependencies left to Node). The published package runs its built dist/vite.js. In Portico's own
// workspace, where the sources are present, tsx loads them instead, so the demo never needs a build.
import { existsSync } from 'node:fs'

const sources = new URL('./src/vite.ts', import.meta.url)

/** @type {typeof import('./src/vite.ts')} */
const plugin = existsSync(sources) ? await (await import('tsx/esm/api')).tsImport(sources.href, import.meta.url) : await import('./dist/vite.js')

export const porticoServiceWorker = plugin.porticoServiceWorker
