// The floor: the least a dapp can ship for "a button that opens a dialog", with the same React as
// the demo. Its dialog lists a static wallet so the bench can time "click → first wallet" on it too,
// and it shows a balance that tabs share over a BroadcastChannel, the least a page can do to keep N
// tabs showing one value (the N-tab figure's floor: `window.__floorBalance(text)` in one tab shows
// `text` there and posts it to the others, which render it).
import { StrictMode, useEffect, useRef, useState } from 'react'
import { createRoot } from 'react-dom/client'

function Balance() {
  const [text, setText] = useState('1 ETH')
  useEffect(() => {
    const channel = new BroadcastChannel('bench-floor-balance')
    channel.onmessage = (event: MessageEvent) => {
      if (typeof event.data === 'string') setText(event.data)
    }
    Object.assign(window, {
      __floorBalance(next: string) {
        setText(next)
        channel.postMessage(next)
      },
    })
    return () => channel.close()
  }, [])
  return <p data-testid="account-balance">{text}</p>
}

function App() {
  const [open, setOpen] = useState(false)
  const dialog = useRef<HTMLDialogElement>(null)
  useEffect(() => {
    const el = dialog.current
    if (!el) return
    if (open && !el.open) el.showModal()
    if (!open && el.open) el.close()
  }, [open])
  return (
    <main>
      <h1>Floor</h1>
      <Balance />
      <button type="button" aria-haspopup="dialog" onClick={() => setOpen(true)}>
        Connect Wallet
      </button>
      <dialog ref={dialog} aria-labelledby="floor-title" onClose={() => setOpen(false)}>
        <h2 id="floor-title">Connect Wallet</h2>
        <ul aria-label="Wallets">
          <li>
            <button type="button">Bench Wallet</button>
          </li>
        </ul>
        <button type="button" onClick={() => setOpen(false)}>
          Close
        </button>
      </dialog>
    </main>
  )
}

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <App />
  </StrictMode>,
)
