import { fileURLToPath } from 'node:url'

export const root = fileURLToPath(new URL('../../', import.meta.url))
export const benchDir = fileURLToPath(new URL('../', import.meta.url))
export const outDir = fileURLToPath(new URL('../.out/', import.meta.url))

export type AppName = 'demo' | 'floor'
export const APPS: readonly AppName[] = ['demo', 'floor']
export const PORTS: Record<AppName, number> = { demo: 5180, floor: 5181 }
export const appOut = (app: AppName): string => `${outDir}${app}`
