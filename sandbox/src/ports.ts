import { createServer } from 'node:net'
import { SANDBOX_HOST } from './options.ts'

export class PortInUseError extends Error {
  override name = 'PortInUseError'
  constructor(
    readonly port: number,
    what: string,
  ) {
    super(`Port ${port} (${what}) is already in use — is another sandbox running? Stop it first (Ctrl-C), or choose another port (see sandbox/README.md).`)
  }
}

/** Resolves when `port` can be bound on 127.0.0.1, rejects with PortInUseError otherwise. */
export function assertPortFree(port: number, what: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const probe = createServer()
    probe.once('error', (err: NodeJS.ErrnoException) => {
      reject(err.code === 'EADDRINUSE' ? new PortInUseError(port, what) : err)
    })
    probe.listen({ port, host: SANDBOX_HOST, exclusive: true }, () => {
      probe.close(() => resolve())
    })
  })
}

/** Checks every port first, so a clash is reported before anything starts. */
export async function assertPortsFree(ports: ReadonlyArray<{ port: number; what: string }>): Promise<void> {
  const seen = new Map<number, string>()
  for (const { port, what } of ports) {
    const other = seen.get(port)
    if (other) throw new Error(`Port ${port} is configured twice (${other} and ${what})`)
    seen.set(port, what)
  }
  for (const { port, what } of ports) await assertPortFree(port, what)
}

/** Ports this process has handed out: the system may offer a port again once its probe closed. */
const handedOut = new Set<number>()

/**
 * A loopback port nothing listens on, for a test or a benchmark that starts a server of its own: the
 * system picks it (or `preferred`, when that one is free), and this process never hands the same one out
 * twice. The one allocator for tests' own ports (the sandbox's services take theirs from its options).
 */
export async function freePort(preferred?: number): Promise<number> {
  const bind = (port: number) =>
    new Promise<number>((resolve, reject) => {
      const probe = createServer()
      probe.once('error', reject)
      probe.listen({ port, host: SANDBOX_HOST, exclusive: true }, () => {
        const address = probe.address()
        probe.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject(new RangeError('The system gave no port'))))
      })
    })
  if (preferred !== undefined && !handedOut.has(preferred)) {
    const port = await bind(preferred).catch(() => undefined)
    if (port !== undefined) {
      handedOut.add(port)
      return port
    }
  }
  for (let attempt = 0; attempt < 50; attempt++) {
    const port = await bind(0)
    if (handedOut.has(port)) continue
    handedOut.add(port)
    return port
  }
  throw new RangeError('No free loopback port after 50 tries')
}
