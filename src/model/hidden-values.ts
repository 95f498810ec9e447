// Values meshlint takes from a Secret (a Flux HelmRelease's valuesFrom) and must never print: a
// revision name or a version taken from one still decides what meshlint predicts, and a render
// of the release may write any of them, but every text meshlint shows says where a value comes
// from instead of the value. A value the repository also writes outside Secrets is in plain
// sight already and is shown, so that a Secret repeating `istio-system` or the chart's version
// does not hide every mention of it.

/** The Secret and key a value comes from, as shown in its place: "from Secret istio-system/istiod-values, key values.yaml". */
export type SecretOrigin = string;

/**
 * Words meshlint prints as its own vocabulary whatever the inputs say (and booleans, numbers):
 * a Secret that sets one says nothing a reader could not guess, and hiding the word would hide
 * meshlint's own text.
 */
const VOCABULARY = new Set(['', 'true', 'false', 'yes', 'no', 'on', 'off', 'default', 'auto', 'enabled', 'disabled', 'none', 'ambient', 'istiod', 'cni', 'ztunnel']);
const SHOWN_AS_IS = (s: string): boolean => s.length < 3 || VOCABULARY.has(s.toLowerCase()) || /^-?\d+(?:\.\d+)?$/.test(s);

/** A key shaped as a chart's values field (camelCase letters and digits), not a user's name. */
const FIELD_NAME = /^[A-Za-z][A-Za-z0-9]*$/;

/** Bounds what one run records (each Secret text is bounded already) and what one Secret text costs to walk. */
const MAX_HIDDEN = 100_000;
const MAX_SCAN = 100_000;
/** Values are found by their first characters: every value hidden is at least this long. */
const KEY = 3;

export class HiddenValues {
  /**
   * `inPlainSight`: whether the repository writes the value outside Secrets (a Namespace's
   * istio.io/rev label, the chart version of the HelmRelease itself): printing it then shows
   * nothing the repository hides. Asked only of a value about to be hidden, once.
   */
  constructor(private readonly inPlainSight: (value: string) => boolean = () => false) {}

  private readonly origins = new Map<string, SecretOrigin>();
  /** Values by their first KEY characters, the longest first. */
  private readonly byStart = new Map<string, string[]>();
  private readonly plain = new Map<string, boolean>();

  /** Records a string taken from a Secret. */
  add(value: unknown, origin: SecretOrigin): void {
    if (typeof value !== 'string' || SHOWN_AS_IS(value) || this.origins.has(value) || this.origins.size >= MAX_HIDDEN) return;
    this.origins.set(value, origin);
    const start = value.slice(0, KEY);
    const list = this.byStart.get(start) ?? [];
    list.push(value);
    list.sort((a, b) => b.length - a.length);
    this.byStart.set(start, list);
  }

  /** Records every string of values from a Secret, keys included (a render may write any of them into its manifests). */
  addAll(values: unknown, origin: SecretOrigin): void {
    let seen = 0;
    const walk = (v: unknown, depth: number): void => {
      if (++seen > MAX_SCAN || depth > 100) return;
      if (typeof v === 'string') {
        this.add(v, origin);
        // A message may quote it as JSON does (a quote or a backslash escaped).
        const quoted = JSON.stringify(v).slice(1, -1);
        if (quoted !== v) this.add(quoted, origin);
      } else if (Array.isArray(v)) for (const x of v) walk(x, depth + 1);
      else if (v !== null && typeof v === 'object') {
        // Keys too, when they are the user's names (a label or annotation key, an env variable)
        // rather than a field of the chart's values (`revision`, `holdApplicationUntilProxyStarts`):
        // those are the chart's public vocabulary, and meshlint's own text uses them.
        for (const [k, x] of Object.entries(v)) {
          if (!FIELD_NAME.test(k)) walk(k, depth + 1);
          walk(x, depth + 1);
        }
      }
    };
    walk(values, 0);
  }

  get size(): number {
    return this.origins.size;
  }

  private shown(value: string): boolean {
    let plain = this.plain.get(value);
    if (plain === undefined) this.plain.set(value, (plain = this.inPlainSight(value)));
    return plain;
  }

  /** The text with each recorded value replaced by where it comes from; the longest first, so a value inside another is not left half shown. */
  hide(text: string): string {
    if (this.origins.size === 0 || text.length < KEY) return text;
    let out = '';
    let from = 0;
    for (let i = 0; i <= text.length - KEY; ) {
      const found = this.byStart.get(text.slice(i, i + KEY))?.find((v) => text.startsWith(v, i) && !this.shown(v));
      if (found === undefined) {
        i++;
        continue;
      }
      out += `${text.slice(from, i)}(${this.origins.get(found) ?? 'from a Secret'})`;
      i += found.length;
      from = i;
    }
    return from === 0 ? text : out + text.slice(from);
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
