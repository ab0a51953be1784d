import type { ReactNode } from 'react'
import { act, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'
import { createTestClient, renderPortico } from '../../../test/harness.tsx'
import { lazyView, warmLazyViews } from './lazyView.tsx'

function Greeting({ who }: { who: string }) {
  return <p>Hello {who}</p>
}

/** A module load the test settles. */
function deferredModule() {
  let resolve!: (module: { Greeting: typeof Greeting }) => void
  const promise = new Promise<{ Greeting: typeof Greeting }>((r) => (resolve = r))
  return { load: () => promise, resolve: () => resolve({ Greeting }) }
}

/** Renders a lazy view's `render` under a dialog title, as the modal does (awaited: it may suspend). */
async function show(node: ReactNode) {
  const portico = createTestClient()
  await act(async () => {
    renderPortico(
      portico,
      <div role="dialog" aria-labelledby="portico-title">
        <h2 id="portico-title">Greeting</h2>
        <div className="portico-body">{node}</div>
      </div>,
    )
  })
  return portico
}

describe('lazyView', () => {
  it('shows a progress bar named by the view title while the code loads, then the view with its fields as props', async () => {
    const module = deferredModule()
    const render = lazyView(module.load, 'Greeting')
    const portico = await show(render({ name: 'Connect', who: 'visitor' }))
    expect(screen.getByRole('progressbar', { name: 'Greeting' }).getAttribute('aria-busy')).toBe('true')
    await act(async () => module.resolve())
    await screen.findByText('Hello visitor')
    expect(screen.queryByRole('progressbar')).toBeNull()
    portico.client.destroy()
  })

  it('renders a view whose code has loaded at once, without a loading state', async () => {
    const render = lazyView(async () => ({ Greeting }), 'Greeting')
    await warmLazyViews()
    const portico = await show(render({ name: 'Connect', who: 'again' }))
    screen.getByText('Hello again')
    expect(screen.queryByRole('progressbar')).toBeNull()
    portico.client.destroy()
  })

  it('says the view needs the network when its code cannot be fetched, and tries again on request', async () => {
    let attempts = 0
    const render = lazyView(async () => {
      attempts++
      if (attempts === 1) throw new TypeError('Failed to fetch dynamically imported module')
      return { Greeting }
    }, 'Greeting')
    const portico = await show(render({ name: 'Connect', who: 'later' }))
    const alert = await screen.findByRole('alert')
    expect(alert.textContent).toContain('Needs the network')
    const tryAgain = screen.getByRole('button', { name: 'Try again' })
    await act(async () => userEvent.click(tryAgain))
    await screen.findByText('Hello later')
    expect(attempts).toBe(2)
    portico.client.destroy()
  })
})
