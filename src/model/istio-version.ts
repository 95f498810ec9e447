// Istio versions: behaviour that changed between releases follows the version the user states.

export interface IstioVersion {
  readonly major: number;
  readonly minor: number;
  readonly patch: number;
  readonly text: string;
}

/** The newest release whose behaviour meshlint models; used when no version is stated. */
export const DEFAULT_ISTIO_VERSION: IstioVersion = { major: 1, minor: 31, patch: 0, text: '1.31' };

/** Oldest and newest minor versions meshlint's facts cover. */
export const SUPPORTED_MINORS = { from: 18, to: 32 } as const;

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

/** True when `v` is at least major.minor. */
export function atLeast(v: IstioVersion, major: number, minor: number): boolean {
  return v.major > major || (v.major === major && v.minor >= minor);
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
