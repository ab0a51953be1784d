#!/usr/bin/env node
// Re-seals the frame service's private keys under a new frame key (sandbox/README.md "Key rotation").
import { register } from 'tsx/esm/api'
import '../../scripts/source-condition.mjs'

register()
await import('../src/frame/store/rekey-cli.ts')
