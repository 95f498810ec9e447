// Pod annotations that mean nothing for a pod ztunnel captures: no proxy runs in it, and the
// ambient node agent reads only three pod annotations of its own. The table is data
// (data/ambient-ignored.json); this module types it.
import table from '../data/ambient-ignored.json' with { type: 'json' };

/** What ambient offers instead of a sidecar-only annotation, as a key of the table's `instead`. */
export type AmbientInstead = 'none' | 'inboundPorts' | 'kubevirt' | 'proxy' | 'hold' | 'waypoint';

export interface AmbientIgnored {
  readonly name: string;
  readonly instead: AmbientInstead;
}

const INSTEADS: Readonly<Record<AmbientInstead, string>> = table.instead;

const isInstead = (s: string): s is AmbientInstead => Object.hasOwn(INSTEADS, s);

export const AMBIENT_IGNORED: ReadonlyMap<string, AmbientIgnored> = new Map(
  table.entries.map((e) => {
    if (!isInstead(e.instead)) throw new Error(`ambient-ignored.json: ${e.name}: instead "${e.instead}"`);
    return [e.name, { name: e.name, instead: e.instead }] as const;
  }),
);

/** Pod annotations the ambient node agent does read (never reported). */
export const AMBIENT_HONOURED: readonly string[] = table.honoured;

/** Names that look sidecar-only but decide whether the pod is injected at all (never reported). */
export const NOT_INERT: Readonly<Record<string, string>> = table.notInert;

export const AMBIENT_IGNORED_SOURCE: string = table.source;

/** The sentence that says what to do instead. */
export function insteadText(i: AmbientInstead): string {
  return INSTEADS[i];
}
