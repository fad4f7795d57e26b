/** Objects frozen all the way down by `deepFreeze`: nothing in them can ever change. */
const deeplyFrozen = new WeakSet<object>();

/**
 * Freezes `value` and everything it holds, and remembers it as such: a cache can then hand the same
 * object to every reader, and whoever serializes it may keep the result (see `isDeepFrozen`).
 */
export function deepFreeze<T>(value: T): T {
  if (value && typeof value === 'object') {
    for (const member of Object.values(value)) deepFreeze(member);
    Object.freeze(value);
    deeplyFrozen.add(value);
  }
  return value;
}

/** True for a value `deepFreeze` froze: it, and so its JSON, will never change. */
export function isDeepFrozen(value: unknown): value is object {
  return typeof value === 'object' && value !== null && deeplyFrozen.has(value);
}
