import { act, screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it, vi } from 'vitest'
import type { EmbeddedSession } from '@portico/shared-types/embedded'
import { createTestClient, renderPortico } from '../../../../test/harness.tsx'
import { dateTime, relativeTime, SessionsPanel, type SessionsApi } from './EmbeddedSessionsView.tsx'

const HOUR = 3_600_000

function fakeSessions(now: number) {
  let sessions: EmbeddedSession[] = [
    { id: '11111111-1111-4111-8111-111111111111', device: 'Firefox on Linux', firstSeen: now - 48 * HOUR, lastSeen: now, current: true, thisSite: true },
    { id: '22222222-2222-4222-8222-222222222222', device: 'Safari on iOS', firstSeen: now - 72 * HOUR, lastSeen: now - 3 * HOUR, current: false, thisSite: true },
    { id: '33333333-3333-4333-8333-333333333333', device: null, firstSeen: now - 24 * HOUR, lastSeen: now - 24 * HOUR, current: false, thisSite: false },
  ]
  const api = {
    sessions: vi.fn(async () => sessions),
    endSession: vi.fn(async (id: string) => {
      const before = sessions.length
      sessions = sessions.filter((s) => s.id !== id)
      return sessions.length < before
    }),
    endAllSessions: vi.fn(async (keepCurrent: boolean) => {
      const ended = sessions.filter((s) => !keepCurrent || !s.current).length
      sessions = keepCurrent ? sessions.filter((s) => s.current) : []
      return ended
    }),
  } satisfies SessionsApi
  return api
}

describe('the embedded wallet’s signed-in devices', () => {
  it('lists each session with its device, when it signed in and was last active, this device marked; another is signed out from the keyboard', { timeout: 20_000 }, async () => {
    const now = Date.now()
    const api = fakeSessions(now)
    const portico = createTestClient()
    renderPortico(portico, <SessionsPanel api={api} onSignedOutHere={async () => undefined} />)
    const list = await screen.findByRole('list', { name: 'Sessions' }, { timeout: 5000 })
    const rows = within(list).getAllByRole('listitem')
    expect(rows).toHaveLength(3)
    expect(rows[0]!.textContent).toContain('Firefox on Linux')
    expect(within(rows[0]!).getByText('This device')).toBeTruthy()
    // Times through Intl: the date a session began, how long ago it was last used.
    expect(rows[1]!.textContent).toContain(`Signed in ${dateTime(now - 72 * HOUR, 'en-US')}`)
    expect(rows[1]!.textContent).toContain('Last active 3 hr. ago')
    expect(rows[0]!.textContent).toContain('Last active now')
    expect(rows[1]!.querySelector('time')?.getAttribute('datetime')).toBe(new Date(now - 72 * HOUR).toISOString())
    expect(rows[2]!.textContent).toContain('Unknown device')
    expect(rows[2]!.textContent).toContain('On another site')
    // This device is signed out with the Account view's own button: no button in its row.
    expect(within(rows[0]!).queryByRole('button')).toBeNull()

    // From the keyboard: Tab reaches the other device's labelled button, Enter signs it out.
    const button = within(rows[1]!).getByRole('button', { name: 'Sign out Safari on iOS' })
    await act(async () => {
      button.focus()
    })
    await userEvent.keyboard('{Enter}')
    expect(api.endSession).toHaveBeenCalledWith('22222222-2222-4222-8222-222222222222')
    expect((await screen.findByTestId('sessions-status')).textContent).toBe('Safari on iOS is signed out')
    await vi.waitFor(() => expect(within(screen.getByRole('list', { name: 'Sessions' })).getAllByRole('listitem')).toHaveLength(2))
    portico.client.destroy()
  })

  it('signs out everywhere only after a confirmation (focus on its Cancel), then disconnects here', { timeout: 20_000 }, async () => {
    const api = fakeSessions(Date.now())
    const signedOut = vi.fn(async () => undefined)
    const portico = createTestClient()
    renderPortico(portico, <SessionsPanel api={api} onSignedOutHere={signedOut} />)
    await screen.findByRole('list', { name: 'Sessions' }, { timeout: 5000 })
    await userEvent.click(screen.getByRole('button', { name: 'Sign out everywhere' }))
    const confirm = screen.getByRole('group', { name: /Sign out on every device, this one too\?/ })
    expect(document.activeElement).toBe(within(confirm).getByRole('button', { name: 'Cancel' }))
    expect(api.endAllSessions).not.toHaveBeenCalled()
    // Cancel goes back to where it was.
    await userEvent.keyboard('{Enter}')
    expect(screen.queryByRole('group')).toBeNull()
    await vi.waitFor(() => expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Sign out everywhere' })))
    await userEvent.keyboard('{Enter}')
    await userEvent.click(within(screen.getByRole('group')).getByRole('button', { name: 'Sign out everywhere' }))
    expect(api.endAllSessions).toHaveBeenCalledWith(false)
    await vi.waitFor(() => expect(signedOut).toHaveBeenCalledTimes(1))
    portico.client.destroy()
  })

  it('says a failure of the frame as an alert', { timeout: 20_000 }, async () => {
    const api = { ...fakeSessions(Date.now()), sessions: vi.fn(async () => Promise.reject(new Error('Not logged in'))) }
    const portico = createTestClient()
    renderPortico(portico, <SessionsPanel api={api} onSignedOutHere={async () => undefined} />)
    expect((await screen.findByRole('alert', {}, { timeout: 5000 })).textContent).toBe('Not logged in')
    portico.client.destroy()
  })

  it('formats relative times abbreviated and in the visitor’s language', () => {
    const now = Date.UTC(2026, 10, 29, 12)
    expect(relativeTime(now - 5 * 60_000, now, 'en-US')).toBe('5 min. ago')
    expect(relativeTime(now - 24 * HOUR, now, 'en-US')).toBe('yesterday')
    expect(relativeTime(now - 10_000, now, 'en-US')).toBe('now')
    expect(relativeTime(now - 3 * HOUR, now, 'de-DE')).toBe('vor 3 Std.')
  })
})
