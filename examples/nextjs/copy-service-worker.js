// The one step a Next.js host takes: Portico's prebuilt service worker, served from the root of the
// origin (public/ is served as is). Run before each build (`prebuild`), so an upgrade of
// @portico/service-worker is picked up.
import { copyFileSync, mkdirSync } from 'node:fs'
import { createRequire } from 'node:module'

const require = createRequire(import.meta.url)
mkdirSync(new URL('./public', import.meta.url), { recursive: true })
copyFileSync(require.resolve('@portico/service-worker/portico-service-worker.js'), new URL('./public/portico-service-worker.js', import.meta.url))
