#!/usr/bin/env node
// Re-seals the frame service's private keys under a new frame key (frame-service/README.md "Key rotation").
import { register } from 'tsx/esm/api'
import '../../scripts/source-condition.mjs'

register()
await import('../src/store/rekey-cli.ts')
