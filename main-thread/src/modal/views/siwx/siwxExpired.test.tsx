import { act, screen, within } from '@testing-library/react'
import { beforeAll, describe, expect, it } from 'vitest'
import { ADDRESS, connectInCore, createTestClient, renderPortico, testConfig } from '../../../../test/harness.tsx'

beforeAll(async () => {
  await import('./SiwxSignMessageView.tsx')
}, 30_000)

describe("SIWX: 'Session Expired'", () => {
  // Waits for a real 1.5 s expiry: the page's timer and the core's state are both real.
  it('when the sign-in runs out while connected, the sign view opens at once and says the session expired', { timeout: 15_000 }, async () => {
    const portico = createTestClient({ config: testConfig({ siwx: { required: true } }) })
    renderPortico(portico)
    await act(async () => {
      await portico.client.start()
      await portico.core.addSiwxSession({
        data: { accountAddress: ADDRESS, chainId: 'eip155:31337', expirationTime: new Date(Date.now() + 1_500).toISOString() },
        message: 'signed a moment ago',
        signature: '0x01',
      })
    })
    await connectInCore(portico)
    // Signed in: nothing asks.
    expect(screen.queryByRole('dialog')).toBeNull()
    // The session runs out 1.5 s later, with no other change in the core: the page asks again by itself.
    const dialog = await screen.findByRole('dialog', {}, { timeout: 4000 })
    expect((await within(dialog).findByTestId('siwx-expired', {}, { timeout: 4000 })).textContent).toBe('Session Expired')
    portico.client.destroy()
  })
})
