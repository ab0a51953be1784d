// Entry of `@portico/service-worker/vite` for Node: Vite loads a host's vite.config.ts with its
// dependencies left to Node, and Node 20 cannot read this package's TypeScript sources, so tsx loads them.
import { tsImport } from 'tsx/esm/api'

/** @type {typeof import('./src/vite.ts')} */
const plugin = await tsImport('./src/vite.ts', import.meta.url)

export const porticoServiceWorker = plugin.porticoServiceWorker
