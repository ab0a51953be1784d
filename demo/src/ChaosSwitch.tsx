import { useEffect, useState } from 'react'
import { CHAOS_FAULTS } from '../../sandbox/src/faults/chaos.ts'
import { apiUrl } from './config.ts'

/** The sandbox's fault rules (shared by its data API, chain RPC and catalogue): a sandbox-only admin route. */
const FAULTS_URL = `${apiUrl}/__admin/faults`

/** Whether the sandbox runs the chaos rules now (and not some other set). */
async function readChaos(): Promise<boolean> {
  const response = await fetch(FAULTS_URL)
  if (!response.ok) throw new Error(`HTTP ${response.status}`)
  const rules: unknown = await response.json()
  return Array.isArray(rules) && rules.length === CHAOS_FAULTS.length && rules.every((r, i) => typeof r === 'object' && r !== null && (r as { route?: unknown }).route === CHAOS_FAULTS[i]!.route)
}

/**
 * Chaos: sets the sandbox's fault rules so that its data API, its chains' JSON-RPC and the wallet
 * catalogue fail 30% of their calls (500, 429 with Retry-After, hangs, cut-off and oversized answers,
 * garbage, JSON-RPC errors), to watch the modal under them; off clears the rules. Off by default.
 * It lives in a disclosure: the page asks the sandbox nothing until the visitor opens it (a page
 * that loads makes no request beyond its own files, and none offline). Once open, it shows what the
 * sandbox runs, read again whenever the tab comes back into view.
 */
export function ChaosSwitch() {
  const [opened, setOpened] = useState(false)
  const [on, setOn] = useState(false)
  const [read, setRead] = useState(false)
  const [busy, setBusy] = useState(false)
  const [problem, setProblem] = useState<string | null>(null)

  useEffect(() => {
    if (!opened) return
    let alive = true
    const readRules = () =>
      void readChaos().then(
        (chaos) => alive && (setOn(chaos), setRead(true), setProblem(null)),
        () => alive && setProblem('The sandbox does not answer'),
      )
    readRules()
    const onVisible = () => document.visibilityState === 'visible' && readRules()
    document.addEventListener('visibilitychange', onVisible)
    return () => {
      alive = false
      document.removeEventListener('visibilitychange', onVisible)
    }
  }, [opened])

  const toggle = async (next: boolean) => {
    setBusy(true)
    setOn(next)
    try {
      const response = await fetch(FAULTS_URL, next ? { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(CHAOS_FAULTS) } : { method: 'DELETE' })
      if (!response.ok) throw new Error(`HTTP ${response.status}`)
      setProblem(null)
    } catch {
      setOn(!next)
      setProblem('The sandbox does not answer')
    } finally {
      setBusy(false)
    }
  }

  const status = problem ?? (!read ? 'Reading the sandbox’s rules…' : on ? 'On: the sandbox’s data API, chain RPC and wallet catalogue fail 30% of their calls.' : 'Off')
  return (
    <details className="demo-chaos" onToggle={(event) => event.currentTarget.open && setOpened(true)}>
      <summary>Sandbox chaos</summary>
      <p>
        <label>
          <input type="checkbox" role="switch" checked={on} aria-checked={on} disabled={busy || !read} aria-describedby="demo-chaos-what" onChange={(event) => void toggle(event.target.checked)} />{' '}
          Chaos
        </label>{' '}
        <span id="demo-chaos-what" className="demo-status" data-testid="chaos-status">
          {status}
        </span>
      </p>
    </details>
  )
}
