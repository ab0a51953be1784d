import { readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import type { Page } from '@playwright/test'

const axeSource = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8')

export type AxeViolation = { id: string; impact: string | null; help: string; nodes: { target: string[] }[] }

/**
 * Runs axe-core (WCAG 2 A and AA) in the page. The script is evaluated over the DevTools protocol,
 * which the page's Content-Security-Policy does not govern, so the CSP run stays honest.
 */
export async function axeViolations(page: Page, selector = 'body'): Promise<AxeViolation[]> {
  await page.evaluate(axeSource)
  return page.evaluate(async (sel) => {
    const axe = (window as unknown as { axe: { run: (ctx: string, opts: object) => Promise<{ violations: AxeViolation[] }> } }).axe
    const result = await axe.run(sel, { runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'] } })
    return result.violations.map((v) => ({ id: v.id, impact: v.impact, help: v.help, nodes: v.nodes.map((n) => ({ target: n.target })) }))
  }, selector)
}
