import type { ChildProcess } from 'node:child_process'

const live = new Set<ChildProcess>()
let hookInstalled = false

/**
 * Last resort for a child process the sandbox runs (anvil, alto): if the Node process exits without
 * stopping it, the child goes with it (SIGKILL). The child leaves the list when it exits.
 */
export function killOnExit(child: ChildProcess): void {
  if (!hookInstalled) {
    hookInstalled = true
    process.on('exit', () => {
      for (const running of live) running.kill('SIGKILL')
    })
  }
  live.add(child)
  child.once('exit', () => live.delete(child))
}
