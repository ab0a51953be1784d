// Builds every example into the cache of built examples (e2e/examples.ts) ahead of the end-to-end tests:
// `npm test` starts it alongside its first steps (the installs and builds wait on the network and the
// disk as much as on the processor), and the examples' spec then finds each build in the cache.
// Run alone: `npx tsx --import ./scripts/source-condition.mjs e2e/examples-prebuild.ts`.
import { buildAllExamples } from './examples.ts'

const started = Date.now()
try {
  const built = await buildAllExamples()
  const names = ['viteReact', 'wagmi', 'webpack', 'nextjs', 'headless'] as const
  const fromCache = names.filter((name) => built[name].fromCache).length
  console.log(`examples: ${names.length - fromCache} built, ${fromCache} from the cache, in ${((Date.now() - started) / 1000).toFixed(0)} s`)
} catch (error) {
  // The examples' spec builds them again and fails with the same error where it can be read with its test.
  console.error(`examples: building ahead failed: ${error instanceof Error ? error.message : String(error)}`)
  process.exit(1)
}
