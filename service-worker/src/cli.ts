// `npm run build -w @portico/service-worker [-- <folder>]`: writes portico-service-worker.js (no precache list:
// `self.__WB_MANIFEST` stays for workbox-build's injectManifest) for hosts that do not use Vite.
import { mkdirSync, writeFileSync } from 'node:fs'
import { join, resolve } from 'node:path'
import { gzipSync } from 'node:zlib'
import { buildServiceWorker } from './build.ts'
import { SERVICE_WORKER_FILE } from './constants.ts'

const folder = resolve(process.argv[2] ?? 'dist')
const { code, build } = await buildServiceWorker()
mkdirSync(folder, { recursive: true })
const file = join(folder, SERVICE_WORKER_FILE)
writeFileSync(file, code)
console.log(`${file}: build ${build}, ${code.length} bytes, ${gzipSync(code).length} gzip`)
