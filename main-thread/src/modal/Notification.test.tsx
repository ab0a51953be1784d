import { act, render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'
import { usePorticoUi } from '../context.ts'
import { PorticoProvider } from '../PorticoProvider.tsx'
import { createTestClient } from '../../test/harness.tsx'
import type { PorticoUi } from '../ui/createUi.ts'
import { NotificationToast } from './Notification.tsx'

function setup() {
  const { client } = createTestClient()
  const ref: { ui?: PorticoUi } = {}
  function Grab() {
    ref.ui = usePorticoUi()
    return null
  }
  render(
    <PorticoProvider client={client}>
      <Grab />
      <NotificationToast />
    </PorticoProvider>,
  )
  return { client, ui: ref.ui! }
}

describe('NotificationToast', () => {
  it('announces progress and success politely, errors assertively', () => {
    const { client, ui } = setup()
    act(() => ui.notify('loading', 'Switching network'))
    expect(screen.getByRole('status').textContent).toContain('Switching network')
    act(() => ui.dismiss())
    act(() => ui.notify('error', 'Network switch declined'))
    expect(screen.getByRole('alert').textContent).toContain('Network switch declined')
    expect(screen.queryByRole('status')).toBeNull()
    client.destroy()
  })

  it('can be dismissed', async () => {
    const { client, ui } = setup()
    act(() => ui.notify('success', 'Switched to Portico Local B'))
    await userEvent.click(screen.getByRole('button', { name: 'Dismiss' }))
    expect(screen.queryByRole('status')).toBeNull()
    client.destroy()
  })
})
