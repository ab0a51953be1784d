import { createServer, type Server } from 'node:net'
import { afterEach, describe, expect, it } from 'vitest'
import { freePort } from './ports.ts'

const servers: Server[] = []
const listen = (port: number) =>
  new Promise<Server>((resolve, reject) => {
    const server = createServer()
    server.once('error', reject)
    server.listen({ port, host: '127.0.0.1', exclusive: true }, () => {
      servers.push(server)
      resolve(server)
    })
  })

afterEach(async () => {
  await Promise.all(servers.splice(0).map((s) => new Promise((r) => s.close(r))))
})

describe('freePort', () => {
  it('hands out ports a server can bind, never the same one twice in a process', async () => {
    const ports = []
    for (let i = 0; i < 20; i++) ports.push(await freePort())
    expect(new Set(ports).size).toBe(20)
    for (const port of ports.slice(0, 5)) await expect(listen(port)).resolves.toBeDefined()
  })

  it('answers the preferred port when it is free, another when something listens on it or it was handed out', async () => {
    // A port the system gave this test's own server, now closed: free, and never handed out. Another
    // process of the run may bind that very port in between (the system hands ports out again): a
    // few ports are tried, and one of them must be answered as preferred.
    const answeredAsPreferred: boolean[] = []
    for (let attempt = 0; attempt < 5 && !answeredAsPreferred.includes(true); attempt++) {
      const probe = await listen(0)
      const open = (probe.address() as { port: number }).port
      await new Promise((r) => servers.pop()!.close(r))
      answeredAsPreferred.push((await freePort(open)) === open)
    }
    expect(answeredAsPreferred).toContain(true)
    const preferred = await freePort()
    // Handed out once already: not again.
    const again = await freePort(preferred)
    expect(again).not.toBe(preferred)
    const busy = await listen(0)
    const busyPort = (busy.address() as { port: number }).port
    const other = await freePort(busyPort)
    expect(other).not.toBe(busyPort)
    await expect(listen(other)).resolves.toBeDefined()
  })
})
