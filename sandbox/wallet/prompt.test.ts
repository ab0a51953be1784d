// @vitest-environment happy-dom
import { afterEach, describe, expect, it } from 'vitest'
import { createApprovalPrompt, PROMPT_BADGE, PROMPT_HOST_TAG, PROMPT_LABEL, type ApprovalPrompt } from './prompt.ts'
import type { ApprovalRequest } from './types.ts'

const connect: ApprovalRequest = { kind: 'connect', origin: 'http://localhost:3000', address: '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266' }
const sign: ApprovalRequest = { kind: 'personal_sign', origin: 'http://localhost:3000', address: '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266', message: '<img src=x onerror=alert(1)>' }

let prompt: ApprovalPrompt | undefined
afterEach(() => {
  prompt?.destroy()
  document.body.replaceChildren()
})

const host = () => document.querySelector(PROMPT_HOST_TAG) as HTMLElement | null
const dialogs = () => [...(host()?.shadowRoot?.querySelectorAll('[role="dialog"]') ?? [])] as HTMLElement[]
const button = (name: string) => [...(host()?.shadowRoot?.querySelectorAll('button') ?? [])].find((b) => b.textContent === name) as HTMLButtonElement

describe('approval prompt', () => {
  it('shows a labelled dialog at the top right above modals, with Approve focused', async () => {
    prompt = createApprovalPrompt(document)
    const answer = prompt.approve(connect)
    const [dialog] = dialogs()
    expect(dialog?.getAttribute('aria-label')).toBe(PROMPT_LABEL)
    expect(dialog?.textContent).toContain(PROMPT_BADGE)
    expect(dialog?.textContent).toContain('Connect to http://localhost:3000?')
    expect(host()?.shadowRoot?.activeElement).toBe(button('Approve'))
    expect(host()?.style.getPropertyValue('position')).toBe('fixed')
    expect(host()?.style.getPropertyValue('z-index')).toBe('2147483000')
    expect(host()?.shadowRoot?.adoptedStyleSheets).toHaveLength(1)
    expect(document.querySelectorAll('style')).toHaveLength(0)
    expect(host()?.shadowRoot?.querySelectorAll('style, [style]')).toHaveLength(0)
    button('Approve').click()
    expect(await answer).toBe(true)
    expect(host()).toBeNull()
  })

  it('rejects with the Reject button and with Escape', async () => {
    prompt = createApprovalPrompt(document)
    const first = prompt.approve(connect)
    button('Reject').click()
    expect(await first).toBe(false)
    const second = prompt.approve(connect)
    dialogs()[0]?.dispatchEvent(new KeyboardEvent('keydown', { key: 'Escape', bubbles: true }))
    expect(await second).toBe(false)
  })

  it('shows one request at a time, in order, counting those waiting', async () => {
    prompt = createApprovalPrompt(document)
    const first = prompt.approve(connect)
    const second = prompt.approve(sign)
    expect(dialogs()).toHaveLength(1)
    expect(dialogs()[0]?.textContent).toContain('1 more request waiting')
    button('Approve').click()
    expect(await first).toBe(true)
    expect(dialogs()[0]?.textContent).toContain('Sign a message for http://localhost:3000?')
    expect(dialogs()[0]?.textContent).not.toContain('waiting')
    button('Reject').click()
    expect(await second).toBe(false)
  })

  it('renders dapp text as text, never as markup', () => {
    prompt = createApprovalPrompt(document)
    void prompt.approve(sign)
    expect(host()?.shadowRoot?.querySelector('img')).toBeNull()
    expect(dialogs()[0]?.textContent).toContain('<img src=x onerror=alert(1)>')
  })

  it('returns focus to where it was', async () => {
    const opener = document.createElement('button')
    document.body.append(opener)
    opener.focus()
    prompt = createApprovalPrompt(document)
    const answer = prompt.approve(connect)
    expect(document.activeElement).toBe(host())
    button('Approve').click()
    await answer
    expect(document.activeElement).toBe(opener)
  })

  it('answers reject to everything waiting when destroyed', async () => {
    prompt = createApprovalPrompt(document)
    const answers = Promise.all([prompt.approve(connect), prompt.approve(sign)])
    prompt.destroy()
    expect(await answers).toEqual([false, false])
    expect(host()).toBeNull()
  })
})
