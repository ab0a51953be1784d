import { fileURLToPath } from 'node:url'

export const root = fileURLToPath(new URL('../../', import.meta.url))
export const benchDir = fileURLToPath(new URL('../', import.meta.url))
export const outDir = fileURLToPath(new URL('../.out/', import.meta.url))

export type AppName = 'demo' | 'floor'
export const APPS: readonly AppName[] = ['demo', 'floor']
/** `PORTICO_E2E_PORT_OFFSET=N` moves the bench's ports too, so a bench and a test run can share a machine. */
export const PORT_OFFSET = Number(process.env['PORTICO_E2E_PORT_OFFSET'] ?? 0) || 0
export const PORTS: Record<AppName, number> = { demo: 5180 + PORT_OFFSET, floor: 5181 + PORT_OFFSET }
export const appOut = (app: AppName): string => `${outDir}${app}`
