// Istio versions: behaviour that changed between releases follows the version the user states.

export interface IstioVersion {
  readonly major: number;
  readonly minor: number;
  readonly patch: number;
  readonly text: string;
}

/** Oldest and newest minor versions meshlint's facts cover: the one range every note and page names. */
export const SUPPORTED_MINORS = { from: 18, to: 31 } as const;

/** The newest release whose behaviour meshlint models: the top of the range an unknown version spans. */
export const DEFAULT_ISTIO_VERSION: IstioVersion = { major: 1, minor: SUPPORTED_MINORS.to, patch: 0, text: `1.${SUPPORTED_MINORS.to}` };

/**
 * What to say of a stated version outside the ones meshlint's facts cover, naming whose
 * behaviour is predicted; undefined for a covered version. A later version behaves as the
 * newest covered one (every change meshlint models happened by then); an earlier one as
 * the facts meshlint has for it, which stop short of what changed before the oldest.
 */
export function uncoveredVersionNote(v: IstioVersion, where: string): string | undefined {
  const { from, to } = SUPPORTED_MINORS;
  if (v.major === 1 && v.minor >= from && v.minor <= to) return undefined;
  const range = `1.${from} to 1.${to}`;
  if (v.major > 1 || v.minor > to) return `Istio ${v.text} (${where}) is newer than the versions meshlint knows (${range}): predicting what Istio 1.${to} does`;
  return `Istio ${v.text} (${where}) is older than the versions meshlint knows (${range}): predicting what Istio 1.${from} does, less the changes meshlint knows came after ${v.text}`;
}

/** "1.27", "1.27.3", "v1.27.0", "1.28.0-beta.1" → version; undefined when not a version. */
export function parseIstioVersion(text: string): IstioVersion | undefined {
  const m = /^v?(\d+)\.(\d+)(?:\.(\d+))?(?:[-+][0-9A-Za-z.-]+)?$/.exec(text.trim());
  if (!m) return undefined;
  return { major: Number(m[1]), minor: Number(m[2]), patch: Number(m[3] ?? 0), text: text.trim().replace(/^v/, '') };
}

/**
 * The versions decisions compared against while a recorder is on (see withVersionThresholds):
 * behaviour is a step function of the version, and these are its steps.
 */
let recorder: Map<string, IstioVersion> | undefined;

/** True when `v` is at least major.minor(.patch). Every version-dependent decision asks through here. */
export function atLeast(v: IstioVersion, major: number, minor: number, patch = 0): boolean {
  if (recorder) {
    const key = `${major}.${minor}.${patch}`;
    if (!recorder.has(key)) recorder.set(key, { major, minor, patch, text: patch ? key : `${major}.${minor}` });
  }
  return v.major > major || (v.major === major && (v.minor > minor || (v.minor === minor && v.patch >= patch)));
}

/** Runs `fn` and returns, with its result, every version threshold a decision compared against meanwhile. */
export function withVersionThresholds<T>(fn: () => T): { readonly result: T; readonly thresholds: readonly IstioVersion[] } {
  const outer = recorder;
  const mine = new Map<string, IstioVersion>();
  recorder = mine;
  try {
    const result = fn();
    return { result, thresholds: [...mine.values()] };
  } finally {
    recorder = outer;
    if (outer) for (const [k, v] of mine) outer.set(k, v);
  }
}

/** A span of versions the cluster may run: one version when from and to are equal. */
export interface VersionRange {
  readonly from: IstioVersion;
  readonly to: IstioVersion;
}

/** The last patch of a minor, for a range that knows the minor only. */
const ANY_PATCH = 999;

/** The oldest release meshlint models. */
export const OLDEST_MODELLED: IstioVersion = { major: 1, minor: SUPPORTED_MINORS.from, patch: 0, text: `1.${SUPPORTED_MINORS.from}` };

/** Every version meshlint models: what an unknown version may be. */
export const MODELLED_RANGE: VersionRange = { from: OLDEST_MODELLED, to: { ...DEFAULT_ISTIO_VERSION, patch: ANY_PATCH } };

export const exactRange = (v: IstioVersion): VersionRange => ({ from: v, to: v });

/** The range of a whole minor (1.27.0 to 1.27's last patch). */
export function minorRange(major: number, minor: number): VersionRange {
  return { from: { major, minor, patch: 0, text: `${major}.${minor}` }, to: { major, minor, patch: ANY_PATCH, text: `${major}.${minor}` } };
}

/** A prerelease's suffix (1.31.0-beta.1, -alpha.0, -rc.2); a build variant (1.22.3-distroless, -debug) is none. */
const PRERELEASE = /-(?:alpha|beta|rc)(?:[.-]?\d+)*$/i;

