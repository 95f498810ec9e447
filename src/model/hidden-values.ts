// Values meshlint reads from a Secret (a Flux HelmRelease's valuesFrom) and must never print:
// a revision name or a version taken from one still decides what meshlint predicts, but every
// text meshlint shows says where it came from instead of the value. The values are recorded as
// meshlint reads them (never the whole Secret: a Secret's `istio-system` meshlint does not read
// would otherwise hide every namespace of that name).

/** The Secret and key a value comes from, as shown in its place: "from Secret istio-system/istiod-values, key values.yaml". */
export type SecretOrigin = string;

/**
 * Words meshlint prints as its own vocabulary whatever the inputs say (and booleans, numbers):
 * a Secret that sets one says nothing a reader could not guess, and hiding the word would hide
 * meshlint's own text.
 */
const VOCABULARY = new Set(['', 'true', 'false', 'yes', 'no', 'on', 'off', 'default', 'auto', 'enabled', 'disabled', 'none', 'ambient', 'istiod', 'cni', 'ztunnel']);
const SHOWN_AS_IS = (s: string): boolean => s.length < 3 || VOCABULARY.has(s.toLowerCase()) || /^-?\d+(?:\.\d+)?$/.test(s);

/** Bounds what one run records: a Secret's text is bounded already, this bounds the replacing. */
const MAX_HIDDEN = 1000;

export class HiddenValues {
  /**
   * `inPlainSight`: whether the repository writes the value outside Secrets (a Namespace's
   * istio.io/rev label, the chart version of the HelmRelease itself): printing it then shows
   * nothing the repository hides.
   */
  constructor(private readonly inPlainSight: (value: string) => boolean = () => false) {}

  private readonly origins = new Map<string, SecretOrigin>();
  private readonly watched = new WeakMap<object, object>();
  private readonly plain = new Set<string>();
  private pattern: RegExp | undefined;

  /** Records a string read from a Secret. */
  add(value: unknown, origin: SecretOrigin): void {
    if (typeof value !== 'string' || SHOWN_AS_IS(value) || this.origins.has(value) || this.origins.size >= MAX_HIDDEN || this.plain.has(value)) return;
    if (this.inPlainSight(value)) {
      this.plain.add(value);
      return;
    }
    this.origins.set(value, origin);
    this.pattern = undefined;
  }

  /**
   * Values read from a Secret: the same object, seen through a proxy that records each string
   * meshlint reads from it (a nested map or list is watched the same way).
   */
  watch<T extends object>(values: T, origin: SecretOrigin): T {
    const seen = this.watched.get(values);
    if (seen) return seen as T;
    const proxy = new Proxy(values, {
      get: (target, key, receiver) => {
        const v: unknown = Reflect.get(target, key, receiver);
        if (typeof key !== 'string') return v;
        if (typeof v === 'string') this.add(v, origin);
        return v !== null && typeof v === 'object' ? this.watch(v, origin) : v;
      },
    });
    this.watched.set(values, proxy);
    return proxy;
  }

  get size(): number {
    return this.origins.size;
  }

  /** The text with each recorded value replaced by where it comes from; the longest first, so a value inside another is not left half shown. */
  hide(text: string): string {
    if (this.origins.size === 0) return text;
    if (!this.pattern) {
      const values = [...this.origins.keys()].sort((a, b) => b.length - a.length);
      this.pattern = new RegExp(values.map((v) => v.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')).join('|'), 'g');
    }
    return text.replace(this.pattern, (v) => `(${this.origins.get(v) ?? 'from a Secret'})`);
  }

  /** A copy of plain data (a report) with every string hidden; keys are kept. */
  hideAll<T>(data: T): T {
    if (this.origins.size === 0) return data;
    const walk = (v: unknown): unknown => {
      if (typeof v === 'string') return this.hide(v);
      if (Array.isArray(v)) return v.map(walk);
      if (v !== null && typeof v === 'object' && Object.getPrototypeOf(v) === Object.prototype) {
        return Object.fromEntries(Object.entries(v).map(([k, x]) => [k, walk(x)]));
      }
      return v;
    };
    return walk(data) as T;
  }
}

/** "from Secret istio-system/istiod-values, key values.yaml". */
export const secretOrigin = (namespace: string | undefined, name: string, key: string): SecretOrigin => `from Secret ${namespace ? `${namespace}/` : ''}${name}, key ${key}`;
