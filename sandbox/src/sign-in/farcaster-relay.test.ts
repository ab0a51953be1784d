import { expect, it } from 'vitest'
import { createFarcasterRelay, MAX_OPEN_CHANNELS } from './farcaster-relay.ts'

const channelRequest = { siweUri: 'http://127.0.0.1:8790/frame', domain: '127.0.0.1:8790' }
const open = (relay: ReturnType<typeof createFarcasterRelay>) =>
  relay.relay.request('/v1/channel', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(channelRequest) })

it('keeps at most MAX_OPEN_CHANNELS channels open: past it a new one is refused (429, Retry-After) and nothing more is kept', async () => {
  const relay = createFarcasterRelay({ baseUrl: 'http://127.0.0.1:8792', chain: undefined })
  for (let i = 0; i < MAX_OPEN_CHANNELS; i++) expect((await open(relay)).status).toBe(201)
  expect(relay.openChannels()).toBe(MAX_OPEN_CHANNELS)
  const refused = await open(relay)
  expect(refused.status).toBe(429)
  expect(refused.headers.get('retry-after')).toBe('60')
  expect(relay.openChannels()).toBe(MAX_OPEN_CHANNELS)
})
