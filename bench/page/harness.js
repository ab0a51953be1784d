// Injected before any page script (addInitScript). Records long tasks, trusted clicks, and the
// first painted frame in which an element is visible. All times are performance.now() of the page.
;(() => {
  const results = {}
  const waiters = {}
  const longTasks = []
  const clicks = []
  try {
    new PerformanceObserver((list) => {
      for (const e of list.getEntries()) longTasks.push({ start: e.startTime, duration: e.duration })
    }).observe({ type: 'longtask', buffered: true })
  } catch {}
  addEventListener(
    'click',
    (e) => {
      if (e.isTrusted) clicks.push(e.timeStamp)
    },
    true,
  )

  const nameOf = (el) => {
    const label = el.getAttribute('aria-label')
    if (label) return label.trim()
    const by = el.getAttribute('aria-labelledby')
    if (by)
      return by
        .split(/\s+/)
        .map((id) => document.getElementById(id)?.textContent ?? '')
        .join(' ')
        .trim()
    return (el.textContent ?? '').replace(/\s+/g, ' ').trim()
  }
  const visible = (el) => {
    if (!el.isConnected || !el.checkVisibility({ visibilityProperty: true })) return false
    const r = el.getBoundingClientRect()
    return r.width > 0 && r.height > 0
  }
  const find = (kind, name) => {
    if (kind === 'dialog') {
      for (const d of document.querySelectorAll('[role="dialog"], dialog')) {
        if ((d.tagName !== 'DIALOG' || d.open) && nameOf(d) === name && visible(d)) return d
      }
      return null
    }
    if (kind === 'img') {
      for (const i of document.querySelectorAll('[role="img"]')) if (nameOf(i) === name && visible(i)) return i
      return null
    }
    for (const b of document.querySelectorAll('button, [role="button"]')) {
      const n = nameOf(b)
      if (n.startsWith(name) && visible(b)) return b
    }
    return null
  }
  // Polls once per frame; the frame in which the element is found is the one that paints it, and a
  // message posted from its rAF callback runs after that frame has been produced.
  const watch = (id, kind, name) => {
    delete results[id]
    const check = () => {
      if (!find(kind, name)) return requestAnimationFrame(check)
      const frame = performance.now()
      const ch = new MessageChannel()
      ch.port1.onmessage = () => {
        results[id] = { frame, painted: performance.now() }
        for (const resolve of waiters[id] ?? []) resolve(results[id])
        delete waiters[id]
      }
      ch.port2.postMessage(null)
    }
    requestAnimationFrame(check)
  }
  // Resolves once `id` has painted (no string evaluation in the page: the demo's CSP forbids eval).
  const waitFor = (id) => (results[id] ? Promise.resolve(results[id]) : new Promise((resolve) => (waiters[id] ??= []).push(resolve)))
  Object.defineProperty(window, '__bench', { value: { results, longTasks, clicks, watch, waitFor }, enumerable: false })
  watch('button', 'button', 'Connect Wallet')
})()
