import { createServer, type Server } from 'node:net'
import { afterEach, describe, expect, it } from 'vitest'
import { readChainId } from './chain/wait-for-rpc.ts'
import { startSandbox } from './index.ts'
import { PortInUseError, assertPortFree, assertPortsFree } from './ports.ts'

let blocker: Server | undefined

function occupy(port: number): Promise<Server> {
  return new Promise((resolve, reject) => {
    const server = createServer()
    server.once('error', reject)
    server.listen(port, '127.0.0.1', () => resolve(server))
  })
}

afterEach(async () => {
  await new Promise((r) => (blocker ? blocker.close(r) : r(undefined)))
  blocker = undefined
})

describe('port checks', () => {
  it('passes for a free port and names a busy one', async () => {
    await expect(assertPortFree(28600, 'test')).resolves.toBeUndefined()
    blocker = await occupy(28600)
    const error = await assertPortFree(28600, 'test').catch((e: unknown) => e)
    expect(error).toBeInstanceOf(PortInUseError)
    expect(String(error)).toContain('Port 28600 (test) is already in use — is another sandbox running? Stop it first (Ctrl-C)')
  })

  it('rejects a port configured twice', async () => {
    await expect(assertPortsFree([{ port: 28601, what: 'a' }, { port: 28601, what: 'b' }])).rejects.toThrow('configured twice')
  })

  it('startSandbox refuses to start, and spawns nothing, when a port is taken', async () => {
    blocker = await occupy(28787)
    await expect(startSandbox({ chainPorts: { a: 28545, b: 28546 }, dataApiPort: 28787 })).rejects.toThrow(
      'Port 28787 (blockchain-data API) is already in use',
    )
    expect(await readChainId('http://127.0.0.1:28545')).toBeUndefined()
  })
})
