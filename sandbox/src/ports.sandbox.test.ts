import { createServer, type Server } from 'node:net'
import { afterEach, describe, expect, it } from 'vitest'
import { readChainId } from './chain/wait-for-rpc.ts'
import { startSandbox } from './index.ts'
import { PortInUseError, assertPortFree, assertPortsFree } from './ports.ts'
import { testSandboxOptions } from '../test/helpers.ts'

// Its own base (see test-helpers.ts): chains 22570/22571, data API 22572, catalogue 22573; 22575/22576 for the probes.
const OPTIONS = testSandboxOptions(22570)

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
    await expect(assertPortFree(22575, 'test')).resolves.toBeUndefined()
    blocker = await occupy(22575)
    const error = await assertPortFree(22575, 'test').catch((e: unknown) => e)
    expect(error).toBeInstanceOf(PortInUseError)
    expect(String(error)).toContain('Port 22575 (test) is already in use — is another sandbox running? Stop it first (Ctrl-C)')
  })

  it('rejects a port configured twice', async () => {
    await expect(
      assertPortsFree([
        { port: 22576, what: 'a' },
        { port: 22576, what: 'b' },
      ]),
    ).rejects.toThrow('configured twice')
  })

  it('startSandbox refuses to start, and spawns nothing, when a port is taken', async () => {
    // The ports of OPTIONS (moved by PORTICO_E2E_PORT_OFFSET like every test sandbox's).
    const { dataApiPort, chainPorts } = OPTIONS as { dataApiPort: number; chainPorts: { a: number; b: number } }
    blocker = await occupy(dataApiPort)
    await expect(startSandbox(OPTIONS)).rejects.toThrow(`Port ${dataApiPort} (blockchain-data API) is already in use`)
    expect(await readChainId(`http://127.0.0.1:${chainPorts.a}`)).toBeUndefined()
    expect(await readChainId(`http://127.0.0.1:${chainPorts.b}`)).toBeUndefined()
  })
})
