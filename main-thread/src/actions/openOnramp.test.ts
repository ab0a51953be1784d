import { describe, expect, it, vi } from 'vitest'
import type { PorticoCoreApi } from '@portico/shared-types'
import { UnsafeUrlError } from '@portico/shared-types/safeUrl'
import { openOnramp } from './openOnramp.ts'

const params = { caipAddress: 'eip155:1:0x0000000000000000000000000000000000000001', network: 'ethereum', purchaseCurrency: 'ETH', paymentCurrency: 'USD', amount: '50' } as const

/** The page's side only: whatever URL the core hands over, the gate decides what the window loads. */
function withUrl(url: string) {
  const popup = { closed: false, opener: {} as unknown, location: { href: '' }, close: vi.fn() }
  const api = { getOnrampUrl: async () => url } as unknown as PorticoCoreApi
  const client = { withCore: (run: (core: PorticoCoreApi) => unknown) => Promise.resolve(run(api)) } as unknown as Parameters<typeof openOnramp>[0]
  return { popup, run: () => openOnramp(client, params, () => popup as unknown as Window) }
}

describe('openOnramp: the provider URL goes through the page’s URL gate', () => {
  it.each([
    'javascript:alert(document.domain)',
    '\tjavascript:alert(1)',
    'java\nscript:alert(1)',
    'data:text/html,<script>alert(1)</script>',
    'vbscript:msgbox(1)',
    'file:///etc/passwd',
    'http://provider.test/x',
  ])('refuses %j: the window closes without loading it, and the error is typed', async (url) => {
    const { popup, run } = withUrl(url)
    const outcome = await run()
    expect(outcome.status).toBe('error')
    expect(outcome.status === 'error' && outcome.error).toBeInstanceOf(UnsafeUrlError)
    expect(popup.close).toHaveBeenCalled()
    expect(popup.location.href).toBe('')
  })

  it('loads an https URL (normalised) with the opener cut, and loopback http while the page is on a loopback host', async () => {
    const https = withUrl('HTTPS://Provider.Example/checkout?id=1')
    expect(await https.run()).toEqual({ status: 'opened', url: 'https://provider.example/checkout?id=1' })
    expect(https.popup.location.href).toBe('https://provider.example/checkout?id=1')
    expect(https.popup.opener).toBeNull()
    // The test page is on localhost.
    const local = withUrl('http://127.0.0.1:8789/onramp/checkout')
    expect(await local.run()).toEqual({ status: 'opened', url: 'http://127.0.0.1:8789/onramp/checkout' })
  })
})
