/** The two buttons under a write's review: back to the form, and go (both off while the wallet is asked; go off too while `blocked`, its preview not yet done or not acknowledged). */
export function ReviewActions({
  editLabel,
  confirmLabel,
  busy,
  blocked = false,
  onEdit,
  onConfirm,
}: {
  editLabel: string
  confirmLabel: string
  busy: boolean
  blocked?: boolean
  onEdit(): void
  onConfirm(): void
}) {
  return (
    <div className="portico-actions">
      <button type="button" className="portico-button portico-secondary" disabled={busy} onClick={onEdit}>
        {editLabel}
      </button>
      <button type="button" className="portico-button" disabled={busy || blocked} onClick={onConfirm}>
        {confirmLabel}
      </button>
    </div>
  )
}
