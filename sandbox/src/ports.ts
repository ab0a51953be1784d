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
