import type { Spec } from '../spec.ts'
import { attackSpecs } from './attack.ts'
import { embeddedSpecs } from './embedded.ts'

/** Every engine spec, in the order they run in each engine. */
export const SPECS: Spec[] = [...embeddedSpecs, ...attackSpecs]
