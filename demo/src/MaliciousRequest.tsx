import { useState } from 'react'
import { useAccount, useNetwork, useProvider } from '@portico/react'
import { reason } from './reason.ts'

/**
 * **Try a malicious request**: a demonstration of what a wallet must warn about. It asks the connected
 * wallet, through `useProvider()` like any dapp, to hand the sandbox's drainer the visitor's USDC and
 * NFTs (on Solana, the USDC token account itself); the wallet should show what would leave the account
 * and warn, and the visitor should reject. Its code loads on the first click.
 */
export function MaliciousRequest() {
  const { address, isConnected } = useAccount()
  const { network } = useNetwork()
  const { provider } = useProvider()
  const [lines, setLines] = useState<string[]>([])
  const [busy, setBusy] = useState(false)
  if (!isConnected || !provider || !address || !network) return null
  const run = async () => {
    setBusy(true)
    setLines([])
    const report = (line: string) => setLines((seen) => [...seen, line])
    try {
      const { askMalicious } = await import('./malicious.ts')
      await askMalicious({ provider, address, network }, report)
    } catch (error) {
      report(`Not asked: ${reason(error)}`)
    } finally {
      setBusy(false)
    }
  }
  return (
    <section className="demo-malicious" aria-labelledby="demo-malicious-title">
      <h2 id="demo-malicious-title">Demonstration: a malicious request</h2>
      <p className="demo-sign">
        <button type="button" className="demo-secondary demo-danger" disabled={busy} aria-describedby="demo-malicious-what" onClick={() => void run()}>
          Try a malicious request
        </button>{' '}
        <span id="demo-malicious-what" className="demo-status">
          Asks your wallet to let the Sandbox Drainer take your USDC and NFTs (on Solana, your USDC account): your wallet should warn you, and you should reject.
        </span>
      </p>
      {lines.length > 0 && (
        <ul className="demo-status" data-testid="malicious-result" aria-live="polite">
          {lines.map((line) => (
            <li key={line}>{line}</li>
          ))}
        </ul>
      )}
    </section>
  )
}
