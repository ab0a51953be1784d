// The core's errors reach the page as their classes, through comlink over a real MessageChannel (one
// realm here, so comlink's one handler both sends as the worker's does and revives as the page's does).
import { HttpRequestError, PorticoError, SchemaValidationError } from '@portico/shared-types'
import { WriteFailure } from '@portico/shared-types/write'
import { afterEach, describe, expect, it } from 'vitest'

type Api = { fail(kind: string): Promise<void> }

async function connect() {
  const comlink = await import('comlink')
  const { installErrorTransfer } = await import('../../../worker-core/src/infra/errorTransfer.ts')
  const { installErrorRevival } = await import('./errorTransfer.ts')
  installErrorTransfer()
  installErrorRevival()
  const shared = await import('@portico/shared-types')
  const write = await import('@portico/shared-types/write')
  const channel = new MessageChannel()
  const thrown: Record<string, () => unknown> = {
    http: () => new shared.HttpRequestError({ status: 503, url: 'https://api.example.org/v1/x' }),
    schema: () =>
      new shared.SchemaValidationError('balance', [{ code: 'invalid_type', expected: 'string', path: ['data'], message: 'Invalid input: expected string, received number', input: 1 } as never]),
    write: () => new write.WriteFailure('NAME_TAKEN', { field: 'name', values: { name: 'alice.reown.id' } }),
    plain: () => new Error('not ours'),
  }
  comlink.expose({ fail: async (kind: string) => Promise.reject(thrown[kind]!()) }, channel.port1)
  const api = comlink.wrap<Api>(channel.port2)
  return { api, close: () => (channel.port1.close(), channel.port2.close()) }
}

let close = () => undefined as unknown
afterEach(() => void close())

describe('errors across the core port', () => {
  it('an HTTP error is an HttpRequestError on the page, with its status and SPEC.md message', async () => {
    const link = await connect()
    close = link.close
    const error = await link.api.fail('http').catch((e: unknown) => e)
    expect(error).toBeInstanceOf(HttpRequestError)
    expect(error).toBeInstanceOf(PorticoError)
    expect(error).toMatchObject({ name: 'HttpRequestError', message: 'HTTP status code: 503', status: 503, details: 'https://api.example.org/v1/x' })
  })

  it('a schema failure and a write failure keep their classes and messages', async () => {
    const link = await connect()
    close = link.close
    const schema = await link.api.fail('schema').catch((e: unknown) => e)
    expect(schema).toBeInstanceOf(SchemaValidationError)
    expect((schema as Error).message).toBe('Invalid input: expected string, received number at data')
    const write = await link.api.fail('write').catch((e: unknown) => e)
    expect(write).toBeInstanceOf(WriteFailure)
    expect((write as Error).message).toBe('alice.reown.id is already taken')
  })

  it('an error outside the family crosses as comlink sends it: a plain Error with its message', async () => {
    const link = await connect()
    close = link.close
    const error = await link.api.fail('plain').catch((e: unknown) => e)
    expect(error).not.toBeInstanceOf(PorticoError)
    expect((error as Error).message).toBe('not ours')
  })
})
