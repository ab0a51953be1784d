import { EMBEDDED_NOT_ALLOWED_MESSAGE_DELAY_MS } from '@portico/shared-types/constants'
import { MESSAGES } from '@portico/shared-types/errors'
import type { ApprovalHost, FrameApproval } from '../connectors/embedded/types.ts'
import type { ClientInternals } from './createClient.ts'
import { currentView, route } from './router.ts'

/**
 * The page's side of the embedded wallet's approval (SPEC.md §6): while an unsafe request waits in the
 * frame's own approval, the modal shows ApproveTransaction with the frame laid over it
 * (`snapshot.frameApproval`), opening the modal or pushing the view when it is not there already, and
 * goes back where it was once nothing waits. The page never approves: it can only show, hide, and give
 * up on the waiting requests (closing the modal, a disallowed call).
 */
export function createApprovalHost(client: Pick<ClientInternals, 'get' | 'set'>): ApprovalHost & { destroy(): void } {
  /** How the modal came to ApproveTransaction, to undo it once nothing waits. */
  let placed: 'opened' | 'pushed' | null = null
  const timers = new Set<ReturnType<typeof setTimeout>>()

  const open = (panel = false) => {
    const { modal } = client.get()
    const view = { name: 'ApproveTransaction', panel } as const
    if (!modal.open) {
      placed = 'opened'
      client.set({ modal: { open: true, router: { history: [view] } }, approvalNotice: null })
    } else if (currentView(modal.router).name !== 'ApproveTransaction') {
      placed = 'pushed'
      client.set({ modal: { ...modal, router: route(modal.router, { type: 'push', view }) }, approvalNotice: null })
    }
  }
  const leave = () => {
    const { modal } = client.get()
    const onView = modal.open && currentView(modal.router).name === 'ApproveTransaction'
    if (placed === 'pushed' && onView) client.set({ modal: { ...modal, router: route(modal.router, { type: 'back' }) } })
    else if (placed === 'opened' && onView) client.set({ modal: { ...modal, open: false } })
    placed = null
  }

  return {
    show(approval: FrameApproval) {
      const shown = client.get().frameApproval
      client.set({ frameApproval: approval })
      if (!shown) open(approval.panel)
    },
    hide() {
      if (!client.get().frameApproval) return
      client.set({ frameApproval: null })
      if (!client.get().approvalNotice) leave()
    },
    notAllowed(_method, abort) {
      open()
      const timer = setTimeout(() => {
        timers.delete(timer)
        client.set({ approvalNotice: MESSAGES.actionNotAllowed })
        abort()
      }, EMBEDDED_NOT_ALLOWED_MESSAGE_DELAY_MS)
      timers.add(timer)
    },
    destroy() {
      for (const timer of timers) clearTimeout(timer)
      timers.clear()
      client.get().frameApproval?.reject()
      client.set({ frameApproval: null })
    },
  }
}
