#!/usr/bin/env node
// Launcher for the Portico sandbox: loads tsx in this process (no second Node, so signals reach the
// code that stops anvil) and runs src/cli.ts.
import { register } from 'tsx/esm/api'
import '../../scripts/source-condition.mjs'

register()
await import('../src/cli.ts')
