import { readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import type { Frame, Page } from '@playwright/test'

const axeSource = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8')

export type AxeViolation = { id: string; impact: string | null; help: string; nodes: { target: string[] }[] }

/**
 * Waits until every finite animation and transition of the document has finished (a view's entry
 * animation fades its colours in, so colour contrast is measured on the settled view). Endless ones
 * (a spinner) are left running; one that starts as another ends is waited for too.
 */
export async function animationsSettled(page: Page | Frame): Promise<void> {
  await page.evaluate(async () => {
    // The document's animations and those inside shadow roots (a wallet's own prompt, like the Sandbox
    // Wallet's, animates in its shadow tree, which document.getAnimations() does not reach).
    const all = () => [...document.getAnimations(), ...[...document.querySelectorAll('*')].flatMap((element) => element.shadowRoot?.getAnimations() ?? [])]
    const running = () => all().filter((animation) => animation.playState !== 'finished' && animation.effect?.getComputedTiming().endTime !== Infinity)
    for (let round = 0; round < 20 && running().length > 0; round++) await Promise.all(running().map((animation) => animation.finished.catch(() => undefined)))
    if (running().length > 0) throw new Error('animations keep starting: the view never settles')
  })
}

/**
 * Runs axe-core (WCAG 2 A and AA) in the page once its animations have settled. The script is
 * evaluated over the DevTools protocol, which the page's Content-Security-Policy does not govern,
 * so the CSP run stays honest.
 */
export async function axeViolations(page: Page, selector = 'body'): Promise<AxeViolation[]> {
  await animationsSettled(page)
  await page.evaluate(axeSource)
  return page.evaluate(async (sel) => {
    const axe = (window as unknown as { axe: { run: (ctx: string, opts: object) => Promise<{ violations: AxeViolation[] }> } }).axe
    const result = await axe.run(sel, { runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'] } })
    return result.violations.map((v) => ({ id: v.id, impact: v.impact, help: v.help, nodes: v.nodes.map((n) => ({ target: n.target })) }))
  }, selector)
}

/** axe-core in a frame's own document (the embedded wallet's, another origin), evaluated over the DevTools protocol like the page's. */
export async function frameViolations(frame: Frame): Promise<AxeViolation[]> {
  await animationsSettled(frame)
  await frame.evaluate(axeSource)
  return frame.evaluate(async () => {
    const axe = (window as unknown as { axe: { run: (ctx: string, opts: object) => Promise<{ violations: AxeViolation[] }> } }).axe
    const result = await axe.run('body', { runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'] } })
    return result.violations.map((v) => ({ id: v.id, impact: v.impact, help: v.help, nodes: v.nodes.map((n) => ({ target: n.target })) }))
  })
}
