import { faultRuleSchema, routeMatches, type FaultKind, type FaultRule, type FaultRuleInput } from './rules.ts'

/** A rule as listed: the rule plus how often it matched and how often it failed a request. */
export type ActiveFault = FaultRule & { id: number; matched: number; injected: number }

/** The fault one request gets: its rule, with the one kind this failure takes. */
export type InjectedFault = Omit<FaultRule, 'kind'> & { kind: FaultKind; injected: number }

/**
 * The fault rules of a running sandbox, shared by every server (data API and catalogue), so one
 * switch covers the services a test exercises. Off (empty) unless set.
 */
export class FaultStore {
  #rules: ActiveFault[] = []
  #nextId = 1

  constructor(initial: readonly FaultRuleInput[] = []) {
    this.set(initial)
  }

  /** Replaces every rule. */
  set(rules: readonly FaultRuleInput[]): ActiveFault[] {
    this.#rules = []
    return rules.map((r) => this.add(r))
  }

  add(rule: FaultRuleInput): ActiveFault {
    const active: ActiveFault = { ...faultRuleSchema.parse(rule), id: this.#nextId++, matched: 0, injected: 0 }
    this.#rules.push(active)
    return { ...active }
  }

  clear(): number {
    return this.#rules.splice(0).length
  }

  list(): ActiveFault[] {
    return this.#rules.map((r) => ({ ...r }))
  }

  /**
   * The fault to inject into this request, if any. The first matching rule decides; with rate r,
   * the n-th match fails when floor(n·r) grows, which spreads failures evenly and repeatably. A rule
   * with a list of kinds gives its failures those kinds in turn.
   */
  pick(method: string, path: string): InjectedFault | undefined {
    for (const rule of this.#rules) {
      if (rule.method !== undefined && rule.method !== method.toUpperCase()) continue
      if (!routeMatches(rule.route, path)) continue
      if (rule.count !== undefined && rule.injected >= rule.count) continue
      const before = Math.floor(rule.matched * rule.rate)
      rule.matched += 1
      if (Math.floor(rule.matched * rule.rate) === before) return undefined
      rule.injected += 1
      const kind = Array.isArray(rule.kind) ? rule.kind[(rule.injected - 1) % rule.kind.length]! : rule.kind
      return { ...rule, kind }
    }
    return undefined
  }
}
