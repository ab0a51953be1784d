import { FrameServiceError } from '../messages.ts'
import { rename, rm, writeFile } from 'node:fs/promises'
import { parseArgs } from 'node:util'
import { FrameKey, frameKeySchema, loadFrameKey, newFrameKey } from './keys.ts'
import { rekeyFrameStore } from './rekey.ts'
import { openFrameStore } from './store.ts'

/**
 * `node frame-service/bin/frame-rekey.mjs`: re-seals the frame database's private keys under a new frame
 * key (frame-service/README.md "Key rotation"). The database: PORTICO_FRAME_DATABASE_URL, else
 * `--data-dir` (PGlite). The old key: PORTICO_FRAME_KEY, else `--key-file`. The new key:
 * PORTICO_FRAME_NEW_KEY, else a new random one; with `--key-file` and no PORTICO_FRAME_NEW_KEY,
 * the file is replaced by the new key once the database is re-sealed.
 */
const { values } = parseArgs({ options: { 'data-dir': { type: 'string' }, 'key-file': { type: 'string' } } })
const env = process.env
const databaseUrl = env['PORTICO_FRAME_DATABASE_URL'] || undefined
const dataDir = values['data-dir']
const keyFile = values['key-file']
if (!databaseUrl && !dataDir) throw new FrameServiceError('Say which database: PORTICO_FRAME_DATABASE_URL, or --data-dir for PGlite')
if (!env['PORTICO_FRAME_KEY'] && !keyFile) throw new FrameServiceError('Say the current key: PORTICO_FRAME_KEY, or --key-file')

const oldKey = await loadFrameKey({ key: env['PORTICO_FRAME_KEY'], keyFile: keyFile ?? '' })
const newRaw = env['PORTICO_FRAME_NEW_KEY'] || newFrameKey()
const parsed = frameKeySchema.safeParse(newRaw)
if (!parsed.success) throw new FrameServiceError(`Invalid PORTICO_FRAME_NEW_KEY: ${parsed.error.issues[0]?.message ?? 'invalid'}`)
const newKey = new FrameKey(parsed.data)

const replaceFile = keyFile !== undefined && !env['PORTICO_FRAME_KEY'] && !env['PORTICO_FRAME_NEW_KEY']
// The new key is kept before the database changes, so no moment holds keys sealed with a key nobody has.
if (replaceFile) await writeFile(`${keyFile}.new`, `${newRaw}\n`, { mode: 0o600 })
else if (!env['PORTICO_FRAME_NEW_KEY']) console.log(`The new key (set it as PORTICO_FRAME_KEY, keep it secret):\n${newRaw}`)

const store = await openFrameStore({ databaseUrl, dataDir })
try {
  const { resealed, alreadyNew } = await rekeyFrameStore(store, oldKey, newKey)
  console.log(`Re-sealed ${resealed} key(s) from frame key ${oldKey.id} to ${newKey.id}${alreadyNew ? ` (${alreadyNew} already under ${newKey.id})` : ''}.`)
} catch (err) {
  if (replaceFile) await rm(`${keyFile}.new`, { force: true })
  throw err
} finally {
  await store.close()
}
if (replaceFile) {
  await rename(`${keyFile}.new`, keyFile)
  console.log(`The key file ${keyFile} now holds key ${newKey.id}.`)
} else {
  console.log(`Start the frame service with PORTICO_FRAME_KEY set to key ${newKey.id}.`)
}
