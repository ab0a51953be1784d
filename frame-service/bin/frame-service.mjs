#!/usr/bin/env node
// `portico-frame-service`: the frame service, configured by PORTICO_FRAME_* variables (frame-service/README.md).
// Loads tsx in this process and runs src/main.ts.
import { register } from 'tsx/esm/api'
import '../../scripts/source-condition.mjs'

register()
const { main } = await import('../src/main.ts')
await main()
