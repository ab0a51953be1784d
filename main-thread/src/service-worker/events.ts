import type { PorticoConfigInput } from '@portico/shared-types'

type ServiceWorkerOptions = Exclude<PorticoConfigInput['serviceWorker'], false | undefined>
/** What `onUpdate` receives (shared-types' `ServiceWorkerUpdate`). */
export type ServiceWorkerUpdate = Parameters<NonNullable<ServiceWorkerOptions['onUpdate']>>[0]

/** The window event announcing a waiting version, for hosts that do not pass `onUpdate`; `detail` is the update. */
export const SERVICE_WORKER_UPDATE_EVENT = 'portico:service-worker-update'
