import { execFileSync, spawnSync } from 'node:child_process'
import { existsSync, readdirSync } from 'node:fs'
import { chown, mkdtemp, rm } from 'node:fs/promises'
import { createServer } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'

/** Debian's PostgreSQL binaries (the newest version installed), or undefined. */
export function postgresBinDir(): string | undefined {
  const base = '/usr/lib/postgresql'
  if (!existsSync(base)) return undefined
  const versions = readdirSync(base)
    .filter((v) => existsSync(join(base, v, 'bin', 'initdb')))
    .sort((a, b) => Number(b) - Number(a))
  return versions[0] === undefined ? undefined : join(base, versions[0], 'bin')
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer()
    server.once('error', reject)
    // Port 0: the system picks one in its ephemeral range, never one of the tests' fixed ports.
    server.listen(0, '127.0.0.1', () => {
      const address = server.address()
      server.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port'))))
    })
  })
}

/**
 * A throw-away PostgreSQL server for tests: a cluster in a temporary folder (initdb, trust, user
 * `portico`), on a loopback port, its socket in that folder. As root, the server runs as the
 * `postgres` user (PostgreSQL refuses root). Throws, loudly, when PostgreSQL is not installed
 * (`npm test` installs Debian's `postgresql`).
 */
export async function startTestPostgres(): Promise<{ url: string; stop(): Promise<void> }> {
  const bin = postgresBinDir()
  if (!bin) throw new Error('PostgreSQL is not installed (/usr/lib/postgresql/*/bin/initdb): `npm test` installs it, or run apt-get install postgresql')
  const dir = await mkdtemp(join(tmpdir(), 'portico-pg-'))
  const asRoot = process.getuid?.() === 0
  const run = (file: string, args: string[]) => {
    const [command, argv] = asRoot ? ['runuser', ['-u', 'postgres', '--', join(bin, file), ...args]] : [join(bin, file), args]
    const result = spawnSync(command as string, argv as string[], { encoding: 'utf8', timeout: 120_000 })
    if (result.status !== 0) throw new Error(`${file} failed (${result.status}): ${result.stderr || result.stdout}`)
  }
  if (asRoot) {
    const uid = Number(execFileSync('id', ['-u', 'postgres'], { encoding: 'utf8' }).trim())
    const gid = Number(execFileSync('id', ['-g', 'postgres'], { encoding: 'utf8' }).trim())
    await chown(dir, uid, gid)
  }
  const data = join(dir, 'data')
  const port = await freePort()
  try {
    run('initdb', ['-D', data, '-A', 'trust', '-U', 'portico', '--no-sync', '-E', 'UTF8'])
    run('pg_ctl', ['-D', data, '-l', join(dir, 'server.log'), '-w', '-o', `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off`, 'start'])
  } catch (err) {
    await rm(dir, { recursive: true, force: true })
    throw err
  }
  return {
    url: `postgres://portico@127.0.0.1:${port}/postgres`,
    async stop() {
      try {
        run('pg_ctl', ['-D', data, '-m', 'fast', '-w', 'stop'])
      } finally {
        await rm(dir, { recursive: true, force: true })
      }
    },
  }
}
