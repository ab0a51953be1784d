import type { ApprovalRequest, Approve, KeyValueStorage } from './types.ts'

/** A Map-backed Storage stand-in. */
export function memoryStorage(): KeyValueStorage & { readonly map: Map<string, string> } {
  const map = new Map<string, string>()
  return {
    map,
    getItem: (key) => map.get(key) ?? null,
    setItem: (key, value) => void map.set(key, String(value)),
    removeItem: (key) => void map.delete(key),
  }
}

/** An `approve` that answers from a script and records what it was asked. */
export function scriptedApprove(...answers: boolean[]): Approve & { readonly asked: ApprovalRequest[] } {
  const asked: ApprovalRequest[] = []
  const approve = async (request: ApprovalRequest): Promise<boolean> => {
    asked.push(request)
    const answer = answers.shift()
    if (answer === undefined) throw new Error(`Unexpected prompt: ${request.kind}`)
    return answer
  }
  return Object.assign(approve, { asked })
}