/**
 * The releases a version's text allows: itself; for a prerelease of X.Y.Z, the span from the
 * release before it (X.Y.Z-1, or the previous minor's last patch) up to X.Y.Z. A prerelease
 * has most of what X.Y.Z changed, not necessarily all of it (what was backported or fixed
 * after it was cut), so a verdict that differs across that span waits.
 */
export function releaseRange(v: IstioVersion): VersionRange {
  if (!PRERELEASE.test(v.text)) return exactRange(v);
  const to: IstioVersion = { major: v.major, minor: v.minor, patch: v.patch, text: `${v.major}.${v.minor}.${v.patch}` };
  const from: IstioVersion = v.patch > 0
    ? { major: v.major, minor: v.minor, patch: v.patch - 1, text: `${v.major}.${v.minor}.${v.patch - 1}` }
    : v.minor > 0 ? { major: v.major, minor: v.minor - 1, patch: ANY_PATCH, text: `${v.major}.${v.minor - 1}` } : to;
  return { from, to };
}

export const isExact = (r: VersionRange): boolean => compareVersions(r.from, r.to) === 0;

/** The smallest range holding both. */
export function unionRange(a: VersionRange, b: VersionRange): VersionRange {
  return { from: compareVersions(a.from, b.from) <= 0 ? a.from : b.from, to: compareVersions(a.to, b.to) >= 0 ? a.to : b.to };
}

/** "1.27", "1.27.3", "1.22 to 1.27", "1.18 to 1.31" as a person reads a range. */
export function rangeText(r: VersionRange): string {
  // A build suffix (1.22.3-distroless) names an image variant, not another version.
  const text = (v: IstioVersion): string => (v.patch === ANY_PATCH ? `${v.major}.${v.minor}` : v.text.replace(/[-+].*$/, ''));
  const a = text(r.from);
  const b = text(r.to);
  return a === b ? a : `${a} to ${b}`;
}

/**
 * The versions to judge at, besides `range.to`, so that a verdict is known to hold across the
 * whole range: one version per step the decisions compared against (a decision gives the same
 * answer everywhere between two steps), and the range's start.
 */
export function probesWithin(range: VersionRange, thresholds: readonly IstioVersion[]): IstioVersion[] {
  const steps = new Map<string, IstioVersion>([[`${range.from.major}.${range.from.minor}.${range.from.patch}`, range.from]]);
  for (const t of thresholds) {
    if (compareVersions(t, range.from) > 0 && compareVersions(t, range.to) <= 0) steps.set(`${t.major}.${t.minor}.${t.patch}`, t);
  }
  // The last step reaches range.to: the run at range.to judges it.
  return [...steps.values()].sort(compareVersions).slice(0, -1);
}
/**
 * A range split where a behaviour changed (at major.minor.patch): the releases before and the
 * releases from then on, either left out when the range lies wholly on one side. Messages about
 * a range name each side's behaviour; the recorder of atLeast is not asked (words, not decisions).
 */
export function splitRange(r: VersionRange, major: number, minor: number, patch = 0): { readonly before?: VersionRange; readonly since?: VersionRange } {
  const at: IstioVersion = { major, minor, patch, text: patch ? `${major}.${minor}.${patch}` : `${major}.${minor}` };
  if (compareVersions(r.to, at) < 0) return { before: r };
  if (compareVersions(r.from, at) >= 0) return { since: r };
  // The last release before the change: the previous minor's last patch, or the patch before.
  const last: IstioVersion = patch > 0 ? { major, minor, patch: patch - 1, text: `${major}.${minor}.${patch - 1}` } : { major, minor: minor - 1, patch: ANY_PATCH, text: `${major}.${minor - 1}` };
  return { before: { from: r.from, to: last }, since: { from: at, to: r.to } };
}

/** Orders two versions: negative when `a` is older. */
export function compareVersions(a: IstioVersion, b: IstioVersion): number {
  return a.major - b.major || a.minor - b.minor || a.patch - b.patch;
}

/**
 * Whether `v` lies in a rule's `istioVersions` range: "all", ">= 1.7" or "< 1.24", optionally
 * followed by words in parentheses. Anything else is taken as all versions.
 */
export function inVersionRange(v: IstioVersion, range: string): boolean {
  const m = /^\s*(>=|<)\s*(\d+)\.(\d+)/.exec(range);
  if (!m) return true;
  const from = atLeast(v, Number(m[2]), Number(m[3]));
  return m[1] === '>=' ? from : !from;
}

/**
 * Whether what a rule checks exists at `v`: false only below the start of a ">= x.y" range
 * (a setting or behaviour that appeared then).
 */
export function existsAt(v: IstioVersion, range: string): boolean {
  return !/^\s*>=/.test(range) || inVersionRange(v, range);
}
