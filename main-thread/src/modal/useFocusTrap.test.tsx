import { act, render, screen, waitFor } from '@testing-library/react'
import { useRef } from 'react'
import { describe, expect, it, vi } from 'vitest'
import { useFocusTrap } from './useFocusTrap.ts'

function Dialog({ open, onEscape = () => undefined }: { open: boolean; onEscape?: () => void }) {
  const ref = useRef<HTMLDivElement>(null)
  useFocusTrap(ref, open, onEscape)
  return (
    <div ref={ref} role="dialog" aria-label="Connect Wallet" tabIndex={-1}>
      <button type="button">First</button>
      <button type="button">Second</button>
    </div>
  )
}

describe('useFocusTrap', () => {
  it('moves focus into the dialog once it has painted, not within the task that opened it, and gives it back on close', async () => {
    const opener = document.createElement('button')
    document.body.append(opener)
    opener.focus()
    const { rerender } = render(<Dialog open={false} />)
    rerender(<Dialog open />)
    // Still where the visitor was when the dialog opened: no layout forced in the opening task.
    expect(document.activeElement).toBe(opener)
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('button', { name: 'First' })))
    rerender(<Dialog open={false} />)
    expect(document.activeElement).toBe(opener)
    opener.remove()
  })

  it('leaves focus where the visitor put it inside the dialog before the first paint, and answers Escape at once', async () => {
    const onEscape = vi.fn()
    render(<Dialog open onEscape={onEscape} />)
    const second = screen.getByRole('button', { name: 'Second' })
    act(() => second.focus())
    await new Promise((resolve) => setTimeout(resolve, 150))
    expect(document.activeElement).toBe(second)
    act(() => {
      document.dispatchEvent(new KeyboardEvent('keydown', { key: 'Escape', bubbles: true }))
    })
    expect(onEscape).toHaveBeenCalledTimes(1)
  })
})
