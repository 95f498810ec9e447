// Istio annotations and labels that a release deprecated or stopped reading, and what replaces
// them. The table is data (data/deprecated-names.json, with the evidence for every entry); this
// module types it and says what an entry means at a given Istio version.
import { appendTo } from '../../common/collections.ts';
import table from './deprecated-names.json' with { type: 'json' };
import { atLeast, parseIstioVersion, type IstioVersion } from '../install/istio-version.ts';

/** A name Istio deprecated or stopped reading, where Istio reads it. */
export interface DeprecatedName {
  readonly name: string;
  readonly type: 'annotation' | 'label';
  /** The kinds whose metadata Istio reads it from ("Pod" covers pod templates). */
  readonly on: readonly string[];
  /** First release that marks it deprecated (istio/api); undefined when it never was before removal. */
  readonly deprecatedIn: IstioVersion | undefined;
  /** First release that no longer reads it (istio/istio); undefined while Istio still reads it. */
  readonly removedIn: IstioVersion | undefined;
  /** What to do instead, as the end of a sentence ("use the pod label … instead"). */
  readonly instead: string;
  /** A name that behaves the same from `since` on: the rule can rewrite to it. */
  readonly rename?: { readonly type: 'annotation' | 'label'; readonly name: string; readonly since: IstioVersion };
  /** Why a deprecation is not reported (Istio itself writes the name, nothing replaces it): the table still records it. */
  readonly quiet?: string;
}

interface RawEntry {
  readonly name: string;
  readonly type: string;
  readonly on: readonly string[];
  readonly deprecatedIn: string | null;
  readonly removedIn: string | null;
  readonly instead: string;
  readonly rename?: { readonly type: string; readonly name: string; readonly since: string };
  readonly quiet?: string;
}

/** Where the table's facts come from, for the rule's page and `meshlint explain`. */
export const DEPRECATED_NAMES_SOURCE: string = table.source;

const version = (text: string | null, what: string): IstioVersion | undefined => {
  if (text === null) return undefined;
  const v = parseIstioVersion(text);
  if (!v) throw new Error(`deprecated-names.json: ${what}: "${text}" is not a version`);
  return v;
};

const kind = (text: string, what: string): 'annotation' | 'label' => {
  if (text !== 'annotation' && text !== 'label') throw new Error(`deprecated-names.json: ${what}: type "${text}"`);
  return text;
};

export const DEPRECATED_NAMES: readonly DeprecatedName[] = (table.entries as readonly RawEntry[]).map((e) => {
  const r = e.rename;
  return {
    name: e.name,
    type: kind(e.type, e.name),
    on: e.on,
    deprecatedIn: version(e.deprecatedIn, `${e.name} deprecatedIn`),
    removedIn: version(e.removedIn, `${e.name} removedIn`),
    instead: e.instead,
    ...(r ? { rename: { type: kind(r.type, `${e.name} rename`), name: r.name, since: version(r.since, `${e.name} rename.since`) as IstioVersion } } : {}),
    ...(e.quiet !== undefined ? { quiet: e.quiet } : {}),
  };
});

const byPlace = new Map<string, DeprecatedName[]>();
for (const e of DEPRECATED_NAMES) {
  for (const k of e.on) {
    const key = `${k}/${e.type}`;
    appendTo(byPlace, key, e);
  }
}

/** The entries Istio reads from the metadata of `kind` ("Pod" for pod templates), as `type`. */
export function deprecatedNamesOn(kindName: string, type: 'annotation' | 'label'): readonly DeprecatedName[] {
  return byPlace.get(`${kindName}/${type}`) ?? [];
}

/**
 * What a name is at Istio `v`: removed (Istio no longer reads it), deprecated (still read), or
 * undefined when it is current there.
 */
export function statusAt(entry: DeprecatedName, v: IstioVersion): 'removed' | 'deprecated' | undefined {
  if (entry.removedIn && atLeast(v, entry.removedIn.major, entry.removedIn.minor)) return 'removed';
  if (entry.deprecatedIn && atLeast(v, entry.deprecatedIn.major, entry.deprecatedIn.minor)) return 'deprecated';
  return undefined;
}
