// The floor: the least a dapp can ship for "a button that opens a dialog", with the same React as
// the demo. Its dialog lists a static wallet so the bench can time "click → first wallet" on it too.
import { StrictMode, useEffect, useRef, useState } from 'react'
import { createRoot } from 'react-dom/client'

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
