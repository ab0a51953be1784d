#!/usr/bin/env node
// The frame service alone (frame-service/README.md): loads tsx in this
// process and runs src/frame/main.ts.
import { register } from 'tsx/esm/api'
import '../../scripts/source-condition.mjs'

register()
await import('../src/main.ts')
