import { USER_REJECTED_CODE } from '@portico/shared-types/embedded'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { RpcCodeError } from './approval.ts'
import { openPanelWindow, PANEL_WINDOW_LAST_WORD_MS } from './panel-window.ts'

const ORIGIN = 'https://wallet.example'

/** The frame's window, and the panel window it opens: messages delivered by hand, in the order a test chooses. */
function browser() {
  const listeners = new Set<(event: MessageEvent) => void>()
  const popup = {
    closed: false,
    close: vi.fn(() => void (popup.closed = true)),
    postMessage: vi.fn(),
  }
  const open = vi.fn((_url: string) => popup)
  vi.stubGlobal('window', {
    open,
    addEventListener: (_type: string, listener: (event: MessageEvent) => void) => listeners.add(listener),
    removeEventListener: (_type: string, listener: (event: MessageEvent) => void) => listeners.delete(listener),
  })
  vi.stubGlobal('location', { origin: ORIGIN })
  vi.stubGlobal('document', { documentElement: { dataset: {} } })
  const nonce = () => new URL(open.mock.calls[0]![0]).hash.slice(1)
  const fromWindow = (data: unknown) => {
    for (const listener of [...listeners]) listener({ origin: ORIGIN, source: popup, data } as unknown as MessageEvent)
  }
  return { popup, nonce, fromWindow }
}

const host = { call: vi.fn(), passkeyLogin: vi.fn() }

beforeEach(() => vi.useFakeTimers())
afterEach(() => {
  vi.useRealTimers()
  vi.unstubAllGlobals()
})

describe('openPanelWindow', () => {
  it('takes the answer of a window that closed itself straight after sending it, even when the closing is seen first', async () => {
    const { popup, nonce, fromWindow } = browser()
    const { done } = openPanelWindow({ flow: 'EXPORT_KEY', chain: 'evm' }, { host, requester: 'https://dapp.example' })
    // The window sent its answer and closed; this frame sees the closing (its 250 ms check) before the message.
    popup.closed = true
    await vi.advanceTimersByTimeAsync(300)
    fromWindow({ type: 'PORTICO_PANEL_WINDOW_DONE', nonce: nonce(), ok: true, value: { exported: true } })
    await expect(done).resolves.toEqual({ exported: true })
  })

  it('a window closed without an answer is a cancel (4001), once its last message had time to come', async () => {
    const { popup } = browser()
    const { done } = openPanelWindow({ flow: 'EXPORT_KEY', chain: 'evm' }, { host, requester: 'https://dapp.example' })
    const settled = vi.fn()
    const outcome = done.catch((error: unknown) => error)
    done.then(settled, settled)
    popup.closed = true
    await vi.advanceTimersByTimeAsync(300)
    expect(settled).not.toHaveBeenCalled()
    await vi.advanceTimersByTimeAsync(PANEL_WINDOW_LAST_WORD_MS)
    const error = await outcome
    expect(error).toBeInstanceOf(RpcCodeError)
    expect((error as RpcCodeError).code).toBe(USER_REJECTED_CODE)
  })

  it('an answer from another window, or without the nonce, is not taken', async () => {
    const { popup, fromWindow } = browser()
    const { done } = openPanelWindow({ flow: 'EXPORT_KEY', chain: 'evm' }, { host, requester: 'https://dapp.example' })
    const outcome = done.catch((error: unknown) => error)
    fromWindow({ type: 'PORTICO_PANEL_WINDOW_DONE', nonce: 'a'.repeat(32), ok: true, value: { exported: true } })
    popup.closed = true
    await vi.advanceTimersByTimeAsync(300 + PANEL_WINDOW_LAST_WORD_MS)
    expect(await outcome).toBeInstanceOf(RpcCodeError)
  })
})
