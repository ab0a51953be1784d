// `npm run build:examples`: builds every example into the cache of built examples (e2e/examples.ts), so
// the examples' spec (and `npm test`) then serves them from the cache. Run alongside other tests on two
// cores it slowed them more than it saved (the installs and builds need the processor as much as they
// wait on the disk): `npm test` builds them in the spec, in turn.
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
