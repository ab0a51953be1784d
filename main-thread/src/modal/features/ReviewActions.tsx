/** The two buttons under a write's review: back to the form, and go (both off while the wallet is asked). */
export function ReviewActions({ editLabel, confirmLabel, busy, onEdit, onConfirm }: { editLabel: string; confirmLabel: string; busy: boolean; onEdit(): void; onConfirm(): void }) {
  return (
    <div className="portico-actions">
      <button type="button" className="portico-button portico-secondary" disabled={busy} onClick={onEdit}>
        {editLabel}
      </button>
      <button type="button" className="portico-button" disabled={busy} onClick={onConfirm}>
        {confirmLabel}
      </button>
    </div>
  )
}
