import { afterAll, beforeAll, beforeEach } from 'vitest';

/**
 * A value that exists only once a hook has run, usable where the test file is collected: every
 * property read is forwarded to what `current()` returns at that moment, so a test file can
 * write `const e = useEngineApp()` at the top and `e.llm` inside its tests.
 */
export function lateBound<T extends object>(current: () => T | undefined, what: string): T {
  const started = () => {
    const value = current();
    if (value === undefined) throw new Error(`${what} is read before its beforeAll has run`);
    return value;
  };
  return new Proxy({} as T, {
    get(_target, key) {
      // Not a promise: `await` and vitest's own checks probe `then` and must see none.
      if (key === 'then') return undefined;
      const property = Reflect.get(started(), key);
      // Methods run on the real value, so one that uses `this` never writes to the stand-in.
      return typeof property === 'function' ? property.bind(started()) : property;
    },
    set: (_target, key, property) => Reflect.set(started(), key, property),
  });
}

/**
 * One fixture for the whole test file: started in beforeAll, closed in afterAll, and reset
 * before each test when `reset` is given.
 */
export function fileFixture<T extends object>(
  what: string,
  start: () => Promise<T>,
  hooks: { close: (value: T) => Promise<void>; reset?: (value: T) => void },
): T {
  let value: T | undefined;
  beforeAll(async () => {
    value = await start();
  });
  afterAll(async () => {
    if (value) await hooks.close(value);
  });
  if (hooks.reset) beforeEach(() => hooks.reset!(value!));
  return lateBound(() => value, what);
}
