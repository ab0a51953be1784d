#!/usr/bin/env node
// The frame service alone (sandbox/README.md "Deploying the frame service"): loads tsx in this
// process and runs src/frame/main.ts.
import { register } from 'tsx/esm/api'
import '../../scripts/source-condition.mjs'

register()
await import('../src/frame/main.ts')
