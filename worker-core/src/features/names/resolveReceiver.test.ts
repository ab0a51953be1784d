import { WriteFailure } from '@portico/shared-types/write'
import { describe, expect, it } from 'vitest'
import { createHttpClient } from '../../infra/http.ts'
import { resolveReceiverName } from './resolveReceiver.ts'

const ADDRESS = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8'

/** A profile API answering `account` for every name (null: 404), counting its requests. */
function profileApi(account: unknown | null) {
  const urls: string[] = []
  const fetch = async (input: RequestInfo | URL) => {
    urls.push(String(input))
    return account === null ? new Response('{"message":"not found"}', { status: 404 }) : Response.json(account)
  }
  return { urls, api: createHttpClient({ baseUrl: 'https://api.example.org', projectId: 'p', fetch: fetch as typeof globalThis.fetch, sleep: async () => {} }) }
}

describe('resolveReceiverName', () => {
  it('answers the address for the chain and an https avatar, from the one account-name endpoint', async () => {
    const { api, urls } = profileApi({ name: 'alice.reown.id', registered: 1, addresses: { '60': { address: ADDRESS } }, attributes: { avatar: 'https://img.example.org/a.png' } })
    await expect(resolveReceiverName(api, 'Alice.reown.id', 31337)).resolves.toEqual({ name: 'alice.reown.id', address: ADDRESS, avatar: 'https://img.example.org/a.png' })
    expect(urls.map((url) => new URL(url).pathname)).toEqual(['/v1/profile/account/alice.reown.id'])
  })

  it.each(['javascript:alert(1)', 'data:text/html,<script>alert(1)</script>', 'http://evil.example/a.png', 'vbscript:x'])('drops an avatar the image gate refuses: %s', async (avatar) => {
    const { api } = profileApi({ name: 'alice.reown.id', registered: 1, addresses: { '60': { address: ADDRESS } }, attributes: { avatar } })
    expect((await resolveReceiverName(api, 'alice.reown.id', 1)).avatar).toBeNull()
  })

  it('is RECEIVER_NOT_FOUND for an unknown name and for an account without a usable address', async () => {
    for (const account of [null, { name: 'bob.reown.id', registered: 1, addresses: { '60': { address: 'not an address' } } }]) {
      const error = await resolveReceiverName(profileApi(account).api, 'bob.reown.id', 1).catch((e: unknown) => e)
      expect(error).toBeInstanceOf(WriteFailure)
      expect((error as WriteFailure).error).toEqual({ code: 'RECEIVER_NOT_FOUND', field: 'receiver', values: { name: 'bob.reown.id' } })
      expect((error as WriteFailure).message).toBe('No account has the name bob.reown.id')
    }
  })
})
