import { act } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { currentView } from '../client/router.ts'
import type { AuthConnector } from '../connectors/embedded/types.ts'
import { createTestClient, openModal, type TestPortico } from '../../test/harness.tsx'
import { runSocialLogin } from './socialLogin.ts'

const clients: TestPortico[] = []
afterEach(() => {
  for (const portico of clients.splice(0)) portico.client.destroy()
})

/** The social flow with a frame whose redirect URI is `uri`: what the popup loads and what the view says. */
async function socialLoginWith(uri: string) {
  const portico = createTestClient()
  clients.push(portico)
  await openModal(portico, { name: 'ConnectingSocial', provider: 'google' })
  const popup = { closed: false, location: { href: '' }, close: vi.fn() }
  const connectSocial = vi.fn(async () => undefined)
  const connector = { id: 'auth', embedded: { frameOrigin: 'http://127.0.0.1:8790', getSocialRedirectUri: async () => uri, connectSocial } } as unknown as AuthConnector
  const run = runSocialLogin(portico.client, connector, 'google', popup as unknown as Window)
  return { portico, popup, run, connectSocial }
}

describe('the social login popup goes only where the URL gate allows', () => {
  it.each([
    'javascript:alert(document.domain)',
    ' javascript:alert(1)',
    'JaVa\tScRiPt:alert(1)',
    'data:text/html,<script>alert(1)</script>',
    'vbscript:msgbox(1)',
    'blob:http://127.0.0.1:8790/x',
    'file:///etc/passwd',
    'http://accounts.evil.example/o/oauth2',
  ])('a redirect URI of %j is never loaded: the popup closes and the view says the frame’s default error', async (uri) => {
    const { portico, popup, run, connectSocial } = await socialLoginWith(uri)
    await act(() => run)
    expect(popup.location.href).toBe('')
    expect(popup.close).toHaveBeenCalled()
    expect(connectSocial).not.toHaveBeenCalled()
    expect(currentView(portico.client.getSnapshot().modal.router)).toMatchObject({ name: 'ConnectingSocial', provider: 'google', error: 'An error occurred' })
  })

  it('an https (or, on a loopback page, loopback http) redirect URI is loaded in the popup', async () => {
    const { popup, run } = await socialLoginWith('https://accounts.example/o/oauth2/auth?client_id=x&state=s')
    await vi.waitFor(() => expect(popup.location.href).toBe('https://accounts.example/o/oauth2/auth?client_id=x&state=s'))
    popup.closed = true
    await act(() => run)
    const local = await socialLoginWith('http://127.0.0.1:8790/social/authorize?provider=google')
    await vi.waitFor(() => expect(local.popup.location.href).toBe('http://127.0.0.1:8790/social/authorize?provider=google'))
    local.popup.closed = true
    await act(() => local.run)
  })
})

describe('the popup closes itself once it posted the redirect', () => {
  it('a redirect that arrives after the window is seen closed still signs in; none at all says the window was closed', async () => {
    const uri = 'http://127.0.0.1:8790/social/authorize?provider=google'
    const { popup, run, connectSocial } = await socialLoginWith(uri)
    await vi.waitFor(() => expect(popup.location.href).toBe(uri))
    // The callback page closes its window; its message is still on the way when the flow looks.
    popup.closed = true
    await new Promise((resolve) => setTimeout(resolve, 600))
    const callback = 'http://127.0.0.1:8790/social/callback?code=c&state=s'
    window.dispatchEvent(new MessageEvent('message', { origin: 'http://127.0.0.1:8790', source: popup as unknown as Window, data: { type: 'PORTICO_SOCIAL_CALLBACK', uri: callback } }))
    await act(() => run)
    expect(connectSocial).toHaveBeenCalledWith(callback)

    const second = await socialLoginWith(uri)
    await vi.waitFor(() => expect(second.popup.location.href).toBe(uri))
    second.popup.closed = true
    await act(() => second.run)
    expect(second.connectSocial).not.toHaveBeenCalled()
    expect(currentView(second.portico.client.getSnapshot().modal.router)).toMatchObject({ name: 'ConnectingSocial', error: expect.stringMatching(/closed/i) })
  })
})
