import { FrameServiceError } from '../messages.ts'
import { chmod, mkdir, open, readFile, rm } from 'node:fs/promises'
import { join } from 'node:path'

/**
 * The one thing the frame's store needs from a database: SQL with `$1` parameters, transactions, and
 * close. Two drivers speak it with the same SQL: PGlite (PostgreSQL compiled to WebAssembly, in this
 * process, a data folder on disk or memory) and any PostgreSQL server through `pg`.
 */
export type SqlRunner = {
  query<T extends object = Record<string, unknown>>(sql: string, params?: readonly unknown[]): Promise<T[]>
}
export type SqlDriver = SqlRunner & {
  /** 'pglite' or 'postgres', for messages and tests. */
  readonly kind: 'pglite' | 'postgres'
  /** Runs `fn` in one transaction (BEGIN … COMMIT, ROLLBACK when it throws). */
  transaction<T>(fn: (tx: SqlRunner) => Promise<T>): Promise<T>
  close(): Promise<void>
}

/** A lock file beside a PGlite data folder: a second process on the same folder would corrupt it. */
async function lockFolder(dir: string): Promise<() => Promise<void>> {
  const file = `${dir}.lock`
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      const handle = await open(file, 'wx', 0o600)
      await handle.writeFile(String(process.pid))
      await handle.close()
      return () => rm(file, { force: true })
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err
      const pid = Number((await readFile(file, 'utf8').catch(() => '')).trim())
      let alive = false
      if (Number.isInteger(pid) && pid > 0 && pid !== process.pid) {
        try {
          process.kill(pid, 0)
          alive = true
        } catch (e) {
          alive = (e as NodeJS.ErrnoException).code === 'EPERM'
        }
      }
      if (alive || pid === process.pid) throw new FrameServiceError(`The frame database ${dir} is in use by process ${pid} (lock file ${file})`)
      // A lock left by a process that is gone.
      await rm(file, { force: true })
    }
  }
  throw new FrameServiceError(`Could not lock the frame database ${dir}`)
}

/**
 * PGlite on a data folder (created when missing), or in memory when `dataDir` is undefined. An
 * in-memory database may start as a copy of `from` (another's `dump()`) instead of an empty one.
 */
export async function openPglite(dataDir: string | undefined, from?: Blob): Promise<SqlDriver & { dump(): Promise<Blob> }> {
  const { PGlite } = await import('@electric-sql/pglite')
  let unlock: (() => Promise<void>) | undefined
  if (dataDir !== undefined) {
    await mkdir(join(dataDir, '..'), { recursive: true, mode: 0o700 })
    unlock = await lockFolder(dataDir)
  }
  let db
  try {
    db = await (dataDir === undefined ? PGlite.create(from ? { loadDataDir: from } : undefined) : PGlite.create(dataDir))
  } catch (err) {
    await unlock?.()
    throw err
  }
  const pglite = db
  // Sealed keys, hashes and counters: for the service's user only.
  if (dataDir !== undefined) await chmod(dataDir, 0o700)
  return {
    kind: 'pglite',
    async query<T extends object>(sql: string, params: readonly unknown[] = []) {
      return (await pglite.query<T>(sql, [...params])).rows
    },
    transaction: (fn) => pglite.transaction((tx) => fn({ query: async <T extends object>(sql: string, params: readonly unknown[] = []) => (await tx.query<T>(sql, [...params])).rows })),
    async close() {
      await pglite.close()
      await unlock?.()
    },
    // The data folder as an uncompressed tarball (an in-memory database's template).
    dump: () => pglite.dumpDataDir('none'),
  }
}

/** A PostgreSQL server (`postgres://user@host:port/db`), through a `pg` pool. */
export async function openPostgres(url: string): Promise<SqlDriver> {
  const { default: pg } = await import('pg')
  const pool = new pg.Pool({ connectionString: url, max: 10 })
  pool.on('error', (err) => console.error('[frame database]', err.message))
  // Fails here, loudly, when the server cannot be reached.
  await pool.query('SELECT 1')
  return {
    kind: 'postgres',
    async query<T extends object>(sql: string, params: readonly unknown[] = []) {
      return (await pool.query(sql, [...params])).rows as T[]
    },
    async transaction(fn) {
      const client = await pool.connect()
      try {
        await client.query('BEGIN')
        const result = await fn({ query: async <T extends object>(sql: string, params: readonly unknown[] = []) => (await client.query(sql, [...params])).rows as T[] })
        await client.query('COMMIT')
        return result
      } catch (err) {
        await client.query('ROLLBACK').catch(() => undefined)
        throw err
      } finally {
        client.release()
      }
    },
    close: () => pool.end(),
  }
}

/** PostgreSQL when `databaseUrl` is given, else PGlite on `dataDir` (memory when that is undefined too). */
export function openDatabase(options: { databaseUrl?: string | undefined; dataDir?: string | undefined }): Promise<SqlDriver> {
  return options.databaseUrl ? openPostgres(options.databaseUrl) : openPglite(options.dataDir)
}
