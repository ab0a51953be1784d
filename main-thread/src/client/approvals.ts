import { UserRejectedRequestError } from 'viem'
import { EMBEDDED_NOT_ALLOWED_MESSAGE_DELAY_MS } from '@portico/shared-types/embedded'
import { MESSAGES } from '@portico/shared-types/errors'
import type { ApprovalHost, ApprovalRequest } from '../connectors/embedded/types.ts'
import type { ClientInternals, PendingApproval } from './createClient.ts'
import { currentView, route } from './router.ts'

/**
 * The page's ApproveTransaction for connectors whose requests the modal approves (SPEC.md §6): each
 * unsafe request waits in `snapshot.approvals` until the visitor approves it (it runs) or rejects (every
 * pending unsafe request is rejected; safe requests never wait here, so they are kept). The modal opens
 * on ApproveTransaction when it is not there already, and goes back where it was once nothing waits.
 */
export function createApprovalHost(client: Pick<ClientInternals, 'get' | 'set'>): ApprovalHost & { destroy(): void } {
  let nextId = 1
  /** How the modal came to ApproveTransaction, to undo it once nothing waits. */
  let placed: 'opened' | 'pushed' | null = null
  const waiting = new Map<number, { resolve: () => void; reject: (error: Error) => void }>()
  const timers = new Set<ReturnType<typeof setTimeout>>()

  const show = () => {
    const { modal } = client.get()
    if (!modal.open) {
      placed = 'opened'
      client.set({ modal: { open: true, router: { history: [{ name: 'ApproveTransaction' }] } }, approvalNotice: null })
    } else if (currentView(modal.router).name !== 'ApproveTransaction') {
      placed = 'pushed'
      client.set({ modal: { ...modal, router: route(modal.router, { type: 'push', view: { name: 'ApproveTransaction' } }) }, approvalNotice: null })
    }
  }
  /** Takes requests off the list; with none left, the modal goes back to where it was. */
  const settle = (ids: readonly number[], leave: boolean) => {
    client.set({ approvals: client.get().approvals.filter((a) => !ids.includes(a.id)) })
    if (client.get().approvals.length > 0 || !leave) return
    const { modal } = client.get()
    const onView = modal.open && currentView(modal.router).name === 'ApproveTransaction'
    if (placed === 'pushed' && onView) client.set({ modal: { ...modal, router: route(modal.router, { type: 'back' }) } })
    else if (placed === 'opened' && onView) client.set({ modal: { ...modal, open: false } })
    placed = null
  }
  const rejectAll = (message: string, leave: boolean) => {
    const ids = [...waiting.keys()]
    settle(ids, leave)
    for (const id of ids) {
      waiting.get(id)?.reject(new UserRejectedRequestError(new Error(message)))
      waiting.delete(id)
    }
  }

  return {
    ask(request: ApprovalRequest) {
      return new Promise<void>((resolve, reject) => {
        const id = nextId++
        waiting.set(id, { resolve, reject })
        const approval: PendingApproval = {
          id,
          method: request.method,
          params: request.params,
          chainId: request.chainId,
          approve() {
            const entry = waiting.get(id)
            if (!entry) return
            waiting.delete(id)
            settle([id], true)
            entry.resolve()
          },
          reject: () => rejectAll('The visitor rejected the request', true),
        }
        client.set({ approvals: [...client.get().approvals, approval] })
        show()
      })
    },
    notAllowed() {
      show()
      const timer = setTimeout(() => {
        timers.delete(timer)
        client.set({ approvalNotice: MESSAGES.actionNotAllowed })
        rejectAll(MESSAGES.rpcNotAllowed, false)
      }, EMBEDDED_NOT_ALLOWED_MESSAGE_DELAY_MS)
      timers.add(timer)
    },
    destroy() {
      for (const timer of timers) clearTimeout(timer)
      timers.clear()
      rejectAll(MESSAGES.embeddedRequestAborted, false)
    },
  }
}
